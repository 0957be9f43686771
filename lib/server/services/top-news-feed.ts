// One page of the top-news feed as /api/top-news answers it, for the route handler, the news
// page's server-side prefetch, the overview and the Atom feed (so all produce the same body for the
// same query), in the order asked for (news-order.ts).
import "server-only";
import type { z } from "zod";
import type { CompanyTallyAnswer, Served, TopNewsFeedPage } from "@/lib/api-types";
import { toSearch } from "@/lib/client/api";
import { type FeedState, toApiParams } from "@/lib/news/feed-state";
import { isUpstreamError } from "@/lib/upstream/errors";
import { inBackground } from "@/lib/upstream/priority";
import type { TopNewsArticle, TopNewsPage } from "@/lib/upstream/schemas";
import { parseSearch } from "../http/http";
import { topNewsQuery } from "../http/query-schemas";
import {
  byImportance,
  byTime,
  combineServed,
  type FeedFilter,
  mergedFirst,
  type Ordered,
  type PageReader,
  rankFirst,
  streamsOf,
  tallyByCompany,
  wholeQueriesOf,
} from "./news-order";
import { getServices, type Services } from "./services";

export type TopNewsFeedQuery = z.output<typeof topNewsQuery>;

/**
 * The /api/top-news query of a /news view: the query string the page's script asks for, parsed as
 * the route parses it, so that the server's page and the script's are one cache entry.
 */
export function feedViewQuery(state: FeedState, page: number, pageSize: number): TopNewsFeedQuery {
  return parseSearch(new URLSearchParams(toSearch({ ...toApiParams(state), page, pageSize })), topNewsQuery);
}

/** What a page says when it could not be ordered as asked. */
export const ORDER_FALLBACK_NOTE =
  "Shown in the API's order (importance, then newest): ordering these stories as asked needs more calls than the service allows right now.";

function filterOf(query: TopNewsFeedQuery): FeedFilter {
  const { page: _page, pageSize: _size, order: _order, size, eventType, ...rest } = query;
  return { ...rest, eventTypes: eventType, sizes: size };
}

function withoutLogo(services: Services, keys: Iterable<string | null | undefined>): string[] {
  const out = new Set<string>();
  for (const key of keys) if (key && !services.logos.known(key)) out.add(key);
  return [...out];
}

export async function topNewsFeed(
  query: TopNewsFeedQuery,
  services: Services = getServices(),
): Promise<TopNewsFeedPage> {
  const { page, pageSize, order } = query;
  const filter = filterOf(query);
  const read: PageReader = (q) => services.news.top(q);
  let served: Served<TopNewsPage>;
  let given: TopNewsFeedPage["order"] = order;
  let note: string | undefined;
  if (order === "api") served = await apiOrderPage(read, filter, page, pageSize, services);
  else {
    try {
      served = await orderedPage(read, filter, order, page, pageSize, services);
    } catch (error) {
      // The budget (or the service's rate limit) refused the streams' calls: the API's own order,
      // which one call per page serves. A failing service would fail that call too.
      const refused = isUpstreamError(error) && error.code === "rate_limited";
      if (!refused || wholeQueriesOf(filter).length !== 1) throw error;
      served = await apiOrderPage(read, filter, page, pageSize, services);
      given = "api";
      note = ORDER_FALLBACK_NOTE;
    }
  }
  const noLogo = withoutLogo(
    services,
    served.data.data.map((a) => a.companyKey),
  );
  return { ...served, noLogo, order: given, ...(note ? { orderNote: note } : {}) };
}

/** How long a by-company ask waits for the whole feed's reading before answering with the counts so far. */
export const TALLY_WAIT_MS = 1_500;

/**
 * A whole feed's stories by company (`page` and `pageSize` count companies). The feed is read in
 * the background as the budget allows; an ask waits a moment for it, then answers with what is read
 * so far (`complete` false), and the browser asks again.
 */
export async function companyTally(
  query: TopNewsFeedQuery,
  services: Services = getServices(),
  waitMs = TALLY_WAIT_MS,
): Promise<CompanyTallyAnswer> {
  const { page, pageSize } = query;
  const reading = services.news.whole(wholeQueriesOf(filterOf(query)));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([reading.finished, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  const tallies = tallyByCompany(reading.articles, capOf(services));
  const companies = tallies.slice((page - 1) * pageSize, page * pageSize);
  return {
    companies,
    companyCount: tallies.length,
    page,
    pageSize,
    read: reading.articles.length,
    total: reading.total,
    complete: reading.done && !reading.stopped,
    ...(reading.stopped ? { stopped: reading.stopped } : {}),
    fetchedAt: reading.fetchedAt,
    noLogo: withoutLogo(
      services,
      companies.map((c) => c.companyKey),
    ),
  };
}

/** The market cap a story ranks by: its own, else its company's in the index. */
function capOf(services: Services) {
  return (a: TopNewsArticle) =>
    a.marketCapUsd ??
    (a.companyKey ? services.companies.row(a.companyKey)?.marketCapUsd : undefined) ??
    undefined;
}

/** How many stories a filter finds in all: one one-story call per size range. */
async function countOf(read: PageReader, filter: FeedFilter) {
  const answers = await Promise.all(
    wholeQueriesOf(filter).map((q) => read({ ...q, pageSize: 1, pageNumber: 1 })),
  );
  return {
    total: answers.reduce((sum, a) => sum + a.data.pagination.totalCount, 0),
    known: answers.every((a) => a.data.pagination.totalKnown !== false),
    answers,
  };
}

function pageOf(ordered: Ordered, page: number, pageSize: number, count: { total: number; known: boolean }) {
  const end = page * pageSize;
  const data = ordered.articles.slice(end - pageSize, end);
  const hasNextPage = count.known ? end < count.total : ordered.articles.length > end || ordered.more;
  const totalCount = count.known ? count.total : Math.max(count.total, ordered.articles.length);
  return {
    data,
    pagination: {
      page,
      pageSize,
      totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / pageSize)),
      hasNextPage,
      hasPreviousPage: page > 1,
      totalKnown: count.known,
    },
  };
}

async function orderedPage(
  read: PageReader,
  filter: FeedFilter,
  order: "rank" | "newest",
  page: number,
  pageSize: number,
  services: Services,
): Promise<Served<TopNewsPage>> {
  const want = page * pageSize + 1;
  const first = (n: number) =>
    order === "rank"
      ? rankFirst(read, filter, n, capOf(services))
      : mergedFirst(read, streamsOf(filter, "newest"), n, byTime);
  // Newest first reads a first answer of every stream, whose totals add up; the rank order does
  // not read them all, and asks for the count.
  const [ordered, probe] = await Promise.all([first(want), order === "rank" ? countOf(read, filter) : null]);
  const count = probe ?? ordered.count ?? { total: 0, known: false };
  const result = pageOf(ordered, page, pageSize, count);
  // The next page's streams are read ahead as background work, which the budget paces.
  if (result.pagination.hasNextPage) void inBackground(() => first(want + pageSize)).catch(() => {});
  return combineServed(result, [...ordered.answers, ...(probe?.answers ?? [])], services.now());
}

/** The API's order: one upstream page per feed page; merged when several size ranges are asked. */
async function apiOrderPage(
  read: PageReader,
  filter: FeedFilter,
  page: number,
  pageSize: number,
  services: Services,
): Promise<Served<TopNewsPage>> {
  const queries = wholeQueriesOf(filter);
  if (queries.length === 1) return read({ ...queries[0], pageSize, pageNumber: page });
  const ordered = await mergedFirst(read, queries, page * pageSize + 1, byImportance);
  return combineServed(
    pageOf(ordered, page, pageSize, ordered.count ?? { total: 0, known: false }),
    ordered.answers,
    services.now(),
  );
}
