"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { CompanyLine } from "@/components/ui/company-line";
import { CountryFlag } from "@/components/ui/country-flag";
import { describeError } from "@/components/ui/states";
import type { DirectoryPage } from "@/lib/api-types";
import { getJson } from "@/lib/client/api";
import { useDataNow } from "@/lib/client/data-now";
import { indexingText } from "@/lib/directory/progress-text";
import { formatSince, formatUtc } from "@/lib/format";

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
        <ol className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((row) => {
            const updatedMs = row.updatedAt ? row.updatedAt * 1000 : null;
            return (
              <li key={row.companyKey} className="flex items-center gap-2.5 py-2">
                <CompanyLine company={row} logoSize={24} link>
                  {" "}
                  <CountryFlag code={row.headquartersCountryCode} />
                </CompanyLine>
                <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                  {updatedMs ? (
                    <time dateTime={new Date(updatedMs).toISOString()} title={formatUtc(updatedMs)}>
                      updated {formatSince(updatedMs, now)}
                    </time>
                  ) : (
                    "update time n/a"
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {progress.syncedAt && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          From the company list as synced at {formatUtc(progress.syncedAt)}. This page looks for a newer sync
          every minute.
        </p>
      )}
    </div>
  );
}
