// The directory's facet fields, sort fields and market-cap buckets: shared by the index on the
// server and the directory page in the browser (so plain constants only).

/** The longest search text the directory's API takes: every search box stops there. */
export const MAX_QUERY_LENGTH = 200;

export const FACET_FIELDS = [
  "sector",
  "industryGroup",
  "industry",
  "subIndustry",
  "region",
  "country",
  "domicile",
  "exchange",
  "companyType",
  "companyStatus",
  "tradingStatus",
  "securityType",
  "reportingCurrency",
  "tradingCurrency",
] as const;
export type FacetField = (typeof FACET_FIELDS)[number];

export const SORT_FIELDS = [
  "relevance",
  "name",
  "ticker",
  "exchange",
  "sector",
  "industry",
  "country",
  "marketCap",
  "companyType",
  "companyStatus",
  "updatedAt",
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export const CAP_BUCKETS = [
  { id: "mega", label: "Mega (≥ $200B)", min: 200e9, max: Number.POSITIVE_INFINITY },
  { id: "large", label: "Large ($10B–$200B)", min: 10e9, max: 200e9 },
  { id: "mid", label: "Mid ($2B–$10B)", min: 2e9, max: 10e9 },
  { id: "small", label: "Small ($300M–$2B)", min: 300e6, max: 2e9 },
  { id: "micro", label: "Micro (< $300M)", min: 0, max: 300e6 },
] as const;

/** Values of the market-cap filter: a bucket id, or "none" for companies without a market cap. */
export const CAP_FILTER_VALUES = [...CAP_BUCKETS.map((b) => b.id), "none"] as const;

/** Fields the contract's compact row (`compact=true`) drops from a company row and its listing. */
export const COMPACT_DROPPED = [
  "tradeNameEnglish",
  "legalNameNative",
  "tradeNameNative",
  "legalDomicileCountryCode",
  "legalDomicileCountryName",
  "industryGroup",
  "industry",
  "subIndustry",
] as const;
export const COMPACT_DROPPED_LISTING = [
  "exchangeCountryCode",
  "exchangeCountryName",
  "segmentMic",
  "segmentName",
] as const;
