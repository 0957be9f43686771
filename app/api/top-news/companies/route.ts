import { handler, jsonResponse, parseQuery } from "@/lib/server/http/http";
import { topNewsQuery } from "@/lib/server/http/query-schemas";
import { companyTally } from "@/lib/server/services/top-news-feed";

export const dynamic = "force-dynamic";

/** The top-news feed's stories by company, over the whole period, with counts. */
export const GET = handler(async (request) =>
  jsonResponse(await companyTally(parseQuery(request, topNewsQuery))),
);
