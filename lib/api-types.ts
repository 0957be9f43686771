// The answers of this app's own /api/* routes: the route handlers and the server pages build
// them (lib/server), the browser's hooks read them (components). Types only, and not
// server-only, so that both sides name the same shapes instead of typing them twice.

import type { SetFailure } from "@/lib/compare/model";
import type { CompanySet, SyncProgress } from "@/lib/directory/sync";
import type { CacheState } from "@/lib/server/cache/cache";
import type { DirectoryRow } from "@/lib/server/pages/directory";
import type { CompanyTally } from "@/lib/server/services/news-order";
import type { UpstreamErrorCode } from "@/lib/upstream/errors";
import type { NewsArticle, Profile, ProfileV2, TopNewsArticle, TopNewsPage } from "@/lib/upstream/schemas";

/** A cached upstream answer as the app serves it. */
export interface Served<T> {
  data: T;
  fetchedAt: number;
  /** fresh, stale (revalidating), or stale-on-error (the upstream failed; this is older data). */
  state: CacheState;
  /** With stale-on-error: how old the data is and why newer data is missing. */
  stale?: { ageMs: number; reason: UpstreamErrorCode };
  /** With stale-on-error: the notice a page shows above the data. */
  warning?: string;
}

/** GET /api/profile and /api/profile-v2. */
export interface ServedProfile<P extends Profile | ProfileV2 = Profile> extends Served<P> {
  /** How old updatedAt and earningsFilingDate are (past LIVE_FIELDS_TTL_MS, a refresh is under way). */
  liveFieldsAgeMs: number;
}

/** GET /api/news: one company's news. */
export type CompanyNewsAnswer = Served<NewsArticle[]>;

/** GET /api/top-news: one page of the cross-company feed. */
export interface TopNewsFeedPage extends Served<TopNewsPage> {
  /**
   * Companies on this page not known to have a logo (the directory index says none, or does not
   * know the company yet, as in the first seconds after start): the browser shows their initials
   * without asking /api/logo, which would spend an upstream call on a 404.
   */
  noLogo: string[];
  /**
   * The order the stories are in: as asked (rank: importance, then market cap, then newest;
   * newest), or the API's (importance, then newest) when the asked order could not be afforded.
   */
  order: "rank" | "newest" | "api";
  /** Why the stories are not in the order asked for. */
  orderNote?: string;
}

/** GET /api/top-news/companies: a whole feed's stories by company, one page of companies. */
export interface CompanyTallyAnswer {
  companies: CompanyTally[];
  /** Companies in the stories read so far. */
  companyCount: number;
  page: number;
  pageSize: number;
  /** Stories read so far, and in all (null until known). */
  read: number;
  total: number | null;
  /** Every story is read: the counts are final. */
  complete: boolean;
  /** Why the reading stopped before the end (it is tried again on a later ask). */
  stopped?: string;
  fetchedAt: number;
  noLogo: string[];
}

/** One article of the top-news feed, with the company it is about (the upstream's shape, as served). */
export type { TopNewsArticle };

export interface CompareNewsCompany {
  companyKey: string;
  /** Stories in the last 7 days (every importance), or null when the call failed. */
  total: number | null;
  /** False when the service did not give the total: `total` is then a lower bound. */
  totalKnown?: false;
  error?: string;
  /** Why the call failed, with `error`: as a comparison's entry says it. */
  reason?: SetFailure;
  /** With `error`: waiting mends it (a 429, an outage), so the page asks again on its own. */
  retrySoon?: true;
}

/** GET /api/compare/news: the set's stories of the last 7 UTC days, most material first, then newest. */
export interface CompareNewsAnswer {
  articles: TopNewsArticle[];
  companies: CompareNewsCompany[];
  warning?: string;
}

/** GET /api/index-status: the sync of both company sets. */
export type IndexStatus = Record<CompanySet, SyncProgress>;

/**
 * GET /api/companies: one page of the directory (built by lib/server/pages/directory.ts); a server page's
 * try at one (LoadedDirectoryPage).
 */
export type { DirectoryPage, LoadedDirectoryPage } from "@/lib/server/pages/directory";
/** The overview's chart of the week's stories by event type. */
export type { WeekCounts } from "@/lib/server/pages/overview";
/** A profile's History section: the company's changes since the app has watched the company list. */
export type { ProfileHistory, ProfileListFacts } from "@/lib/server/pages/profile-page";
export type { DirectoryRow };

/** GET /api/following: the followed companies' rows; each company fails on its own. */
export type FollowedRow =
  | { requested: string; ok: true; row: DirectoryRow }
  | { requested: string; ok: false; reason: SetFailure; message: string };

export interface FollowedRows {
  companies: FollowedRow[];
  /** Set when some profiles are older than usual because the data service is failing. */
  warning?: string;
}
