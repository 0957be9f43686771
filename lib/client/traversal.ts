"use client";

// Whether a page is coming back by Back or Forward (a history traversal: popstate) rather than
// being visited anew: the feed and the directory restore the reader's place only then.

/** A page ready within this long of a traversal to its address is that page coming back. */
const TRAVERSAL_MS = 5_000;

/** The last traversal: when, and to which address. */
let last = { at: Number.NEGATIVE_INFINITY, href: "" };
if (typeof window !== "undefined")
  window.addEventListener("popstate", () => {
    last = { at: performance.now(), href: window.location.href };
  });

/** Whether the page at this address came back by Back or Forward a moment ago. */
export function cameBack(): boolean {
  return (
    typeof window !== "undefined" &&
    last.href === window.location.href &&
    performance.now() - last.at <= TRAVERSAL_MS
  );
}
