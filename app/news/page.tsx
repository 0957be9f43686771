import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { NewsFeed } from "@/components/news/news-feed";
import { feedQueryKey, tallyQueryOptions } from "@/components/news/queries";
import { SubscribeLink } from "@/components/news/subscribe-link";
import { SaveView } from "@/components/saved/save-view";
import { ArrivesLater } from "@/components/ui/arrives-later";
import { SlowUpstreamNotice } from "@/components/ui/slow-upstream";
import { UrlState } from "@/components/url-state";
import { utcDateOf } from "@/lib/dates";
import {
  DENSITY_COOKIE,
  type FeedDensity,
  type FeedState,
  isFeedDensity,
  linkedPagesOf,
  TALLY_PAGE_SIZE,
  toApiParams,
} from "@/lib/news/feed-state";
import { feedFilterQuery, feedParsers, feedStateOf, loadFeedSearchParams } from "@/lib/news/search-params";
import { withinDocument } from "@/lib/server/pages/document-deadline";
import { firstFeedPages, firstTally, newsCompany } from "@/lib/server/pages/news-page";
import { upstreamIsSlow } from "@/lib/server/pages/page-gate";
import { dataNow } from "@/lib/server/services/clock";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { state } = feedStateOf(await loadFeedSearchParams(searchParams), utcDateOf(dataNow()));
  const query = feedFilterQuery(state);
  return {
    title: "Top news",
    description: "The market's news ranked by importance and company size, with every filter the API offers.",
    alternates: {
      types: {
        "application/atom+xml": [
          { url: `/news/feed.xml${query ? `?${query}` : ""}`, title: "Top news (Atom)" },
        ],
      },
    },
  };
}

export default async function NewsPage({ searchParams }: { searchParams: SearchParams }) {
  const today = utcDateOf(dataNow());
  // The density last chosen, so that the first HTML already has it (no flash, no layout shift).
  const remembered = (await cookies()).get(DENSITY_COOKIE)?.value;
  const preferredDensity = isFeedDensity(remembered) ? remembered : "cards";
  const { state, notes: stateNotes } = feedStateOf(
    await loadFeedSearchParams(searchParams),
    today,
    preferredDensity,
  );
  const asked = (await searchParams).pages;
  const pages = linkedPagesOf(asked);
  // More pages than a link opens (they stand in for scrolling without a script): said, not silent.
  const notes =
    typeof asked === "string" && /^\d+$/.test(asked) && Number(asked) > pages
      ? [
          ...stateNotes,
          `A link opens at most ${pages} pages of ${state.group === "company" ? "companies" : "stories"}: these are the first ${pages}.`,
        ]
      : stateNotes;
  const feed = { state, pages, notes, today, preferredDensity };
  return (
    <div>
      <div className="mb-6 max-w-3xl">
        <h1 className="text-2xl font-semibold tracking-tight">Top news</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          The market&apos;s news ranked by importance, then company size, then newest; or newest first.
          Filters start at the API&apos;s own defaults: the latest 7 UTC days, importance 1–2, companies worth
          $1B and up, every event type.
        </p>
        <p className="mt-2">
          {/* No Suspense boundary: the page is dynamic, and one would stream the link in behind a
              script, so that without scripts it was never shown when its module loaded late. */}
          <SubscribeLink opening={feedFilterQuery(state)} />
        </p>
        <div className="mt-2">
          <SaveView kind="news" />
        </div>
      </div>
      {(await upstreamIsSlow()) ? (
        // The upstream is slow (page-gate.ts): the document now, the feed when it comes.
        <Suspense fallback={<SlowUpstreamNotice what="The stories" />}>
          <Feed {...feed} streamed />
        </Suspense>
      ) : (
        <Feed {...feed} />
      )}
    </div>
  );
}

async function Feed({
  state,
  pages,
  notes,
  today,
  preferredDensity,
  streamed = false,
}: {
  state: FeedState;
  /** How many pages of stories the page opens with (`pages=`, the links that stand in for scrolling without JavaScript). */
  pages: number;
  /** What was corrected in the URL the page was opened with. */
  notes: string[];
  today: string;
  preferredDensity: FeedDensity;
  /** Streamed after the document was sent: stories not come by the deadline are left to the client. */
  streamed?: boolean;
}) {
  // The company named (its canonical key), then the first pages on the server, under the key the
  // client reads: no loading flash, and the script carries on from the last. A failure of the
  // pages is left to the client, which shows it with a retry; streamed, both within one deadline.
  const load = (async () => {
    const company = await newsCompany(state);
    if (company.redirectTo) return { ...company, loaded: null, tally: null };
    // `pages=` counts pages of companies in the by-company view, of stories in the others.
    const byCompany = state.group === "company";
    const [loaded, tally] = await Promise.all([
      firstFeedPages(state, byCompany ? 1 : pages).catch(() => null),
      byCompany ? firstTally(state, TALLY_PAGE_SIZE, pages).catch(() => null) : null,
    ]);
    return { ...company, loaded, tally };
  })();
  const settled = streamed ? await withinDocument(load) : await load;
  if (settled === "late") return <ArrivesLater what="The stories" renderedAt={Date.now()} />;
  const { redirectTo, initialCompany, loaded, tally } = settled;
  if (redirectTo) redirect(redirectTo);
  const queryClient = new QueryClient();
  if (loaded)
    queryClient.setQueryData(feedQueryKey(toApiParams(state)), {
      pages: loaded,
      pageParams: loaded.map((_, i) => i + 1),
    });
  if (tally)
    queryClient.setQueryData(tallyQueryOptions(toApiParams(state)).queryKey, {
      pages: tally,
      pageParams: tally.map((_, i) => i + 1),
    });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <UrlState order={Object.keys(feedParsers)}>
        <NewsFeed
          today={today}
          initialCompany={initialCompany}
          preferredDensity={preferredDensity}
          openingNotes={notes}
        />
      </UrlState>
    </HydrationBoundary>
  );
}
