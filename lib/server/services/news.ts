import "server-only";
// News: a company's stories and the market's top news, each page of them cached by its query.
import type { Served } from "@/lib/api-types";
import type { CompanyNewsQuery, TopNewsQuery } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import { inBackground } from "@/lib/upstream/priority";
import { type NewsArticle, pagination, type TopNewsArticle, type TopNewsPage } from "@/lib/upstream/schemas";
import { TOP_NEWS_DEFAULT_PAGE_SIZE } from "@/lib/upstream/vocabulary";
import type { SwrCache } from "../cache/cache";
import type { Companies } from "./companies";
import { STREAM_PAGE, storyKey } from "./news-order";
import { type ServiceParts, stableKey } from "./served";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A whole feed read is read again (through the cache) when asked for this long after it began. */
const WHOLE_FRESH_MS = 2 * MINUTE;
/** A whole feed read that stopped (the budget, a failure) is tried again after this. */
const WHOLE_RETRY_MS = 20_000;
const WHOLE_READS_KEPT = 20;

/** A whole feed being read in the background, page after page: what is read so far. */
export interface WholeFeedRead {
  /** The stories read so far, each once. */
  articles: TopNewsArticle[];
  /**
   * The stories the feed holds: while it is read, what the first pages said (null until every
   * part's first page is read); once read whole, the stories read. A feed that moves while it is
   * paged (a new story on top shifts every later one down a place) shows a story on two pages, or
   * none: the count read is what the counts by company add up to.
   */
  total: number | null;
  done: boolean;
  /** Set when the reading stopped before the end: why. */
  stopped?: string;
  startedAt: number;
  /** Oldest page read, for "as of". */
  fetchedAt: number;
  finished: Promise<void>;
}

/** A company's news as /api/news asks for it: a range, and /news's filters. */
export interface CompanyNewsFilter {
  startDate?: string;
  endDate?: string;
  /** Any of these types (none: every type). */
  eventType?: readonly string[];
  /** One exact level, or a range (either end open). */
  importance?: number;
  minImportance?: number;
  maxImportance?: number;
}

/** The stories that pass the filter's event types and importance, in their order. */
export function filterStories<T extends { eventType: string; importance: number }>(
  stories: readonly T[],
  filter: CompanyNewsFilter,
): T[] {
  const types = filter.eventType?.length ? new Set(filter.eventType) : null;
  const [min, max] =
    filter.importance !== undefined
      ? [filter.importance, filter.importance]
      : [filter.minImportance ?? 1, filter.maxImportance ?? 5];
  return stories.filter(
    (s) => (!types || types.has(s.eventType)) && s.importance >= min && s.importance <= max,
  );
}

export class News {
  readonly companyCache: SwrCache<NewsArticle[]>;
  readonly topCache: SwrCache<TopNewsPage>;
  private readonly wholeReads = new Map<string, WholeFeedRead>();

  constructor(
    private readonly parts: ServiceParts,
    private readonly companies: Companies,
  ) {
    this.companyCache = parts.cache("company-news", {
      freshMs: 5 * MINUTE,
      staleMs: HOUR,
      errorMs: DAY,
      maxEntries: 2000,
    });
    this.topCache = parts.cache("top-news", {
      freshMs: 2 * MINUTE,
      staleMs: 30 * MINUTE,
      errorMs: DAY,
      maxEntries: 500,
    });
  }

  /**
   * One company's stories over a range, filtered here as /news filters: the range's stories are
   * one call, cached by the range only, so every filter of them costs nothing more (and the
   * endpoint could not ask for several types or an importance range anyway).
   */
  async forCompany(companyKey: string, filter: CompanyNewsFilter): Promise<Served<NewsArticle[]>> {
    const upper = companyKey.toUpperCase();
    const { startDate, endDate } = filter;
    const range: CompanyNewsQuery = startDate && endDate ? { startDate, endDate } : {};
    const served = this.parts.serve(
      await this.companyCache.get(`${upper}:${stableKey(range)}`, () =>
        this.parts.client.getCompanyNews({ companyKey: upper }, range),
      ),
    );
    return { ...served, data: filterStories(served.data, filter) };
  }

  async top(query: TopNewsQuery): Promise<Served<TopNewsPage>> {
    return this.parts.serve(
      await this.topCache.get(stableKey(query), () =>
        this.parts.client.getTopNews(query).catch((error: unknown) => {
          // A company that does not list the news dataset: the contract answers 404 (datasets rule 2);
          // its part of the feed is empty, as when it has no stories. Only when the company index
          // agrees: a 404 for another reason (a wrong base URL's "Not Found") stays an error.
          const row = query.companyKey ? this.companies.row(query.companyKey) : undefined;
          if (
            row &&
            !row.availableDatasets.includes("news") &&
            isUpstreamError(error) &&
            error.details.resource === "news"
          )
            return {
              pagination: {
                ...pagination(query.pageNumber ?? 1, query.pageSize ?? TOP_NEWS_DEFAULT_PAGE_SIZE, 0),
                totalKnown: true,
              },
              data: [],
            };
          throw error;
        }),
      ),
    );
  }

  /**
   * Every story of a feed (the queries' answers together), read in the background as the budget
   * allows, STREAM_PAGE a call through the feed's cache: the same read serves everyone who asks
   * meanwhile, and a later one re-reads the cached pages.
   */
  whole(queries: readonly TopNewsQuery[]): WholeFeedRead {
    const key = stableKey({ queries });
    const now = this.parts.now();
    const existing = this.wholeReads.get(key);
    if (
      existing &&
      (!existing.done || now - existing.startedAt < (existing.stopped ? WHOLE_RETRY_MS : WHOLE_FRESH_MS))
    )
      return existing;
    const reading: WholeFeedRead = {
      articles: [],
      total: null,
      done: false,
      startedAt: now,
      fetchedAt: now,
      finished: Promise.resolve(),
    };
    reading.finished = inBackground(async () => {
      let total = 0;
      const seen = new Set<string>();
      for (const [i, query] of queries.entries()) {
        for (let pageNumber = 1; ; pageNumber++) {
          const answer = await this.top({ ...query, pageSize: STREAM_PAGE, pageNumber });
          const page = answer.data;
          reading.fetchedAt = Math.min(reading.fetchedAt, answer.fetchedAt);
          if (pageNumber === 1) {
            total += page.pagination.totalCount;
            if (i === queries.length - 1) reading.total = total;
          }
          for (const story of page.data) {
            const key = storyKey(story);
            if (seen.has(key)) continue;
            seen.add(key);
            reading.articles.push(story);
          }
          if (!page.pagination.hasNextPage || page.data.length === 0) break;
        }
      }
      reading.total = reading.articles.length;
    })
      .catch((error: unknown) => {
        reading.stopped = isUpstreamError(error) ? error.code : "unavailable";
      })
      .finally(() => {
        reading.done = true;
      });
    this.wholeReads.delete(key);
    this.wholeReads.set(key, reading);
    for (const old of this.wholeReads.keys()) {
      if (this.wholeReads.size <= WHOLE_READS_KEPT) break;
      this.wholeReads.delete(old);
    }
    return reading;
  }
}
