"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ErrorState } from "@/components/ui/states";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { CompanyTallyAnswer } from "@/lib/api-types";
import { formatCount, plainText } from "@/lib/format";
import {
  type ApiParams,
  type FeedDensity,
  type FeedState,
  MAX_LINKED_PAGES,
  TALLY_PAGE_SIZE,
} from "@/lib/news/feed-state";
import { feedHref, feedPagesHref } from "@/lib/news/search-params";
import type { CompanyTally } from "@/lib/server/services/news-order";
import { FeedSkeleton } from "./active-filters";
import { ArticleCard, ArticleCompany } from "./article-card";
import { stories } from "./feed-list";
import { articleKey } from "./grouping";
import { HeadlineList } from "./headline-list";
import { tallyQueryOptions } from "./queries";

/** "3 stories · 2 at importance 1". */
function countLine(company: CompanyTally): string {
  const top = Object.keys(company.levels).sort()[0];
  const atTop = top ? (company.levels[top] ?? 0) : 0;
  return atTop === company.count
    ? `${stories(company.count)} · importance ${top}`
    : `${stories(company.count)} · ${formatCount(atTop)} at importance ${top}`;
}

/** What the counts cover: final, or the stories read so far while the server reads on. */
function progressLine(first: CompanyTallyAnswer): string {
  const companies = `${formatCount(first.companyCount)} ${first.companyCount === 1 ? "company" : "companies"}`;
  if (first.complete) return `${companies}, counted over all ${stories(first.read)} of the period.`;
  const of = first.total !== null ? ` of ${formatCount(first.total)}` : "";
  if (first.stopped)
    return `${companies} so far, counted over ${formatCount(first.read)}${of} stories: the data service's budget stopped the reading for now. The counts are partial; they complete on a later visit.`;
  return `${companies} so far, counted over ${formatCount(first.read)}${of} stories; reading the rest…`;
}

/**
 * The period's stories grouped by company on the server, with each company's real count: the
 * companies in rank order (their most important story, then size), each with its leading stories
 * and a link to all of them.
 */
export function CompanyTallyList({
  apiParams,
  state,
  today,
  density,
  hasLogo,
}: {
  apiParams: ApiParams;
  state: FeedState;
  today: string;
  density: FeedDensity;
  hasLogo: (companyKey: string) => boolean;
}) {
  const tally = useInfiniteQuery({ ...tallyQueryOptions(apiParams), placeholderData: keepPreviousData });
  const pages = tally.data?.pages ?? [];
  const companies = useMemo(() => pages.flatMap((p) => p.companies), [pages]);
  const noLogo = useMemo(() => new Set(pages.flatMap((p) => p.noLogo)), [pages]);
  const first = pages[0];
  if (tally.isPending) return <FeedSkeleton />;
  if (tally.isError && !first)
    return (
      <ErrorState
        title="Could not count the stories by company"
        error={tally.error}
        onRetry={() => void tally.refetch()}
      />
    );
  if (!first) return null;
  const logo = (key: string) => hasLogo(key) && !noLogo.has(key);
  const headlines = density === "headlines";
  return (
    <div aria-busy={tally.isPlaceholderData}>
      <p className="mb-3 text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
        {progressLine(first)}
      </p>
      <ol className={headlines ? "space-y-3" : "space-y-4"}>
        {companies.map((company) => {
          const [lead, ...rest] = company.top;
          if (!lead) return null;
          const all = feedHref({ ...state, company: company.companyKey, group: "ranked" }, today);
          const more = company.count - company.top.length;
          return (
            <li
              key={company.companyKey}
              aria-label={`${plainText(company.name)}: ${stories(company.count)}`}
              className={headlines ? "" : "rounded-xl border border-slate-200 p-3 dark:border-slate-800"}
            >
              <h3
                className={`${headlines ? "mb-1" : "mb-3"} flex flex-wrap items-center justify-between gap-2`}
              >
                <ArticleCompany article={lead} hasLogo={logo(company.companyKey)} />
                <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
                  {countLine(company)}
                </span>
              </h3>
              {headlines ? (
                <HeadlineList articles={company.top} headingLevel={4} showCompany={false} />
              ) : (
                <>
                  <ArticleCard
                    article={lead}
                    hasLogo={logo(company.companyKey)}
                    headingLevel={4}
                    showCompany={false}
                  />
                  {rest.length > 0 && (
                    <details className="mt-2">
                      <summary className="cursor-pointer select-none rounded px-1 py-1 text-sm font-medium text-brand-600 hover:underline dark:text-sky-300">
                        {rest.length === 1 ? "The next story" : `The next ${rest.length} stories`} from{" "}
                        <UpstreamText>{company.name}</UpstreamText>
                      </summary>
                      <ol className="mt-2 space-y-2">
                        {rest.map((article, i) => (
                          <li key={articleKey(article, i)}>
                            <ArticleCard
                              article={article}
                              hasLogo={logo(company.companyKey)}
                              headingLevel={4}
                              showCompany={false}
                            />
                          </li>
                        ))}
                      </ol>
                    </details>
                  )}
                </>
              )}
              {more > 0 && (
                <a
                  href={all}
                  className="mt-1 inline-block px-1 text-sm font-medium text-brand-700 hover:underline dark:text-sky-300"
                >
                  All {stories(company.count)} from <UpstreamText>{company.name}</UpstreamText>
                </a>
              )}
            </li>
          );
        })}
      </ol>
      {tally.hasNextPage && (
        <div className="flex flex-col items-center gap-2 py-6 text-sm">
          {pages.length < MAX_LINKED_PAGES ? (
            // Without JavaScript: the same view with one more page of companies.
            <a
              data-without-js=""
              href={feedPagesHref(state, today, pages.length + 1)}
              className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300"
            >
              Show {TALLY_PAGE_SIZE} more companies
            </a>
          ) : (
            <p data-without-js="">For the other companies, narrow the dates or the filters.</p>
          )}
          <button
            type="button"
            data-needs-js=""
            onClick={() => void tally.fetchNextPage()}
            disabled={tally.isFetchingNextPage}
            className="rounded-md bg-white px-4 py-2 text-sm font-medium text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60 dark:bg-slate-900 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800"
          >
            {tally.isFetchingNextPage ? "Loading more…" : "More companies"}
          </button>
        </div>
      )}
    </div>
  );
}
