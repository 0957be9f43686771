// zod schemas for every shape in the API contract (api-spec.md). Strict where the contract
// promises (a row's companyKey and primaryListing, a company article's fields), lenient where it is
// silent or says a vocabulary grows: an unknown enum value is kept as a string (callers check it
// with the `is*` helpers); unknown fields are ignored; an optional field may be absent or null; a
// number may come as text; an item of a list that does not parse is left out of its answer
// (lenient.ts), never a failed parse of the whole response. The top-news body, which the contract
// does not show, is read in every plausible shape (topNewsPageSchema).
import { z } from "zod";
import { itemsOf, lenientBoolean, lenientInt, lenientNumber, parseItems } from "./lenient";

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
const unixSeconds = lenientNumber
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
  companyId: lenientInt,
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
  marketCapUsd: lenientNumber.nullish(),
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
  companyId: lenientInt,
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
  marketCapUsd: lenientNumber.nullish(),
  cik: optionalString,
  primaryListing: peerListingSchema,
});
export type Peer = z.infer<typeof peerSchema>;

export const profileSchema = companySchema.extend({
  primaryListing: listingSchema.nullish().transform((listing) => listing ?? null),
  descriptionShort: optionalString,
  descriptionLong: optionalString,
  chiefExecutiveOfficer: optionalString,
  foundingYear: lenientInt.nullish(),
  ipoYear: lenientInt.nullish(),
  secondaryListings: itemsOf(listingSchema, "secondaryListings"),
  peers: itemsOf(peerSchema, "peers"),
  financialPeriodsAvailable: z.array(z.string()).nullish(),
});
export type Profile = z.infer<typeof profileSchema>;

export const paginationSchema = z.object({
  page: lenientInt,
  pageSize: lenientInt,
  totalCount: lenientInt,
  totalPages: lenientInt,
  hasNextPage: lenientBoolean,
  hasPreviousPage: lenientBoolean,
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

/** A list page: the contract's envelope, each row on its own (one that does not parse is left out). */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ pagination: paginationSchema, data: itemsOf(row, "data") });
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

const importanceSchema = lenientInt.pipe(z.number().min(1).max(5));
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const ZONELESS_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
/**
 * The contract's "UTC timestamp". One written without a zone ("2026-11-20 14:58:00") gets its
 * "Z": `Date.parse` would read it as the reader's local time, on the server and in each browser.
 */
const utcTimestamp = z
  .string()
  .transform((text) => (ZONELESS_TIME.test(text) ? `${text.replace(" ", "T")}Z` : text));

/** A company news article: the contract says every field is required. */
export const newsArticleSchema = z.object({
  date: dateSchema,
  title: z.string(),
  description: z.string(),
  summary: z.string(),
  eventType: growingEnum(EVENT_TYPES),
  importance: importanceSchema,
  sourceUrl: z.string(),
  collectedAt: utcTimestamp,
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/** Company news: the contract's array, or the list envelope (as a mock in the vendor's own repository). */
export const companyNewsSchema = z
  .union([z.array(z.unknown()), z.object({ data: z.array(z.unknown()) })])
  .transform((body) => parseItems(Array.isArray(body) ? body : body.data, newsArticleSchema, "data"));

/**
 * Top-news article. The contract does not show the body: each article names its company (the
 * sandbox's choice) or not. What a story cannot go without is its title, its importance (the
 * feed's order) and a time (its date or when it was collected, each made from the other); a
 * missing description, summary or source reads as empty, a missing event type as "other".
 */
export const topNewsArticleSchema = z
  .object({
    date: dateSchema.nullish(),
    title: z.string(),
    description: z.string().nullish(),
    summary: z.string().nullish(),
    eventType: growingEnum(EVENT_TYPES).nullish(),
    importance: importanceSchema,
    sourceUrl: z.string().nullish(),
    collectedAt: utcTimestamp.nullish(),
    companyKey: optionalString,
    companyFiscalIdentifier: optionalString,
    displayNameEnglish: optionalString,
    ticker: optionalString,
    exchangeCode: optionalString,
    marketCapUsd: lenientNumber.nullish(),
  })
  .refine((a) => a.date != null || a.collectedAt != null, {
    path: ["collectedAt"],
    message: "a story needs its date or its collection time",
  })
  .transform(({ date, collectedAt, description, summary, eventType, sourceUrl, ...rest }) => ({
    ...rest,
    date: date ?? (collectedAt as string).slice(0, 10),
    collectedAt: collectedAt ?? `${date}T00:00:00Z`,
    description: description ?? "",
    summary: summary ?? "",
    eventType: eventType ?? "other",
    sourceUrl: sourceUrl ?? "",
  }));
export type TopNewsArticle = z.output<typeof topNewsArticleSchema>;

/**
 * A top-news page's pagination, complete. `totalKnown` is false when the service did not give
 * `totalCount`: it is then what is known so far (the stories up to this page, one more when
 * there is a next page), a lower bound that a count shows as "at least".
 */
export interface FeedPagination extends Pagination {
  /** Absent in a page cached before it was read (then the total is known). */
  totalKnown?: boolean;
}
export interface TopNewsPage {
  pagination: FeedPagination;
  data: TopNewsArticle[];
}

/** Each pagination field on its own: one absent, null or unreadable is not known. */
const partialPaginationSchema = z.object({
  page: lenientInt.nullish().catch(undefined),
  pageSize: lenientInt.nullish().catch(undefined),
  totalCount: lenientInt.nullish().catch(undefined),
  totalPages: lenientInt.nullish().catch(undefined),
  hasNextPage: lenientBoolean.nullish().catch(undefined),
  hasPreviousPage: lenientBoolean.nullish().catch(undefined),
});

/**
 * The top-news body in any shape a faithful service may send: the list envelope with any of its
 * six pagination fields, `{data}` alone, or a bare array of articles. What it leaves out is made
 * from the page asked for: a next page when `hasNextPage` says so, otherwise when this page came
 * back full.
 */
export function topNewsPageSchema(asked: { page: number; pageSize: number }) {
  return z
    .union([
      z.array(z.unknown()).transform((data) => ({ data, pagination: undefined })),
      z.object({
        data: z.array(z.unknown()),
        pagination: partialPaginationSchema.nullish().catch(undefined),
      }),
    ])
    .transform(({ data, pagination: given }): TopNewsPage => {
      const page = given?.page ?? asked.page;
      const pageSize = given?.pageSize ?? asked.pageSize;
      const hasNextPage =
        given?.hasNextPage ??
        (given?.totalPages != null ? page < given.totalPages : data.length >= pageSize && data.length > 0);
      const seen = (page - 1) * pageSize + data.length;
      const totalCount = given?.totalCount ?? seen + (hasNextPage ? 1 : 0);
      return {
        data: parseItems(data, topNewsArticleSchema, "data"),
        pagination: {
          page,
          pageSize,
          totalCount,
          totalPages: given?.totalPages ?? Math.max(1, Math.ceil(totalCount / pageSize)),
          hasNextPage,
          hasPreviousPage: given?.hasPreviousPage ?? page > 1,
          totalKnown: given?.totalCount != null || !hasNextPage,
        },
      };
    });
}

/** Both error styles the service is known to send. */
export const errorBodySchema = z.union([
  z.object({ errors: z.array(z.object({ message: z.string() })).min(1) }),
  z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) }),
]);
