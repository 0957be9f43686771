// Query options of the feed: the server page prefetches under the same key the client reads.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { CompanyTallyAnswer, TopNewsFeedPage } from "@/lib/api-types";
import { getJson, toSearch } from "@/lib/client/api";
import { type ApiParams, FEED_PAGE_SIZE, TALLY_PAGE_SIZE } from "@/lib/news/feed-state";

export function feedQueryKey(params: ApiParams) {
  return ["top-news", "feed", params] as const;
}

export function feedQueryOptions(params: ApiParams) {
  return infiniteQueryOptions({
    queryKey: feedQueryKey(params),
    queryFn: ({ pageParam, signal }) =>
      getJson<TopNewsFeedPage>(
        `/api/top-news${toSearch({ ...params, page: pageParam, pageSize: FEED_PAGE_SIZE })}`,
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.data.pagination.hasNextPage ? last.data.pagination.page + 1 : undefined,
    // Kept a while after leaving the page, so that coming back restores every loaded page.
    gcTime: 30 * 60_000,
  });
}

/** How many stories a state finds, for the empty state's suggestions (one small page). */
export function feedCountOptions(params: ApiParams) {
  return queryOptions({
    queryKey: ["top-news", "count", params] as const,
    queryFn: ({ signal }) =>
      // The API's order: a count needs no ranking, and it is one call.
      getJson<TopNewsFeedPage>(`/api/top-news${toSearch({ ...params, order: "api", pageSize: 1 })}`, signal),
    select: ({ data: { pagination } }) => ({ count: pagination.totalCount, known: pagination.totalKnown }),
  });
}

/** The by-company view's query: the filters alone (the order does not change the counts). */
export function tallyParams(params: ApiParams): ApiParams {
  const { order: _order, ...filters } = params;
  return filters;
}

/**
 * The whole period's stories by company, a page of companies at a time. While the server is
 * still reading the period, the counts so far; asked again every few seconds until they are final.
 */
export function tallyQueryOptions(params: ApiParams) {
  return infiniteQueryOptions({
    queryKey: ["top-news", "companies", tallyParams(params)] as const,
    queryFn: ({ pageParam, signal }) =>
      getJson<CompanyTallyAnswer>(
        `/api/top-news/companies${toSearch({ ...tallyParams(params), page: pageParam, pageSize: TALLY_PAGE_SIZE })}`,
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.companyCount ? last.page + 1 : undefined),
    refetchInterval: (query) => {
      const first = query.state.data?.pages[0];
      return first && !first.complete && !first.stopped ? 3_000 : false;
    },
    gcTime: 30 * 60_000,
  });
}
