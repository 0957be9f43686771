// ISIN and CUSIP are licensed identifiers (the contract's rule 4): they reach only the viewers
// allowed them (viewer.ts). Everything that carries company data to a browser, a file or a feed
// leaves them out for anyone else, wherever they sit in the value.

const LICENSED_FIELDS: ReadonlySet<string> = new Set(["isin", "cusip"]);

/** A JSON.stringify replacer that leaves the licensed fields out. */
export function licensedLeftOut(key: string, value: unknown): unknown {
  return LICENSED_FIELDS.has(key) ? undefined : value;
}

/** A copy of `value` without the licensed fields, at any depth; the value itself when `licensed`. */
export function forLicence<T>(value: T, licensed: boolean): T {
  if (licensed) return value;
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (!LICENSED_FIELDS.has(key)) copy[key] = strip(field);
  return copy;
}

/** The labels under which a change log records a licensed identifier's change (its values are the identifiers). */
const LICENSED_LABELS: ReadonlySet<string> = new Set(["ISIN", "CUSIP"]);

/** Changes of a company's reference data, without those of a licensed identifier unless `licensed`. */
export function changesForLicence<T extends { field: string | null }>(
  changes: readonly T[],
  licensed: boolean,
): T[] {
  return licensed ? [...changes] : changes.filter((c) => c.field === null || !LICENSED_LABELS.has(c.field));
}
