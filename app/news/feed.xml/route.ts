import type { CompareNewsCompany } from "@/lib/api-types";
import { companiesOf, companiesUrlValue, distinctKeys } from "@/lib/compare/set";
import { utcDateOf } from "@/lib/dates";
import { plainText } from "@/lib/format";
import { COMPANY_KEY_PATTERN } from "@/lib/identifiers";
import { atomFeed } from "@/lib/news/atom";
import { describeFeedView, type FeedState } from "@/lib/news/feed-state";
import {
  feedFilterQuery,
  feedParsers,
  feedStateOf,
  loadFeedSearchParams,
  serializeFeedState,
} from "@/lib/news/search-params";
import { feedLinkCompanies } from "@/lib/server/access/feed-link";
import { openToEveryone } from "@/lib/server/access/mode";
import type { Viewer } from "@/lib/server/access/viewer";
import { publicOrigin } from "@/lib/server/config";
import { type ErrorItem, errorBody, handler, signInRequired } from "@/lib/server/http/http";
import { compareNews, type SetNewsFilter } from "@/lib/server/pages/compare";
import { dataNow } from "@/lib/server/services/clock";
import { unknownCompany } from "@/lib/server/services/notices";
import { getServices } from "@/lib/server/services/services";
import { feedViewQuery, topNewsFeed } from "@/lib/server/services/top-news-feed";
import type { TopNewsArticle } from "@/lib/upstream/schemas";

export const dynamic = "force-dynamic";

/** A watchlist feed asks one top-news call per company: at most this many companies. */
export const MAX_FEED_COMPANIES = 50;
const ENTRIES = 50;

/**
 * The top-news view as Atom: the same query as /news, or `companies=K1,K2` (the compare set's
 * encoding) for a watchlist's stories of the last 7 days, one cached call per company, or
 * `following=<secret link>` for the companies a signed-in person follows (lib/server/access/
 * feed-link.ts): the one way in for a feed reader, which cannot sign in.
 */
export const GET = handler(feed, { chargeMisses: true, public: true });

async function feed(request: Request, viewer: Viewer): Promise<Response> {
  const url = new URL(request.url);
  const link = url.searchParams.get("following");
  let followed: string[] | undefined;
  let list: string | null = null;
  if (link !== null) {
    const opened = await feedLinkCompanies(link);
    if (!opened)
      return errorBody(404, [
        {
          message:
            "This feed link was revoked, its list deleted, or it is not one: make a new one on /following.",
          code: "not_found",
        },
      ]);
    followed = opened.companies.slice(0, MAX_FEED_COMPANIES);
    list = opened.list;
    url.searchParams.delete("following");
    url.searchParams.delete("companies");
  } else if (!viewer.allowed) return signInRequired();
  const today = utcDateOf(dataNow());
  const { state, notes } = feedStateOf(loadFeedSearchParams(url.searchParams), today);
  // /news corrects an odd address and says how; a feed reader shows no notes, so a feed refuses
  // it: its address must say exactly what it serves. The page's words tell what to correct.
  const errors: ErrorItem[] = notes.map((note) => ({ message: `On /news: ${note}` }));
  if (errors.length > 0)
    errors.unshift({
      message:
        "A feed serves its address as it stands, and this one needs correcting (here is what /news would do).",
    });
  for (const name of Object.keys(feedParsers)) {
    const given = url.searchParams.getAll(name).length;
    if (given > 1)
      errors.push({
        message: `${name} is given ${given} times: give it once${name === "eventType" ? " (several types as one list: eventType=a,b)" : ""}.`,
        parameter: name,
      });
  }
  const keys = followed ?? companiesOf(url.searchParams.getAll("companies"));
  if (url.searchParams.has("companies") && keys.length === 0)
    errors.push({
      message: "companies names no company: name at least one, or leave it out for the market's feed.",
      parameter: "companies",
    });
  for (const key of keys)
    if (!COMPANY_KEY_PATTERN.test(key))
      errors.push({ message: `“${key.slice(0, 40)}” is not a company key.`, parameter: "companies" });
  if (keys.length > MAX_FEED_COMPANIES)
    errors.push({
      message: `A feed covers at most ${MAX_FEED_COMPANIES} companies (${keys.length} given).`,
      parameter: "companies",
    });
  if (errors.length > 0) return errorBody(400, errors);

  let articles: TopNewsArticle[];
  let title: string;
  // A watchlist feed some of whose companies failed is cached for less time.
  let partial = false;
  if (followed?.length === 0) {
    articles = [];
    title =
      list === null
        ? "Fiscal Atlas: news of the companies you follow · none followed yet"
        : `Fiscal Atlas: news of your list “${plainText(list)}” · no companies in it yet`;
  } else if (keys.length > 0) {
    // Each company's stories filtered by the API, so a company's 50 entries are 50 that match.
    const news = await compareNews(distinctKeys(keys), undefined, {
      filter: companyFilter(state),
      perCompany: ENTRIES,
    });
    const failed = news.companies.filter((c) => c.error);
    if (failed.length === news.companies.length) return nothingServed(failed);
    partial = failed.length > 0;
    articles = news.articles;
    const word = keys.length === 1 ? "company" : "companies";
    title = `Fiscal Atlas: news of ${list === null ? `${keys.length} followed ${word}` : `your list “${plainText(list)}” (${keys.length} ${word})`} · ${describeFeedView(state)}`;
  } else {
    const page = await topNewsFeed(feedViewQuery(state, 1, ENTRIES));
    articles = page.data.data;
    // Named by the view it serves: a reader subscribed to several lists them by title.
    const company = state.company
      ? plainText(
          getServices().companies.row(state.company)?.displayNameEnglish ||
            articles.find((a) => a.companyKey === state.company)?.displayNameEnglish ||
            state.company,
        )
      : undefined;
    title = `Fiscal Atlas: top news · ${describeFeedView(state, company)}`;
  }

  // Never from the request's Host: a feed's links are cached and read by others (PUBLIC_URL).
  const origin = publicOrigin();
  const query = serializeFeedState(state);
  // Named by what it serves (its filters and companies), not by how the address was written: the
  // page's layout (view, grouping) or the parameters' order make no other feed.
  const filters = feedFilterQuery(state);
  // The companies in one order: a list given in another is the same feed.
  // A secret link's feed is its link: the list behind it changes, its address does not.
  const companies =
    link !== null
      ? `following=${link}`
      : keys.length > 0
        ? `companies=${companiesUrlValue(distinctKeys(keys).sort())}`
        : "";
  const self = [filters, companies].filter(Boolean).join("&");
  const body = atomFeed({
    origin,
    selfUrl: `${origin}${url.pathname}${self ? `?${self}` : ""}`,
    pageUrl: `${origin}/news${query ? `?${query}` : ""}`,
    title,
    now: dataNow(),
    articles: articles.slice(0, ENTRIES),
  });
  return new Response(body, {
    headers: {
      "content-type": "application/atom+xml; charset=utf-8",
      // The stories come from the services' caches; a reader polling faster gains nothing.
      // Shared caches may keep it only while everyone may read it.
      "cache-control": `${openToEveryone() ? "public" : "private"}, max-age=${partial ? 60 : 300}`,
    },
  });
}

/**
 * The filters of a feed's view that apply to one company's stories: the view's own query without
 * what a company's feed does not take (the market-cap bounds) or that each company sets (its key).
 */
function companyFilter(state: FeedState): SetNewsFilter {
  const { companyKey, minMarketCap, maxMarketCap, page, pageSize, eventType, ...filter } = feedViewQuery(
    state,
    1,
    ENTRIES,
  );
  return { ...filter, ...(eventType ? { eventTypes: eventType } : {}) };
}

/** Every company of a watchlist failed: an empty feed would say they have no news. Say why instead. */
function nothingServed(failed: readonly CompareNewsCompany[]): Response {
  if (failed.some((c) => c.reason === "unavailable"))
    return errorBody(
      503,
      [{ message: "The data service could not send the news just now; try again shortly." }],
      {
        "retry-after": "30",
      },
    );
  if (failed.some((c) => c.reason === "plan"))
    return errorBody(403, [{ message: "These companies' news is not available on this server's plan." }]);
  return errorBody(
    404,
    failed.map((c) => ({ message: unknownCompany(c.companyKey), parameter: "companies" })),
  );
}
