"use client";

import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { getJson } from "@/lib/client/api";
import { apiQuery, type DirectoryState } from "@/lib/directory/url-state";
import type { DirectoryPage, DirectoryRow } from "@/lib/server/directory";

export type { DirectoryRow };
export const PAGE_SIZE = 50;

const pagePath = (query: string, page: number, facets: boolean) =>
  `/api/companies?${query}${query ? "&" : ""}page=${page}&pageSize=${PAGE_SIZE}${facets ? "" : "&facets=false"}`;

const pageOf = (index: number) => Math.floor(index / PAGE_SIZE) + 1;
const lastPageOf = ([first, end]: [number, number]) => pageOf(Math.max(first, end - 1));

/** The pages' rows and first error; stable while no page changes (rows keep their identity). */
function combinePages(results: { data?: DirectoryPage; error: Error | null }[]) {
  return {
    rows: results.map((r) => r.data?.rows),
    error: results.find((r) => r.error)?.error ?? null,
  };
}

/**
 * The directory's data for a state: the first page with facets and the total (kept on screen
 * while the next state loads, so results never flicker), and the other pages of rows fetched as
 * the table scrolls to them. Polls while the index is still syncing, so the table fills.
 */
export function useDirectory(state: DirectoryState, initial?: { query: string; data: DirectoryPage }) {
  const query = apiQuery(state);
  const head = useQuery({
    queryKey: ["companies", query, 1],
    queryFn: ({ signal }) => getJson<DirectoryPage>(pagePath(query, 1, true), signal),
    placeholderData: keepPreviousData,
    initialData: initial && initial.query === query ? initial.data : undefined,
    initialDataUpdatedAt: initial && initial.query === query ? Date.now() : undefined,
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
      queryKey: ["companies", query, page],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getJson<DirectoryPage>(pagePath(query, page, false), signal),
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

  /** The row at an index of the whole result, or undefined while its page loads. */
  const rowAt = useCallback(
    (index: number): DirectoryRow | undefined => {
      if (head.isPlaceholderData && head.data) return head.data.rows[index];
      return loaded.get(Math.floor(index / PAGE_SIZE) + 1)?.[index % PAGE_SIZE];
    },
    [loaded, head.data, head.isPlaceholderData],
  );

  const pageError = rest.error;
  return {
    head,
    /** Rows to lay out: the placeholder's rows while a new state loads, else the whole total. */
    count: head.isPlaceholderData ? (head.data?.rows.length ?? 0) : total,
    rowAt,
    setRange,
    pageError,
    exportHref: `/api/companies/export${query ? `?${query}` : ""}`,
  };
}
