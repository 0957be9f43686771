import "server-only";
// A streamed page (the page gate found the upstream slow) sends its document at once and its data
// as it comes; this bounds how long the document stays open for it. Past the deadline the part
// renders as late (components/ui/arrives-later.tsx): the document ends, and the browser brings
// the data in once it has come. Whatever the upstream does, a page's document completes within
// the gate's wait (2 s), this deadline and a render: under 15 s.

/** How long a streamed part waits for its data before the document ends without it. */
export const STREAMED_PART_MS = 10_000;

/** The load's outcome, or "late" once STREAMED_PART_MS have passed (the load goes on and fills the caches). */
export function withinDocument<T>(load: Promise<T>, ms = STREAMED_PART_MS): Promise<T | "late"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(resolve, ms, "late");
  });
  // The load's failure, once it is late, is the caches' to keep: nobody awaits it here.
  load.catch(() => undefined);
  return Promise.race([load, late]).finally(() => clearTimeout(timer));
}
