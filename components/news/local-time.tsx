"use client";

import { useHydrated } from "@/lib/client/hydrated";
import { formatLocalTime, formatUtc, formatUtcTime } from "@/lib/format";

/** An instant in the reader's timezone, its UTC form on hover (and before hydration). */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return <span>{iso}</span>;
  const utc = formatUtc(ms);
  return (
    <time dateTime={new Date(ms).toISOString()} title={utc}>
      {hydrated ? formatLocalTime(ms) : formatUtcTime(ms)}
    </time>
  );
}
