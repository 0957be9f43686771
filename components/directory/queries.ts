// Query options of the directory's pages: the server page prefetches under the same key, from the
// same query string, as the browser reads. A plain module (no "use client"): a server page that
// imported these from a client module would receive client references, not values.
import { queryOptions } from "@tanstack/react-query";
import type { DirectoryPage, IndexStatus } from "@/lib/api-types";
import { getJson } from "@/lib/client/api";

/** Rows per page of /api/companies, in the table and in the server-rendered list alike. */
export const DIRECTORY_PAGE_SIZE = 50;

/** The /api/companies query string of one page of a view (`query` is apiQuery's). Facets only on the first. */
export function directoryPageSearch(query: string, page: number): string {
  return `${query}${query ? "&" : ""}page=${page}&pageSize=${DIRECTORY_PAGE_SIZE}${page === 1 ? "" : "&facets=false"}`;
}

export function directoryPageOptions(query: string, page: number) {
  return queryOptions({
    queryKey: ["companies", query, page] as const,
    queryFn: ({ signal }) =>
      getJson<DirectoryPage>(`/api/companies?${directoryPageSearch(query, page)}`, signal),
  });
}

/** Both company sets' sync (`/api/index-status`): whether "All companies" can be offered. */
export function indexStatusOptions() {
  return queryOptions({
    queryKey: ["index-status"] as const,
    queryFn: ({ signal }) => getJson<IndexStatus>("/api/index-status", signal),
    staleTime: 10_000,
  });
}
