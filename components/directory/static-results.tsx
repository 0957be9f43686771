// The directory's results without JavaScript: one page as a plain table of links, paged with
// links. The directory renders it inside <noscript> (so on the server only, from the rows the
// table hydrates from); with JavaScript the virtualized table takes its place.
import Link from "next/link";
import { DataLink } from "@/components/ui/data-link";
import { MarketCap } from "@/components/ui/market-cap";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { LoadedDirectoryPage } from "@/lib/api-types";
import { directoryHref } from "@/lib/directory/search-params";
import { activeFilterCount, clearFilters, type DirectoryState } from "@/lib/directory/view-state";
import { formatCount } from "@/lib/format";
import { profileHref } from "@/lib/hrefs";
import { DIRECTORY_PAGE_SIZE } from "./queries";

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300";
const cell = "px-3 py-2";

export function StaticResults({
  state,
  page,
  result,
}: {
  state: DirectoryState;
  page: number;
  result: LoadedDirectoryPage;
}) {
  if (result.slow)
    return (
      <p role="status" className="rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800">
        The directory is taking a while to answer this search.{" "}
        <Link className={linkClass} href={directoryHref(state, page)}>
          Reload the page
        </Link>{" "}
        in a moment.
      </p>
    );
  if (result.errors)
    return (
      <div
        role="alert"
        className="rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
      >
        <p className="font-semibold">Could not search the directory</p>
        <ul className="mt-1">
          {result.errors.map((error) => (
            <li key={error.message}>{error.message}</li>
          ))}
        </ul>
        <p className="mt-2">
          <Link className={linkClass} href="/companies">
            Start a new search
          </Link>
        </p>
      </div>
    );

  const { total, rows } = result.data;
  const q = state.q.trim();
  const filters = activeFilterCount(state);
  if (total === 0)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm dark:border-slate-700">
        <p className="text-base font-semibold wrap-anywhere">
          {q ? `No companies match “${q}”` : "No companies match"}
          {filters > 0 ? " with these filters" : ""}
        </p>
        <p className="mt-2 flex flex-wrap justify-center gap-4">
          {filters > 0 && (
            <Link className={linkClass} href={directoryHref(clearFilters(state))}>
              Clear the filters
            </Link>
          )}
          {q && (
            <Link className={linkClass} href={directoryHref({ ...state, q: "" })}>
              Clear the search
            </Link>
          )}
        </p>
      </div>
    );

  const pages = Math.ceil(total / DIRECTORY_PAGE_SIZE);
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800">
        Page {page} is past the end of these {formatCount(total)} results.{" "}
        <Link className={linkClass} href={directoryHref(state, pages)}>
          Go to the last page
        </Link>
      </p>
    );

  const from = (page - 1) * DIRECTORY_PAGE_SIZE + 1;
  const to = from + rows.length - 1;
  const range = `${formatCount(from)}–${formatCount(to)} of ${formatCount(total)}`;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Showing {range}. Filters, sorting and the scrolling table need JavaScript; search and these pages work
        without it.
      </p>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Companies {range}</caption>
          <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              <th scope="col" className={cell}>
                Company
              </th>
              <th scope="col" className={`${cell} hidden sm:table-cell`}>
                Sector
              </th>
              <th scope="col" className={`${cell} hidden md:table-cell`}>
                HQ country
              </th>
              <th scope="col" className={`${cell} whitespace-nowrap text-right`}>
                Market cap
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((row) => (
              <tr key={row.companyKey}>
                <td className={cell}>
                  <DataLink href={profileHref(row.companyKey)} className={linkClass}>
                    <UpstreamText>{row.displayNameEnglish || row.companyKey}</UpstreamText>
                  </DataLink>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    <UpstreamText className="font-mono font-semibold">
                      {row.primaryListing.ticker}
                    </UpstreamText>{" "}
                    · <UpstreamText>{row.primaryListing.exchangeCode}</UpstreamText>
                  </span>
                </td>
                <td className={`${cell} hidden sm:table-cell`}>
                  <UpstreamText>{row.sector ?? "–"}</UpstreamText>
                </td>
                <td className={`${cell} hidden md:table-cell`}>
                  <UpstreamText>
                    {row.headquartersCountryName ?? row.headquartersCountryCode ?? "–"}
                  </UpstreamText>
                </td>
                <td className={`${cell} text-right`}>
                  <MarketCap value={row.marketCapUsd} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav aria-label="Pages of results" className="flex items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <Link className={linkClass} href={directoryHref(state, page - 1)} rel="prev">
              ← Previous {DIRECTORY_PAGE_SIZE}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600 dark:text-slate-300">
            Page {formatCount(page)} of {formatCount(pages)}
          </span>
          {page < pages ? (
            <Link className={linkClass} href={directoryHref(state, page + 1)} rel="next">
              Next {DIRECTORY_PAGE_SIZE} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
