"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { debounce, throttle, useQueryStates } from "nuqs";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { AddToList } from "@/components/following/add-to-list";
import { pushWithProgress } from "@/components/layout/navigation-progress";
import { SaveView } from "@/components/saved/save-view";
import { Segmented } from "@/components/ui/segmented";
import { IndexNoticeView } from "@/components/ui/stale-notice";
import { ErrorState } from "@/components/ui/states";
import { UrlNotes } from "@/components/ui/url-notes";
import { useEarlyInput } from "@/components/ui/use-early-input";
import { useRemovalFocus } from "@/components/ui/use-removal-focus";
import type { LoadedDirectoryPage } from "@/lib/api-types";
import { useDataNow } from "@/lib/client/data-now";
import { exportWaitsFor } from "@/lib/directory/csv";
import { indexingText } from "@/lib/directory/progress-text";
import {
  apiQuery,
  directoryHref,
  directoryParsers,
  paramsOf,
  serializeDirectoryState,
  stateOf,
} from "@/lib/directory/search-params";
import { type CompanySetName, SET_DESCRIPTIONS, SET_LABELS } from "@/lib/directory/sets";
import type { SyncProgress } from "@/lib/directory/sync";
import {
  activeFilterCount,
  clearFilters,
  type DirectoryState,
  defaultOrder,
  effectiveSort,
  visibleColumns,
} from "@/lib/directory/view-state";
import { formatCount } from "@/lib/format";
import { profileHref } from "@/lib/hrefs";
import { ActiveFilters } from "./active-filters";
import { ColumnChooser } from "./column-chooser";
import { SelectionBar, useCompareSelection } from "./compare-selection";
import { ConstantColumnsNote } from "./constant-columns-note";
import { EmptyResults } from "./empty-results";
import { ExportMenu } from "./export-menu";
import { FacetPanel } from "./facet-panel";
import { FiltersContainer, prefetchFiltersDialog } from "./filters-container";
import { indexStatusOptions } from "./queries";
import { ResultsTable } from "./results-table";
import { SearchBox } from "./search-box";
import { StaticResults } from "./static-results";
import { useDirectory } from "./use-directory";
import { useMediaQuery } from "./use-media-query";
import { useTableLayout } from "./use-table-layout";

const NARROW_COLUMNS = ["name", "marketCap"] as const;
/** Wide enough for the filters beside the results; narrower, they open in a dialog. */
const WIDE_QUERY = "(min-width: 768px)";
/**
 * Typing replaces the history entry once typing pauses: a URL write re-renders the router's tree,
 * which would otherwise sit between a keystroke and its results. A filter pushes an entry (Back
 * undoes it).
 */
const TYPING = { history: "replace", limitUrlUpdates: debounce(300) } as const;
const FILTERING = { history: "push", limitUrlUpdates: throttle(100) } as const;

/** The query the address bar holds now (a typed one reaches it once typing pauses). */
const queryInUrl = () => new URLSearchParams(window.location.search).get("q") ?? "";

export function DirectoryView({
  now: serverNow,
  wideGuess,
  noScript,
  urlNotes,
  licensed = true,
}: {
  now: number;
  /** Whether this viewer sees ISIN and CUSIP (the server left them out otherwise). */
  licensed?: boolean;
  /** What the page did with a link it could not show as it stood (directoryUrlNotes). */
  urlNotes: readonly string[];
  /** Whether the window is likely wide (the server's guess from the request), for the first paint. */
  wideGuess: boolean;
  /**
   * The page of results shown as plain links when the browser runs no script: its number, and its
   * answer unless it is the first page the table hydrates from (sent once, not a second time).
   */
  noScript: { page: number; result?: LoadedDirectoryPage };
}) {
  // The URL is the state (nuqs): a change shows at once and reaches the URL after it; the URL
  // changing on its own (Back, Forward, a link) changes the state.
  const [params, setParams] = useQueryStates(directoryParsers);
  const now = useDataNow(serverNow);
  const state = useMemo(() => stateOf(params), [params]);
  const router = useRouter();
  // A link with values the page does not read loses them from the address (the notes say so),
  // replacing its history entry: a copied link then says what the page shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the opening URL
  useEffect(() => {
    // From the URL as it is then: a filter chosen while the scripts loaded is already in it.
    if (urlNotes.length > 0) void setParams((current) => paramsOf(stateOf(current)), { history: "replace" });
  }, []);
  // A query typed or a filter ticked while the scripts still load.
  const root = useRef<HTMLDivElement>(null);
  useEarlyInput(root);
  // Kept at each commit, before passive effects: controls changed before hydration are replayed
  // one after another (useEarlyInput), each seeing the state the one before it made.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });
  // Whatever follows a typed query (a filter's new entry, another page) follows it in the history
  // too, so Back returns to it: the query in the box, still waiting for typing to pause, is written
  // first. (The query in the box, not the next state's: "Clear the search" must not overwrite the
  // entry of the search it clears.)
  const afterTypedQuery = useCallback(
    (then: () => void) => {
      const { q } = latest.current;
      if (queryInUrl() === q.trim()) then();
      else void setParams({ q, page: null }, { history: "replace" }).then(then);
    },
    [setParams],
  );
  const navigate = useCallback(
    (next: DirectoryState) => afterTypedQuery(() => void setParams(paramsOf(next), FILTERING)),
    [afterTypedQuery, setParams],
  );
  const onSearch = useCallback((q: string) => void setParams({ q, page: null }, TYPING), [setParams]);
  // Another page is opened once every write the URL still waits for is done: a write landing
  // while the router navigates would cancel the navigation, and Back returns to the typed query.
  // Also when the address already shows the query: its debounced write may have just landed, and
  // the router still be applying it (a click right then lost its navigation).
  const leaveTo = useCallback(
    (href: string) => {
      const { q } = latest.current;
      void setParams({ q, page: null }, { history: "replace" }).then(() => pushWithProgress(router, href));
    },
    [setParams, router],
  );
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
      if (link.origin !== window.location.origin || link.pathname === window.location.pathname) return;
      event.preventDefault();
      leaveTo(`${link.pathname}${link.search}${link.hash}`);
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, [leaveTo]);

  const { head, count, rowAt, setRange, pageError, retry, exportHref } = useDirectory(state);
  const lone = count === 1 && !head.isPlaceholderData ? rowAt(0) : undefined;
  const onSubmit = useCallback(() => {
    if (lone) leaveTo(profileHref(lone.companyKey));
  }, [lone, leaveTo]);
  // Into the row Tab reaches: the active one, or the first on screen once it has scrolled away.
  const onArrowDown = useCallback(() => {
    document.querySelector<HTMLElement>('[data-results-scroller] tbody a[tabindex="0"]')?.focus();
  }, []);
  const selection = useCompareSelection();
  const data = head.data;
  const wide = useMediaQuery(WIDE_QUERY, wideGuess);
  const [drawer, setDrawer] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawer(false), []);
  // The dialog's chunk comes as soon as the window is narrow, before the Filters button is pressed
  // (asked of the window itself: at hydration `wide` is still the server's guess).
  useEffect(() => {
    if (!wide && !window.matchMedia(WIDE_QUERY).matches) prefetchFiltersDialog();
  }, [wide]);
  const layout = useTableLayout(state, wide ? visibleColumns(state) : NARROW_COLUMNS, wide);
  const sort = effectiveSort(state);
  const filters = activeFilterCount(state);
  // "Clear all filters" takes itself away: the focus goes to the first filter's heading.
  const facets = useRef<HTMLDivElement>(null);
  const clearAll = useRemovalFocus(() => facets.current?.querySelector("button"));
  const progress = data?.progress;

  const status = useQuery(indexStatusOptions());
  const allState = status.data?.all.state;

  const onSort = useCallback(
    (field: typeof sort.sort) =>
      afterTypedQuery(
        () =>
          void setParams((current) => {
            const before = stateOf(current);
            const { sort, order } = effectiveSort(before);
            const nextOrder = sort === field ? (order === "asc" ? "desc" : "asc") : defaultOrder(field);
            return paramsOf({ ...before, sort: field, order: nextOrder });
          }, FILTERING),
      ),
    [afterTypedQuery, setParams],
  );

  const resultLine = data
    ? head.isPlaceholderData
      ? "Searching…"
      : `${formatCount(data.total)} ${data.total === 1 ? "company" : "companies"}${state.set === "all" ? " in the full universe" : ""}`
    : head.error
      ? "No results (see below)."
      : "Loading…";

  return (
    <div ref={root} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Companies</h1>
          {/* Said when it changes, but not at each of a first sync's progress polls. */}
          <p
            className="text-sm text-slate-600 dark:text-slate-300"
            aria-live={progress?.state === "syncing" ? "off" : "polite"}
          >
            {/* Without data from the server, only a script could load it: no "Loading…" without one. */}
            <span data-needs-js={data ? undefined : ""}>{resultLine}</span>
            {data?.resolvedFrom && !head.isPlaceholderData && (
              <> · “{data.resolvedFrom}” resolved to its current listing</>
            )}
            {state.set === "default" && !head.isPlaceholderData && (data?.beyond ?? 0) > 0 && (
              <>
                {" · "}
                <a
                  href={directoryHref({ ...state, set: "all" })}
                  onClick={(e) => {
                    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                    e.preventDefault();
                    navigate({ ...state, set: "all" });
                  }}
                  className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300"
                >
                  {formatCount(data?.beyond ?? 0)} more in the full universe
                </a>
              </>
            )}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-300" data-needs-js="">
            {allState === "unavailable"
              ? "The full universe of about 55,000 companies is not on this server's API plan: the directory shows the API-enabled companies."
              : SET_DESCRIPTIONS[state.set]}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* Narrow, the filters open in a dialog from here: in the toolbar, not floating over the rows. */}
          {!wide && (
            <button
              ref={filtersButton}
              type="button"
              data-needs-js=""
              onClick={() => setDrawer(true)}
              aria-expanded={drawer}
              aria-haspopup="dialog"
              className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Filters{filters > 0 ? ` (${filters})` : ""}
            </button>
          )}
          <label className="flex items-center gap-2 text-sm" data-needs-js="">
            <input
              type="checkbox"
              role="switch"
              aria-checked={state.view === "compact"}
              className="accent-brand-600"
              checked={state.view === "compact"}
              onChange={(e) =>
                navigate({ ...state, view: e.target.checked ? "compact" : "full", columns: undefined })
              }
            />
            Compact
          </label>
          <div data-needs-js="">
            <Segmented<CompanySetName>
              name="set"
              label="Companies to search"
              value={state.set}
              options={(["default", "all"] as const).map((set) => ({
                value: set,
                label: SET_LABELS[set],
                count: status.data?.[set].state === "ready" ? status.data[set].rows : undefined,
                disabled: set === "all" && allState === "unavailable" && state.set !== "all",
              }))}
              onChange={(set) => navigate({ ...state, set })}
            />
          </div>
          {wide && (
            <ColumnChooser
              licensed={licensed}
              view={state.view}
              visible={visibleColumns(state)}
              onChange={(cols) => navigate({ ...state, columns: cols })}
              onReset={() => {
                layout.resetWidths();
                navigate({ ...state, columns: undefined });
              }}
            />
          )}
          <ExportMenu
            href={exportHref}
            count={data && !head.isPlaceholderData && data.total > 0 ? ` (${formatCount(data.total)})` : ""}
            waitsFor={
              progress &&
              (exportWaitsFor(progress) ??
                (data?.total === 0 && !head.isPlaceholderData
                  ? "No company matches this view: there is nothing to export."
                  : null))
            }
          />
          <SaveView kind="screen" suggestion={state.q} />
        </div>
      </div>
      <SearchBox
        value={state.q}
        onSearch={onSearch}
        onSubmit={onSubmit}
        onArrowDown={onArrowDown}
        keep={serializeDirectoryState({ ...state, q: "" })}
      />
      <IndexNoticeView notice={data?.notice} onRetry={() => void head.refetch()} />
      {progress && (progress.state === "syncing" || progress.state === "idle") && (
        <SyncBar progress={progress} />
      )}
      {progress?.state === "unavailable" && state.set === "all" && (
        <p
          role="status"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          All companies are not available on this server&apos;s API plan. Showing nothing from that set;{" "}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => navigate({ ...state, set: "default" })}
          >
            go back to the API-enabled companies
          </button>
          .
        </p>
      )}
      <UrlNotes
        notes={urlNotes}
        lead="The link asked for something the directory cannot show, so it was adjusted:"
      />
      <ActiveFilters state={state} data={data} onChange={navigate} />

      <div className="flex gap-6">
        <FiltersContainer wide={wide} drawer={drawer} onClose={closeDrawer} opener={filtersButton}>
          {!wide && (
            <div className="mb-2 flex items-center justify-end">
              <button
                type="button"
                onClick={closeDrawer}
                className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white"
              >
                Show {data ? formatCount(data.total) : ""} results
              </button>
            </div>
          )}
          {filters > 0 && (
            <button
              type="button"
              onClick={(event) => {
                clearAll.removing(event.currentTarget);
                navigate(clearFilters(state));
              }}
              className="mb-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
            >
              Clear all filters
            </button>
          )}
          <div ref={facets}>
            <FacetPanel state={state} data={data} onChange={navigate} />
          </div>
        </FiltersContainer>

        <section aria-label="Results" className="min-w-0 flex-1">
          {/* Rendered on the server only: React never renders what is inside a noscript. */}
          <noscript>
            {noScript.result ? (
              <StaticResults state={state} page={noScript.page} result={noScript.result} />
            ) : (
              data && <StaticResults state={state} page={noScript.page} result={{ data }} />
            )}
          </noscript>
          <div data-needs-js="">
            {head.error && !data ? (
              <ErrorState
                title="Could not search the directory"
                error={head.error}
                onRetry={() => head.refetch()}
              />
            ) : data && !head.isPlaceholderData && data.total === 0 && progress?.state !== "syncing" ? (
              <EmptyResults state={state} onChange={navigate} beyond={data?.beyond ?? null} />
            ) : (
              <>
                {(pageError || (head.error && data)) && (
                  <ErrorState
                    title="Some rows could not be loaded"
                    error={pageError ?? head.error}
                    onRetry={retry}
                  />
                )}
                <SelectionBar picked={selection.picked} notice={selection.notice} onClear={selection.clear}>
                  <AddToList
                    companies={selection.picked.map((p) => p.companyKey)}
                    what={`${selection.picked.length} ${selection.picked.length === 1 ? "company" : "companies"}`}
                  />
                </SelectionBar>
                {layout.canHide && (
                  <ConstantColumnsNote
                    hidden={layout.hidden}
                    shown={layout.showConstant}
                    onToggle={() => layout.setShowConstant(!layout.showConstant)}
                  />
                )}
                <ResultsTable
                  selected={selection.selected}
                  onToggleSelected={selection.toggle}
                  columns={layout.columns}
                  widths={layout.widths}
                  onResize={wide ? layout.onResize : undefined}
                  // The table's height (the window's less 16.25rem) on a wide screen and on a 823 px phone.
                  firstHeight={wide ? 700 : 564}
                  count={count}
                  rowAt={rowAt}
                  onRangeChange={setRange}
                  sort={sort}
                  onSort={onSort}
                  query={state.q}
                  now={now}
                  busy={head.isPlaceholderData || head.isFetching}
                  resetKey={apiQuery(state)}
                  label={`Companies, ${data ? formatCount(data.total) : "loading"}`}
                />
              </>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

function SyncBar({ progress }: { progress: SyncProgress }) {
  return (
    // Not a live region: its counts change every second while it runs. Its start is said once.
    <div className="flex flex-wrap items-center gap-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700 dark:bg-slate-900 dark:text-brand-100">
      <span role="status" className="sr-only">
        Indexing the company list.
      </span>
      <progress
        aria-label="Company index sync"
        value={progress.pagesTotal ? progress.pagesDone : undefined}
        max={progress.pagesTotal ?? undefined}
        className="h-2 w-40 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-brand-100 [&::-webkit-progress-value]:bg-brand-600"
      />
      <span>{indexingText(progress, "Results")}</span>
    </div>
  );
}
