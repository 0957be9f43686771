// The overview page's data, each part cached so that the page costs a bounded number of upstream
// calls: today's top stories (1 call, 2 min like the feed; when today has none yet, 1 more for
// yesterday and, when it has none either, 1 for the week), the week's counts by event type (read
// from the week's stories a day at a time, a page of 1000 per call: a refresh reads today's day
// again, the days before it are kept), the recently updated companies (from the directory index:
// no call).
import "server-only";
import type { TopNewsFeedPage } from "@/lib/api-types";
import { addDays } from "@/lib/dates";
import { type DateRange, defaultRange } from "@/lib/news/feed-state";
import { inBackground } from "@/lib/upstream/priority";
import { EVENT_TYPES, type EventType, TOP_NEWS_LARGE_PAGE_SIZE } from "@/lib/upstream/vocabulary";
import { companiesQuery } from "../http/query-schemas";
import { staleWarning } from "../services/notices";
import type { Services } from "../services/services";
import { topNewsFeed } from "../services/top-news-feed";
import { type DirectoryPage, directoryPage } from "./directory";

const MINUTE = 60_000;
export const TOP_STORIES = 5;

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
    topNewsFeed(
      { startDate: range.start, endDate: range.end, order: "rank", page: 1, pageSize: TOP_STORIES },
      services,
    );
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

/** How long the week's counts are served without asking again; longer on a key with a daily allowance. */
function countsFreshMs(services: Services): number {
  return services.client.budgetStatus().today.limit === null ? 30 * MINUTE : 3 * 60 * MINUTE;
}

/**
 * The default feed's story count per event type over the latest 7 days. The API has no counts, so
 * they are counted from the stories: each day's, a page of 1000 at a time (one call for most days;
 * 19 calls of one story each would read every type's totalCount). A day before today is kept 12
 * hours, so a refresh costs today's page or two. Cached 30 minutes (3 hours on a key with a daily
 * allowance), served stale while it refreshes. Background work for the upstream budget: counts
 * queue behind the calls of pages people wait for, and while the day's allowance is tight they are
 * not refreshed at all (the last ones are shown with their age): they are the first thing left out.
 */
export async function weekEventCounts(services: Services, today: string): Promise<WeekCounts> {
  const cache = services.cache<Omit<WeekCounts, "fetchedAt" | "stale" | "warning">>("week-counts", {
    freshMs: countsFreshMs(services),
    staleMs: 6 * 60 * MINUTE,
    errorMs: 24 * 60 * MINUTE,
    maxEntries: 4,
  });
  const kept = cache.peek(today);
  const now = services.now();
  if (kept && services.client.budgetTight() && now - kept.fetchedAt >= countsFreshMs(services))
    return {
      ...kept.value,
      fetchedAt: kept.fetchedAt,
      stale: true,
      warning: staleWarning(kept.fetchedAt, now, services.client.pauseCause() ?? "allowance_reserve"),
    };
  const cached = await cache.get(today, () => inBackground(() => countByType(services, today)));
  const { data, fetchedAt, state, warning } = services.serve(cached);
  return { ...data, fetchedAt, stale: state !== "fresh", warning };
}

type DayCounts = Partial<Record<EventType, number>>;
/** Days of the week's counts read at once. */
const DAYS_AT_ONCE = 2;
/** The most pages of 1000 read for one day's counts: a bound, far above a day's stories. */
const MAX_DAY_PAGES = 20;

async function countByType(
  services: Services,
  today: string,
): Promise<Omit<WeekCounts, "fetchedAt" | "stale" | "warning">> {
  const range = defaultRange(today);
  const past = services.cache<DayCounts>("day-counts", {
    freshMs: 12 * 60 * MINUTE,
    staleMs: 7 * 24 * 60 * MINUTE,
    errorMs: 7 * 24 * 60 * MINUTE,
    maxEntries: 16,
  });
  const readDay = async (day: string) =>
    day === today ? countDay(services, day) : (await past.get(day, () => countDay(services, day))).value;
  // Today first, then back through the week, two days at a time: background work that does not
  // burst the upstream with seven pages of 1000 at once.
  const days = Array.from({ length: 7 }, (_, i) => addDays(range.end, -i));
  const perDay: DayCounts[] = [];
  for (let i = 0; i < days.length; i += DAYS_AT_ONCE)
    perDay.push(...(await Promise.all(days.slice(i, i + DAYS_AT_ONCE).map(readDay))));
  const counts = EVENT_TYPES.map((eventType) => ({
    eventType,
    count: perDay.reduce((sum, day) => sum + (day[eventType] ?? 0), 0),
  }));
  counts.sort(
    (a, b) => b.count - a.count || EVENT_TYPES.indexOf(a.eventType) - EVENT_TYPES.indexOf(b.eventType),
  );
  return { range, counts, total: counts.reduce((sum, c) => sum + c.count, 0) };
}

/** One day's stories of the default feed by event type (one an API added since counts as "other"). */
async function countDay(services: Services, day: string): Promise<DayCounts> {
  const counts: DayCounts = {};
  const firsts = new Set<string>();
  for (let pageNumber = 1; pageNumber <= MAX_DAY_PAGES; pageNumber++) {
    const page = await services.client.getTopNews({
      startDate: day,
      endDate: day,
      pageSize: TOP_NEWS_LARGE_PAGE_SIZE,
      pageNumber,
    });
    // A page that starts with a story an earlier page started with: the service does not page
    // by the parameter sent (the contract does not name it), and counting on would count it twice.
    const first = page.data[0];
    const firstKey = first && `${first.companyKey}|${first.collectedAt}|${first.title}`;
    if (firstKey && firsts.has(firstKey)) return counts;
    if (firstKey) firsts.add(firstKey);
    for (const { eventType } of page.data) {
      const type = (EVENT_TYPES as readonly string[]).includes(eventType)
        ? (eventType as EventType)
        : "other";
      counts[type] = (counts[type] ?? 0) + 1;
    }
    if (!page.pagination.hasNextPage || page.data.length === 0) return counts;
  }
  return counts;
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
