"use client";

import { useSyncExternalStore } from "react";

/**
 * Whether a media query matches. On the server and during hydration, `serverGuess` (what the
 * request suggests, so the first paint usually already has the right layout).
 */
export function useMediaQuery(query: string, serverGuess = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => mediaList(query).matches,
    () => serverGuess,
  );
}

// One MediaQueryList per query: React reads the snapshot on every render, and matchMedia
// parses the query each time it is called.
const lists = new Map<string, MediaQueryList>();
function mediaList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}
