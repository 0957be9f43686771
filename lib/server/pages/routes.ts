import "server-only";
import { loadCompareSearchParams } from "@/lib/compare/search-params";
// The pages people open, in one table: each one's path, the upstream loads it makes, and whether
// its render may be kept. The page gate (lib/server/page-gate.ts) makes a page's loads first,
// within the client's budget, so that a failing upstream answers a real status and the page then
// renders from warm caches; the page front (lib/server/page-cache.ts) keeps the renders it may.
// The loads are the very functions the pages call. A new page is one entry here, plus its files.
import { compareSetOf } from "@/lib/compare/set";
import { utcDateOf } from "@/lib/dates";
import { decodedSegment } from "@/lib/hrefs";
import { linkedPagesOf } from "@/lib/news/feed-state";
import { feedStateOf, loadFeedSearchParams } from "@/lib/news/search-params";
import { dataNow } from "../clock";
import { gateComparison } from "../compare";
import { firstFeedPages, newsCompany } from "../news-page";
import { overviewData } from "../overview";
import { PageBudgetExceeded } from "../page-budget";
import { profilePageData } from "../profile-page";
import { getServices } from "../services";

export interface PageRoute {
  /** The page's path; `[name]` stands for one segment. */
  readonly path: string;
  /** Its upstream loads, as the page makes them; absent for a page that needs none. */
  readonly load?: (url: URL, segment: string) => Promise<unknown>;
  /** Whether the page front may keep a render of it for later views (its data cached, its status 200). */
  readonly keepable: boolean;
}

/** The overview's parts: the page answers as long as one of its two main parts came. */
async function loadOverview(): Promise<void> {
  const parts = await overviewData(getServices(), utcDateOf(dataNow()));
  const failures = parts.flatMap((p) => (p.status === "rejected" ? [p.reason as unknown] : []));
  const overBudget = failures.find((f) => f instanceof PageBudgetExceeded);
  if (overBudget) throw overBudget;
  // Neither today's stories nor the week's counts: the overview has nothing to show.
  if (parts[0].status === "rejected" && parts[1].status === "rejected") throw parts[0].reason;
}

/** The feed's first pages, or nothing when the URL names a company by another key (a redirect). */
async function loadNews(url: URL): Promise<void> {
  const { state } = feedStateOf(loadFeedSearchParams(url.searchParams), utcDateOf(dataNow()));
  const { redirectTo } = await newsCompany(state);
  if (!redirectTo) await firstFeedPages(state, linkedPagesOf(url.searchParams.get("pages") ?? undefined));
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: "/", keepable: true, load: loadOverview },
  // The directory reads the app's own index of companies: no upstream call of its own.
  { path: "/companies", keepable: true },
  {
    path: "/companies/[companyKey]",
    keepable: true,
    load: (_url, companyKey) => profilePageData(decodedSegment(companyKey)),
  },
  { path: "/news", keepable: true, load: loadNews },
  {
    path: "/compare",
    keepable: true,
    load: (url) => gateComparison(compareSetOf(loadCompareSearchParams(url.searchParams).companies).keys),
  },
  { path: "/changes", keepable: true },
  { path: "/following", keepable: true },
  // The budget's figures move with every call: never kept.
  { path: "/status", keepable: false },
  { path: "/sign-in", keepable: false },
];

const MATCHERS = PAGE_ROUTES.map((route) => ({
  route,
  // `[name]` is one segment; a trailing slash is the same page.
  pattern: new RegExp(`^${route.path.replace(/\/$/, "").replace(/\[[^\]]+\]/g, "([^/]+)")}/?$`),
}));

/** The page at `path`, and the segment its `[name]` stands for; null for anything else. */
export function pageRouteOf(path: string): { route: PageRoute; segment: string } | null {
  for (const { route, pattern } of MATCHERS) {
    const match = pattern.exec(path);
    if (match) return { route, segment: match[1] ?? "" };
  }
  return null;
}
