import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { PickedCompany } from "@/components/news/company-picker";
import { NewsFeed } from "@/components/news/news-feed";
import { feedQueryKey } from "@/components/news/queries";
import { toSearch } from "@/lib/client/api";
import { utcDateOf } from "@/lib/dates";
import {
  DENSITY_COOKIE,
  FEED_PAGE_SIZE,
  isFeedDensity,
  parseFeedParams,
  serializeFeedState,
  toApiParams,
} from "@/lib/news/feed-state";
import { dataNow } from "@/lib/server/clock";
import { topNewsQuery } from "@/lib/server/query-schemas";
import { getServices } from "@/lib/server/services";
import { topNewsFeed } from "@/lib/server/top-news-feed";

export const metadata: Metadata = {
  title: "Top news",
  description: "The market's news ranked by importance, with every filter the API offers.",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The company named in the URL, by its canonical key: from the index, else through the API. */
async function canonicalCompany(key: string): Promise<{ key: string; picked: PickedCompany | null }> {
  const services = getServices();
  const row = services.directory.index("default").byKey(key);
  if (row) {
    return {
      key: row.companyKey,
      picked: {
        companyKey: row.companyKey,
        name: row.displayNameEnglish || row.companyKey,
        ticker: row.primaryListing.ticker,
        exchangeCode: row.primaryListing.exchangeCode,
        hasLogo: row.availableDatasets.includes("logos"),
      },
    };
  }
  // A former ticker or a secondary listing: the feed needs the canonical form.
  const resolved = await services.resolve(key).catch(() => null);
  return { key: resolved?.companyKey ?? key, picked: null };
}

export default async function NewsPage({ searchParams }: { searchParams: SearchParams }) {
  const today = utcDateOf(dataNow());
  // The density last chosen, so that the first HTML already has it (no flash, no layout shift).
  const remembered = (await cookies()).get(DENSITY_COOKIE)?.value;
  const preferredDensity = isFeedDensity(remembered) ? remembered : "cards";
  const { state } = parseFeedParams(await searchParams, today, preferredDensity);

  let initialCompany: PickedCompany | null = null;
  if (state.company) {
    const { key, picked } = await canonicalCompany(state.company);
    if (key !== state.company) redirect(`/news?${serializeFeedState({ ...state, company: key })}`);
    initialCompany = picked;
  }

  // The first page on the server, under the key the client reads: no loading flash. A failure is
  // left to the client, which shows it with a retry.
  const queryClient = new QueryClient();
  const params = toApiParams(state);
  await queryClient.prefetchInfiniteQuery({
    queryKey: feedQueryKey(params),
    queryFn: () =>
      topNewsFeed(
        topNewsQuery.parse(
          Object.fromEntries(new URLSearchParams(toSearch({ ...params, page: 1, pageSize: FEED_PAGE_SIZE }))),
        ),
      ),
    initialPageParam: 1,
  });

  return (
    <div>
      <div className="mb-6 max-w-3xl">
        <h1 className="text-2xl font-semibold tracking-tight">Top news</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          The market&apos;s news ranked by importance, then newest. Filters start at the API&apos;s own
          defaults: the latest 7 UTC days, importance 1–2, companies worth $1B and up, every event type.
        </p>
      </div>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <NewsFeed today={today} initialCompany={initialCompany} preferredDensity={preferredDensity} />
      </HydrationBoundary>
    </div>
  );
}
