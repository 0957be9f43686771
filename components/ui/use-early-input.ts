"use client";

import { type RefObject, useLayoutEffect } from "react";

/**
 * Tells React about the controls inside `ref` that a person changed while the page's scripts were
 * still loading (a slow phone). At hydration React keeps such a control as the person left it but
 * does not call its onChange (its replay of those changes is not in the stable build), so the page
 * would show a choice its state does not hold: a radio checked, the feed unfiltered. As the page
 * hydrates, each such control is set back to what the server rendered and changed again the way a
 * person would: a click for a box or radio, an input event for a field. In a layout effect: a
 * re-render from any other effect would first set the controls back to the state, and lose them.
 */
export function useEarlyInput(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    for (const control of ref.current?.querySelectorAll("input, textarea") ?? []) replay(control);
  }, [ref]);
}

/** React sets defaultChecked and defaultValue to the server's values as it hydrates a control. */
function replay(control: Element): void {
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return;
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
    // A radio the person left is unchecked by the one they chose, which is replayed.
    if (control.checked === control.defaultChecked || (control.type === "radio" && !control.checked)) return;
    // Through React's setter: it then sees the click below as a change.
    control.checked = control.defaultChecked;
    control.click();
    return;
  }
  if (control.value === control.defaultValue) return;
  const typed = control.value;
  control.value = control.defaultValue;
  // Past React's setter, as typing is: React compares it with the value it last set.
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")?.set?.call(control, typed);
  control.dispatchEvent(new Event("input", { bubbles: true }));
}
