import "server-only";
// Server services: every page and route handler reads upstream data through these. They own
// the caches, single-flight, the directory index and the call counts.
import type { DirectoryQuery, DirectoryResult } from "@/lib/directory/company-index";
import { type CompanySet, DirectorySync, type SnapshotStore, type SyncProgress } from "@/lib/directory/sync";
import { formatAgo } from "@/lib/format";
import {
  COMPANY_KEY_PATTERN,
  isValidCusip,
  isValidFigi,
  isValidFiscalIdentifier,
  isValidIsin,
  normalizeCik,
} from "@/lib/identifiers";
import { createUpstreamClient } from "@/lib/upstream";
import type { BudgetStatus } from "@/lib/upstream/budget";
import type {
  CompanyLookup,
  CompanyNewsQuery,
  LogoVariant,
  TopNewsQuery,
  UpstreamClient,
} from "@/lib/upstream/client";
import { readUpstreamConfig } from "@/lib/upstream/config";
import { isUpstreamError, type UpstreamErrorCode } from "@/lib/upstream/errors";
import type { UpstreamHealth } from "@/lib/upstream/health";
import type { Company, NewsArticle, Profile, ProfileV2, TopNewsPage } from "@/lib/upstream/schemas";
import { type Cached, type CacheStats, SwrCache } from "./cache";
import type { SharedTier, SharedTierStatus } from "./cache-tiers";
import { getSharedRedis, type RedisStatus } from "./redis";
import { getSharedState } from "./shared-state";
import { createUpstreamBudget } from "./upstream-budget";
import { UpstreamStats } from "./upstream-stats";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** updatedAt and earningsFilingDate are "served live": never older than this. */
export const LIVE_FIELDS_TTL_MS = 10 * MINUTE;

export interface Served<T> {
  data: T;
  fetchedAt: number;
  /** fresh, stale (revalidating), or stale-on-error (the upstream failed; this is older data). */
  state: Cached<T>["state"];
  /** With stale-on-error: how old the data is and why newer data is missing. */
  stale?: { ageMs: number; reason: UpstreamErrorCode };
  /** With stale-on-error: the notice a page shows above the data. */
  warning?: string;
}

export interface ServedProfile<P extends Profile | ProfileV2 = Profile> extends Served<P> {
  /** True when the live fields were withheld because the cached profile is older than their TTL. */
  liveFieldsExpired: boolean;
}

export interface ServicesOptions {
  client?: UpstreamClient;
  now?: () => number;
  refreshMs?: number;
  startSync?: boolean;
  /** The cache's shared tier and the index's snapshot store; default: as configured (getSharedState). */
  tier?: SharedTier | null;
  snapshots?: SnapshotStore | null;
}

/** What is wrong with the data service, in a few words, for a notice. */
export function describeUpstreamFailure(code: UpstreamErrorCode | undefined): string {
  switch (code) {
    case "rate_limited":
      return "the data service is limiting this server's requests";
    case "unauthorized":
      return "the data service is rejecting this server's key";
    case "invalid_response":
      return "the data service is sending answers this app cannot read";
    default:
      return "the data service is failing";
  }
}

/** "Showing data from 12 minutes ago; the data service is failing." */
export function staleWarning(fetchedAt: number, now: number, code: UpstreamErrorCode | undefined): string {
  return `Showing data from ${formatAgo(fetchedAt, now)}; ${describeUpstreamFailure(code)}.`;
}

/**
 * The cache's answer as served. `paused`: the client is not calling the service at all right now
 * (breaker open, or told to wait), so stale data cannot be refreshed and is marked as such.
 */
export function served<T>(
  cached: Cached<T>,
  now: number,
  paused: UpstreamErrorCode | null = null,
): Served<T> {
  const failed = cached.state === "stale-on-error" || (cached.state === "stale" && paused !== null);
  const result: Served<T> = {
    data: cached.value,
    fetchedAt: cached.fetchedAt,
    state: failed ? "stale-on-error" : cached.state,
  };
  if (failed) {
    const reason = cached.error?.code ?? paused ?? "unavailable";
    result.stale = { ageMs: Math.max(0, now - cached.fetchedAt), reason };
    result.warning = staleWarning(cached.fetchedAt, now, reason);
  }
  return result;
}

function stableKey(value: object): string {
  return JSON.stringify(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export class Services {
  readonly stats = new UpstreamStats();
  readonly client: UpstreamClient;
  readonly directory: DirectorySync;
  /** The clock every cache and "data from ... ago" of these services runs on. */
  readonly now: () => number;
  readonly profiles: SwrCache<Profile>;
  /** The deprecated v2 profile, for the profile page's API view. */
  readonly profilesV2: SwrCache<ProfileV2>;
  readonly logos: SwrCache<Uint8Array>;
  readonly news: SwrCache<NewsArticle[]>;
  readonly topNewsPages: SwrCache<TopNewsPage>;
  /** The tier behind every cache's in-process one: Redis, CACHE_DIR, or none. */
  readonly tier: SharedTier | null;

  constructor(options: ServicesOptions = {}) {
    this.now = options.now ?? Date.now;
    this.client =
      options.client ?? createUpstreamClient({ onCall: this.stats.record, budget: createUpstreamBudget() });
    const configured =
      options.tier === undefined || options.snapshots === undefined ? getSharedState() : null;
    this.tier = options.tier === undefined ? (configured?.tier ?? null) : options.tier;
    this.directory = new DirectorySync(this.client, {
      refreshMs: options.refreshMs ?? refreshMsFromEnv(),
      now: this.now,
      store: options.snapshots === undefined ? (configured?.snapshots ?? null) : options.snapshots,
      log: options.startSync === false ? undefined : (line) => console.log(line),
    });
    const now = this.now;
    const shared = this.tier;
    this.profiles = new SwrCache({
      name: "profile",
      freshMs: 30 * MINUTE,
      staleMs: DAY,
      errorMs: 7 * DAY,
      maxEntries: 5000,
      now,
      shared,
    });
    this.profilesV2 = new SwrCache({
      name: "profile-v2",
      freshMs: 30 * MINUTE,
      staleMs: DAY,
      errorMs: 7 * DAY,
      maxEntries: 1000,
      now,
      shared,
    });
    this.logos = new SwrCache({
      name: "logo",
      freshMs: 7 * DAY,
      staleMs: 30 * DAY,
      errorMs: 90 * DAY,
      maxEntries: 4000,
      now,
      shared,
    });
    this.news = new SwrCache({
      name: "company-news",
      freshMs: 5 * MINUTE,
      staleMs: HOUR,
      errorMs: DAY,
      maxEntries: 2000,
      now,
      shared,
    });
    this.topNewsPages = new SwrCache({
      name: "top-news",
      freshMs: 2 * MINUTE,
      staleMs: 30 * MINUTE,
      errorMs: DAY,
      maxEntries: 500,
      now,
      shared,
    });
    if (options.startSync !== false) this.directory.start();
  }

  /**
   * Directory search. A query that finds nothing but is a well-formed identifier (a former
   * ticker's key, a secondary listing's FIGI, a predecessor CIK) is resolved upstream.
   */
  async search(
    set: CompanySet,
    query: DirectoryQuery,
  ): Promise<{ result: DirectoryResult; progress: SyncProgress; resolvedFrom?: string }> {
    if (set === "all" && this.directory.progress("all").state === "idle") void this.directory.refresh("all");
    const index = this.directory.index(set);
    const result = index.search(query);
    const q = query.q?.trim();
    if (result.total === 0 && q && lookupFor(q)) {
      const resolved = await this.resolve(q).catch(() => null);
      if (resolved) {
        const again = index.search({ ...query, q: resolved.companyKey });
        if (again.total > 0)
          return { result: again, progress: this.directory.progress(set), resolvedFrom: q };
      }
    }
    return { result, progress: this.directory.progress(set) };
  }

  indexStatus(): Record<CompanySet, SyncProgress> {
    return { default: this.directory.progress("default"), all: this.directory.progress("all") };
  }

  async profile(companyKey: string): Promise<ServedProfile> {
    const key = companyKey.toUpperCase();
    const cached = await this.profiles.get(key, async () => {
      const profile = await this.client.getProfile({ companyKey: key });
      // The same profile under its canonical key: a later visit by that key is a cache hit.
      if (profile.companyKey !== key) this.profiles.set(profile.companyKey, profile);
      return profile;
    });
    return this.withLiveFields(cached);
  }

  /** The deprecated v2 profile, cached like the v3 one. */
  async profileV2(companyKey: string): Promise<ServedProfile<ProfileV2>> {
    const key = companyKey.toUpperCase();
    const cached = await this.profilesV2.get(key, async () => {
      const profile = await this.client.getProfileV2({ companyKey: key });
      if (profile.companyKey !== key) this.profilesV2.set(profile.companyKey, profile);
      return profile;
    });
    return this.withLiveFields(cached);
  }

  /** Withholds updatedAt and earningsFilingDate from a profile cached longer than their TTL. */
  private withLiveFields<P extends Profile | ProfileV2>(cached: Cached<P>): ServedProfile<P> {
    const result = this.serve(cached);
    const liveFieldsExpired = this.now() - cached.fetchedAt > LIVE_FIELDS_TTL_MS;
    if (liveFieldsExpired) {
      result.data = { ...result.data, updatedAt: undefined, earningsFilingDate: undefined };
    }
    return { ...result, liveFieldsExpired };
  }

  async logo(companyKey: string, variant: LogoVariant): Promise<Served<Uint8Array>> {
    const key = `${companyKey.toUpperCase()}:${variant}`;
    return this.serve(await this.logos.get(key, () => this.client.getLogo({ companyKey }, variant)));
  }

  async companyNews(companyKey: string, query: CompanyNewsQuery): Promise<Served<NewsArticle[]>> {
    const key = `${companyKey.toUpperCase()}:${stableKey(query)}`;
    return this.serve(await this.news.get(key, () => this.client.getCompanyNews({ companyKey }, query)));
  }

  async topNews(query: TopNewsQuery): Promise<Served<TopNewsPage>> {
    return this.serve(await this.topNewsPages.get(stableKey(query), () => this.client.getTopNews(query)));
  }

  /** A cached answer as served: marked stale-on-error while it cannot be refreshed. */
  serve<T>(cached: Cached<T>): Served<T> {
    return served(cached, this.now(), this.client.pausedReason());
  }

  /**
   * Whether the directory index knows that a company has logos. Unknown (the first sync still
   * running) counts as no: a page shows initials rather than spend an upstream call on a 404.
   */
  knownToHaveLogo(companyKey: string): boolean {
    return this.indexedCompany(companyKey)?.availableDatasets.includes("logos") ?? false;
  }

  /** The directory index's row for a company key, without an upstream call (undefined: not known). */
  indexedCompany(companyKey: string): Company | undefined {
    for (const set of ["default", "all"] as const) {
      const row = this.directory.index(set).byKey(companyKey);
      if (row) return row;
    }
    return undefined;
  }

  /**
   * Resolves a pasted identifier or key to a canonical companyKey: from the index when it is
   * there, otherwise (when well-formed) through the profile endpoint, which also knows former
   * tickers, secondary listings and predecessor CIKs.
   */
  async resolve(identifier: string): Promise<{ companyKey: string; via: "index" | "upstream" } | null> {
    const value = identifier.trim();
    for (const set of ["default", "all"] as const) {
      const index = this.directory.index(set);
      const byKey = index.byKey(value);
      if (byKey) return { companyKey: byKey.companyKey, via: "index" };
      const exact = index
        .exact(value)
        .filter((c) => c.primaryListing.ticker.toUpperCase() !== value.toUpperCase());
      if (exact.length === 1 && exact[0]) return { companyKey: exact[0].companyKey, via: "index" };
    }
    const lookup = lookupFor(value);
    if (!lookup) return null;
    const cacheKey = `lookup:${stableKey(lookup)}`;
    try {
      const cached = await this.profiles.get(cacheKey, () => this.client.getProfile(lookup));
      this.profiles.set(cached.value.companyKey, cached.value, cached.fetchedAt);
      return { companyKey: cached.value.companyKey, via: "upstream" };
    } catch (error) {
      if (isUpstreamError(error) && error.code === "not_found") return null;
      throw error;
    }
  }

  /**
   * Ages every cached answer by `ms` and refreshes the company index now, as if that time had
   * passed: lets the fault-mode browser tests see stale data without waiting for real TTLs.
   */
  async ageCaches(ms: number, more: SwrCache<unknown>[] = []): Promise<void> {
    for (const cache of [this.profiles, this.profilesV2, this.logos, this.news, this.topNewsPages, ...more])
      cache.age(ms);
    await this.directory.sync("default");
  }

  cacheStats(): CacheStats[] {
    return [this.profiles, this.profilesV2, this.logos, this.news, this.topNewsPages].map((c) => c.stats());
  }

  /**
   * What a page built on the directory index should say about it: "stale" when the snapshot it
   * serves is older than it should be because refreshing it fails, "unavailable" when the first
   * sync failed and there is no complete list; null when all is well.
   */
  indexNotice(set: CompanySet): IndexNotice | null {
    const progress = this.directory.progress(set);
    const code = (progress.lastErrorCode ?? undefined) as UpstreamErrorCode | undefined;
    if (progress.state === "error") {
      return {
        kind: "unavailable",
        message: `The company list could not be loaded: ${describeUpstreamFailure(code)}. ${
          progress.rows > 0
            ? `Showing the ${progress.rows.toLocaleString("en-US")} companies received so far; the rest is`
            : "It is"
        } tried again automatically.`,
      };
    }
    if (progress.state === "ready" && progress.lastError && progress.syncedAt !== null) {
      return { kind: "stale", message: staleWarning(progress.syncedAt, this.now(), code) };
    }
    return null;
  }

  /** The state of the upstream, the index and the caches, without secrets: for /api/health. */
  health(): HealthReport {
    const config = readUpstreamConfig();
    const caches = this.cacheStats();
    const sum = (field: "entries" | "hits" | "staleHits" | "misses" | "staleOnError") =>
      caches.reduce((total, c) => total + c[field], 0);
    return {
      upstream: {
        // The host only: never a path, query or credentials that a base URL might carry.
        target: config.baseUrl ? new URL(config.baseUrl).host : "embedded sandbox (in-process)",
        ...this.client.health(),
        calls: this.stats.total(),
      },
      budget: budgetReport(this.client.budgetStatus()),
      index: this.indexStatus(),
      caches: {
        entries: sum("entries"),
        hits: sum("hits") + sum("staleHits"),
        misses: sum("misses"),
        staleServed: sum("staleOnError"),
        byCache: caches,
        shared: this.tier?.status() ?? null,
        redis: getSharedRedis()?.status() ?? null,
      },
    };
  }
}

export interface IndexNotice {
  kind: "stale" | "unavailable";
  message: string;
}

export interface HealthReport {
  upstream: UpstreamHealth & { target: string; calls: number };
  budget: BudgetReport;
  index: Record<CompanySet, SyncProgress>;
  caches: {
    entries: number;
    hits: number;
    misses: number;
    /** Answers served from the cache because the upstream failed. */
    staleServed: number;
    byCache: CacheStats[];
    /** The shared tier: Redis or CACHE_DIR (with its bytes and entries), or null (memory only). */
    shared: SharedTierStatus | null;
    redis: RedisStatus | null;
  };
}

/**
 * UPSTREAM_RATE_LIMIT as /api/health shows it: the limit and window, the slots this instance may
 * use now (a share while Redis is down), calls in the window, calls waiting by priority, and where
 * it is kept: local (no REDIS_URL), shared (Redis), local-fallback (Redis unreachable).
 */
export interface BudgetReport extends Omit<BudgetStatus, "limit" | "pausedUntil"> {
  limit: { calls: number; windowSeconds: number } | null;
  /** ISO instant until which a 429's Retry-After pauses every call. */
  pausedUntil: string | null;
}

function budgetReport(status: BudgetStatus): BudgetReport {
  const { limit, pausedUntil, ...rest } = status;
  return {
    ...rest,
    limit: limit && { calls: limit.calls, windowSeconds: limit.windowMs / 1000 },
    pausedUntil: pausedUntil === null ? null : new Date(pausedUntil).toISOString(),
  };
}

/** DIRECTORY_REFRESH_MINUTES: how often the company index re-syncs (default 60). */
export function refreshMsFromEnv(): number {
  const minutes = Number(process.env.DIRECTORY_REFRESH_MINUTES ?? 60);
  if (!Number.isFinite(minutes) || minutes < 1)
    throw new Error("DIRECTORY_REFRESH_MINUTES must be a number of minutes >= 1");
  return minutes * MINUTE;
}

/** The lookup parameter a well-formed identifier implies, or null for text that is none. */
export function lookupFor(value: string): CompanyLookup | null {
  const v = value.trim().toUpperCase();
  if (COMPANY_KEY_PATTERN.test(v)) return { companyKey: v };
  if (isValidFiscalIdentifier(v)) return { fscl: v };
  if (isValidIsin(v)) return { isin: v };
  if (isValidFigi(v)) return { figi: v };
  if (isValidCusip(v)) return { cusip: v };
  if (/^\d{1,10}$/.test(v)) return { cik: normalizeCik(v) ?? v };
  return null;
}

const SERVICES_KEY = Symbol.for("company-dashboard.services");
type ServicesHolder = { [SERVICES_KEY]?: Services };

/** The process-wide services (shared across route bundles). */
export function getServices(): Services {
  const holder = globalThis as ServicesHolder;
  holder[SERVICES_KEY] ??= new Services();
  return holder[SERVICES_KEY];
}

/** Replaces the process-wide services: for the benchmark's cold runs and for tests. */
export function setServices(services: Services): void {
  (globalThis as ServicesHolder)[SERVICES_KEY] = services;
}
