import "server-only";
import { z } from "zod";
import { compactRow } from "@/lib/directory/rows";
import { type ErrorItem, parseSearch, toErrorResponse, validationErrors } from "./http";
import { companiesQuery, directoryQueryOf } from "./query-schemas";
import { getServices } from "./services";

/** One page of a directory view, as /api/companies answers it and the page prefetches it. */
export async function directoryPage(query: z.output<typeof companiesQuery>) {
  const { result, progress, resolvedFrom } = await getServices().search(query.set, {
    ...directoryQueryOf(query),
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    total: result.total,
    page: query.page,
    pageSize: query.pageSize,
    rows: result.hits.map((h) => ({
      ...(query.compact ? compactRow(h.company) : h.company),
      match: h.match ?? null,
    })),
    ...(query.facets
      ? { facets: result.facets, datasets: result.datasets, marketCap: result.marketCap }
      : {}),
    progress,
    /** Stale index (its refresh fails) or none at all (its first sync failed): what to tell the reader. */
    notice: getServices().indexNotice(query.set),
    resolvedFrom: resolvedFrom ?? null,
  };
}

export type DirectoryPage = Awaited<ReturnType<typeof directoryPage>>;
export type DirectoryRow = DirectoryPage["rows"][number];

/**
 * One page of the directory for a server page, from the query string /api/companies would get:
 * its data, or what went wrong in words for the reader. A failure is logged (one line, messages
 * only) and never thrown, so the page still renders and says what happened.
 */
export async function loadDirectoryPage(
  search: string,
): Promise<{ data: DirectoryPage; errors?: undefined } | { data?: undefined; errors: ErrorItem[] }> {
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
