// The contract's vocabularies and their human labels: plain constants with no zod, so that
// client components can import them without pulling the schemas into the browser bundle.

export const DATASETS = [
  "filings",
  "financials",
  "adjusted_numbers",
  "stock_prices",
  "ownership",
  "news",
  "logos",
  "segments_and_kpis",
  "events_calendar",
  "investor_relations",
  "fund_letters",
] as const;
export type Dataset = (typeof DATASETS)[number];
export const V2_DATASETS = ["financials", "segments_and_kpis", "stock_prices", "adjusted_numbers"] as const;

/** The images of `/v2/company/logo`'s `variant`. */
export const LOGO_VARIANTS = ["icon", "logo", "logo-dark", "tile"] as const;
export type LogoVariant = (typeof LOGO_VARIANTS)[number];

export const COMPANY_TYPES = [
  "operating_company",
  "investment_company",
  "reit",
  "spac",
  "government",
] as const;
export const COMPANY_STATUSES = ["active", "defunct", "dormant", "reorganizing", "shell"] as const;
export const TRADING_STATUSES = ["active", "delisted", "pre_ipo", "suspended"] as const;
export const SECURITY_TYPES = ["common_stock", "preferred_stock", "depositary_receipt", "unit"] as const;
export const PEER_RELATIONSHIPS = ["direct_competitor", "business_model_peer", "industry_peer"] as const;
export const SECTORS = [
  "Communication Services",
  "Consumer Discretionary",
  "Consumer Staples",
  "Energy",
  "Financials",
  "Health Care",
  "Industrials",
  "Information Technology",
  "Materials",
  "Real Estate",
  "Utilities",
] as const;
export const EVENT_TYPES = [
  "earnings",
  "guidance",
  "dividend",
  "stock_split",
  "buyback",
  "ma",
  "partnership",
  "product_launch",
  "expansion",
  "regulatory",
  "legal",
  "executive",
  "restructuring",
  "financing",
  "technology",
  "esg",
  "analyst",
  "market_commentary",
  "other",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** The contract's single-company lookup parameters. */
export const LOOKUP_PARAMETERS = [
  "companyKey",
  "ticker",
  "micCode",
  "exchange",
  "cusip",
  "isin",
  "figi",
  "cik",
  "fscl",
] as const;
export type CompanyLookup = Partial<Record<(typeof LOOKUP_PARAMETERS)[number], string>>;

/** /v1/top-news without minMarketCap: companies of at least $1B only (USD). */
export const DEFAULT_MIN_MARKET_CAP = 1_000_000_000;
/** /v1/top-news's page size when none is asked for. */
export const TOP_NEWS_DEFAULT_PAGE_SIZE = 250;
/**
 * The page the app asks for when it reads a whole day of the feed (the overview's counts): the
 * contract names no maximum; 1000 is the company list's fixed page, and the sandbox's largest.
 */
export const TOP_NEWS_LARGE_PAGE_SIZE = 1000;

export const IMPORTANCE_LABELS = {
  1: "Major Event",
  2: "Measurable Impact",
  3: "Notable Update",
  4: "Minor Mention",
  5: "Routine Event",
} as const;
export type Importance = keyof typeof IMPORTANCE_LABELS;

/** The identifiers a listing carries, in the order a profile shows them, with their labels. */
export const LISTING_IDENTIFIERS = [
  ["listingFiscalIdentifier", "Listing ID"],
  ["securityFiscalIdentifier", "Security ID"],
  ["figi", "FIGI (venue)"],
  ["figiComposite", "Composite FIGI"],
  ["figiShareClass", "Share-class FIGI"],
  ["isin", "ISIN"],
  ["cusip", "CUSIP"],
] as const;

function isOneOf<T extends string>(values: readonly T[]) {
  return (value: string): value is T => (values as readonly string[]).includes(value);
}
export const isKnownDataset = isOneOf(DATASETS);
export const isKnownEventType = isOneOf(EVENT_TYPES);

export const DATASET_LABELS: Record<Dataset, string> = {
  filings: "Filings",
  financials: "Financials",
  adjusted_numbers: "Adjusted numbers",
  stock_prices: "Stock prices",
  ownership: "Ownership",
  news: "News",
  logos: "Logos",
  segments_and_kpis: "Segments & KPIs",
  events_calendar: "Events calendar",
  investor_relations: "Investor relations",
  fund_letters: "Fund letters",
};

export const COMPANY_TYPE_LABELS: Record<(typeof COMPANY_TYPES)[number], string> = {
  operating_company: "Operating company",
  investment_company: "Investment company",
  reit: "REIT",
  spac: "SPAC",
  government: "Government",
};

export const COMPANY_STATUS_LABELS: Record<(typeof COMPANY_STATUSES)[number], string> = {
  active: "Active",
  defunct: "Defunct",
  dormant: "Dormant",
  reorganizing: "Reorganizing",
  shell: "Shell",
};

export const TRADING_STATUS_LABELS: Record<(typeof TRADING_STATUSES)[number], string> = {
  active: "Trading",
  delisted: "Delisted",
  pre_ipo: "Pre-IPO",
  suspended: "Suspended",
};

export const SECURITY_TYPE_LABELS: Record<(typeof SECURITY_TYPES)[number], string> = {
  common_stock: "Common stock",
  preferred_stock: "Preferred stock",
  depositary_receipt: "Depositary receipt",
  unit: "Unit",
};

export const PEER_RELATIONSHIP_LABELS: Record<(typeof PEER_RELATIONSHIPS)[number], string> = {
  direct_competitor: "Direct competitor",
  business_model_peer: "Business-model peer",
  industry_peer: "Industry peer",
};

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  earnings: "Earnings",
  guidance: "Guidance",
  dividend: "Dividend",
  stock_split: "Stock split",
  buyback: "Buyback",
  ma: "M&A",
  partnership: "Partnership",
  product_launch: "Product launch",
  expansion: "Expansion",
  regulatory: "Regulatory",
  legal: "Legal",
  executive: "Executive",
  restructuring: "Restructuring",
  financing: "Financing",
  technology: "Technology",
  esg: "ESG",
  analyst: "Analyst",
  market_commentary: "Market commentary",
  other: "Other",
};

/**
 * A table's own entry for a value from the API: none for a value such as "constructor" or
 * "__proto__", which a plain `table[value]` finds on Object.prototype.
 */
export function entryOf<V>(table: Readonly<Record<string, V>>, value: string): V | undefined {
  return Object.hasOwn(table, value) ? table[value] : undefined;
}

/**
 * A label for a value of a growing vocabulary: the known label, or the raw value made readable
 * ("new_dataset" -> "New dataset") for a value this build does not know yet.
 */
export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  const known = entryOf(labels, value);
  if (known) return known;
  const words = value.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A status with its subject, in the one wording every page uses: "Company: Active", "Primary
 * listing: Delisted" (a bare "Active" beside a bare "Delisted" reads as a contradiction).
 */
export function statusPhrase(subject: "company" | "primary listing", value: string): string {
  return subject === "company"
    ? `Company: ${labelOf(COMPANY_STATUS_LABELS, value)}`
    : `Primary listing: ${labelOf(TRADING_STATUS_LABELS, value)}`;
}
