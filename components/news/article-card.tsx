import { ProfileLink } from "@/components/ui/company-line";
import { CompanyLogo } from "@/components/ui/company-logo";
import { MarketCap } from "@/components/ui/market-cap";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { TopNewsArticle } from "@/lib/api-types";
import { formatUtc, formatUtcDay, safeHttpUrl } from "@/lib/format";
import type { NewsArticle } from "@/lib/upstream/schemas";
import { ArticleTitle } from "./article-title";
import { EventTypeChip } from "./event-type-chip";
import { IMPORTANCE_ACCENT, ImportanceBadge } from "./importance";
import { LocalTime } from "./local-time";

function sourceHost(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

/** The company line of an article: logo, name linking to its profile, ticker and exchange. */
export function ArticleCompany({
  article,
  hasLogo,
  showMarketCap = true,
}: {
  article: TopNewsArticle;
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
        <ProfileLink companyKey={key} name={name} className="block truncate font-medium" />
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

/** A story's UTC day as "Fri, Nov 20, 2026"; as it came when it is not a day. */
function storyDay(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? date : formatUtcDay(ms, "short");
}

/**
 * One story as a row of a company's own news (the profile): date, importance, event type, the
 * title linking to the source, description and summary. No company line: the page is the company.
 */
function ArticleRow({ article }: { article: NewsArticle }) {
  const href = safeHttpUrl(article.sourceUrl);
  const collected = Date.parse(article.collectedAt);
  return (
    <article>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        <time
          dateTime={article.date}
          title={Number.isNaN(collected) ? undefined : `Collected ${formatUtc(collected)}`}
        >
          {storyDay(article.date)}
        </time>
        <ImportanceBadge level={article.importance} bars={false} />
        <EventTypeChip eventType={article.eventType} />
      </div>
      <h3 className="mt-1 font-medium leading-snug">
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
          >
            <ArticleTitle title={article.title} />
            <span className="sr-only"> (opens the source in a new tab)</span>
            <span aria-hidden="true"> ↗</span>
          </a>
        ) : (
          <>
            <ArticleTitle title={article.title} />
            <span className="ml-1 text-xs font-normal text-slate-500 dark:text-slate-400">
              (source link withheld: not a web address)
            </span>
          </>
        )}
      </h3>
      <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">
        <UpstreamText>{article.description}</UpstreamText>
      </p>
      {article.summary && article.summary !== article.description && (
        <ArticleSummary summary={article.summary} />
      )}
    </article>
  );
}

/** The summary behind a disclosure. */
function ArticleSummary({ summary }: { summary: string }) {
  return (
    <details className="group mt-2 text-sm">
      <summary className="cursor-pointer select-none font-medium text-brand-600 hover:underline dark:text-sky-300">
        <span className="group-open:hidden">Show summary</span>
        <span className="hidden group-open:inline">Hide summary</span>
      </summary>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        <UpstreamText>{summary}</UpstreamText>
      </p>
    </details>
  );
}

/**
 * One story. The card (the feeds): company, importance (a Major Event stands out), event type,
 * title, description, the summary behind a disclosure, dates, and the source link (http(s) only,
 * new tab). The row (a company's own news, `variant="row"`): the same story without the company.
 */
export function ArticleCard(
  props:
    | { variant: "row"; article: NewsArticle }
    | {
        variant?: "card";
        article: TopNewsArticle;
        hasLogo: boolean;
        headingLevel?: 3 | 4;
        showCompany?: boolean;
      },
) {
  if (props.variant === "row") return <ArticleRow article={props.article} />;
  const { article, hasLogo, headingLevel = 3, showCompany = true } = props;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const source = safeHttpUrl(article.sourceUrl);
  const major = article.importance === 1;
  return (
    <article
      data-company={article.companyKey ?? undefined}
      data-date={article.date}
      data-event-type={article.eventType}
      data-importance={article.importance}
      data-market-cap={article.marketCapUsd ?? undefined}
      data-collected={article.collectedAt}
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
      {article.summary && <ArticleSummary summary={article.summary} />}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <span title="UTC date of the story">{storyDay(article.date)}</span>
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
