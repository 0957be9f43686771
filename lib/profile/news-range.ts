// The company-news date range rules the page enforces before asking (api-spec.md: both dates or
// neither, at most 31 days, the latest 14 UTC dates by default). Plain functions: browser-safe.
import { addDays, daysBetween, isIsoDate } from "@/lib/dates";

export const MAX_NEWS_DAYS = 31;
export const DEFAULT_NEWS_DAYS = 14;
export type RangeCheck =
  | { ok: true; range: { startDate: string; endDate: string } | null }
  | { ok: false; field: "startDate" | "endDate"; message: string };

/** Checks a range typed or picked by a person; an empty pair means the API's default. */
export function checkNewsRange(startDate: string, endDate: string, today: string): RangeCheck {
  if (!startDate && !endDate) return { ok: true, range: null };
  if (!startDate)
    return { ok: false, field: "startDate", message: "Pick a start date too, or clear both dates." };
  if (!endDate) return { ok: false, field: "endDate", message: "Pick an end date too, or clear both dates." };
  if (!isIsoDate(startDate))
    return { ok: false, field: "startDate", message: "The start is not a real date." };
  if (!isIsoDate(endDate)) return { ok: false, field: "endDate", message: "The end is not a real date." };
  if (endDate < startDate)
    return { ok: false, field: "endDate", message: "The end date is before the start date." };
  if (endDate > today)
    return { ok: false, field: "endDate", message: `There is no news after today (${today}, UTC).` };
  const days = daysBetween(startDate, endDate);
  if (days > MAX_NEWS_DAYS)
    return {
      ok: false,
      field: "endDate",
      message: `That is ${days} days; the news service returns at most ${MAX_NEWS_DAYS} days at a time. End on ${addDays(startDate, MAX_NEWS_DAYS - 1)} at the latest, or move the start.`,
    };
  return { ok: true, range: { startDate, endDate } };
}

/**
 * The `min`/`max` attributes of the two date inputs, so the pickers offer only ranges the
 * service accepts: the end within 31 days after the start and not after today.
 */
export function rangeLimits(startDate: string, endDate: string, today: string) {
  const start = isIsoDate(startDate) ? startDate : undefined;
  const end = isIsoDate(endDate) ? endDate : undefined;
  const earliestEnd = start;
  const latestEnd = start ? addDays(start, MAX_NEWS_DAYS - 1) : null;
  const latestStart = end ?? today;
  const earliestStart = end ? addDays(end, -(MAX_NEWS_DAYS - 1)) : null;
  return {
    start: { min: earliestStart ?? undefined, max: latestStart < today ? latestStart : today },
    end: { min: earliestEnd, max: latestEnd && latestEnd < today ? latestEnd : today },
  };
}
