// Query options of the feed: the server page prefetches under the same key the client reads.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { TopNewsFeedPage } from "@/lib/api-types";
import { getJson, toSearch } from "@/lib/client/api";
import { type ApiParams, FEED_PAGE_SIZE } from "@/lib/news/feed-state";

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
      getJson<TopNewsFeedPage>(`/api/top-news${toSearch({ ...params, pageSize: 1 })}`, signal),
    select: ({ data: { pagination } }) => ({ count: pagination.totalCount, known: pagination.totalKnown }),
  });
}
