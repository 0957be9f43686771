// UTC calendar days as `YYYY-MM-DD`, the form the news endpoints take. Plain functions, browser-safe.

const DAY_MS = 86_400_000;

/** Whether a string is a real calendar date in `YYYY-MM-DD` form. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
}

/** Whether a value is an ISO 8601 date-time with its offset ("2026-11-20T12:00:00Z"), as a list's entries keep their time. */
export function isIsoTime(value: unknown): value is string {
  return (
    typeof value === "string" &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}

/** The UTC date of an instant. */
export function utcDateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const FIRST_DAY_MS = Date.parse("0000-01-01T00:00:00Z");
const LAST_DAY_MS = Date.parse("9999-12-31T00:00:00Z");

/**
 * A date shifted by whole days, kept within the years 0000 to 9999 (past them the ISO form grows a
 * sign and six digits, which no date parameter takes); the date must be a real one (see isIsoDate).
 */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
  return utcDateOf(Math.min(LAST_DAY_MS, Math.max(FIRST_DAY_MS, ms)));
}

/** Days in the inclusive range from start to end (1 for a single day). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}
