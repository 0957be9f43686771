import { handler, jsonResponse, parseQuery } from "@/lib/server/http/http";
import { topNewsQuery } from "@/lib/server/http/query-schemas";
import { topNewsFeed } from "@/lib/server/services/top-news-feed";

export const dynamic = "force-dynamic";

/** The cross-company top-news feed. */
export const GET = handler(async (request) =>
  jsonResponse(await topNewsFeed(parseQuery(request, topNewsQuery))),
);
