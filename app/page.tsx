import Link from "next/link";
import { connection } from "next/server";
import { type ReactNode, Suspense } from "react";
import { ArticleCard } from "@/components/news/article-card";
import { EVENT_TYPE_CHART_HEIGHT, EventTypeChart } from "@/components/overview/event-type-chart";
import { RecentCompanies } from "@/components/overview/recent-companies";
import { ArrivesLater } from "@/components/ui/arrives-later";
import { DataLink } from "@/components/ui/data-link";
import { SlowUpstreamNotice } from "@/components/ui/slow-upstream";
import { IndexNoticeView, StaleNotice } from "@/components/ui/stale-notice";
import { utcDateOf } from "@/lib/dates";
import { formatCount } from "@/lib/format";
import { describeRange } from "@/lib/news/feed-state";
import { feedHref } from "@/lib/news/search-params";
import { forLicence } from "@/lib/server/access/licensed";
import { pageViewer } from "@/lib/server/access/page-viewer";
import { withinDocument } from "@/lib/server/pages/document-deadline";
import { recentCompanies, type TopStories, topStories, weekEventCounts } from "@/lib/server/pages/overview";
import { upstreamIsSlow } from "@/lib/server/pages/page-gate";
import { dataNow } from "@/lib/server/services/clock";
import { getServices, type Services } from "@/lib/server/services/services";

function Panel({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Failed({ what }: { what: string }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
    >
      Could not load {what}: the data service did not answer. Reload the page in a minute to try again.
    </p>
  );
}

const linkClass = "text-sm font-medium text-brand-600 hover:underline dark:text-sky-300";

export default async function OverviewPage() {
  await connection();
  return (
    <div>
      <div className="max-w-3xl">
        <h1 className="text-2xl font-semibold tracking-tight">Overview</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          The market&apos;s top stories, what kind of news moved this week, and the companies whose data
          changed last.
        </p>
      </div>

      <OverviewPanels slow={await upstreamIsSlow()} />
    </div>
  );
}

/**
 * The feed of what the panel shows: today's as the relative `range=today`, so a shared link stays
 * today's; yesterday's as its fixed date; the week's as the feed's default.
 */
function storiesHref(stories: TopStories, today: string): string {
  if (stories.span === "week") return feedHref({}, today);
  return feedHref(
    stories.span === "today" ? { range: stories.range, relative: "today" } : { range: stories.range },
    today,
  );
}

const STORIES_TITLE = {
  today: "Top stories today",
  yesterday: "Top stories yesterday",
  week: "Top stories this week",
};

/**
 * The three panels, each from its own data. On a fast upstream the page waits for all three; on a
 * slow one (page-gate.ts) the document comes at once and each panel streams in when its data
 * does: today's stories (a call people wait for) do not wait for the week's counts (background
 * calls, a page of stories per day). A panel whose data has not come within the document's deadline
 * is brought in by the browser (ArrivesLater). The recently updated companies come from the index,
 * at once.
 */
function OverviewPanels({ slow }: { slow: boolean }) {
  const services = getServices();
  const nowMs = dataNow();
  const today = utcDateOf(nowMs);
  const streamed = (panel: ReactNode, fallback: ReactNode) =>
    slow ? <Suspense fallback={fallback}>{panel}</Suspense> : panel;
  return (
    <div className="mt-8 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
      {streamed(
        <StoriesPanel services={services} today={today} streamed={slow} />,
        <SlowUpstreamNotice what={STORIES_WAIT} />,
      )}
      <div className="space-y-10">
        {/* Waiting, the counts' panel keeps its place: the companies below do not move when they come. */}
        {streamed(
          <CountsPanel services={services} today={today} streamed={slow} />,
          <CountsPending notice={<SlowUpstreamNotice what={COUNTS_WAIT} />} />,
        )}
        {/* From the directory index, no call: never left to a script to fill in. */}
        <RecentPanel nowMs={nowMs} />
      </div>
    </div>
  );
}

const STORIES_WAIT = "Today's top stories";
const COUNTS_WAIT = "This week's counts";

/** The counts' panel while they are awaited, keeping its place. */
function CountsPending({ notice }: { notice: ReactNode }) {
  return (
    <Panel id="week-types-pending" title={COUNTS_TITLE} action={countsAction}>
      <div style={{ minHeight: EVENT_TYPE_CHART_HEIGHT }}>{notice}</div>
    </Panel>
  );
}

/** A panel's data, or the reason it could not be had. */
async function settled<T>(load: Promise<T>): Promise<PromiseSettledResult<T>> {
  return load.then(
    (value) => ({ status: "fulfilled", value }),
    (reason: unknown) => ({ status: "rejected", reason }),
  );
}

/** A streamed panel's data: "late" once the document cannot wait longer for it (lib/server/pages/document-deadline.ts). */
function settledInTime<T>(load: Promise<T>, streamed: boolean) {
  return streamed ? withinDocument(settled(load)) : settled(load);
}

/** A panel's data source, its day, and whether the page streams (the upstream was slow). */
interface PanelProps {
  services: Services;
  today: string;
  streamed: boolean;
}

async function StoriesPanel({ services, today, streamed }: PanelProps) {
  const stories = await settledInTime(topStories(services, today), streamed);
  if (stories === "late") return <ArrivesLater what={STORIES_WAIT} renderedAt={Date.now()} />;
  return stories.status === "fulfilled" ? (
    <Panel
      id="top-stories"
      title={STORIES_TITLE[stories.value.span]}
      action={
        stories.value.page.data.pagination.totalCount > 0 && (
          <DataLink className={linkClass} href={storiesHref(stories.value, today)}>
            {stories.value.page.data.pagination.totalKnown === false ? "At least" : "All"}{" "}
            {formatCount(stories.value.page.data.pagination.totalCount)} from{" "}
            {describeRange(stories.value.range)} →
          </DataLink>
        )
      }
    >
      {stories.value.page.warning && <StaleNotice className="mb-3">{stories.value.page.warning}</StaleNotice>}
      {stories.value.span !== "today" && stories.value.page.data.data.length > 0 && (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
          {stories.value.span === "yesterday"
            ? "No story of importance 1–2 yet today (UTC), so here is yesterday."
            : "No story of importance 1–2 today or yesterday (UTC), so here are the week's."}
        </p>
      )}
      {stories.value.page.data.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No story of importance 1–2 in the last 7 UTC days. The{" "}
          <DataLink className={linkClass} href="/news?minImportance=1&maxImportance=5">
            feed at every importance
          </DataLink>{" "}
          may have less material ones.
        </p>
      ) : (
        <ol className="space-y-3">
          {stories.value.page.data.data.map((article) => (
            <li key={`${article.companyKey}|${article.collectedAt}|${article.title}`}>
              <ArticleCard
                article={article}
                hasLogo={!article.companyKey || !stories.value.page.noLogo.includes(article.companyKey)}
              />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  ) : (
    <Panel id="top-stories" title="Top stories today">
      <Failed what="today's top stories" />
    </Panel>
  );
}

const COUNTS_TITLE = "This week by event type";
const countsAction = (
  <Link className={linkClass} href="/news">
    Open the feed →
  </Link>
);

async function CountsPanel({ services, today, streamed }: PanelProps) {
  const counts = await settledInTime(weekEventCounts(services, today), streamed);
  if (counts === "late")
    return <CountsPending notice={<ArrivesLater what={COUNTS_WAIT} renderedAt={Date.now()} />} />;
  return (
    <Panel id="week-types" title={COUNTS_TITLE} action={countsAction}>
      {counts.status === "fulfilled" ? (
        <>
          {counts.value.warning && <StaleNotice className="mb-3">{counts.value.warning}</StaleNotice>}
          <EventTypeChart data={counts.value} today={today} />
        </>
      ) : (
        <Failed what="this week's counts" />
      )}
    </Panel>
  );
}

async function RecentPanel({ nowMs }: { nowMs: number }) {
  const recent = await settled(recentCompanies());
  return (
    <Panel id="recent" title="Recently updated companies">
      {recent.status === "fulfilled" ? (
        <>
          {recent.value.notice && (
            <div className="mb-3">
              <IndexNoticeView notice={recent.value.notice} />
            </div>
          )}
          <RecentCompanies
            initial={forLicence(recent.value, (await pageViewer()).licensed)}
            serverNowMs={nowMs}
          />
        </>
      ) : (
        <Failed what="the recently updated companies" />
      )}
    </Panel>
  );
}
