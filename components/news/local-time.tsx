"use client";

import { useHydrated } from "@/lib/client/hydrated";
import { formatLocalTime, formatUtc, formatUtcTime } from "@/lib/format";

/**
 * An instant in the reader's timezone, in the same form in UTC before hydration; its full UTC
 * form on hover.
 */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return <span>{iso}</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={formatUtc(ms)}>
      {hydrated ? formatLocalTime(ms) : formatUtcTime(ms)}
    </time>
  );
}
