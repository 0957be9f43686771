import "server-only";
import { serializeFeedState } from "@/app/news/search-params";
// The /news page's server data: the company named in the URL by its canonical key, and the feed's
// first page. The page and the page gate (proxy.ts) load the same things.
import { toSearch } from "@/lib/client/api";
import { FEED_PAGE_SIZE, type FeedState, toApiParams } from "@/lib/news/feed-state";
import { type PickedCompany, pickedFromRow } from "@/lib/news/picked-company";
import { topNewsQuery } from "./query-schemas";
import { getServices } from "./services";
import { topNewsFeed } from "./top-news-feed";

/** The company named in the URL, by its canonical key: from the index, else through the API. */
export async function canonicalCompany(key: string): Promise<{ key: string; picked: PickedCompany | null }> {
  const services = getServices();
  const row = services.indexedCompany(key, ["default"]);
  if (row) return { key: row.companyKey, picked: pickedFromRow(row) };
  // A former ticker or a secondary listing: the feed needs the canonical form.
  const resolved = await services.resolve(key).catch(() => null);
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

/** One page of the feed for a state (the first by default), as /api/top-news answers it. */
export function firstFeedPage(state: FeedState, page = 1) {
  const params = toApiParams(state);
  return topNewsFeed(
    topNewsQuery.parse(
      Object.fromEntries(new URLSearchParams(toSearch({ ...params, page, pageSize: FEED_PAGE_SIZE }))),
    ),
  );
}
