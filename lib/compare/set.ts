// The comparison set as the URL carries it: `/compare?companies=K1,K2,...`, the first company the
// focus. Browser-safe (the page, the directory's selection bar and the profile build these URLs).
// A key may hold any character, commas and percent signs too, so in the list each key's `%` is
// written `%25` and its `,` `%2C` before the whole value is URL-encoded: `XTAE_A,B` travels as
// `companies=XTAE_A%252CB`. Keys without either character look as they always did, so older links
// (plain keys joined by commas, or the parameter repeated) keep working.

import { IDENTIFIER_PATTERN } from "@/lib/identifiers";

export const MIN_COMPARE = 2;
export const MAX_COMPARE = 12;

/** What a companies parameter holds: at most MAX_COMPARE usable keys, and what was left out. */
export interface ParsedSet {
  keys: string[];
  /** Keys past the limit of 12, in the order given. */
  overLimit: string[];
  /** Entries that cannot be a company identifier (too long, odd characters). */
  invalid: string[];
  /** Keys named more than once (in any case): each is compared once. */
  repeated: string[];
}

const escapeEntry = (key: string) => key.replace(/[%,]/g, (c) => (c === "%" ? "%25" : "%2C"));
const unescapeEntry = (entry: string) =>
  entry.replace(/%(25|2C)/gi, (_, hex: string) => (hex === "25" ? "%" : ","));
const urlEntry = (key: string) => encodeURIComponent(escapeEntry(key));

/** The value of the companies parameter for a set of keys. */
export function companiesParam(keys: readonly string[]): string {
  return keys.map(escapeEntry).join(",");
}

/** The keys a companies parameter (given once or repeated) names, in order, trimmed. */
export function companiesOf(raw: string | readonly string[] | undefined | null): string[] {
  return (typeof raw === "string" ? [raw] : (raw ?? []))
    .flatMap((s) => s.split(","))
    .map((s) => unescapeEntry(s).trim())
    .filter(Boolean);
}

/**
 * The set of entries already split and unescaped (companiesOf, or the page's search params):
 * upper-cased and de-duplicated; the first MAX_COMPARE distinct identifiers are kept, the rest, the
 * repeats and what is no identifier named.
 */
export function compareSetOf(parts: readonly string[]): ParsedSet {
  const keys: string[] = [];
  const overLimit: string[] = [];
  const invalid: string[] = [];
  const repeated: string[] = [];
  for (const part of parts) {
    if (!IDENTIFIER_PATTERN.test(part)) {
      invalid.push(part.slice(0, 64));
      continue;
    }
    const key = part.toUpperCase();
    if (keys.includes(key) || overLimit.includes(key)) {
      // Said of a company compared; one past the limit is named there already.
      if (keys.includes(key) && !repeated.includes(key)) repeated.push(key);
      continue;
    }
    (keys.length < MAX_COMPARE ? keys : overLimit).push(key);
  }
  return { keys, overLimit, invalid, repeated };
}

/** Keys as the upstream matches them (upper case), each once, in the order given. */
export function distinctKeys(keys: readonly string[]): string[] {
  return [...new Set(keys.map((key) => key.toUpperCase()))];
}

/** The companies parameter as a URL writes it: each key encoded, the list's commas readable. */
export function companiesUrlValue(keys: readonly string[]): string {
  return keys.map(urlEntry).join(",");
}

/** The set with a company added at the end, or null when it is full or already there. */
export function withCompany(keys: readonly string[], key: string): string[] | null {
  if (keys.includes(key) || keys.length >= MAX_COMPARE) return null;
  return [...keys, key];
}

/** The set without a company. */
export function withoutCompany(keys: readonly string[], key: string): string[] {
  return keys.filter((k) => k !== key);
}

/** The set with a company moved first, making it the focus. */
export function withFocus(keys: readonly string[], key: string): string[] {
  return keys.includes(key) ? [key, ...keys.filter((k) => k !== key)] : [...keys];
}

export const LIMIT_MESSAGE = `A comparison holds at most ${MAX_COMPARE} companies: remove one to add another.`;
