import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and in the render that hydrates its markup, true from then on: for what the
 * server cannot know (the reader's timezone, this browser's storage, the window's real size).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
