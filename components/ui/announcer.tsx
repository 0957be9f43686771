/** The page's one status region, in the root layout: what a control did, for screen readers. */
export const ANNOUNCER_ID = "announcer";

export function Announcer() {
  return <p id={ANNOUNCER_ID} role="status" className="sr-only" />;
}

/**
 * Says `text` through the status region. Cleared first and set on the next frame, so the same
 * words said twice in a row (two copies) are announced twice.
 */
export function announce(text: string): void {
  const region = document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  region.textContent = "";
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}
