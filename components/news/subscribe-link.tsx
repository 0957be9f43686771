"use client";

import { useSearchParams } from "next/navigation";
import { useHydrated } from "@/lib/client/hydrated";
import { LAYOUT_PARAMS } from "@/lib/news/search-params";

/** The feed symbol of a subscribe link. */
export function FeedIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
      <path
        fill="currentColor"
        d="M4 4a12 12 0 0 1 12 12h-2.5A9.5 9.5 0 0 0 4 6.5zm0 5a7 7 0 0 1 7 7H8.5A4.5 4.5 0 0 0 4 11.5zm1.5 4a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3"
      />
    </svg>
  );
}

/**
 * The Atom feed of the view on screen: /news/feed.xml takes the same query as /news, less its
 * layout. Until the page hydrates (and with scripts off) the query is `opening`, the server's
 * corrected one: the feed refuses what /news corrects with a note (a start date without its end, say).
 */
export function SubscribeLink({ opening }: { opening: string }) {
  const current = useSearchParams().toString();
  const params = new URLSearchParams(useHydrated() ? current : opening);
  // One feed per set of filters, whatever the page's layout: a reader subscribed from the
  // headlines and one from the cards get the same feed.
  for (const name of LAYOUT_PARAMS) params.delete(name);
  const search = params.toString();
  return (
    <a
      href={`/news/feed.xml${search ? `?${search}` : ""}`}
      type="application/atom+xml"
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
    >
      <FeedIcon />
      Subscribe (Atom feed of this view)
    </a>
  );
}
