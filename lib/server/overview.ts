// The overview page's data, each part cached so that the page costs a bounded number of upstream
// calls: today's top stories (1 call, 2 min like the feed; when today has none yet, 1 more for
// yesterday and, when it has none either, 1 for the week), the week's counts by event type (one
// call per type, cached 30 min), the recently updated companies (from the directory index: no call).
import "server-only";
import pLimit from "p-limit";
import type { TopNewsFeedPage } from "@/lib/api-types";
import { addDays } from "@/lib/dates";
import { type DateRange, defaultRange } from "@/lib/news/feed-state";
import { inBackground } from "@/lib/upstream/priority";
import { EVENT_TYPES, type EventType } from "@/lib/upstream/vocabulary";
import { type DirectoryPage, directoryPage } from "./directory";
import { companiesQuery } from "./query-schemas";
import type { Services } from "./services";
import { topNewsFeed } from "./top-news-feed";

const MINUTE = 60_000;
export const TOP_STORIES = 5;
/** At most this many count calls in flight at once, so one refresh does not burst the rate budget. */
const COUNT_CONCURRENCY = 3;

export interface TopStories {
  /**
   * What is shown: today's top stories; yesterday's when today has none yet; the week's when
   * neither day has a story (a lag in the data, a quiet weekend).
   */
  span: "today" | "yesterday" | "week";
  range: DateRange;
  page: TopNewsFeedPage;
}

export async function topStories(services: Services, today: string): Promise<TopStories> {
  const read = (range: DateRange) =>
    topNewsFeed({ startDate: range.start, endDate: range.end, page: 1, pageSize: TOP_STORIES }, services);
  for (const [span, date] of [
    ["today", today],
    ["yesterday", addDays(today, -1)],
  ] as const) {
    const range = { start: date, end: date };
    const page = await read(range);
    if (page.data.pagination.totalCount > 0) return { span, range, page };
  }
  const week = defaultRange(today);
  return { span: "week", range: week, page: await read(week) };
}

export interface WeekCounts {
  range: DateRange;
  counts: { eventType: EventType; count: number }[];
  total: number;
  fetchedAt: number;
  stale: boolean;
  /** Set when these are older counts served because the data service is failing. */
  warning?: string;
}

/**
 * The default feed's story count per event type over the latest 7 days: the API has no counts,
 * so each is one page of one story, read for its totalCount. Cached 30 minutes (a week's counts
 * move slowly), served stale while it refreshes. Background work for the upstream budget: counts
 * queue behind the calls of pages people wait for.
 */
export async function weekEventCounts(services: Services, today: string): Promise<WeekCounts> {
  const cache = services.cache<Omit<WeekCounts, "fetchedAt" | "stale" | "warning">>("week-counts", {
    freshMs: 30 * MINUTE,
    staleMs: 6 * 60 * MINUTE,
    errorMs: 24 * 60 * MINUTE,
    maxEntries: 4,
  });
  const cached = await cache.get(today, () => inBackground(() => countByType(services, today)));
  const { data, fetchedAt, state, warning } = services.serve(cached);
  return { ...data, fetchedAt, stale: state !== "fresh", warning };
}

async function countByType(
  services: Services,
  today: string,
): Promise<Omit<WeekCounts, "fetchedAt" | "stale" | "warning">> {
  const limit = pLimit(COUNT_CONCURRENCY);
  const counts = await Promise.all(
    EVENT_TYPES.map((eventType) =>
      limit(async () => ({ eventType, count: await services.countTopNews({ eventTypes: [eventType] }) })),
    ),
  );
  counts.sort(
    (a, b) => b.count - a.count || EVENT_TYPES.indexOf(a.eventType) - EVENT_TYPES.indexOf(b.eventType),
  );
  return { range: defaultRange(today), counts, total: counts.reduce((sum, c) => sum + c.count, 0) };
}

/** The companies whose data changed last, by `updatedAt`: the directory's own answer, from the index. */
export function recentCompanies(limit = 10): Promise<DirectoryPage> {
  return directoryPage(
    companiesQuery.parse({ sort: "updatedAt", order: "desc", pageSize: String(limit), facets: "false" }),
  );
}

/** Everything the overview shows, each part failing on its own: the page gate's load (the page reads each part itself). */
export function overviewData(services: Services, today: string) {
  return Promise.allSettled([
    topStories(services, today),
    weekEventCounts(services, today),
    recentCompanies(),
  ]);
}
