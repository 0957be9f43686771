"use client";

import { keepPreviousData, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { DirectoryPage, DirectoryRow } from "@/lib/api-types";
import { apiQuery } from "@/lib/directory/search-params";
import type { DirectoryState } from "@/lib/directory/view-state";
import { directoryPageOptions, DIRECTORY_PAGE_SIZE as PAGE_SIZE } from "./queries";

export type { DirectoryRow };

const pageOf = (index: number) => Math.floor(index / PAGE_SIZE) + 1;
const lastPageOf = ([first, end]: [number, number]) => pageOf(Math.max(first, end - 1));

/**
 * The pages' rows, first error and which of them failed (their places in the list of pages);
 * stable while no page changes (rows keep their identity).
 */
function combinePages(results: { data?: DirectoryPage; error: Error | null }[]) {
  return {
    rows: results.map((r) => r.data?.rows),
    error: results.find((r) => r.error)?.error ?? null,
    failed: results.flatMap((r, i) => (r.error ? [i] : [])),
  };
}

/**
 * The directory's data for a state: the first page with facets and the total (kept on screen
 * while the next state loads, so results never flicker), and the other pages of rows fetched as
 * the table scrolls to them. Polls while the index is still syncing, so the table fills.
 */
export function useDirectory(state: DirectoryState) {
  const query = apiQuery(state);
  const queryClient = useQueryClient();
  // The server page prefetched the first page under this key: it hydrates without a fetch.
  const head = useQuery({
    ...directoryPageOptions(query, 1),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.progress.state === "syncing" ? 1000 : false),
  });
  const syncing = head.data?.progress.state === "syncing";

  // Pages the visible rows fall on (the table reports its range). A new range on the same pages
  // keeps the state, so scrolling within loaded pages re-renders nothing above the table.
  const [range, setRangeState] = useState<[number, number]>([0, 0]);
  const setRange = useCallback(
    (next: [number, number]) =>
      setRangeState((current) =>
        pageOf(current[0]) === pageOf(next[0]) && lastPageOf(current) === lastPageOf(next) ? current : next,
      ),
    [],
  );
  const total = head.isPlaceholderData ? 0 : (head.data?.total ?? 0);
  const pages = useMemo(() => {
    const first = pageOf(range[0]);
    const last = lastPageOf(range);
    const out: number[] = [];
    for (let p = Math.max(2, first); p <= last && (p - 1) * PAGE_SIZE < total; p++) out.push(p);
    return out;
  }, [range, total]);
  const rest = useQueries({
    queries: pages.map((page) => ({
      ...directoryPageOptions(query, page),
      refetchInterval: syncing ? 1000 : (false as const),
    })),
    combine: combinePages,
  });

  const loaded = useMemo(() => {
    const byPage = new Map<number, DirectoryRow[]>();
    if (head.data && !head.isPlaceholderData) byPage.set(1, head.data.rows);
    pages.forEach((page, i) => {
      const rows = rest.rows[i];
      if (rows) byPage.set(page, rows);
    });
    return byPage;
  }, [head.data, head.isPlaceholderData, pages, rest.rows]);

  /**
   * The row at an index of the whole result, or undefined while its page loads. A page off the
   * rows on screen is read from the cache it came to: the table keeps the focused row drawn
   * wherever it is, and a row without its company would be drawn as another element.
   */
  const rowAt = useCallback(
    (index: number): DirectoryRow | undefined => {
      if (head.isPlaceholderData && head.data) return head.data.rows[index];
      const page = pageOf(index);
      const rows =
        loaded.get(page) ?? queryClient.getQueryData(directoryPageOptions(query, page).queryKey)?.rows;
      return rows?.[index % PAGE_SIZE];
    },
    [loaded, head.data, head.isPlaceholderData, queryClient, query],
  );

  const pageError = rest.error;
  const failedPages = rest.failed;
  /** Fetches again exactly what failed: the first page and the pages of rows whose request failed. */
  const retry = useCallback(() => {
    if (head.error) void head.refetch();
    for (const i of failedPages) {
      const page = pages[i];
      if (page !== undefined)
        void queryClient.refetchQueries({
          queryKey: directoryPageOptions(query, page).queryKey,
          exact: true,
        });
    }
  }, [head, failedPages, pages, query, queryClient]);
  return {
    head,
    /** Rows to lay out: the placeholder's rows while a new state loads, else the whole total. */
    count: head.isPlaceholderData ? (head.data?.rows.length ?? 0) : total,
    rowAt,
    setRange,
    pageError,
    retry,
    exportHref: `/api/companies/export${query ? `?${query}` : ""}`,
  };
}
