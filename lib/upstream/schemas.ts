// zod schemas for every shape in the API contract (api-spec.md). They are lenient where the
// contract says a vocabulary grows or a field is optional: an unknown enum value is kept as a
// string (callers check it with the `is*` helpers), never a failed parse of the whole response.
import { z } from "zod";

/** A string enum that accepts future values: typed as the known union, widened by string. */
function growingEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .string()
    .min(1)
    .describe(`known: ${values.join(", ")}`) as unknown as z.ZodType<T[number] | (string & {})>;
}

import {
  COMPANY_STATUSES,
  COMPANY_TYPES,
  DATASETS,
  EVENT_TYPES,
  PEER_RELATIONSHIPS,
  SECURITY_TYPES,
  TRADING_STATUSES,
} from "./vocabulary";

export * from "./vocabulary";

const optionalString = z.string().nullish();
/**
 * A Unix time in seconds. One that is no whole number, or past what a date can hold (±8.64e12 s),
 * reads as unknown: it would otherwise fail the whole row, or throw in every `toISOString()` that
 * shows it (a row, a profile, a CSV export).
 */
const unixSeconds = z
  .number()
  .transform((s) => (Number.isInteger(s) && Math.abs(s) <= 8.64e12 ? s : null))
  .nullish();
const datasetList = z.array(growingEnum(DATASETS));

export const listingSchema = z.object({
  listingFiscalIdentifier: optionalString,
  ticker: z.string(),
  exchangeCode: z.string(),
  exchangeName: optionalString,
  exchangeCountryCode: optionalString,
  exchangeCountryName: optionalString,
  operatingMic: optionalString,
  segmentMic: optionalString,
  segmentName: optionalString,
  securityFiscalIdentifier: optionalString,
  securityType: growingEnum(SECURITY_TYPES).nullish(),
  tradingCurrency: optionalString,
  tradingStatus: growingEnum(TRADING_STATUSES).nullish(),
  isin: optionalString,
  cusip: optionalString,
  figi: optionalString,
  figiComposite: optionalString,
  figiShareClass: optionalString,
});
export type Listing = z.infer<typeof listingSchema>;

/** The peer's reduced listing, and the compact row's listing, are subsets of the full one. */
export const peerListingSchema = listingSchema.pick({
  listingFiscalIdentifier: true,
  ticker: true,
  exchangeCode: true,
  exchangeName: true,
  operatingMic: true,
  securityFiscalIdentifier: true,
  isin: true,
  cusip: true,
  figi: true,
  figiComposite: true,
  figiShareClass: true,
});

const companyCoreShape = {
  companyId: z.number().int(),
  companyFiscalIdentifier: optionalString,
  companyKey: z.string().min(1),
  displayNameEnglish: optionalString,
  legalNameEnglish: optionalString,
  companyType: growingEnum(COMPANY_TYPES).nullish(),
  companyStatus: growingEnum(COMPANY_STATUSES).nullish(),
  headquartersCountryCode: optionalString,
  headquartersCountryName: optionalString,
  headquartersRegion: optionalString,
  sector: optionalString,
  reportingTemplate: optionalString,
  cik: optionalString,
  marketCapUsd: z.number().nullish(),
  reportingCurrency: optionalString,
  updatedAt: unixSeconds,
  earningsFilingDate: optionalString,
  availableDatasets: datasetList,
};

/** Full v3 list row. */
export const companySchema = z.object({
  ...companyCoreShape,
  tradeNameEnglish: optionalString,
  legalNameNative: optionalString,
  tradeNameNative: optionalString,
  legalDomicileCountryCode: optionalString,
  legalDomicileCountryName: optionalString,
  industryGroup: optionalString,
  industry: optionalString,
  subIndustry: optionalString,
  primaryListing: listingSchema,
});
export type Company = z.infer<typeof companySchema>;

/** `compact=true` row: the contract's dropped fields are simply absent. */
export const compactCompanySchema = z.object({
  ...companyCoreShape,
  primaryListing: listingSchema.omit({
    exchangeCountryCode: true,
    exchangeCountryName: true,
    segmentMic: true,
    segmentName: true,
  }),
});
export type CompactCompany = z.infer<typeof compactCompanySchema>;

export const peerSchema = z.object({
  peerRelationship: growingEnum(PEER_RELATIONSHIPS),
  peerMarketSegment: optionalString,
  peerReasoning: optionalString,
  companyId: z.number().int(),
  companyFiscalIdentifier: optionalString,
  companyKey: z.string().min(1),
  displayNameEnglish: optionalString,
  companyType: growingEnum(COMPANY_TYPES).nullish(),
  headquartersCountryCode: optionalString,
  headquartersCountryName: optionalString,
  headquartersRegion: optionalString,
  sector: optionalString,
  industryGroup: optionalString,
  industry: optionalString,
  subIndustry: optionalString,
  marketCapUsd: z.number().nullish(),
  cik: optionalString,
  primaryListing: peerListingSchema,
});
export type Peer = z.infer<typeof peerSchema>;

export const profileSchema = companySchema.extend({
  primaryListing: listingSchema.nullable(),
  descriptionShort: optionalString,
  descriptionLong: optionalString,
  chiefExecutiveOfficer: optionalString,
  foundingYear: z.number().int().nullish(),
  ipoYear: z.number().int().nullish(),
  secondaryListings: z.array(listingSchema),
  peers: z.array(peerSchema),
  financialPeriodsAvailable: z.array(z.string()).nullish(),
});
export type Profile = z.infer<typeof profileSchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The pagination envelope of page `page` over `totalCount` items (the sandbox's, and an empty answer's). */
export function pagination(page: number, pageSize: number, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return {
    page,
    pageSize,
    totalCount,
    totalPages,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}

export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ pagination: paginationSchema, data: z.array(row) });
}
export const companyPageSchema = pageSchema(companySchema);
export const compactCompanyPageSchema = pageSchema(compactCompanySchema);

export const companyV2Schema = z.object({
  companyKey: z.string().min(1),
  name: z.string(),
  ticker: z.string(),
  exchangeName: z.string(),
  micCode: optionalString,
  exchangeSymbol: z.string(),
  tradingStatus: z.string(),
  isPreIpo: z.boolean(),
  countryName: z.string(),
  countryCode: z.string(),
  tradingCurrency: optionalString,
  reportingCurrency: z.string(),
  sector: z.string(),
  industryGroup: z.string(),
  industry: z.string(),
  subIndustry: z.string(),
  reportingTemplate: z.string(),
  availableDatasets: z.array(z.string()),
  cik: optionalString,
  cusip: optionalString,
  isin: optionalString,
  figi: optionalString,
  earningsFilingDate: optionalString,
  updatedAt: unixSeconds,
});
export type CompanyV2 = z.infer<typeof companyV2Schema>;
export const companyV2PageSchema = pageSchema(companyV2Schema);
export const profileV2Schema = companyV2Schema.extend({
  description: optionalString,
  shortDescription: optionalString,
  financialPeriodsAvailable: z.array(z.string()).nullish(),
});
export type ProfileV2 = z.infer<typeof profileV2Schema>;

const importanceSchema = z.number().int().min(1).max(5);

const ZONELESS_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
/**
 * The contract's "UTC timestamp". One written without a zone ("2026-11-20 14:58:00") gets its
 * "Z": `Date.parse` would read it as the reader's local time, on the server and in each browser.
 */
const utcTimestamp = z
  .string()
  .transform((text) => (ZONELESS_TIME.test(text) ? `${text.replace(" ", "T")}Z` : text));

export const newsArticleSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  title: z.string(),
  description: z.string(),
  summary: z.string(),
  eventType: growingEnum(EVENT_TYPES),
  importance: importanceSchema,
  sourceUrl: z.string(),
  collectedAt: utcTimestamp,
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;
export const companyNewsSchema = z.array(newsArticleSchema);

/**
 * Top-news article. The contract leaves the body shape "not shown"; the sandbox (and this
 * client) use the list envelope with each article naming its company. Company fields are
 * optional so that a service answering plain articles still parses.
 */
export const topNewsArticleSchema = newsArticleSchema.extend({
  companyKey: optionalString,
  companyFiscalIdentifier: optionalString,
  displayNameEnglish: optionalString,
  ticker: optionalString,
  exchangeCode: optionalString,
  marketCapUsd: z.number().nullish(),
});
export type TopNewsArticle = z.infer<typeof topNewsArticleSchema>;
export const topNewsPageSchema = pageSchema(topNewsArticleSchema);
export type TopNewsPage = z.infer<typeof topNewsPageSchema>;

/** Both error styles the service is known to send. */
export const errorBodySchema = z.union([
  z.object({ errors: z.array(z.object({ message: z.string() })).min(1) }),
  z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) }),
]);
