// One debounce for the browser, as a function and as hooks.

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a call that is still waiting. */
  cancel(): void;
}

/**
 * Calls `fn` with the last arguments once calls have stopped for `ms`. With `leading`, a call after
 * a quiet spell of `ms` runs at once (a key typed after a pause), and only a burst waits.
 */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  { leading = false }: { leading?: boolean } = {},
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastCallAt = Number.NEGATIVE_INFINITY;
  const debounced = (...args: A) => {
    const now = performance.now();
    const quiet = now - lastCallAt >= ms;
    lastCallAt = now;
    clearTimeout(timer);
    timer = undefined;
    if (leading && quiet) fn(...args);
    else
      timer = setTimeout(() => {
        timer = undefined;
        fn(...args);
      }, ms);
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

/** `debounce` for a component: a stable function that calls the latest `fn`, cancelled on unmount. */
export function useDebouncedCallback<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  { leading = false }: { leading?: boolean } = {},
): Debounced<A> {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  const debounced = useMemo(
    () => debounce((...args: A) => latest.current(...args), ms, { leading }),
    [ms, leading],
  );
  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}

/** `value` once it has held still for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const settle = useDebouncedCallback(setSettled, ms);
  useEffect(() => settle(value), [value, settle]);
  return settled;
}
