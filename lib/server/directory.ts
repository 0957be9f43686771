import "server-only";
import type { z } from "zod";
import { compactRow } from "@/lib/directory/rows";
import { type companiesQuery, directoryQueryOf } from "./query-schemas";
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
