// What each sort field orders companies by: the index sorts its rows with it, and /following its
// followed companies (a handful, sorted in the browser) the same way.
import type { Company } from "@/lib/upstream/schemas";
import type { SortField } from "./fields";

export const SORT_VALUE: Record<
  Exclude<SortField, "relevance">,
  (c: Company) => string | number | null | undefined
> = {
  name: (c) => c.displayNameEnglish?.toLowerCase(),
  ticker: (c) => c.primaryListing.ticker,
  exchange: (c) => c.primaryListing.exchangeCode,
  sector: (c) => c.sector,
  industry: (c) => c.industry,
  country: (c) => c.headquartersCountryName,
  marketCap: (c) => c.marketCapUsd,
  companyType: (c) => c.companyType,
  companyStatus: (c) => c.companyStatus,
  updatedAt: (c) => c.updatedAt,
};

const isNull = (v: unknown) => v === null || v === undefined || v === "";
const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** A few companies in a sort field's order, as the index orders them (empty values last). */
export function sortCompanies<C extends Company>(
  rows: readonly C[],
  field: Exclude<SortField, "relevance">,
  order: "asc" | "desc",
): C[] {
  const value = SORT_VALUE[field];
  const sign = order === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (isNull(x) || isNull(y)) return isNull(x) === isNull(y) ? 0 : isNull(x) ? 1 : -1;
    if (typeof x === "number" && typeof y === "number") return sign * (x - y);
    return sign * collator.compare(String(x), String(y));
  });
}
