import { FACET_FIELDS } from "@/lib/directory/company-index";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { companiesQuery } from "@/lib/server/query-schemas";
import { getServices } from "@/lib/server/services";

export const dynamic = "force-dynamic";

/** Directory search: query, facet filters, sort and paging over the synced company index. */
export const GET = handler(async (request) => {
  const query = parseQuery(request, companiesQuery);
  const filters = Object.fromEntries(
    FACET_FIELDS.map((f) => [f, query[f]]).filter(([, v]) => v !== undefined),
  );
  const { result, progress, resolvedFrom } = await getServices().search(query.set, {
    q: query.q,
    filters,
    datasets: query.datasets,
    minMarketCap: query.minMarketCap,
    maxMarketCap: query.maxMarketCap,
    sort: query.sort,
    order: query.order,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return jsonResponse({
    total: result.total,
    page: query.page,
    pageSize: query.pageSize,
    rows: result.hits.map((h) => ({ ...h.company, match: h.match ?? null })),
    facets: result.facets,
    datasets: result.datasets,
    marketCap: result.marketCap,
    progress,
    resolvedFrom: resolvedFrom ?? null,
  });
});
