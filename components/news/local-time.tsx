"use client";

import { useHydrated } from "@/lib/client/hydrated";
import { formatLocalTime, formatUtc, formatUtcTime } from "@/lib/format";

/**
 * An instant in the reader's timezone, in the same form in UTC before hydration; its full UTC
 * form on hover, after `titlePrefix`. `stamp`: "Nov 20, 14:05", for the headline view's narrow
 * column, where an unreadable time is a dash rather than the raw value.
 */
export function LocalTime({
  iso,
  style = "full",
  titlePrefix = "",
}: {
  iso: string;
  style?: "full" | "stamp";
  titlePrefix?: string;
}) {
  const hydrated = useHydrated();
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return <span>{style === "stamp" ? "—" : iso}</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={`${titlePrefix}${formatUtc(ms)}`}>
      {hydrated ? formatLocalTime(ms, style) : formatUtcTime(ms, style)}
    </time>
  );
}
