"use client";

import { useSyncExternalStore } from "react";
import { formatLocalTime, formatUtc } from "@/lib/format";

const noop = () => () => {};
/** True once hydrated: the server cannot know the reader's timezone, so it renders UTC first. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/** An instant in the reader's timezone, its UTC form on hover (and before hydration). */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return <span>{iso}</span>;
  const utc = formatUtc(ms);
  return (
    <time dateTime={new Date(ms).toISOString()} title={utc}>
      {hydrated ? formatLocalTime(ms) : utc}
    </time>
  );
}
