// Formatting shared by server and client components: money, counts, dates and flags.

const compactUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  // Explicit: Node's ICU otherwise pads "$5.0B" where browsers print "$5B" (a hydration mismatch).
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const fullUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const integer = new Intl.NumberFormat("en-US");

/** "$1.2T", "$830.5M"; null when the value is missing. */
export function formatMarketCap(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return compactUsd.format(value);
}

/** "$1,234,567,890 USD", for a title or an exact cell. */
export function formatUsdExact(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return `${fullUsd.format(value)} USD`;
}

export function formatCount(value: number): string {
  return integer.format(value);
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "3 hours ago", "yesterday", "8 seconds ago", "just now": the time between two instants in ms. */
export function formatAgo(thenMs: number, nowMs: number): string {
  const seconds = Math.round((thenMs - nowMs) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 5) return "just now";
  for (const [unit, size] of units) {
    if (abs >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(seconds, "second");
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

/** Upstream text shown as source (the API view's JSON): bidi controls as visible \\uXXXX escapes. */
export function escapeBidiControls(text: string): string {
  return text.replace(
    BIDI_CONTROLS,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
  );
}
