// Each page's upstream loads, as the page makes them: the functions the route table
// (routes.ts) names, in a module of their own so that the table is read without loading the data
// layer (the server's front reads it for every request).
import "server-only";
import { loadCompareSearchParams } from "@/lib/compare/search-params";
import { compareSetOf } from "@/lib/compare/set";
import { utcDateOf } from "@/lib/dates";
import { decodedSegment } from "@/lib/hrefs";
import { linkedPagesOf, TALLY_PAGE_SIZE } from "@/lib/news/feed-state";
import { feedStateOf, loadFeedSearchParams } from "@/lib/news/search-params";
import { PageBudgetExceeded } from "../budget/page-budget";
import { dataNow } from "../services/clock";
import { getServices } from "../services/services";
import { gateComparison } from "./compare";
import { firstFeedPages, firstTally, newsCompany } from "./news-page";
import { overviewData } from "./overview";
import { profilePageData } from "./profile-page";

/** The overview's parts: the page answers as long as one of its two main parts came. */
export async function overview(): Promise<void> {
  const parts = await overviewData(getServices(), utcDateOf(dataNow()));
  const failures = parts.flatMap((p) => (p.status === "rejected" ? [p.reason as unknown] : []));
  const overBudget = failures.find((f) => f instanceof PageBudgetExceeded);
  if (overBudget) throw overBudget;
  // Neither today's stories nor the week's counts: the overview has nothing to show.
  if (parts[0].status === "rejected" && parts[1].status === "rejected") throw parts[0].reason;
}

/** The feed's first pages, or nothing when the URL names a company by another key (a redirect). */
export async function news(url: URL): Promise<void> {
  const { state } = feedStateOf(loadFeedSearchParams(url.searchParams), utcDateOf(dataNow()));
  const { redirectTo } = await newsCompany(state);
  if (redirectTo) return;
  // `pages=` counts pages of companies in the by-company view, of stories in the others.
  const pages = linkedPagesOf(url.searchParams.get("pages") ?? undefined);
  const byCompany = state.group === "company";
  await Promise.all([
    firstFeedPages(state, byCompany ? 1 : pages),
    byCompany ? firstTally(state, TALLY_PAGE_SIZE, pages) : null,
  ]);
}

export const profile = (_url: URL, companyKey: string) => profilePageData(decodedSegment(companyKey));

export const comparison = (url: URL) =>
  gateComparison(compareSetOf(loadCompareSearchParams(url.searchParams).companies).keys);
