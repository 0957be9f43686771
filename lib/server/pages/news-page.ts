// The /news page's server data: the company named in the URL by its canonical key, and the feed's
// first pages. The page and the page gate (proxy.ts) load the same things.
import "server-only";
import type { CompanyTallyAnswer, TopNewsFeedPage } from "@/lib/api-types";
import { FEED_PAGE_SIZE, type FeedState } from "@/lib/news/feed-state";
import { type PickedCompany, pickedFromRow } from "@/lib/news/picked-company";
import { serializeFeedState } from "@/lib/news/search-params";
import { getServices } from "../services/services";
import { companyTally, feedViewQuery, topNewsFeed } from "../services/top-news-feed";

/** The company named in the URL, by its canonical key: from the index, else through the API. */
export async function canonicalCompany(key: string): Promise<{ key: string; picked: PickedCompany | null }> {
  const services = getServices();
  const row = services.companies.row(key, ["default"]);
  if (row) return { key: row.companyKey, picked: pickedFromRow(row) };
  // A former ticker or a secondary listing: the feed needs the canonical form.
  const resolved = await services.companies.resolve(key).catch(() => null);
  return { key: resolved?.companyKey ?? key, picked: null };
}

/** The feed's URL with the company by its canonical key, when the URL named it otherwise. */
export async function newsCompany(
  state: FeedState,
): Promise<{ redirectTo: string | null; initialCompany: PickedCompany | null }> {
  if (!state.company) return { redirectTo: null, initialCompany: null };
  const { key, picked } = await canonicalCompany(state.company);
  return {
    redirectTo: key !== state.company ? `/news?${serializeFeedState({ ...state, company: key })}` : null,
    initialCompany: picked,
  };
}

/** One page of the feed for a state, as /api/top-news answers it. */
const feedPage = (state: FeedState, page: number) => topNewsFeed(feedViewQuery(state, page, FEED_PAGE_SIZE));

/**
 * The feed's first `count` pages for a state (`pages=`), one after the other, as far as there are
 * stories. The first page's failure is thrown; a later one ends the list there (the script asks
 * for it again as the reader scrolls, and a reader without one has the pages before it).
 */
export async function firstFeedPages(state: FeedState, count = 1): Promise<TopNewsFeedPage[]> {
  const pages = [await feedPage(state, 1)];
  while (pages.length < count && pages.at(-1)?.data.pagination.hasNextPage) {
    const next = await feedPage(state, pages.length + 1).catch(() => null);
    if (!next) break;
    pages.push(next);
  }
  return pages;
}

/** The by-company view's first companies, as /api/top-news/companies answers (the counts so far). */
/** The by-company view's first `pages` pages of companies (more than one: the links without JavaScript). */
export function firstTally(state: FeedState, pageSize: number, pages = 1): Promise<CompanyTallyAnswer[]> {
  return Promise.all(
    Array.from({ length: pages }, (_, i) => companyTally(feedViewQuery(state, i + 1, pageSize))),
  );
}
