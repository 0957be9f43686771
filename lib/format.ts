// Formatting shared by server and client components: money, counts, dates and flags.

// Numbers and dates are formatted by hand, in en-US's forms, rather than with Intl: a browser's
// first Intl formatter loads its locale data, about 20 ms (80 ms on a slow phone) in the middle of
// hydration. By hand the server and every browser also print exactly the same thing (Node's ICU and
// a browser's disagree on some compact forms, which would be a hydration mismatch). The tests hold
// each function to Intl's en-US output.

/** 1234567.891 -> "1,234,567.891": at most `fractionDigits` decimals, rounded half away from zero. */
function grouped(value: number, fractionDigits: number, separator = ","): string {
  const abs = Math.abs(value);
  const scale = 10 ** fractionDigits;
  const scaled = Math.round(abs * scale);
  // Past 2^53 the value is an integer already: print its digits as they are.
  const [whole, fraction] = Number.isSafeInteger(scaled)
    ? [Math.floor(scaled / scale), scaled % scale]
    : [Math.round(abs), 0];
  const digits = BigInt(whole)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  const decimals =
    fraction > 0 ? `.${String(fraction).padStart(fractionDigits, "0").replace(/0+$/, "")}` : "";
  return `${value < 0 ? "-" : ""}${digits}${decimals}`;
}

const COMPACT_UNITS = ["", "K", "M", "B", "T"] as const;

/** "$2.5T", "$830.5M", "-$5B": compact US dollars with at most `fractionDigits` decimals. */
export function formatUsdCompact(value: number, fractionDigits = 1): string {
  const abs = Math.abs(value);
  let unit = 0;
  while (unit < COMPACT_UNITS.length - 1 && abs >= 1000 ** (unit + 1)) unit++;
  // One division by an exact power of ten, so that a tie (8,450,000,000 at one decimal) is exact
  // and rounds up as Intl's does, rather than down from 8.4499999.
  const rounded = (at: number) => {
    const exponent = 3 * at - fractionDigits;
    const units = exponent >= 0 ? abs / 10 ** exponent : abs * 10 ** -exponent;
    return Math.round(units) / 10 ** fractionDigits;
  };
  let shown = rounded(unit);
  // 999,960 rounds to "1000K": that is "1M".
  if (shown >= 1000 && unit < COMPACT_UNITS.length - 1) shown = rounded(++unit);
  const sign = value < 0 ? "-" : "";
  // Intl does not group a compact figure ("$1500T").
  return `${sign}$${grouped(shown, fractionDigits, "")}${COMPACT_UNITS[unit]}`;
}

/** "$1.2T", "$830.5M"; null when the value is missing. */
export function formatMarketCap(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return formatUsdCompact(value, 1);
}

/** "$1,234,567,890 USD", for a title or an exact cell. */
export function formatUsdExact(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const text = grouped(value, 0);
  return `${text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`} USD`;
}

/** "12,180". */
export function formatCount(value: number): string {
  return grouped(value, 3);
}

const units: [string, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
];
/** en's words for one unit back and forward (Intl's numeric: "auto"); hours and less have none. */
const NEIGHBOURS: Record<string, [string, string]> = {
  year: ["last year", "next year"],
  month: ["last month", "next month"],
  week: ["last week", "next week"],
  day: ["yesterday", "tomorrow"],
};

/** "3 hours ago", "yesterday", "8 seconds ago", "just now": the time between two instants in ms. */
export function formatAgo(thenMs: number, nowMs: number): string {
  const seconds = Math.round((thenMs - nowMs) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 5) return "just now";
  const [unit, size] = units.find(([, size]) => abs >= size) ?? ["second", 1];
  const count = Math.round(seconds / size);
  const words = NEIGHBOURS[unit];
  if (words && Math.abs(count) === 1) return count < 0 ? words[0] : words[1];
  const amount = `${formatCount(Math.abs(count))} ${unit}${Math.abs(count) === 1 ? "" : "s"}`;
  return count < 0 ? `${amount} ago` : `in ${amount}`;
}

/**
 * How long ago a past moment was. One a little after `nowMs` (data stamped by a clock ahead of the
 * page's "now", which moves in whole minutes) is "just now", never "in 3 minutes".
 */
export function formatSince(thenMs: number, nowMs: number): string {
  return formatAgo(Math.min(thenMs, nowMs), nowMs);
}

/**
 * The one wording, on every page, for a company's updatedAt (the service's time of its last data
 * change): "Data updated" as a label, "data updated 3 hours ago" in a line. When this app last had
 * a thing from the service (a cached copy, a sync of the company list) is always "as of": "As of
 * 15 minutes ago; refreshing", "Showing data as of 2 hours ago", "the company list as of 10:00 UTC".
 */
export const DATA_UPDATED = "Data updated";

/** The months' names in English, January first. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/**
 * A UTC day in en-US's words: "Nov 20" (`day`), "Fri, Nov 20, 2026" (`short`), "Friday, November
 * 20, 2026" (`long`).
 */
export function formatUtcDay(ms: number, style: "day" | "short" | "long"): string {
  const date = new Date(ms);
  const month = MONTHS[date.getUTCMonth()] as string;
  const weekday = WEEKDAYS[date.getUTCDay()] as string;
  const day = date.getUTCDate();
  const year = date.getUTCFullYear();
  if (style === "day") return `${month.slice(0, 3)} ${day}`;
  if (style === "short") return `${weekday.slice(0, 3)}, ${month.slice(0, 3)} ${day}, ${year}`;
  return `${weekday}, ${month} ${day}, ${year}`;
}

/** "UTC", "UTC-5", "UTC+5:30": the offset of this browser's timezone at an instant. */
function offsetLabel(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return "UTC";
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${minutes < 0 ? "-" : "+"}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
}

/**
 * An instant in the reader's timezone, from Date's local fields rather than Intl (whose first
 * formatter costs tens of milliseconds): "Nov 20, 10:04 UTC-5". On a 24-hour clock, as every
 * other time in the app (the headlines' stamps, "2026-11-20 15:04 UTC" in titles and exports).
 */
export function formatLocalTime(ms: number): string {
  const date = new Date(ms);
  return clockTime(
    [date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()],
    "full",
    offsetLabel(date),
  );
}

/**
 * The same in UTC: "Nov 20, 15:04 UTC", what a server renders before the reader's timezone is
 * known, so that for a reader in UTC nothing changes once it is; or "Nov 20, 15:04" (`stamp`, the
 * headline view's narrow column, under UTC day headings).
 */
export function formatUtcTime(ms: number, style: "full" | "stamp" = "full"): string {
  const date = new Date(ms);
  return clockTime(
    [date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()],
    style,
    "UTC",
  );
}

function clockTime(
  [month, day, hours, minutes]: [number, number, number, number],
  style: "full" | "stamp",
  zone: string,
): string {
  const stamp = `${(MONTHS[month] as string).slice(0, 3)} ${day}, ${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
  return style === "stamp" ? stamp : `${stamp} ${zone}`;
}

/** "XLON: RUIH": a listing as text (a title, a page's name); markup isolates each part instead. */
export function venueLabel(listing: { exchangeCode: string; ticker: string }): string {
  return `${listing.exchangeCode}: ${listing.ticker}`;
}

/** "2026-11-20 15:04 UTC": an instant in UTC, for titles and exports. */
export function formatUtc(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** An upstream URL only if it is http(s); anything else (javascript:, data:, relative) is null. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Unicode bidi formatting characters: embeddings, overrides, isolates and marks. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Upstream text for places without markup (a document title, a title attribute): bidi controls
 * removed and the rest wrapped in first-strong isolate marks, so it cannot reorder what follows.
 */
export function plainText(value: string | null | undefined): string {
  const text = (value ?? "").replace(BIDI_CONTROLS, "");
  return /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/.test(text) ? `\u2068${text}\u2069` : text;
}

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

/** Upstream text shown as source (the API view's JSON): bidi controls as visible \\uXXXX escapes. */
export function escapeBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, escaped);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it finds
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;

/** What someone typed or pasted, shown back as written: invisible characters as \\uXXXX escapes. */
export function escapeInvisible(text: string): string {
  return escapeBidiControls(text.replace(CONTROLS, escaped));
}

/** "1 company", "3 companies". */
export const companiesWord = (n: number): string => `${n} ${n === 1 ? "company" : "companies"}`;
