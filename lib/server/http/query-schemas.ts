// Query-string schemas of the browser-facing API, shared by the route handlers and their tests.
import { z } from "zod";
import { companiesOf, distinctKeys, MAX_COMPARE } from "@/lib/compare/set";
import { daysBetween, isIsoDate } from "@/lib/dates";
import type { DirectoryQuery } from "@/lib/directory/company-index";
import { CSV_FLAVORS } from "@/lib/directory/csv";
import { CAP_FILTER_VALUES, FACET_FIELDS, MAX_QUERY_LENGTH, SORT_FIELDS } from "@/lib/directory/fields";
import { MAX_FOLLOWING } from "@/lib/following/list";
import { IDENTIFIER_PATTERN } from "@/lib/identifiers";
import { FEED_ORDERS, FEED_SIZES } from "@/lib/news/feed-state";
import { EVENT_TYPES, LOGO_VARIANTS } from "@/lib/upstream/schemas";
import { companyKeyParam, listParam, repeated, textParam, valuesParam } from "./http";

/**
 * A number as a query writes it, in decimal: coercion would read "" and " " as 0 (an empty
 * `minMarketCap=` would lift the $1B floor) and "0x1F" as 31.
 */
const decimal = z
  .string()
  .regex(/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i, "must be a number")
  .transform(Number);
const nonNegative = decimal.pipe(z.number().finite().min(0));
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine(isIsoDate, "is not a real date");
const importance = decimal.pipe(z.number().int().min(1).max(5));
const eventType = z.enum(EVENT_TYPES);

// Facet values are repeated parameters, not comma lists: "Oil, Gas & Consumable Fuels" is one value.
const facetShape = Object.fromEntries(FACET_FIELDS.map((f) => [f, valuesParam.optional()])) as Record<
  (typeof FACET_FIELDS)[number],
  z.ZodOptional<typeof valuesParam>
>;

const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/** The directory view: query, filters and order; shared by the search and its CSV export. */
const directoryView = {
  q: textParam(MAX_QUERY_LENGTH).optional(),
  set: z.enum(["default", "all"]).default("default"),
  sort: z.enum(SORT_FIELDS).optional(),
  order: z.enum(["asc", "desc"]).optional(),
  // A growing vocabulary: any value is a filter, but only in the shape the contract's values have.
  datasets: listParam
    .pipe(z.array(z.string().regex(/^[a-z][a-z0-9_]{0,59}$/, "must be a dataset name")))
    .optional(),
  marketCap: listParam.pipe(z.array(z.enum(CAP_FILTER_VALUES))).optional(),
  minMarketCap: nonNegative.optional(),
  maxMarketCap: nonNegative.optional(),
  /** Rows in the contract's compact shape. */
  compact: flag.default(false),
  ...facetShape,
};

export const companiesQuery = z
  .object({
    ...directoryView,
    /** "any": every company the key can see (the whole universe once its list is complete). */
    set: z.enum(["default", "all", "any"]).default("default"),
    page: decimal.pipe(z.number().int().min(1).max(100_000)).default(1),
    pageSize: decimal.pipe(z.number().int().min(1).max(500)).default(50),
    /** "false" leaves the facet counts out, for pages after the first. */
    facets: flag.default(true),
  })
  .strict();

export const companiesExportQuery = z
  .object({ ...directoryView, format: z.enum(CSV_FLAVORS).default("spreadsheet") })
  .strict();

export const profileQuery = z.object({ companyKey: companyKeyParam }).strict();

export const logoQuery = z
  .object({
    companyKey: companyKeyParam,
    variant: z.enum(LOGO_VARIANTS).default("icon"),
  })
  .strict();

function bothDatesOrNeither(
  value: { startDate?: string; endDate?: string },
  ctx: z.RefinementCtx,
  maxDays: number,
) {
  const { startDate, endDate } = value;
  if ((startDate === undefined) !== (endDate === undefined)) {
    ctx.addIssue({
      code: "custom",
      path: [startDate === undefined ? "startDate" : "endDate"],
      message: "startDate and endDate go together: give both or neither",
    });
    return;
  }
  if (startDate && endDate) {
    const days = daysBetween(startDate, endDate);
    if (days < 1)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "must not be before startDate" });
    else if (days > maxDays)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: `the range cannot exceed ${maxDays} days` });
  }
}

/** An exact importance or a range (low to high), never both: the contract's rule for the top news. */
function importanceExactOrRange(
  v: { importance?: number; minImportance?: number; maxImportance?: number },
  ctx: z.RefinementCtx,
): void {
  if (v.importance !== undefined && (v.minImportance !== undefined || v.maxImportance !== undefined)) {
    ctx.addIssue({
      code: "custom",
      path: ["importance"],
      message: "use an exact importance or a range, not both",
    });
  }
  if (v.minImportance !== undefined && v.maxImportance !== undefined && v.minImportance > v.maxImportance) {
    ctx.addIssue({ code: "custom", path: ["minImportance"], message: "must not exceed maxImportance" });
  }
}

/**
 * One company's news: up to 31 days, with /news's filters (several event types, an importance level
 * or range), which the company's news endpoint cannot ask for (one type, one exact level): they
 * are applied to the range's stories here (lib/server/services/news.ts).
 */
export const newsQuery = z
  .object({
    companyKey: companyKeyParam,
    startDate: date.optional(),
    endDate: date.optional(),
    eventType: listParam.pipe(z.array(eventType)).optional(),
    importance: importance.optional(),
    minImportance: importance.optional(),
    maxImportance: importance.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    bothDatesOrNeither(v, ctx, 31);
    importanceExactOrRange(v, ctx);
  });

export const topNewsQuery = z
  .object({
    companyKey: companyKeyParam.optional(),
    startDate: date.optional(),
    endDate: date.optional(),
    eventType: listParam.pipe(z.array(eventType)).optional(),
    importance: importance.optional(),
    minImportance: importance.optional(),
    maxImportance: importance.optional(),
    minMarketCap: nonNegative.optional(),
    maxMarketCap: nonNegative.optional(),
    size: listParam.pipe(z.array(z.enum(FEED_SIZES))).optional(),
    order: z.enum([...FEED_ORDERS, "api"]).default("rank"),
    page: decimal.pipe(z.number().int().min(1).max(10_000)).default(1),
    pageSize: decimal.pipe(z.number().int().min(1).max(250)).default(50),
  })
  .strict()
  .superRefine((v, ctx) => {
    bothDatesOrNeither(v, ctx, 7);
    importanceExactOrRange(v, ctx);
    if (v.size?.length && (v.minMarketCap !== undefined || v.maxMarketCap !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["size"], message: "use sizes or market-cap bounds, not both" });
    }
  });

export const compareQuery = z
  .object({
    // The compare page's set format (lib/compare/set.ts): keys may hold commas.
    companies: repeated
      .transform(companiesOf)
      .pipe(
        z
          .array(companyKeyParam)
          .min(1, "name at least one company")
          .max(MAX_COMPARE, `at most ${MAX_COMPARE} companies can be compared`),
      ),
  })
  .strict();

/**
 * The followed companies (/following): the compare set's format (one comma list, or the parameter
 * repeated), up to MAX_FOLLOWING keys; the count is checked on the keys, so the message names the
 * limit however they were given (the URL's length bounds the values).
 */
const followingList = textParam(MAX_FOLLOWING * 200);
export const followingQuery = z
  .object({
    companies: z
      .union([followingList, z.array(followingList)])
      .transform(companiesOf)
      .pipe(
        z
          .array(companyKeyParam)
          .min(1, "name at least one company")
          .max(MAX_FOLLOWING, `at most ${MAX_FOLLOWING} companies can be followed`)
          .transform(distinctKeys),
      ),
  })
  .strict();

/** A company key, or an identifier: letters, digits and the few marks identifiers use (CUSIPs have *@#). */
export const resolveQuery = z
  .object({
    id: z.string().trim().min(1).max(64).regex(IDENTIFIER_PATTERN, "must be a company key or identifier"),
  })
  .strict();

/** The index query of a parsed directory view (search or export). */
export function directoryQueryOf(
  view: Omit<z.output<typeof companiesExportQuery>, "format" | "set">,
): DirectoryQuery {
  const filters: DirectoryQuery["filters"] = {};
  for (const field of FACET_FIELDS) if (view[field] !== undefined) filters[field] = view[field];
  return {
    q: view.q,
    filters,
    datasets: view.datasets,
    marketCap: view.marketCap,
    minMarketCap: view.minMarketCap,
    maxMarketCap: view.maxMarketCap,
    sort: view.sort,
    order: view.order,
  };
}
