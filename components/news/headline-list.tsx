"use client";

import { useId, useState } from "react";
import { DataLink } from "@/components/ui/data-link";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { TopNewsArticle } from "@/lib/api-types";
import { formatUtc, formatUtcTime, plainText, safeHttpUrl, venueLabel } from "@/lib/format";
import { profileHref } from "@/lib/hrefs";
import { ArticleTitle } from "./article-title";
import { swatchOf } from "./event-colors";
import { eventTypeLabel } from "./event-type-chip";
import { articleKey } from "./grouping";
import { ImportanceLevel } from "./importance";

/** The wide layout's columns (time, importance, company, headline, event type), for the header and every row. */
const COLUMNS = "gap-x-2.5 px-1.5 sm:grid-cols-[6.75rem_1.5rem_7.5rem_minmax(0,1fr)_9.5rem]";

const headlineClass =
  "flex w-full min-w-0 items-baseline gap-1.5 text-left text-slate-900 hover:text-brand-700 dark:text-white dark:hover:text-sky-300";

/** A headline's disclosure arrow and its title, clamped to one line (two on a phone). */
function HeadlineText({ title, open }: { title: string; open: boolean }) {
  return (
    <>
      <span
        aria-hidden="true"
        data-headline-arrow
        className={`shrink-0 text-[10px] text-slate-500 transition-transform dark:text-slate-400 ${open ? "rotate-90" : ""}`}
      >
        ▶
      </span>
      <span className="min-w-0 line-clamp-2 sm:line-clamp-1 print:line-clamp-none">
        <ArticleTitle title={title} />
      </span>
    </>
  );
}

function HeadlineRow({
  article,
  showCompany,
  headingLevel,
}: {
  article: TopNewsArticle;
  showCompany: boolean;
  headingLevel: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const id = useId();
  const [open, setOpen] = useState(false);
  const key = article.companyKey;
  const name = article.displayNameEnglish || key || "";
  const source = safeHttpUrl(article.sourceUrl);
  const weight = article.importance === 1 ? "font-semibold" : "font-medium";
  return (
    <li
      data-headline
      data-company={key ?? undefined}
      data-date={article.date}
      data-event-type={article.eventType}
      data-importance={article.importance}
      className="border-b border-slate-200 dark:border-slate-800"
    >
      <div
        className={`grid grid-cols-[auto_auto_minmax(0,1fr)_auto] items-center gap-y-0.5 py-1 text-sm sm:py-0 sm:leading-8 ${COLUMNS}`}
      >
        <span className="font-mono text-xs tabular-nums text-slate-600 dark:text-slate-400">
          <UtcStamp iso={article.collectedAt} />
        </span>
        <ImportanceLevel level={article.importance} />
        {showCompany && key ? (
          <DataLink
            href={profileHref(key)}
            // The column holds the ticker, and its exchange where there is room (a number such as
            // "118850" alone names no market); the name shows on hover and when the row is opened.
            title={plainText(
              article.exchangeCode
                ? `${name} (${venueLabel({ exchangeCode: article.exchangeCode, ticker: article.ticker || key })})`
                : name,
            )}
            className="truncate font-mono text-xs font-semibold text-slate-900 hover:text-brand-600 hover:underline sm:col-auto dark:text-slate-100 dark:hover:text-sky-300"
          >
            <UpstreamText>{article.ticker || key}</UpstreamText>
            {article.exchangeCode && (
              <span className="hidden font-normal text-slate-600 sm:inline dark:text-slate-400">
                {" "}
                <UpstreamText>{article.exchangeCode}</UpstreamText>
              </span>
            )}
            <span className="sr-only">
              {" "}
              (<UpstreamText>{name}</UpstreamText>)
            </span>
          </DataLink>
        ) : (
          <span className="hidden sm:block" />
        )}
        <Heading className="col-span-full row-start-2 min-w-0 sm:col-span-1 sm:row-start-auto">
          <button
            type="button"
            data-needs-js=""
            aria-expanded={open}
            aria-controls={`${id}-summary`}
            onClick={() => setOpen((o) => !o)}
            className={`${headlineClass} ${weight}`}
          >
            <HeadlineText title={article.title} open={open} />
          </button>
          {/* Without a script the button cannot open the summary: a link to it does, and CSS shows
              the summary while it is the page's target (globals.css). */}
          <a data-without-js="" href={`#${id}-summary`}>
            <span className={`${headlineClass} ${weight}`}>
              <HeadlineText title={article.title} open={false} />
            </span>
          </a>
        </Heading>
        <span className="col-start-4 row-start-1 inline-flex min-w-0 items-center gap-1.5 justify-self-end text-xs text-slate-700 sm:col-auto sm:row-auto sm:justify-self-start dark:text-slate-300">
          <span
            aria-hidden="true"
            className={`size-2 shrink-0 rounded-full ${swatchOf(article.eventType)}`}
          />
          <span className="truncate">{eventTypeLabel(article.eventType)}</span>
        </span>
        {source && (
          // Paper cannot open the story: where its source is, under the headline.
          <span
            aria-hidden="true"
            data-print-source
            className="col-span-full hidden break-all pb-1 text-xs text-slate-600 print:block"
          >
            {source}
          </span>
        )}
      </div>
      <div
        id={`${id}-summary`}
        hidden={!open}
        data-headline-summary
        tabIndex={-1}
        className="mb-2 scroll-mt-[calc(var(--header-height)+6rem)] outline-none sm:scroll-mt-[calc(var(--header-height)+3rem)] ml-1.5 border-l-2 border-slate-300 py-1 pl-3 text-sm sm:ml-[8.75rem] dark:border-slate-700"
      >
        {showCompany && key && (
          <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
            <UpstreamText>{name}</UpstreamText>
            {article.exchangeCode && (
              <>
                {" · "}
                <UpstreamText>{article.exchangeCode}</UpstreamText>
              </>
            )}
          </p>
        )}
        <p className="mt-1 text-slate-800 dark:text-slate-200">
          <UpstreamText>{article.description}</UpstreamText>
        </p>
        {article.summary && (
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            <UpstreamText>{article.summary}</UpstreamText>
          </p>
        )}
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Story date {article.date} (UTC) ·{" "}
          {source ? (
            <a
              href={source}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-600 hover:underline dark:text-sky-300"
            >
              Read at {new URL(source).hostname.replace(/^www\./, "")}
              <span aria-hidden="true"> ↗</span>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            "No usable source link"
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * Stories one line each, for scanning many at once: time, importance, ticker, headline and event
 * type. The headline is a disclosure button that opens the description, summary and source in place.
 */
export function HeadlineList({
  articles,
  showCompany = true,
  headingLevel = 3,
}: {
  articles: readonly TopNewsArticle[];
  showCompany?: boolean;
  headingLevel?: 3 | 4;
}) {
  return (
    <ol className="border-t border-slate-200 dark:border-slate-800">
      {articles.map((article, i) => (
        <HeadlineRow
          key={articleKey(article, i)}
          article={article}
          showCompany={showCompany}
          headingLevel={headingLevel}
        />
      ))}
    </ol>
  );
}

/**
 * When a story was collected, "Nov 20, 14:05", in UTC as the day headings and story dates above it
 * (in the reader's zone, a story of Nov 28 00:07 UTC read "Nov 27, 16:07" under Nov 28's heading);
 * an unreadable time is a dash rather than the raw value.
 */
function UtcStamp({ iso }: { iso: string }) {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return <span>—</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={`Collected ${formatUtc(ms)}`}>
      {formatUtcTime(ms, "stamp")}
      <span className="sr-only"> UTC</span>
    </time>
  );
}

/** The column names above a headline list, for sighted readers (each row says them to screen readers). */
export function HeadlineColumns() {
  return (
    <div
      aria-hidden="true"
      className={`hidden pb-1 text-[11px] font-semibold uppercase tracking-wide text-slate-500 sm:grid dark:text-slate-400 ${COLUMNS}`}
    >
      <span>Time (UTC)</span>
      <span title="Importance">Imp</span>
      <span>Company</span>
      <span>Headline</span>
      <span>Event type</span>
    </div>
  );
}
