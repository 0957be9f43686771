import { chargeSize, handler, jsonResponse, parseQuery } from "@/lib/server/http/http";
import { companiesQuery } from "@/lib/server/http/query-schemas";
import { directoryPage } from "@/lib/server/pages/directory";

export const dynamic = "force-dynamic";

/**
 * Directory search: query, facet filters, sort and paging over the synced company index. A page
 * costs its size against the client's limit, as an export does: paging is no cheaper way to copy
 * the universe.
 */
export const GET = handler(async (request) => {
  const page = await directoryPage(parseQuery(request, companiesQuery));
  return (await chargeSize(request, page.rows.length, "This page")) ?? jsonResponse(page);
});
