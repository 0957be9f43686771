"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { throttle, useQueryStates } from "nuqs";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { RetryWhenDue } from "@/components/ui/retry-when-due";
import { Segmented } from "@/components/ui/segmented";
import { StaleNotice } from "@/components/ui/stale-notice";
import { describeError, ErrorState } from "@/components/ui/states";
import { UpstreamText } from "@/components/ui/upstream-text";
import { UrlNotes } from "@/components/ui/url-notes";
import { useEarlyInput } from "@/components/ui/use-early-input";
import { useRemovalFocus } from "@/components/ui/use-removal-focus";
import { ApiError } from "@/lib/client/api";
import { formatCount } from "@/lib/format";
import {
  capModeOf,
  DENSITY_COOKIE,
  describeCapFilter,
  describeEventTypes,
  describeImportance,
  describeRange,
  describeRelative,
  effectiveRange,
  FEED_ORDER_LABELS,
  FEED_ORDERS,
  FEED_PAGE_SIZE,
  type FeedDensity,
  type FeedGroup,
  type FeedState,
  isDefaultImportance,
  MAX_LINKED_PAGES,
  normalizeFeedState,
  resolveRelative,
  toApiParams,
  withoutFilters,
} from "@/lib/news/feed-state";
import type { PickedCompany } from "@/lib/news/picked-company";
import {
  changedParams,
  feedHref,
  feedPagesHref,
  feedPagesParser,
  feedParamsOf,
  feedParsers,
  feedStateOf,
} from "@/lib/news/search-params";
import { ActiveFilters, FeedSkeleton } from "./active-filters";
import { CompanyPicker } from "./company-picker";
import { CompanyTallyList } from "./company-tally";
import { DateFilter } from "./date-filter";
import { EmptyFeed } from "./empty-feed";
import { EventTypeFilter } from "./event-type-filter";
import { FeedList, stories } from "./feed-list";
import { ImportanceFilter } from "./importance-filter";
import { MarketCapFilter } from "./market-cap-filter";
import { feedQueryOptions } from "./queries";
import { useScrollRestore } from "./use-scroll-restore";

const GROUPS: { value: FeedGroup; label: string }[] = [
  { value: "ranked", label: "List" },
  { value: "day", label: "By day" },
  { value: "company", label: "By company" },
];

const ORDERS = FEED_ORDERS.map((value) => ({ value, label: FEED_ORDER_LABELS[value] }));

const FILTERING = { history: "push", limitUrlUpdates: throttle(100) } as const;

const DENSITIES: { value: FeedDensity; label: string }[] = [
  { value: "cards", label: "Cards" },
  { value: "headlines", label: "Headlines" },
];

/** Remembers the density for a year; the server reads it to render that density first. */
function rememberDensity(density: FeedDensity) {
  // biome-ignore lint/suspicious/noDocumentCookie: a one-word preference; the Cookie Store API is not in every browser
  document.cookie = `${DENSITY_COOKIE}=${density}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The top-news feed: every filter the API offers, held in the URL (defaults omitted), the first
 * page rendered on the server, further pages as the reader scrolls.
 */
export function NewsFeed({
  today,
  initialCompany,
  preferredDensity,
  openingNotes,
}: {
  today: string;
  initialCompany: PickedCompany | null;
  /** The density the person last chose (from the cookie), used when the URL names none. */
  preferredDensity: FeedDensity;
  /** What was corrected in the URL the page was opened with (the URL is then rewritten clean). */
  openingNotes: string[];
}) {
  // The URL is the state (nuqs): a filter pushes a history entry, written after it shows.
  const [params, setParams] = useQueryStates({ ...feedParsers, ...feedPagesParser }, FILTERING);
  const [preferred, setPreferred] = useState(preferredDensity);
  const state = useMemo(() => feedStateOf(params, today, preferred).state, [params, today, preferred]);
  const [companies, setCompanies] = useState<Record<string, PickedCompany>>(() =>
    initialCompany ? { [initialCompany.companyKey]: initialCompany } : {},
  );
  const [filtersOpen, setFiltersOpen] = useState(false);
  // A filter chosen while the scripts still load.
  const root = useRef<HTMLDivElement>(null);
  // The error's "Remove the company filter" takes itself away: the focus goes to the filters' heading.
  const { removing } = useRemovalFocus(() => document.getElementById("feed-filters-heading"));
  useEarlyInput(root);

  // Each change writes only the parameters it changes: two made before the page hydrated (each
  // from the opening state, see useEarlyInput) must not undo each other.
  const update = useCallback(
    (patch: Partial<FeedState>) =>
      void setParams((current) => {
        const density = patch.density ?? preferred;
        const before = feedStateOf(current, today, density).state;
        const next = normalizeFeedState({ ...before, ...patch }, today);
        const changed = changedParams(current, feedParamsOf(next, density));
        // Another query starts again at one page: a reload must not open ten of it. So does a
        // switch to or from the by-company view, whose pages are of companies.
        const sameQuery =
          JSON.stringify(toApiParams(before)) === JSON.stringify(toApiParams(next)) &&
          (before.group === "company") === (next.group === "company");
        return sameQuery ? changed : { ...changed, pages: null };
      }),
    [setParams, today, preferred],
  );

  // The URL the page was opened with is rewritten in its canonical form (what was corrected, the
  // remembered density), replacing its history entry; again only the parameters that differ.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the opening URL
  useEffect(() => {
    const canonical = changedParams(
      params,
      feedParamsOf(feedStateOf(params, today, preferred).state, preferred),
    );
    if (Object.keys(canonical).length > 0) void setParams(canonical, { history: "replace" });
  }, []);

  const apiParams = useMemo(() => toApiParams(state), [state]);
  const feed = useInfiniteQuery({ ...feedQueryOptions(apiParams), placeholderData: keepPreviousData });
  const pages = feed.data?.pages ?? [];
  const articles = useMemo(() => pages.flatMap((p) => p.data.data), [pages]);
  const noLogo = useMemo(() => new Set(pages.flatMap((p) => p.noLogo)), [pages]);
  const first = pages[0];
  const total = first?.data.pagination.totalCount ?? 0;
  const totalKnown = first?.data.pagination.totalKnown ?? true;
  const updating = feed.isPlaceholderData;

  useScrollRestore(feed.isSuccess && !updating);

  const company = state.company
    ? (companies[state.company] ?? {
        companyKey: state.company,
        name: articles.find((a) => a.companyKey === state.company)?.displayNameEnglish || state.company,
        hasLogo: !noLogo.has(state.company),
      })
    : null;

  const pickCompany = (picked: PickedCompany | null) => {
    if (picked) setCompanies((known) => ({ ...known, [picked.companyKey]: picked }));
    update({ company: picked?.companyKey ?? null });
  };

  // Infinite scroll: load the next page as the end of the list comes near.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  // By company, the server counts the whole period: the feed's pages are not what is shown.
  const byCompany = state.group === "company";
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || isFetchNextPageError || updating || byCompany)
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: "800px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, updating, fetchNextPage, byCompany]);

  const range = effectiveRange(state, today);
  const activeCount =
    (state.range ? 1 : 0) +
    (state.eventTypes.length > 0 ? 1 : 0) +
    (isDefaultImportance(state.importance) ? 0 : 1) +
    (capModeOf(state) !== "default" ? 1 : 0) +
    (state.company ? 1 : 0);

  return (
    <div
      ref={root}
      data-print-links
      className="lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-8 print:block"
    >
      <aside
        aria-labelledby="feed-filters-heading"
        className="mb-6 print:hidden lg:sticky lg:top-[calc(var(--header-height)+1.5rem)] lg:mb-0 lg:max-h-[calc(100dvh-var(--header-height)-2.5rem)] lg:self-start lg:overflow-y-auto lg:pr-2"
      >
        {/* Some 40 controls stand between the page's start and its first story. */}
        <a
          href="#feed-summary"
          className="sr-only focus:not-sr-only focus:mb-2 focus:inline-block focus:rounded focus:px-2 focus:py-1 focus:text-sm focus:font-medium focus:text-brand-600 focus:ring-2 focus:ring-inset focus:ring-brand-600 dark:focus:text-sky-300"
        >
          Skip the filters to the stories
        </a>
        <div className="flex items-center justify-between gap-2">
          {/* Focusable from a script: where the focus goes when the last active filter is removed. */}
          <h2 id="feed-filters-heading" tabIndex={-1} className="text-sm font-semibold">
            Filters{activeCount > 0 && <span className="font-normal"> · {activeCount} active</span>}
          </h2>
          <button
            type="button"
            data-needs-js=""
            className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 lg:hidden dark:ring-slate-600"
            aria-expanded={filtersOpen}
            aria-controls="feed-filters"
            onClick={() => setFiltersOpen((o) => !o)}
          >
            {filtersOpen ? "Hide filters" : "Show filters"}
          </button>
        </div>
        <div data-without-js="">
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            These filters need JavaScript. Without it, some changes of this view are links:
          </p>
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
            {(
              [
                ["Today", { relative: "today", range: resolveRelative("today", today) }],
                ["Last 3 days", { relative: "3d", range: resolveRelative("3d", today) }],
                ["Last 7 days", { range: null, relative: null }],
                ["Major events only", { importance: { kind: "exact", level: 1 } }],
                ["Every importance", { importance: { kind: "range", min: 1, max: 5 } }],
                // The other layouts of these stories: the switches beside them need a script.
                ...DENSITIES.filter((d) => d.value !== state.density).map((d) => [
                  d.label,
                  { density: d.value },
                ]),
                ...ORDERS.filter((o) => o.value !== state.order && !byCompany).map((o) => [
                  o.label,
                  { order: o.value },
                ]),
                ...GROUPS.filter((g) => g.value !== state.group).map((g) => [g.label, { group: g.value }]),
              ] as [string, Partial<FeedState>][]
            ).map(([text, view]) => (
              <li key={text}>
                <a
                  href={feedHref({ ...state, ...view }, today)}
                  className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300"
                >
                  {text}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div
          id="feed-filters"
          data-needs-js=""
          className={`${filtersOpen ? "" : "hidden"} mt-3 space-y-4 lg:block`}
        >
          <DateFilter range={state.range} relative={state.relative} today={today} onChange={update} />
          <ImportanceFilter value={state.importance} onChange={(importance) => update({ importance })} />
          <EventTypeFilter value={state.eventTypes} onChange={(eventTypes) => update({ eventTypes })} />
          <CompanyPicker value={company} onChange={pickCompany} />
          <MarketCapFilter value={state} companyChosen={Boolean(state.company)} onChange={update} />
        </div>
      </aside>

      <section aria-labelledby="feed-stories-heading" className="min-w-0">
        <h2 id="feed-stories-heading" className="sr-only">
          Stories
        </h2>
        {/* The summary takes the room left of the view switches, which stay put whatever its length
            (they used to jump below a long summary and back beside a short one). */}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <p
            id="feed-summary"
            // The skip link's target: focused, it reads what the stories below are.
            tabIndex={-1}
            className="min-w-[min(100%,16rem)] flex-1 text-sm text-slate-700 dark:text-slate-300"
            aria-live="polite"
          >
            {/* While new filters load, the count is the old filters': it must not stand beside the new ones. */}
            {feed.data && !updating ? (
              <strong className="text-slate-900 dark:text-white">
                {totalKnown ? stories(total) : `At least ${stories(total)}`}
              </strong>
            ) : (
              "Stories"
            )}
            {" · "}
            {describeRange(range)} (UTC)
            {state.relative
              ? `, ${describeRelative(state.relative).toLowerCase()}`
              : state.range
                ? ""
                : ", the latest 7 days"}{" "}
            · {describeImportance(state.importance)} ·{" "}
            {company ? (
              <>
                <UpstreamText>{company.name}</UpstreamText> only
              </>
            ) : (
              describeCapFilter(state)
            )}{" "}
            · {describeEventTypes(state.eventTypes)}
            {updating && <span className="ml-2 text-brand-600 dark:text-sky-300">Updating…</span>}
          </p>
          <div data-needs-js="" className="flex flex-wrap items-center gap-3 print:hidden xl:shrink-0">
            {!byCompany && (
              <Segmented
                name="feed-order"
                label="Order"
                value={state.order}
                options={ORDERS}
                onChange={(order) => update({ order })}
              />
            )}
            <Segmented
              name="feed-density"
              label="Density"
              value={state.density}
              options={DENSITIES}
              onChange={(density) => {
                setPreferred(density);
                rememberDensity(density);
                update({ density });
              }}
            />
            <Segmented
              name="feed-group"
              label="Grouping"
              value={state.group}
              options={GROUPS}
              onChange={(group) => update({ group })}
            />
          </div>
        </div>

        <ActiveFilters state={state} today={today} companyName={company?.name} onChange={update} />

        {openingNotes.length > 0 && (
          <div className="mt-3">
            <UrlNotes
              notes={openingNotes}
              lead="The link asked for something the feed cannot show, so it was adjusted:"
            />
          </div>
        )}

        {first?.warning && <StaleNotice className="mt-3">{first.warning}</StaleNotice>}
        {first?.orderNote && !updating && !byCompany && (
          <StaleNotice className="mt-3">{first.orderNote}</StaleNotice>
        )}

        <div className="mt-4">
          {feed.isPending ? (
            <FeedSkeleton />
          ) : feed.isError && !feed.isFetchNextPageError ? (
            <div className="space-y-3">
              <ErrorState
                title="Could not load the news"
                error={feed.error}
                onRetry={() => void feed.refetch()}
              />
              {state.company && (
                <button
                  type="button"
                  className="text-sm font-medium text-brand-600 hover:underline dark:text-sky-300"
                  onClick={(event) => {
                    removing(event.currentTarget);
                    update({ company: null });
                  }}
                >
                  Remove the company filter
                </button>
              )}
            </div>
          ) : total === 0 ? (
            <EmptyFeed
              state={state}
              onApply={(next) => update(next)}
              onReset={() => update(withoutFilters(state))}
            />
          ) : byCompany ? (
            <CompanyTallyList
              apiParams={apiParams}
              state={state}
              today={today}
              density={state.density}
              hasLogo={(key) => !noLogo.has(key)}
            />
          ) : (
            <div aria-busy={updating} className={updating ? "opacity-60 transition-opacity" : ""}>
              {state.group === "day" && hasNextPage && (
                <p className="mb-3 text-xs text-slate-600 dark:text-slate-400">
                  Grouped over the {stories(articles.length)} loaded so far; more load as you scroll.
                </p>
              )}
              <FeedList
                articles={articles}
                group={state.group === "day" ? "day" : "ranked"}
                density={state.density}
                hasLogo={(key) => !noLogo.has(key)}
                complete={!hasNextPage}
              />
            </div>
          )}
        </div>

        <div ref={sentinel} />
        {feed.data && total > 0 && !byCompany && (
          <div className="flex flex-col items-center gap-2 py-6 text-sm text-slate-600 print:hidden dark:text-slate-400">
            <p aria-live="polite">
              {hasNextPage
                ? `Showing ${formatCount(articles.length)} of ${stories(total, totalKnown)}.`
                : total === 1
                  ? "That is the only story."
                  : `All ${stories(total)} shown.`}
            </p>
            {hasNextPage && pages.length < MAX_LINKED_PAGES && (
              // Without JavaScript: the same page with one more page of stories, at the first new one.
              <a
                data-without-js=""
                href={`${feedPagesHref(state, today, pages.length + 1)}${state.group === "ranked" && state.density === "cards" ? `#story-${articles.length + 1}` : ""}`}
                className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300"
              >
                Show {FEED_PAGE_SIZE} more stories
              </a>
            )}
            {hasNextPage && pages.length >= MAX_LINKED_PAGES && (
              <p data-without-js="">For older stories, narrow the dates or the filters.</p>
            )}
            {hasNextPage && (
              <button
                type="button"
                data-needs-js=""
                onClick={() => void fetchNextPage()}
                disabled={isFetchingNextPage || updating}
                className="rounded-md bg-white px-4 py-2 font-medium text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60 dark:bg-slate-900 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800"
              >
                {isFetchingNextPage ? "Loading more…" : "Load more stories"}
              </button>
            )}
            {isFetchNextPageError && (
              <p role="alert" className="text-rose-700 dark:text-rose-300">
                Could not load more stories: {describeError(feed.error)}
                {feed.error instanceof ApiError && feed.error.retryAfterMs !== undefined ? (
                  <RetryWhenDue
                    error={feed.error}
                    afterMs={feed.error.retryAfterMs}
                    onRetry={() => void fetchNextPage()}
                  />
                ) : (
                  " Use the button to try again."
                )}
              </p>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
