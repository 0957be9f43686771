"use client";

import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useDeferredValue, useMemo, useState } from "react";
import { ArticleCard } from "@/components/news/article-card";
import { DataLink } from "@/components/ui/data-link";
import { Segmented } from "@/components/ui/segmented";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { CompareNewsAnswer } from "@/lib/api-types";
import { getJson, toSearch } from "@/lib/client/api";
import type { CompareCompany } from "@/lib/compare/model";
import { companiesParam } from "@/lib/compare/set";
import { companyNewsHref } from "@/lib/hrefs";

const FIRST = 12;
type Level = "all" | "major";

/** Whose news: a comparison's (up to 12) or the followed companies' (up to 50). */
export type NewsSet = "compare" | "following";

/** The last 7 days' news of a set of companies, as `/api/compare/news` or `/api/following/news` answers it. */
function setNewsQuery(keys: readonly string[], set: NewsSet) {
  return queryOptions({
    queryKey: [set, "news", keys] as const,
    queryFn: ({ signal }) =>
      getJson<CompareNewsAnswer>(`/api/${set}/news${toSearch({ companies: companiesParam(keys) })}`, signal),
    staleTime: 5 * 60_000,
    // A company the data service could not send just now (a 429, an outage) is asked for again
    // on its own, as a page refused for the same reason reloads itself.
    refetchInterval: (query) =>
      query.state.data?.companies.some((c) => c.retrySoon) ? RETRY_UNAVAILABLE_MS : false,
  });
}

const RETRY_UNAVAILABLE_MS = 30_000;

/** The set's news of the last 7 days: one request, shared by the news list and the volume chart. */
export function useCompareNews(keys: readonly string[], set: NewsSet = "compare") {
  const query = useQuery({
    ...setNewsQuery(keys, set),
    // An unfollowed company leaves the others' stories on screen while the new list loads (the
    // comparison's charts count per company, so its set waits for its own answer).
    placeholderData: set === "following" ? keepPreviousData : undefined,
  });
  // React Query hands over an answer as a synchronous render; deferred, the stories and the
  // volume chart render in React's interruptible lane instead (at 4x CPU a 120 ms task otherwise).
  // The deferred answer carries its set: a comparison never draws another set's answer while it
  // catches up (the followed companies' list keeps the previous one on purpose, as above).
  const setKey = keys.join(",");
  const answer = useMemo(() => ({ setKey, data: query.data }), [setKey, query.data]);
  const deferred = useDeferredValue(answer);
  const data = deferred.setKey === setKey || set === "following" ? deferred.data : undefined;
  return {
    data,
    isPending: data === undefined && !query.isError,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

type NewsCompany = Pick<CompareCompany, "companyKey" | "ticker" | "hasLogo">;

/**
 * The set's top stories of the last 7 days, most material first (one top-news call per company,
 * merged on the server), with a per-company count that also filters the list.
 */
export function CompareNews({
  companies,
  set = "compare",
}: {
  companies: readonly NewsCompany[];
  set?: NewsSet;
}) {
  const keys = companies.map((c) => c.companyKey);
  const [only, setOnly] = useState<string | null>(null);
  const [level, setLevel] = useState<Level>("all");
  const [shown, setShown] = useState(FIRST);
  const news = useCompareNews(keys, set);
  const byKey = new Map(companies.map((c) => [c.companyKey, c]));

  const { data } = news;
  if (news.isError)
    return <ErrorState title="Could not load the news" error={news.error} onRetry={() => news.refetch()} />;
  if (!data)
    return (
      <div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <span data-needs-js="">Loading the set&apos;s news…</span>
          <span data-without-js="">
            The set&apos;s news loads with JavaScript. Without it, read the first company&apos;s in the{" "}
            <DataLink
              href={companyNewsHref(keys[0] ?? "")}
              className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300"
            >
              top-news feed
            </DataLink>
            , and the others&apos; from their profiles.
          </span>
        </p>
        {/* The stories' place, kept while they load: what follows (the followed list's "Move your
            list") no longer jumps down when they come (a layout shift of 0.2 on /following). */}
        <ul data-needs-js="" aria-hidden="true" className="mt-3 space-y-3">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="h-28 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800/60" />
          ))}
        </ul>
      </div>
    );

  // A company taken out of the set takes its filter with it.
  const onlyKey = only && keys.includes(only) ? only : null;
  const failed = data.companies.filter((c) => c.total === null && byKey.has(c.companyKey));
  // One reason when they share it (a plan without news, say); otherwise the retry says enough.
  const reasons = new Set(failed.map((c) => c.error));
  // "No stories" only where news was loaded: the companies in view that failed are not empty.
  const inView = onlyKey ? [onlyKey] : keys;
  const noneLoaded = inView.every((k) => failed.some((c) => c.companyKey === k));
  const articles = data.articles.filter(
    (a) =>
      byKey.has(a.companyKey ?? "") &&
      (!onlyKey || a.companyKey === onlyKey) &&
      (level === "all" || a.importance <= 2),
  );
  const hidden = articles.length - shown;
  return (
    <div className="space-y-4">
      {data.warning && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
          {data.warning}
        </p>
      )}
      {failed.length > 0 && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
          The news of {failed.length === 1 ? "one company" : `${failed.length} companies`} (
          <UpstreamText className="font-mono">
            {failed.map((c) => byKey.get(c.companyKey)?.ticker ?? c.companyKey).join(", ")}
          </UpstreamText>
          ) could not be loaded{reasons.size === 1 ? `: ${[...reasons][0]}` : "."}
          {failed.some((c) => c.retrySoon) && " It is asked for again every 30 seconds."}{" "}
          <button
            type="button"
            onClick={() => news.refetch()}
            className="font-medium underline underline-offset-2"
          >
            Retry
          </button>
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Segmented<Level>
          name={`${set}-news-level`}
          label="Importance"
          value={level}
          onChange={(v) => {
            setLevel(v);
            setShown(FIRST);
          }}
          options={[
            { value: "all", label: "Every level" },
            { value: "major", label: "Major and high only (1–2)" },
          ]}
        />
        <ul
          className="flex flex-wrap gap-1.5"
          aria-label="Stories per company (press to show one company only)"
        >
          {data.companies
            .filter((c) => byKey.has(c.companyKey))
            .map((c) => {
              const company = byKey.get(c.companyKey);
              const pressed = onlyKey === c.companyKey;
              return (
                <li key={c.companyKey}>
                  <button
                    type="button"
                    aria-pressed={pressed}
                    title={c.error}
                    onClick={() => {
                      setOnly(pressed ? null : c.companyKey);
                      setShown(FIRST);
                    }}
                    className="rounded-full px-2.5 py-0.5 text-xs ring-1 ring-inset ring-slate-300 hover:bg-slate-100 aria-pressed:bg-brand-600 aria-pressed:text-white aria-pressed:ring-brand-600 dark:ring-slate-600 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-500"
                  >
                    <UpstreamText className="font-mono">{company?.ticker ?? c.companyKey}</UpstreamText>{" "}
                    <span className="tabular-nums">
                      {c.total === null ? "unavailable" : c.totalKnown === false ? `${c.total}+` : c.total}
                    </span>
                  </button>
                </li>
              );
            })}
        </ul>
      </div>
      {articles.length === 0 && noneLoaded ? null : articles.length === 0 ? (
        <EmptyState title="No stories in the last 7 days">
          {onlyKey || level !== "all"
            ? "Nothing matches these filters; widen them above."
            : failed.length > 0
              ? "None of the others has news in the last 7 UTC days."
              : "None of these companies has news in the last 7 UTC days."}{" "}
          <Link href="/news" className="font-medium text-brand-600 hover:underline dark:text-sky-300">
            See the whole market's top news
          </Link>
          .
        </EmptyState>
      ) : (
        <>
          <ol className="space-y-3" aria-label="Stories, most material first">
            {articles.slice(0, shown).map((a) => (
              <li key={`${a.companyKey}:${a.collectedAt}:${a.title}`}>
                <ArticleCard article={a} hasLogo={byKey.get(a.companyKey ?? "")?.hasLogo ?? false} />
              </li>
            ))}
          </ol>
          {hidden > 0 && (
            <button
              type="button"
              onClick={() => setShown((n) => n + FIRST)}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-brand-600 hover:bg-brand-50 dark:text-sky-300 dark:ring-sky-400 dark:hover:bg-slate-800"
            >
              {hidden <= FIRST
                ? `Show the other ${hidden === 1 ? "story" : `${hidden} stories`}`
                : `Show ${FIRST} more (${hidden} not shown yet)`}
            </button>
          )}
        </>
      )}
    </div>
  );
}
