// Custom market-cap bounds typed in billions of USD, as the directory's facet panel and the news
// feed's market-cap filter take them. Plain functions: browser-safe.

export type CapBoundsCheck =
  | { ok: true; min: number | undefined; max: number | undefined }
  | { ok: false; message: string };

/** A bound as its field shows it: 2500000000 → "2.5", 500 → "0.0000005" (never "5e-7"); no bound → "". */
export function toBillionsText(usd: number | undefined): string {
  if (usd === undefined) return "";
  // To the dollar (9 decimals), without the exponent String() writes below a millionth.
  return (usd / 1e9).toFixed(9).replace(/\.?0+$/, "");
}

/** One field's text as whole USD: undefined when empty, null when not an amount of 0 or more. */
function fromBillionsText(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const value = Number(trimmed);
  // Finite, as both pages' URL parsers insist; whole dollars, as 1.005 × 1e9 is 1004999999.9999999.
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 1e9) : null;
}

/** Reads the min and max fields; an empty field is no bound on that side. */
export function parseCapBounds(minText: string, maxText: string): CapBoundsCheck {
  const min = fromBillionsText(minText);
  const max = fromBillionsText(maxText);
  if (min === null || max === null)
    return { ok: false, message: "Enter amounts in billions of USD, such as 2 or 0.3." };
  if (min !== undefined && max !== undefined && min > max)
    return { ok: false, message: "The minimum is above the maximum." };
  return { ok: true, min, max };
}
