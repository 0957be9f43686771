/**
 * The layout's status region for what a control did that shows nowhere else on the page (a copy to
 * the clipboard), for screen readers.
 */
const ANNOUNCER_ID = "announcer";

export function Announcer() {
  return <p id={ANNOUNCER_ID} role="status" className="sr-only" />;
}

let clear: ReturnType<typeof setTimeout> | undefined;

/**
 * Says `text` through the status region: emptied first and filled a moment later, so the same words
 * twice in a row (two copies) are announced twice; emptied again after a while, so a reader moving
 * through the page later does not find them there.
 */
export function announce(text: string): void {
  const region = document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  region.textContent = "";
  clearTimeout(clear);
  clear = setTimeout(() => {
    region.textContent = text;
    clear = setTimeout(() => {
      region.textContent = "";
    }, 5000);
  }, 100);
}
