"use client";

import { type RefObject, useDeferredValue, useEffect, useState } from "react";

/**
 * Faster than this (px per ms; a reading scroll is well under 1) rows are drawn as their name
 * alone until the table slows down: a fling passes thousands of rows nobody can read, and full
 * rows would cost their layout on every frame.
 */
const FLING_SPEED = 4;

/**
 * Whether the scroller is being flung (or is still settling back from a fling). The speed is
 * measured between scroll events, in the listener, so a render only reads state.
 */
export function useFling(scrollRef: RefObject<HTMLElement | null>, scrolling: boolean): boolean {
  const [fast, setFast] = useState(false);
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    let last = { offset: scroller.scrollTop, at: performance.now() };
    const onScroll = () => {
      const offset = scroller.scrollTop;
      const at = performance.now();
      const elapsed = at - last.at;
      if (elapsed < 1) return;
      setFast(Math.abs(offset - last.offset) / elapsed > FLING_SPEED);
      last = { offset, at };
    };
    scroller.addEventListener("scroll", onScroll, { passive: true });
    return () => scroller.removeEventListener("scroll", onScroll);
  }, [scrollRef]);
  // A table at rest is never flung, whatever the last scroll event measured.
  const fling = fast && scrolling;
  // Back to full rows in a deferred render, which React splits into short slices; into the
  // light rows at once.
  const settled = useDeferredValue(!fling);
  return fling || !settled;
}
