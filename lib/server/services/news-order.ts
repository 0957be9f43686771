// The market's top news in the order a reader chooses. The API sorts by importance, then newest,
// and cannot sort by company size; so both orders are made here from narrower upstream feeds
// ("streams"), each one importance level and one market-cap band, which the API returns newest
// first:
// - rank (importance, then market cap, then newest): the streams in rank order (level 1 first;
//   within it the largest band first) are read whole, one after the other, until the page is
//   filled; a stream's stories are sorted by market cap, then newest. The default view's first
//   page takes two calls (the bands of $200B and more).
// - newest: one stream per level and size range, each read as far as the page needs, merged by time.
// - api: the API's order, one upstream page for one feed page.
// Streams are read STREAM_PAGE stories a call (the API's default page size) through the news cache,
// so that later pages, the other order and the next visitor reuse them. A stream that cannot be
// read (the budget is spent, the service fails) leaves the page to the API's order, which says so.
import type { Served } from "@/lib/api-types";
import {
  type CapInterval,
  type FeedOrder,
  type FeedSize,
  LEVELS,
  sizeIntervals,
} from "@/lib/news/feed-state";
import type { TopNewsQuery } from "@/lib/upstream/client";
import type { TopNewsArticle, TopNewsPage } from "@/lib/upstream/schemas";
import { DEFAULT_MIN_MARKET_CAP, TOP_NEWS_DEFAULT_PAGE_SIZE } from "@/lib/upstream/vocabulary";

/** Stories per upstream call when reading a stream. */
export const STREAM_PAGE = TOP_NEWS_DEFAULT_PAGE_SIZE;

/**
 * Where the rank order cuts the market-cap range into bands (largest first): fine at the top,
 * where the first pages are, so that they take few calls; each band is read whole.
 */
export const BAND_EDGES = [1e12, 200e9, 100e9, 50e9, 20e9, 10e9, 5e9, 2e9, 1e9, 300e6] as const;

/** The feed's filters as the route parsed them, without paging or order. */
export interface FeedFilter extends Omit<TopNewsQuery, "pageSize" | "pageNumber"> {
  sizes?: readonly FeedSize[];
}

export type PageReader = (query: TopNewsQuery) => Promise<Served<TopNewsPage>>;

/** The importance levels a filter covers, most important first (the API's default is 1–2). */
export function levelsOf(filter: FeedFilter): number[] {
  if (filter.importance !== undefined) return [filter.importance];
  if (filter.minImportance === undefined && filter.maxImportance === undefined) return [1, 2];
  const [min, max] = [filter.minImportance ?? 1, filter.maxImportance ?? 5];
  return LEVELS.filter((l) => l >= min && l <= max);
}

/** The market-cap ranges a filter covers, largest first; none with a company (the API ignores them). */
export function capIntervalsOf(filter: FeedFilter): CapInterval[] | null {
  if (filter.companyKey) return null;
  if (filter.sizes?.length) return sizeIntervals(filter.sizes);
  return [{ min: filter.minMarketCap ?? DEFAULT_MIN_MARKET_CAP, max: filter.maxMarketCap }];
}

/** A range cut at the band edges inside it, largest band first. */
export function bandsOf(interval: CapInterval): CapInterval[] {
  const inside = BAND_EDGES.filter(
    (e) => e > interval.min && (interval.max === undefined || e < interval.max),
  );
  const bands: CapInterval[] = [];
  let max = interval.max;
  for (const edge of inside) {
    bands.push({ min: edge, max });
    max = edge;
  }
  bands.push({ min: interval.min, max });
  return bands;
}

/** The filter's query with one level and one cap range, for the API (both cap bounds explicit). */
function streamQuery(filter: FeedFilter, level: number | null, cap: CapInterval | null): TopNewsQuery {
  const {
    sizes: _sizes,
    importance,
    minImportance,
    maxImportance,
    minMarketCap,
    maxMarketCap,
    ...rest
  } = filter;
  const query: TopNewsQuery = { ...rest };
  if (level !== null) query.importance = level;
  else Object.assign(query, { importance, minImportance, maxImportance });
  if (cap) {
    query.minMarketCap = cap.min;
    if (cap.max !== undefined) query.maxMarketCap = cap.max;
  }
  return query;
}

/** The streams of an order, in the order they are read. */
export function streamsOf(filter: FeedFilter, order: Exclude<FeedOrder, "api">): TopNewsQuery[] {
  const intervals = capIntervalsOf(filter);
  const levels = levelsOf(filter);
  if (!intervals) return levels.map((level) => streamQuery(filter, level, null));
  if (order === "newest")
    return levels.flatMap((level) => intervals.map((cap) => streamQuery(filter, level, cap)));
  const bands = intervals.flatMap(bandsOf);
  return levels.flatMap((level) => bands.map((cap) => streamQuery(filter, level, cap)));
}

/** The filter's whole feed as API queries (one per size range), for counting and reading it all. */
export function wholeQueriesOf(filter: FeedFilter): TopNewsQuery[] {
  const intervals = capIntervalsOf(filter);
  if (!intervals) return [streamQuery(filter, null, null)];
  return intervals.map((cap) => streamQuery(filter, null, cap));
}

/** A story's identity: two stories may differ only in their company or collection time. */
export function storyKey(a: TopNewsArticle): string {
  return `${a.companyKey ?? ""}|${a.collectedAt}|${a.sourceUrl ?? ""}|${a.title}`;
}

/** The stories without repeats, each where it first appears. */
export function distinct(articles: readonly TopNewsArticle[]): TopNewsArticle[] {
  const seen = new Set<string>();
  return articles.filter((a) => {
    const key = storyKey(a);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const newer = (a: TopNewsArticle, b: TopNewsArticle) =>
  a.collectedAt < b.collectedAt ? 1 : a.collectedAt > b.collectedAt ? -1 : 0;

/** Rank order inside one importance level: market cap (unknown last), then newest. */
export function bySize(capOf: (a: TopNewsArticle) => number | undefined) {
  return (a: TopNewsArticle, b: TopNewsArticle) => {
    const [ca, cb] = [capOf(a) ?? -1, capOf(b) ?? -1];
    return ca !== cb ? cb - ca : newer(a, b);
  };
}

/** Newest first; at the same moment the more important first. */
export function byTime(a: TopNewsArticle, b: TopNewsArticle): number {
  return newer(a, b) || a.importance - b.importance;
}

/** What was read for a page: the stories in order, whether more follow, and every answer used. */
export interface Ordered {
  articles: TopNewsArticle[];
  /** More stories follow the ones read (a stream or an answer not read to its end). */
  more: boolean;
  answers: Served<TopNewsPage>[];
  /** How many stories the filter finds, when every stream's first answer was read (they add up). */
  count?: { total: number; known: boolean };
}

/** Reads one stream's first `want` stories (all of it when undefined), STREAM_PAGE a call. */
export async function readStream(read: PageReader, query: TopNewsQuery, want?: number): Promise<Ordered> {
  const articles: TopNewsArticle[] = [];
  const answers: Served<TopNewsPage>[] = [];
  for (let page = 1; ; page++) {
    const answer = await read({ ...query, pageSize: STREAM_PAGE, pageNumber: page });
    answers.push(answer);
    articles.push(...answer.data.data);
    const more = answer.data.pagination.hasNextPage && answer.data.data.length > 0;
    if (!more || (want !== undefined && articles.length >= want)) return { articles, more, answers };
  }
}

/**
 * The first `want` stories of the rank order (and whether more follow): whole streams in rank
 * order, each sorted by size, until `want` are read.
 */
export async function rankFirst(
  read: PageReader,
  filter: FeedFilter,
  want: number,
  capOf: (a: TopNewsArticle) => number | undefined,
): Promise<Ordered> {
  const streams = streamsOf(filter, "rank");
  const out: Ordered = { articles: [], more: false, answers: [] };
  const order = bySize(capOf);
  for (const [i, stream] of streams.entries()) {
    if (out.articles.length >= want) {
      out.more = i < streams.length;
      break;
    }
    const part = await readStream(read, stream);
    out.answers.push(...part.answers);
    out.articles.push(...part.articles.sort(order));
  }
  // A company exactly on a band's edge is in both bands: its stories once, where they rank first.
  out.articles = distinct(out.articles);
  return out;
}

/** The API's order: importance, then newest. */
export function byImportance(a: TopNewsArticle, b: TopNewsArticle): number {
  return a.importance - b.importance || newer(a, b);
}

/**
 * The first `want` stories of several streams each already in `compare`'s order: each read as far
 * as `want`, merged.
 */
export async function mergedFirst(
  read: PageReader,
  streams: readonly TopNewsQuery[],
  want: number,
  compare: (a: TopNewsArticle, b: TopNewsArticle) => number,
): Promise<Ordered> {
  const parts = await Promise.all(streams.map((s) => readStream(read, s, want)));
  const articles = distinct(parts.flatMap((p) => p.articles).sort(compare));
  // The streams split the filter's stories between them: their totals add up to its total.
  const firsts = parts.map((p) => p.answers[0]?.data.pagination);
  return {
    articles,
    more: articles.length > want || parts.some((p) => p.more),
    answers: parts.flatMap((p) => p.answers),
    count: {
      total: firsts.reduce((sum, f) => sum + (f?.totalCount ?? 0), 0),
      known: firsts.every((f) => f?.totalKnown !== false),
    },
  };
}

const STATE_RANK = { fresh: 0, stale: 1, "stale-on-error": 2 } as const;

/** Several answers as one: the oldest fetch and the worst state, with that answer's words. */
export function combineServed<T>(data: T, answers: readonly Served<unknown>[], now: number): Served<T> {
  if (answers.length === 0) return { data, fetchedAt: now, state: "fresh" };
  const worst = answers.reduce((a, b) => (STATE_RANK[b.state] > STATE_RANK[a.state] ? b : a));
  const fetchedAt = Math.min(...answers.map((a) => a.fetchedAt));
  const result: Served<T> = { data, fetchedAt, state: worst.state };
  if (worst.stale) result.stale = worst.stale;
  if (worst.warning) result.warning = worst.warning;
  return result;
}

/** One company's part of a whole feed: how many stories, at which levels, and its leading ones. */
export interface CompanyTally {
  companyKey: string;
  name: string;
  ticker?: string;
  exchangeCode?: string;
  marketCapUsd?: number;
  count: number;
  /** Stories by importance level ("1" to "5"). */
  levels: Record<string, number>;
  /** The company's first stories in rank order. */
  top: TopNewsArticle[];
}

/** Stories kept per company in a tally: the rest are a link away. */
export const TALLY_TOP = 3;

/**
 * The stories of a whole feed by company, in rank order: each company by its most important
 * story, then size, then its count; stories that name no company are left out.
 */
export function tallyByCompany(
  articles: readonly TopNewsArticle[],
  capOf: (a: TopNewsArticle) => number | undefined,
): CompanyTally[] {
  const groups = new Map<string, TopNewsArticle[]>();
  for (const article of distinct(articles)) {
    const key = article.companyKey;
    if (!key) continue;
    const list = groups.get(key);
    if (list) list.push(article);
    else groups.set(key, [article]);
  }
  const rank = bySize(capOf);
  const tallies = [...groups].map(([companyKey, list]): CompanyTally => {
    list.sort((a, b) => a.importance - b.importance || rank(a, b));
    const first = list[0] as TopNewsArticle;
    const levels: Record<string, number> = {};
    for (const a of list) levels[a.importance] = (levels[a.importance] ?? 0) + 1;
    return {
      companyKey,
      name: first.displayNameEnglish || companyKey,
      ticker: first.ticker ?? undefined,
      exchangeCode: first.exchangeCode ?? undefined,
      marketCapUsd: capOf(first),
      count: list.length,
      levels,
      top: list.slice(0, TALLY_TOP),
    };
  });
  return tallies.sort(
    (a, b) =>
      (a.top[0]?.importance ?? 5) - (b.top[0]?.importance ?? 5) ||
      (b.marketCapUsd ?? -1) - (a.marketCapUsd ?? -1) ||
      b.count - a.count ||
      a.companyKey.localeCompare(b.companyKey),
  );
}
