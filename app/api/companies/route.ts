import { compactRow } from "@/lib/directory/rows";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { companiesQuery, directoryQueryOf } from "@/lib/server/query-schemas";
import { getServices } from "@/lib/server/services";

export const dynamic = "force-dynamic";

/** Directory search: query, facet filters, sort and paging over the synced company index. */
export const GET = handler(async (request) => {
  const query = parseQuery(request, companiesQuery);
  const { result, progress, resolvedFrom } = await getServices().search(query.set, {
    ...directoryQueryOf(query),
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return jsonResponse({
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
    resolvedFrom: resolvedFrom ?? null,
  });
});
