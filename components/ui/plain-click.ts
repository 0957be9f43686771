import type { MouseEvent } from "react";

/**
 * A primary click without a modifier: a link that also works without JavaScript may take it over.
 * A modified click (a new tab, a window) is left to the browser.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}
