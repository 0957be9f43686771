"use client";

import type { ComponentProps } from "react";
import { useRemovalFocus } from "./use-removal-focus";

/**
 * A link to the view without a filter (a chip's ×, a "clear all"): it works without JavaScript too;
 * with it, a plain click changes the view in place (`onRemove`, given the link for the focus to
 * move on from). A modified click (a new tab, a window) is left to the browser.
 */
export function RemoveLink({
  href,
  onRemove,
  ...props
}: Omit<ComponentProps<"a">, "onClick"> & { href: string; onRemove: (control: HTMLElement) => void }) {
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onRemove(event.currentTarget);
      }}
    />
  );
}

/**
 * The props of a chip's RemoveLink to the view `next`, and its list's ref: removing keeps the focus
 * (useRemovalFocus, `fallback` once the last chip is gone).
 */
export function useRemoveLinks<T>(
  fallback: () => HTMLElement | null | undefined,
  hrefOf: (next: T) => string,
  apply: (next: T) => void,
) {
  const { group, removing } = useRemovalFocus(fallback);
  const linkTo = (next: T) => ({
    href: hrefOf(next),
    onRemove: (control: HTMLElement) => {
      removing(control);
      apply(next);
    },
  });
  return { group, linkTo };
}
