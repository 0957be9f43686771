// What each facet and sort field reads from a company: the index filters, counts and sorts its rows
// with these, and /following sorts its followed companies (a handful, in the browser) the same way.
import type { Company } from "@/lib/upstream/schemas";
import type { FacetField, SortField } from "./fields";

type Read = (c: Company) => string | null | undefined;

export const FACET_VALUE: Record<FacetField, Read> = {
  sector: (c) => c.sector,
  industryGroup: (c) => c.industryGroup,
  industry: (c) => c.industry,
  subIndustry: (c) => c.subIndustry,
  region: (c) => c.headquartersRegion,
  country: (c) => c.headquartersCountryCode,
  domicile: (c) => c.legalDomicileCountryCode,
  exchange: (c) => c.primaryListing.exchangeCode,
  companyType: (c) => c.companyType,
  companyStatus: (c) => c.companyStatus,
  tradingStatus: (c) => c.primaryListing.tradingStatus,
  securityType: (c) => c.primaryListing.securityType,
  reportingCurrency: (c) => c.reportingCurrency,
  tradingCurrency: (c) => c.primaryListing.tradingCurrency,
};

/** Labels where the value is a code: country names, exchange names. */
export const FACET_LABEL: Partial<Record<FacetField, Read>> = {
  country: (c) => c.headquartersCountryName,
  domicile: (c) => c.legalDomicileCountryName,
  exchange: (c) => c.primaryListing.exchangeName,
};

/** Sorting by a field that is also a facet orders by the facet's value, but a country by its name. */
export const SORT_VALUE: Record<
  Exclude<SortField, "relevance">,
  (c: Company) => string | number | null | undefined
> = {
  name: (c) => c.displayNameEnglish?.toLowerCase(),
  ticker: (c) => c.primaryListing.ticker,
  exchange: FACET_VALUE.exchange,
  sector: FACET_VALUE.sector,
  industry: FACET_VALUE.industry,
  country: (c) => c.headquartersCountryName,
  marketCap: (c) => c.marketCapUsd,
  companyType: FACET_VALUE.companyType,
  companyStatus: FACET_VALUE.companyStatus,
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
