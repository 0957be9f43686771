import { directoryPage } from "@/lib/server/directory";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { companiesQuery } from "@/lib/server/query-schemas";

export const dynamic = "force-dynamic";

/** Directory search: query, facet filters, sort and paging over the synced company index. */
export const GET = handler(async (request) =>
  jsonResponse(await directoryPage(parseQuery(request, companiesQuery))),
);
