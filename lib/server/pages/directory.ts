import "server-only";
import { z } from "zod";
import { compactRow } from "@/lib/directory/rows";
import { settleWithin } from "@/lib/settle-within";
import { type ErrorItem, parseSearch, toErrorResponse, validationErrors } from "../http/http";
import { companiesQuery, directoryQueryOf } from "../http/query-schemas";
import { getServices } from "../services/services";

/** One page of a directory view, as /api/companies answers it and the page prefetches it. */
export async function directoryPage(query: z.output<typeof companiesQuery>) {
  const companies = getServices().companies;
  const { result, progress, searched, resolvedFrom, beyond } = await companies.search(
    query.set,
    { ...directoryQueryOf(query), offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
    { beyond: query.facets },
  );
  return {
    total: result.total,
    page: query.page,
    pageSize: query.pageSize,
    rows: result.hits.map((h) => ({
      ...(query.compact ? compactRow(h.company) : h.company),
      match: h.match ?? null,
      /** In the API-enabled set: said of the whole universe's rows (null while that list is not complete). */
      ...(searched === "all" ? { apiEnabled: companies.apiEnabled(h.company.companyKey) } : {}),
    })),
    ...(query.facets
      ? { facets: result.facets, datasets: result.datasets, marketCap: result.marketCap }
      : {}),
    progress,
    /** The set searched: "any" is the whole universe once its list is complete, else the API-enabled set. */
    set: searched,
    /** How many more companies the same search finds in the whole universe (a search of the API-enabled set). */
    beyond: beyond ?? null,
    /** Stale index (its refresh fails) or none at all (its first sync failed): what to tell the reader. */
    notice: companies.notice(searched),
    resolvedFrom: resolvedFrom ?? null,
  };
}

export type DirectoryPage = Awaited<ReturnType<typeof directoryPage>>;
export type DirectoryRow = DirectoryPage["rows"][number];

/** How long a server page waits for a page of results before it leaves them to the browser. */
export const DIRECTORY_PAGE_WAIT_MS = 2500;

export type LoadedDirectoryPage =
  | { data: DirectoryPage; errors?: undefined; slow?: undefined }
  | { data?: undefined; errors: ErrorItem[]; slow?: undefined }
  | { data?: undefined; errors?: undefined; slow: true };

/**
 * One page of the directory for a server page, from the query string /api/companies would get:
 * its data, what went wrong in words for the reader, or `slow` when the search has not answered
 * within `waitMs` (a zero-result search may ask the upstream to resolve an identifier): the
 * document does not wait for it. A failure is logged (one line, messages only), never thrown.
 */
export async function loadDirectoryPage(
  search: string,
  waitMs = DIRECTORY_PAGE_WAIT_MS,
): Promise<LoadedDirectoryPage> {
  return settleWithin(load(search), waitMs, (): LoadedDirectoryPage => ({ slow: true }));
}

async function load(search: string): Promise<LoadedDirectoryPage> {
  try {
    return { data: await directoryPage(parseSearch(new URLSearchParams(search), companiesQuery)) };
  } catch (error) {
    const invalid = error instanceof z.ZodError;
    const errors = invalid
      ? validationErrors(error)
      : ((await toErrorResponse(error).json()) as { errors: ErrorItem[] }).errors;
    const messages = errors.map((e) => e.message).join("; ");
    console.error(
      `directory page: ${invalid ? "invalid query" : "could not load"}: ${messages.replace(/\p{Cc}/gu, " ")}`,
    );
    return { errors };
  }
}
