"use client";

import { keepPreviousData, queryOptions, type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ArticleCard } from "@/components/news/article-card";
import { EventTypeFilter } from "@/components/news/event-type-filter";
import { ImportanceFilter } from "@/components/news/importance-filter";
import { StaleNotice } from "@/components/ui/stale-notice";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { CompanyNewsAnswer } from "@/lib/api-types";
import { getJson, toSearch } from "@/lib/client/api";
import { companyNewsHref } from "@/lib/hrefs";
import {
  EVERY_IMPORTANCE,
  type ImportanceFilter as Importance,
  importanceQuery,
  isDefaultImportance,
} from "@/lib/news/feed-state";
import { checkNewsRange, DEFAULT_NEWS_DAYS, MAX_NEWS_DAYS, rangeLimits } from "@/lib/profile/news-range";
import type { NewsArticle } from "@/lib/upstream/schemas";
import type { EventType } from "@/lib/upstream/vocabulary";

interface NewsFilter {
  companyKey: string;
  startDate?: string;
  endDate?: string;
  eventType?: readonly EventType[];
  importance?: number;
  minImportance?: number;
  maxImportance?: number;
}

function companyNewsQuery(filter: NewsFilter) {
  return queryOptions({
    queryKey: ["company-news", filter],
    queryFn: ({ signal }) => getJson<CompanyNewsAnswer>(`/api/news${toSearch({ ...filter })}`, signal),
    placeholderData: keepPreviousData,
  });
}

const PAGE = 10;

const DATE_FIELDS = [
  { end: "start", label: "From (UTC)" },
  { end: "end", label: "To (UTC)" },
] as const;

const FIELD =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900";

/** The company's news with its own filters, loading and error states: it never fails the page. */
export function NewsSection({
  companyKey,
  companyName,
  hasNews,
  today,
}: {
  companyKey: string;
  companyName: string;
  hasNews: boolean;
  /** Today's UTC date in the data's clock. */
  today: string;
}) {
  const [dates, setDates] = useState({ start: "", end: "" });
  const [range, setRange] = useState<{ startDate: string; endDate: string } | null>(null);
  const [eventTypes, setEventTypes] = useState<EventType[]>([]);
  const [importance, setImportance] = useState<Importance>(EVERY_IMPORTANCE);
  const [limit, setLimit] = useState(PAGE);
  const id = useId();

  const check = checkNewsRange(dates.start, dates.end, today);
  const limits = rangeLimits(dates.start, dates.end, today);
  const filter: NewsFilter = {
    companyKey,
    ...(range ?? {}),
    eventType: eventTypes,
    ...importanceQuery(importance, EVERY_IMPORTANCE),
  };
  const query = useQuery({ ...companyNewsQuery(filter), enabled: hasNews });

  if (!hasNews)
    return (
      <EmptyState title="No news for this company">
        The data service does not cover news for <UpstreamText>{companyName}</UpstreamText> (the news dataset
        is not available), so there is nothing to load.
      </EmptyState>
    );

  const onDates = (next: { start: string; end: string }) => {
    setDates(next);
    const checked = checkNewsRange(next.start, next.end, today);
    if (checked.ok) {
      setRange(checked.range);
      setLimit(PAGE);
    }
  };
  const filtered = Boolean(
    range || eventTypes.length > 0 || !isDefaultImportance(importance, EVERY_IMPORTANCE),
  );
  const articles = query.data?.data ?? [];
  const rangeText = range
    ? `${range.startDate} to ${range.endDate} (UTC)`
    : `the latest ${DEFAULT_NEWS_DAYS} UTC dates`;

  return (
    <div className="space-y-4">
      <div data-without-js="">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          This company&apos;s news loads with JavaScript. Without it, read it in the{" "}
          <a
            href={companyNewsHref(companyKey)}
            className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300"
          >
            top-news feed for this company
          </a>
          .
        </p>
      </div>
      <form
        data-needs-js=""
        aria-label="Filter news"
        onSubmit={(e) => e.preventDefault()}
        className="grid gap-3 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-2 lg:grid-cols-[repeat(2,minmax(0,12rem))_auto] dark:bg-slate-900"
      >
        {DATE_FIELDS.map(({ end, label }) => (
          <label key={end} className="block">
            <span className="font-medium">{label}</span>
            <input
              type="date"
              value={dates[end]}
              min={limits[end].min}
              max={limits[end].max}
              onChange={(e) => onDates({ ...dates, [end]: e.target.value })}
              aria-invalid={!check.ok && check.field === `${end}Date`}
              aria-describedby={`${id}-range`}
              className={FIELD}
            />
          </label>
        ))}
        <div className="flex items-end">
          <button
            type="button"
            disabled={!filtered && !dates.start && !dates.end}
            onClick={() => {
              onDates({ start: "", end: "" });
              setEventTypes([]);
              setImportance(EVERY_IMPORTANCE);
            }}
            className="rounded-md px-3 py-1.5 font-medium ring-1 ring-slate-300 hover:bg-white disabled:opacity-50 dark:ring-slate-600 dark:hover:bg-slate-800"
          >
            Reset
          </button>
        </div>
        <p
          id={`${id}-range`}
          className={`sm:col-span-2 lg:col-span-3 ${check.ok ? "text-slate-600 dark:text-slate-300" : "font-medium text-rose-700 dark:text-rose-300"}`}
          aria-live="polite"
        >
          {check.ok
            ? `Without dates: the latest ${DEFAULT_NEWS_DAYS} UTC dates. A range covers at most ${MAX_NEWS_DAYS} days (the news service's limit).`
            : check.message}
        </p>
        {/* The same controls as /news's: an importance level or range, several event types. */}
        <div className="grid gap-4 sm:col-span-2 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)] lg:col-span-3">
          <ImportanceFilter value={importance} onChange={setImportance} fallback={EVERY_IMPORTANCE} />
          <EventTypeFilter value={eventTypes} onChange={setEventTypes} />
        </div>
      </form>

      <NewsResults
        query={query}
        articles={articles}
        rangeText={rangeText}
        filtered={filtered}
        limit={limit}
        onMore={() => setLimit((n) => n + PAGE)}
      />
    </div>
  );
}

function NewsResults({
  query,
  articles,
  rangeText,
  filtered,
  limit,
  onMore,
}: {
  query: UseQueryResult<CompanyNewsAnswer>;
  articles: NewsArticle[];
  rangeText: string;
  filtered: boolean;
  limit: number;
  onMore: () => void;
}) {
  if (query.isPending)
    return (
      <div aria-busy="true" data-needs-js="" className="space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading news…</p>
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-20 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
        ))}
      </div>
    );
  if (query.isError && !query.data)
    return (
      <ErrorState title="News could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
    );
  if (articles.length === 0)
    return (
      <EmptyState title={`No news in ${rangeText}`}>
        {filtered
          ? "Nothing matches these filters. Widen the dates, pick another event type or importance, or reset."
          : "The company has no stored articles for these dates. Pick an earlier range (up to 31 days)."}
      </EmptyState>
    );
  return (
    <div className="space-y-3" aria-busy={query.isFetching}>
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {query.isFetching && query.isPlaceholderData
          ? "Updating…"
          : `${articles.length} article${articles.length === 1 ? "" : "s"} from ${rangeText}, newest first.`}
      </p>
      {query.data?.warning && <StaleNotice>{query.data.warning}</StaleNotice>}
      {query.isError && (
        <ErrorState
          title="The latest filters could not be applied"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      <ol
        className={`divide-y divide-slate-200 dark:divide-slate-800 ${query.isPlaceholderData ? "opacity-60" : ""}`}
      >
        {articles.slice(0, limit).map((a) => (
          <li key={`${a.collectedAt}-${a.sourceUrl}-${a.title}`} className="py-3 first:pt-0">
            <ArticleCard variant="row" article={a} />
          </li>
        ))}
      </ol>
      {articles.length > limit && (
        <button
          type="button"
          onClick={onMore}
          className="w-full rounded-md py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 dark:ring-slate-600 dark:hover:bg-slate-900"
        >
          {articles.length - limit <= PAGE
            ? `Show the last ${articles.length - limit === 1 ? "story" : `${articles.length - limit} stories`}`
            : `Show ${PAGE} more of ${articles.length - limit} remaining`}
        </button>
      )}
    </div>
  );
}
