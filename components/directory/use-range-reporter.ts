"use client";

import { useEffect, useRef } from "react";

const RANGE_THROTTLE_MS = 120;

/**
 * Reports the rows on screen, `[first, last)`: at once when the table is still, and at most every
 * RANGE_THROTTLE_MS while it scrolls, so a fling past thousands of rows asks only for the pages it
 * stops on.
 */
export function useRangeReporter(
  first: number,
  last: number,
  scrolling: boolean,
  onRangeChange: (range: [number, number]) => void,
): void {
  const reported = useRef<{ timer: ReturnType<typeof setTimeout> | null; range: [number, number] }>({
    timer: null,
    range: [0, 0],
  });
  useEffect(() => {
    const state = reported.current;
    state.range = [first, last];
    if (!scrolling) {
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
      onRangeChange(state.range);
    } else if (!state.timer) {
      state.timer = setTimeout(() => {
        state.timer = null;
        onRangeChange(state.range);
      }, RANGE_THROTTLE_MS);
    }
  }, [first, last, scrolling, onRangeChange]);
  useEffect(() => {
    const state = reported.current;
    return () => clearTimeout(state.timer ?? undefined);
  }, []);
}
