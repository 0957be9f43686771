// One page of the top-news feed as /api/top-news answers it, for the route handler, the news
// page's server-side prefetch and the Atom feed (so all produce the same body for the same query).
import "server-only";
import type { z } from "zod";
import type { TopNewsFeedPage } from "@/lib/api-types";
import { toSearch } from "@/lib/client/api";
import { type FeedState, toApiParams } from "@/lib/news/feed-state";
import { parseSearch } from "../http/http";
import { topNewsQuery } from "../http/query-schemas";
import { getServices, type Services } from "./services";

export type TopNewsFeedQuery = z.output<typeof topNewsQuery>;

/**
 * The /api/top-news query of a /news view: the query string the page's script asks for, parsed as
 * the route parses it, so that the server's page and the script's are one cache entry.
 */
export function feedViewQuery(state: FeedState, page: number, pageSize: number): TopNewsFeedQuery {
  return parseSearch(new URLSearchParams(toSearch({ ...toApiParams(state), page, pageSize })), topNewsQuery);
}

export async function topNewsFeed(
  query: TopNewsFeedQuery,
  services: Services = getServices(),
): Promise<TopNewsFeedPage> {
  const { page, eventType, ...rest } = query;
  const served = await services.news.top({ ...rest, eventTypes: eventType, pageNumber: page });
  const noLogo = new Set<string>();
  for (const { companyKey } of served.data.data)
    if (companyKey && !services.logos.known(companyKey)) noLogo.add(companyKey);
  return { ...served, noLogo: [...noLogo] };
}
