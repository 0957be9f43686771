"use client";

import { useCallback, useEffect, useRef } from "react";

/**
 * Keeps the keyboard focus when a control removes itself (a filter's chip, its Clear): React takes
 * the pressed control away with the focus in it, which leaves the focus on the page's body. Once
 * it has gone (to the body, or to a modal dialog's own box), the focus moves to the control that took its place among the `[data-removes]`
 * controls of `group` (the next one), else the one before it, else to `fallback()` (the filter's
 * heading or search box). Call `removing` with the control as it is pressed.
 */
export function useRemovalFocus(fallback: () => HTMLElement | null | undefined) {
  const group = useRef<HTMLUListElement>(null);
  const pending = useRef<{ control: HTMLElement; candidates: HTMLElement[] } | null>(null);
  // After each render of the owner: the one that drops the control is one of them.
  useEffect(() => {
    const removal = pending.current;
    if (!removal || removal.control.isConnected) return;
    pending.current = null;
    // The focus went somewhere else meanwhile (a click): it stays there. A modal dialog that
    // caught the lost focus on its own box (the directory's filters, narrow) has not placed it.
    const active = document.activeElement;
    if (active && active !== document.body && active.getAttribute("role") !== "dialog") return;
    (removal.candidates.find((control) => control.isConnected) ?? fallback())?.focus();
  });
  const removing = useCallback((control: HTMLElement) => {
    const peers = [...(group.current?.querySelectorAll<HTMLElement>("[data-removes]") ?? [])];
    const at = peers.indexOf(control);
    const candidates = at < 0 ? [] : [...peers.slice(at + 1), ...peers.slice(0, at).reverse()];
    pending.current = { control, candidates };
  }, []);
  return { group, removing };
}
