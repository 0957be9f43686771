// The top-news feed's URL state, parsed once for both sides: the server page and the Atom feed read
// it with the loader, the feed reads and writes it with useQueryStates on the same parsers. Each
// parameter arrives as text; lib/news/feed-state.ts reads the whole (lenient, with a note for each
// correction) and writes it back canonical. Neither server-only nor a client module.
import { createLoader, createParser, createSerializer, type inferParserType } from "nuqs/server";
import { companiesUrlValue } from "@/lib/compare/set";
import {
  DEFAULT_FEED_STATE,
  type FeedDensity,
  type FeedState,
  feedQueryOf,
  normalizeFeedState,
  parseFeedParams,
  type RawParams,
} from "@/lib/news/feed-state";

/** A parameter's text, trimmed; blank is absent. */
const text = createParser({
  parse: (value) => value.trim() || null,
  serialize: (value: string) => value,
});

/** In the order a canonical URL names them. */
export const feedParsers = {
  range: text,
  startDate: text,
  endDate: text,
  eventType: text,
  importance: text,
  minImportance: text,
  maxImportance: text,
  minMarketCap: text,
  maxMarketCap: text,
  size: text,
  company: text,
  sort: text,
  view: text,
  group: text,
};

export type FeedParams = inferParserType<typeof feedParsers>;

/**
 * `pages=`: how many pages of stories the URL opens with (the links that stand in for scrolling
 * without JavaScript). Not part of the feed's state: the feed writes it only to take it away when
 * the query changes, since the count belonged to the stories of the query before.
 */
export const feedPagesParser = { pages: text };

export const loadFeedSearchParams = createLoader(feedParsers);

const serializeFeed = createSerializer(feedParsers);

function rawOf(params: FeedParams): RawParams {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v ?? undefined]));
}

/** The feed state of a URL's parsed parameters, and what was corrected to reach it. */
export function feedStateOf(
  params: FeedParams,
  today: string,
  preferredDensity: FeedDensity = "cards",
): { state: FeedState; notes: string[] } {
  return parseFeedParams(rawOf(params), today, preferredDensity);
}

/**
 * The URL parameters of a state, defaults as null (left out). The cards are the default view, but
 * for a person whose remembered density is another, a URL without `view` opens that one: then the
 * cards are named (`view=cards`), or the URL would change what it shows.
 */
export function feedParamsOf(state: FeedState, preferredDensity: FeedDensity = "cards"): FeedParams {
  const query = feedQueryOf(state);
  if (state.density !== preferredDensity) query.view = state.density;
  return Object.fromEntries(Object.keys(feedParsers).map((key) => [key, query[key] ?? null])) as FeedParams;
}

/** The parameters of `next` that differ from `current`: a write of only what changed. */
export function changedParams(current: FeedParams, next: FeedParams): Partial<FeedParams> {
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => current[key as keyof FeedParams] !== value),
  ) as Partial<FeedParams>;
}

/** The query string (without "?") of a state, defaults omitted, in the canonical order. */
export function serializeFeedState(state: FeedState): string {
  return serializeFeed(feedParamsOf(state)).replace(/^\?/, "");
}

/** The parameters that lay the page out (cards or headlines, grouping, pages opened): not filters. */
export const LAYOUT_PARAMS = ["view", "group", "pages"] as const;

/** The query of a state's filters alone: what an Atom feed of the view serves and is named by. */
export function feedFilterQuery(state: FeedState): string {
  return serializeFeed({ ...feedParamsOf(state), view: null, group: null }).replace(/^\?/, "");
}

/**
 * The Atom feed of some companies' news at every level, as /following lists it (the feed's own
 * default is the market's levels 1 and 2). Companies sorted: one feed for one set.
 */
export function companiesFeedHref(keys: readonly string[]): string {
  return `/news/feed.xml?${followedFeedFilters()}&companies=${companiesUrlValue([...keys].sort())}`;
}

/** The filters of a feed of followed companies: every story, whatever its importance. */
export function followedFeedFilters(): string {
  return feedFilterQuery({ ...DEFAULT_FEED_STATE, importance: { kind: "range", min: 1, max: 5 } });
}

/** A path to the feed with this state: for links from elsewhere (the overview's chart). */
export function feedHref(state: Partial<FeedState>, today: string): string {
  const query = serializeFeedState(normalizeFeedState({ ...DEFAULT_FEED_STATE, ...state }, today));
  return query ? `/news?${query}` : "/news";
}

/** The feed opened with its first `pages` pages of stories (`pages=`: the links without JavaScript). */
export function feedPagesHref(state: Partial<FeedState>, today: string, pages: number): string {
  const href = feedHref(state, today);
  return `${href}${href.includes("?") ? "&" : "?"}pages=${pages}`;
}
