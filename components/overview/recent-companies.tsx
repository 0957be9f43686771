"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { describeError } from "@/components/ui/states";
import { UpdatedCompanies } from "@/components/ui/updated-companies";
import type { DirectoryPage } from "@/lib/api-types";
import { getJson } from "@/lib/client/api";
import { useDataNow } from "@/lib/client/data-now";
import { indexingText } from "@/lib/directory/progress-text";
import { formatUtc } from "@/lib/format";

const POLL_MS = 60_000;
const SYNCING_POLL_MS = 10_000;

/** The ten companies updated last; rows only: no facet counts over the whole index every minute. */
const recentCompaniesQuery = queryOptions({
  queryKey: ["companies", "recently-updated"] as const,
  queryFn: ({ signal }) =>
    getJson<DirectoryPage>("/api/companies?sort=updatedAt&order=desc&pageSize=10&facets=false", signal),
});

/**
 * The companies whose data changed last (`updatedAt`, which the contract says to poll): polled
 * from the directory index every minute, which costs no upstream call.
 */
export function RecentCompanies({ initial, serverNowMs }: { initial: DirectoryPage; serverNowMs: number }) {
  const now = useDataNow(serverNowMs, { ticking: true });
  const query = useQuery({
    ...recentCompaniesQuery,
    initialData: initial,
    // While the index's first sync runs, sooner: the list fills in (or arrives) within seconds.
    refetchInterval: (q) => (q.state.data?.progress.state === "syncing" ? SYNCING_POLL_MS : POLL_MS),
    staleTime: POLL_MS,
  });
  const { rows, progress } = query.data;
  return (
    <div>
      {progress.state === "syncing" && (
        <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
          {indexingText(progress, "Companies")}
        </p>
      )}
      {query.isError && (
        <p role="alert" className="mb-2 text-xs text-rose-700 dark:text-rose-300">
          Could not refresh: {describeError(query.error)} Showing the last list.
        </p>
      )}
      {rows.length === 0 ? (
        progress.state !== "syncing" && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No companies indexed yet. Try again in a moment.
          </p>
        )
      ) : (
        <UpdatedCompanies rows={rows} nowMs={now} />
      )}
      {progress.syncedAt && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          From the company list as of {formatUtc(progress.syncedAt)}. This page looks for a newer sync every
          minute.
        </p>
      )}
    </div>
  );
}
