import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ChangeList } from "@/components/changes/change-list";
import { GetForm, ResultsPageLink } from "@/components/ui/get-form";
import { EmptyState } from "@/components/ui/states";
import { UpdatedCompanies } from "@/components/ui/updated-companies";
import { changesHref, parseChangesParams } from "@/lib/changes/search-params";
import { CHANGE_KIND_LABELS, CHANGE_KINDS } from "@/lib/directory/changes";
import { formatAgo, formatCount, formatUtc } from "@/lib/format";
import { pageViewer } from "@/lib/server/access/page-viewer";
import { changesPageData } from "@/lib/server/pages/changes-page";
import { dataNow } from "@/lib/server/services/clock";

// The log changes with every sync: never a build-time page.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Reference-data changes",
  description:
    "What changed in the company list, newest first: new and removed companies, names, tickers, exchanges, trading status, listings, datasets and identifiers.",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900";

export default async function ChangesPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const { state, problems } = parseChangesParams(params);
  // Without JavaScript the form sends its unset filters as empty values: the URL is tidied to the
  // state it means, so a shared link reads plainly.
  if (
    problems.length === 0 &&
    Object.values(params).some((v) => v === "" || (Array.isArray(v) && v.includes("")))
  )
    redirect(changesHref(state));
  const data = await changesPageData(state, problems, (await pageViewer()).licensed);
  const { watchingSince, rows, page, pages, index } = data;
  const nowMs = dataNow();
  const filtered = Boolean(state.kind || state.sector || state.country);

  return (
    <div className="space-y-6">
      <div className="max-w-3xl">
        <h1 className="text-2xl font-semibold tracking-tight">Reference-data changes</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Every sync of the company list (every {data.refreshMinutes} minutes) is compared with the one
          before, company by company: new and removed companies, names, tickers, exchanges, trading status,
          primary listings, datasets and identifiers. Market cap moves every day and is not a change. Newest
          first.
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {watchingSince === null ? (
            "Not watching yet: the first sync of the company list has not completed."
          ) : (
            <>
              Watching since{" "}
              <time dateTime={new Date(watchingSince).toISOString()}>{formatUtc(watchingSince)}</time>
              {index.syncedAt !== null && (
                <>
                  ; the company list as of{" "}
                  <time dateTime={new Date(index.syncedAt).toISOString()}>{formatUtc(index.syncedAt)}</time>
                </>
              )}
              .
            </>
          )}
        </p>
      </div>

      {data.problems.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {data.problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}

      {/* Keyed by the filters, so Back or a link to other filters remounts the selects, whose chosen
          value would otherwise stay as the user left it (a default value applies once). */}
      <GetForm
        key={changesHref({ ...state, page: 1 })}
        action="/changes"
        focusAfter="changes-results"
        aria-label="Filter changes"
        className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,14rem))_auto] sm:items-end"
      >
        <FilterSelect
          label="Kind"
          name="kind"
          value={state.kind}
          every="Every kind"
          options={CHANGE_KINDS.map((kind) => [kind, CHANGE_KIND_LABELS[kind]] as const)}
        />
        <FilterSelect
          label="Sector"
          name="sector"
          value={state.sector}
          every="Every sector"
          options={data.sectors.map((sector) => [sector, sector] as const)}
        />
        <FilterSelect
          label="Country"
          name="country"
          value={state.country}
          every="Every country"
          options={data.countries}
        />
        <div className="flex items-center gap-3">
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
          >
            Apply
          </button>
          {filtered && (
            <Link
              href="/changes"
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300"
            >
              Clear filters
            </Link>
          )}
        </div>
      </GetForm>

      <section aria-labelledby="changes-results" className="space-y-3">
        <h2
          id="changes-results"
          tabIndex={-1}
          className="text-sm font-medium focus:outline-none text-slate-700 dark:text-slate-200"
          aria-live="polite"
        >
          {/* A count, 0 too: the box below says what none means (it read "No changes" twice). */}
          {`${formatCount(data.matching)} ${data.matching === 1 ? "change" : "changes"}${filtered ? ` ${data.matching === 1 ? "matches" : "match"} these filters` : ""}${pages > 1 ? `, page ${page} of ${pages}` : ""}`}
        </h2>
        {rows.length > 0 ? (
          <ChangeList changes={rows} nowMs={nowMs} />
        ) : watchingSince === null ? (
          <EmptyState title="No changes seen yet">
            The app starts watching when its first sync of the company list completes
            {index.state === "syncing" && index.pagesTotal
              ? ` (${index.pagesDone} of ${index.pagesTotal} pages so far)`
              : ""}
            . The sync after that, {data.refreshMinutes} minutes later, is the first to compare, and its
            changes show here.
          </EmptyState>
        ) : !data.compared ? (
          <EmptyState
            title={
              <>
                No changes seen since <span className="whitespace-nowrap">{formatUtc(watchingSince)}</span>
              </>
            }
          >
            The first sync of the company list started the watch. The next sync
            {data.waiting?.compareInMs != null
              ? `, due ${data.waiting.compareInMs < 60_000 ? "within a minute" : formatAgo(data.waiting.compareInMs, 0)},`
              : ""}{" "}
            is the first to compare; a change it finds shows here.
          </EmptyState>
        ) : filtered && data.anyChange ? (
          <EmptyState title="No changes match these filters">
            <Link
              href="/changes"
              className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300"
            >
              Show every change
            </Link>
          </EmptyState>
        ) : (
          <EmptyState
            title={
              <>
                No changes seen since <span className="whitespace-nowrap">{formatUtc(watchingSince)}</span>
              </>
            }
          >
            The company list has been the same at every sync since the app started watching.
          </EmptyState>
        )}
        {pages > 1 && (
          <nav aria-label="Pages of changes" className="flex items-center justify-between text-sm">
            {page > 1 ? (
              <ResultsPageLink
                focusAfter="changes-results"
                rel="prev"
                href={changesHref({ ...state, page: page - 1 })}
                className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300"
              >
                ← Newer
              </ResultsPageLink>
            ) : (
              <span />
            )}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <ResultsPageLink
                focusAfter="changes-results"
                rel="next"
                href={changesHref({ ...state, page: page + 1 })}
                className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300"
              >
                Older →
              </ResultsPageLink>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>

      {data.waiting && data.waiting.recent.length > 0 && (
        <section aria-labelledby="recently-updated" className="max-w-3xl space-y-2">
          <h2 id="recently-updated" className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Meanwhile: the companies whose data was updated last
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            By the time the data service gives for each company&apos;s last update (any of its data, not only
            reference data), from the company list as last synced.{" "}
            <Link
              href="/companies?sort=updatedAt"
              className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300"
            >
              Every company by its last update
            </Link>
          </p>
          <UpdatedCompanies rows={data.waiting.recent} nowMs={nowMs} />
        </section>
      )}
    </div>
  );
}

/**
 * One of the form's filters: a plain select (the form works without JavaScript), "every" first.
 * Not offered without options (the sectors and countries come from the changes seen so far).
 */
function FilterSelect({
  label,
  name,
  value,
  every,
  options,
}: {
  label: string;
  name: string;
  value: string | null | undefined;
  every: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  if (options.length === 0) return null;
  return (
    <label className="text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ""} className={selectClass}>
        <option value="">{every}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
