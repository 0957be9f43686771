import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { topNewsQuery } from "@/lib/server/query-schemas";
import { topNewsFeed } from "@/lib/server/top-news-feed";

export const dynamic = "force-dynamic";

/** The cross-company top-news feed. */
export const GET = handler(async (request) =>
  jsonResponse(await topNewsFeed(parseQuery(request, topNewsQuery))),
);
