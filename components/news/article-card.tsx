import Link from "next/link";
import { CompanyLogo } from "@/components/ui/company-logo";
import { MarketCap } from "@/components/ui/market-cap";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { FeedArticle } from "@/lib/api-types";
import { safeHttpUrl } from "@/lib/format";
import { profileHref } from "@/lib/hrefs";
import { ArticleTitle } from "./article-title";
import { EventTypeChip } from "./event-type-chip";
import { IMPORTANCE_ACCENT, ImportanceBadge } from "./importance";
import { LocalTime } from "./local-time";

const fileDate = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

function sourceHost(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

/** The company line of an article: logo, name linking to its profile, ticker and exchange. */
export function ArticleCompany({
  article,
  hasLogo,
  showMarketCap = true,
}: {
  article: FeedArticle;
  hasLogo: boolean;
  showMarketCap?: boolean;
}) {
  const key = article.companyKey;
  if (!key) return null;
  const name = article.displayNameEnglish || key;
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <CompanyLogo companyKey={key} name={name} hasLogo={hasLogo} size={28} />
      <div className="min-w-0 text-sm leading-tight">
        <Link
          href={profileHref(key)}
          className="block truncate font-medium text-slate-900 hover:text-brand-600 hover:underline dark:text-slate-100 dark:hover:text-sky-300"
        >
          <UpstreamText>{name}</UpstreamText>
        </Link>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {article.ticker && <UpstreamText className="font-mono">{article.ticker}</UpstreamText>}
          {article.exchangeCode && (
            <>
              {" · "}
              <UpstreamText>{article.exchangeCode}</UpstreamText>
            </>
          )}
          {showMarketCap && article.marketCapUsd !== undefined && (
            <>
              {" · "}
              <MarketCap value={article.marketCapUsd} />
            </>
          )}
        </span>
      </div>
    </div>
  );
}

/**
 * One story: company, importance (a Major Event stands out), event type, title, description, the
 * summary behind a disclosure, dates, and the source link (http(s) only, new tab).
 */
export function ArticleCard({
  article,
  hasLogo,
  headingLevel = 3,
  showCompany = true,
}: {
  article: FeedArticle;
  hasLogo: boolean;
  headingLevel?: 3 | 4;
  showCompany?: boolean;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const source = safeHttpUrl(article.sourceUrl);
  const major = article.importance === 1;
  const fileDateMs = Date.parse(`${article.date}T00:00:00Z`);
  return (
    <article
      data-company={article.companyKey ?? undefined}
      data-date={article.date}
      data-event-type={article.eventType}
      data-importance={article.importance}
      className={`rounded-lg border border-l-4 border-slate-200 p-4 dark:border-slate-800 ${IMPORTANCE_ACCENT[article.importance] ?? ""}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        {showCompany && <ArticleCompany article={article} hasLogo={hasLogo} />}
        <div className="flex flex-wrap items-center gap-1.5">
          <ImportanceBadge level={article.importance} />
          <EventTypeChip eventType={article.eventType} />
        </div>
      </div>
      <Heading
        className={`mt-3 text-pretty ${major ? "text-lg font-semibold" : "text-base font-medium"} text-slate-900 dark:text-white`}
      >
        <ArticleTitle title={article.title} />
      </Heading>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <UpstreamText>{article.description}</UpstreamText>
      </p>
      {article.summary && (
        <details className="group mt-2 text-sm">
          <summary className="cursor-pointer select-none font-medium text-brand-600 hover:underline dark:text-sky-300">
            <span className="group-open:hidden">Show summary</span>
            <span className="hidden group-open:inline">Hide summary</span>
          </summary>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            <UpstreamText>{article.summary}</UpstreamText>
          </p>
        </details>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <span title="UTC date of the story">
          {Number.isNaN(fileDateMs) ? article.date : fileDate.format(fileDateMs)}
        </span>
        <span>
          Collected <LocalTime iso={article.collectedAt} />
        </span>
        {source ? (
          <a
            href={source}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-600 hover:underline dark:text-sky-300"
          >
            Read at {sourceHost(source)}
            <span aria-hidden="true"> ↗</span>
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <span>No usable source link</span>
        )}
      </div>
    </article>
  );
}
