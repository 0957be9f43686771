import "server-only";
import type { IndexStatus, Served, ServedProfile } from "@/lib/api-types";
// Server services: every page and route handler reads upstream data through these. They own
// the caches, single-flight, the directory index and the call counts.
import type { DirectoryQuery, DirectoryResult } from "@/lib/directory/company-index";
import { type CompanySet, DirectorySync, type SnapshotStore, type SyncProgress } from "@/lib/directory/sync";
import {
  COMPANY_KEY_PATTERN,
  isValidCusip,
  isValidFigi,
  isValidFiscalIdentifier,
  isValidIsin,
  normalizeCik,
} from "@/lib/identifiers";
import { madeProcessWide, processWide, setProcessWide } from "@/lib/process-wide";
import { LIVE_FIELDS_TTL_MS } from "@/lib/profile/live-fields";
import type { BudgetStatus, PauseKind } from "@/lib/upstream/budget";
import type { CompanyLookup, CompanyNewsQuery, TopNewsQuery, UpstreamClient } from "@/lib/upstream/client";
import { causeOf, type FailureCause, isUpstreamError, type UpstreamErrorCode } from "@/lib/upstream/errors";
import type { UpstreamHealth } from "@/lib/upstream/health";
import { inBackground } from "@/lib/upstream/priority";
import {
  type Company,
  type NewsArticle,
  type Profile,
  type ProfileV2,
  pagination,
  type TopNewsPage,
} from "@/lib/upstream/schemas";
import { type LogoVariant, TOP_NEWS_DEFAULT_PAGE_SIZE } from "@/lib/upstream/vocabulary";
import { createUpstreamBudget } from "../budget/upstream-budget";
import { UpstreamStats } from "../budget/upstream-stats";
import { type Cached, type CacheOptions, type CacheStats, SwrCache } from "../cache/cache";
import type { SharedTier, SharedTierStatus } from "../cache/cache-tiers";
import { ChangeLogService } from "../cache/change-log";
import { getSharedRedis, type RedisStatus } from "../cache/redis";
import { getSharedState } from "../cache/shared-state";
import { getConfig } from "../config";
import { dataNow } from "./clock";
import { budgetNotice, indexUnavailable, staleWarning } from "./notices";
import { createUpstreamClient } from "./upstream-client";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface ServicesOptions {
  client?: UpstreamClient;
  now?: () => number;
  refreshMs?: number;
  startSync?: boolean;
  /** The cache's shared tier and the index's snapshot store; default: as configured (getSharedState). */
  tier?: SharedTier | null;
  snapshots?: SnapshotStore | null;
}

/**
 * The cache's answer as served. `paused`: the client is not calling the service at all right now
 * (breaker open, or told to wait), so stale data cannot be refreshed and is marked as such.
 */
export function served<T>(
  cached: Cached<T>,
  now: number,
  paused: "circuit_open" | "rate_limited" | "daily_allowance" | null = null,
): Served<T> {
  const failed = cached.state === "stale-on-error" || (cached.state === "stale" && paused !== null);
  const result: Served<T> = {
    data: cached.value,
    fetchedAt: cached.fetchedAt,
    state: failed ? "stale-on-error" : cached.state,
  };
  if (failed) {
    const cause = cached.error ? causeOf(cached.error) : (paused ?? "unavailable");
    const reason: UpstreamErrorCode =
      cached.error?.code ?? (paused === "daily_allowance" ? "rate_limited" : (paused ?? "unavailable"));
    result.stale = { ageMs: Math.max(0, now - cached.fetchedAt), reason };
    result.warning = staleWarning(cached.fetchedAt, now, cause);
  }
  return result;
}

/** Profiles stay cached longer than their live fields may age: those are refreshed on their own. */
const LIVE_REFRESH = { revalidateAfterMs: LIVE_FIELDS_TTL_MS };

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
  /** What changed in the default company list, sync by sync (lib/server/cache/change-log.ts). */
  readonly changeLog: ChangeLogService;
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
  /** Every cache of these services by name, their own and those made through cache() by others. */
  private readonly caches = new Map<string, SwrCache<unknown>>();

  constructor(options: ServicesOptions = {}) {
    this.now = options.now ?? Date.now;
    this.client =
      options.client ?? createUpstreamClient({ onCall: this.stats.record, budget: createUpstreamBudget() });
    const configured =
      options.tier === undefined || options.snapshots === undefined ? getSharedState() : null;
    this.tier = options.tier === undefined ? (configured?.tier ?? null) : options.tier;
    const snapshots = options.snapshots === undefined ? (configured?.snapshots ?? null) : options.snapshots;
    this.changeLog = new ChangeLogService(snapshots, this.now);
    this.directory = new DirectorySync(this.client, {
      refreshMs: options.refreshMs ?? getConfig().directoryRefreshMs,
      // A plan is asked again whether it includes all companies hourly; on a key with a daily
      // allowance once a day (each question is a call of the day's few).
      unavailableRecheckMs: this.client.budgetStatus().today.limit === null ? undefined : DAY,
      now: this.now,
      store: snapshots,
      // Detected on the data's clock, so the sandbox's changes carry the sandbox's dates.
      onSynced: async (set, previous, rows) => {
        if (set === "default") await this.changeLog.record(previous, rows, dataNow());
      },
      log: options.startSync === false ? undefined : (line) => console.log(line),
    });
    this.profiles = this.cache("profile", {
      freshMs: 30 * MINUTE,
      staleMs: DAY,
      errorMs: 7 * DAY,
      maxEntries: 5000,
    });
    this.profilesV2 = this.cache("profile-v2", {
      freshMs: 30 * MINUTE,
      staleMs: DAY,
      errorMs: 7 * DAY,
      maxEntries: 1000,
    });
    this.logos = this.cache("logo", {
      freshMs: 7 * DAY,
      staleMs: 30 * DAY,
      errorMs: 90 * DAY,
      maxEntries: 4000,
    });
    this.news = this.cache("company-news", {
      freshMs: 5 * MINUTE,
      staleMs: HOUR,
      errorMs: DAY,
      maxEntries: 2000,
    });
    this.topNewsPages = this.cache("top-news", {
      freshMs: 2 * MINUTE,
      staleMs: 30 * MINUTE,
      errorMs: DAY,
      maxEntries: 500,
    });
    if (options.startSync !== false) this.directory.start();
  }

  /**
   * A clean stop: no more syncs, the sync leases given back (another instance takes over at
   * once), and the snapshot saves, change-log appends and shared-tier writes under way landed.
   */
  async shutdown(): Promise<void> {
    await this.directory.stop();
    await Promise.all([this.tier?.flush(), this.client.flushBudget()]);
  }

  /**
   * The cache of this name, made on first use on these services' clock and shared tier, and
   * counted in cacheStats() and aged by ageCaches() like their own.
   */
  cache<T>(name: string, timings: Omit<CacheOptions, "name" | "now" | "shared">): SwrCache<T> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new SwrCache<unknown>({ name, ...timings, now: this.now, shared: this.tier });
      this.caches.set(name, cache);
    }
    return cache as SwrCache<T>;
  }

  /**
   * Directory search. A query that finds nothing but is a well-formed identifier (a former
   * ticker's key, a secondary listing's FIGI or US ticker, a predecessor CIK) is resolved upstream
   * (once: the answer, a miss too, is cached).
   */
  async search(
    set: CompanySet,
    query: DirectoryQuery,
  ): Promise<{ result: DirectoryResult; progress: SyncProgress; resolvedFrom?: string }> {
    if (set === "all" && this.directory.progress("all").state === "idle") void this.directory.refresh("all");
    const index = this.directory.index(set);
    const result = index.search(query);
    const q = query.q?.trim();
    // A US ticker's shape is common in typing (a word, a prefix): asked only once the index is
    // whole, so that "no hit" means the index has no such primary ticker.
    const ticker = this.directory.progress(set).state === "ready";
    if (result.total === 0 && q && (lookupFor(q) || (ticker && usTickerLookup(q)))) {
      const resolved = await this.resolve(q, { ticker }).catch(() => null);
      if (resolved) {
        const again = index.search({ ...query, q: resolved.companyKey });
        if (again.total > 0)
          return { result: again, progress: this.directory.progress(set), resolvedFrom: q };
      }
    }
    return { result, progress: this.directory.progress(set) };
  }

  indexStatus(): IndexStatus {
    return { default: this.directory.progress("default"), all: this.directory.progress("all") };
  }

  profile(companyKey: string): Promise<ServedProfile> {
    return this.servedProfile(this.profiles, companyKey, (key) =>
      this.client.getProfile({ companyKey: key }),
    );
  }

  /** The deprecated v2 profile, cached like the v3 one. */
  profileV2(companyKey: string): Promise<ServedProfile<ProfileV2>> {
    return this.servedProfile(this.profilesV2, companyKey, (key) =>
      this.client.getProfileV2({ companyKey: key }),
    );
  }

  /** A profile from its cache, also kept under its canonical key when asked by another. */
  private async servedProfile<P extends Profile | ProfileV2>(
    cache: SwrCache<P>,
    companyKey: string,
    load: (key: string) => Promise<P>,
  ): Promise<ServedProfile<P>> {
    const key = companyKey.toUpperCase();
    const cached = await cache.get(
      key,
      async () => {
        const profile = await load(key);
        // The same profile under its canonical key: a later visit by that key is a cache hit.
        if (profile.companyKey !== key) cache.set(profile.companyKey, profile);
        return profile;
      },
      LIVE_REFRESH,
    );
    return this.withLiveFields(cached);
  }

  /** The profile with the age of its live fields (the cache refreshes them past their limit). */
  private withLiveFields<P extends Profile | ProfileV2>(cached: Cached<P>): ServedProfile<P> {
    return { ...this.serve(cached), liveFieldsAgeMs: Math.max(0, this.now() - cached.fetchedAt) };
  }

  /**
   * A logo. With `waitMs`: null once the data service has been asked for it that long without an
   * answer (by this request or one before it), while the call goes on and fills the cache. Reading
   * the caches (this process's, the disk's or Redis's) is never cut short, however busy the server.
   * Cached under the upper-case key, and asked for by it too: an answer to another spelling (a 404
   * from a case-sensitive API) must not stand in the cache for the company's own.
   */
  async logo(
    companyKey: string,
    variant: LogoVariant,
    waitMs = Number.POSITIVE_INFINITY,
  ): Promise<Served<Uint8Array> | null> {
    const upper = companyKey.toUpperCase();
    const key = `${upper}:${variant}`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let giveUp: (value: null) => void = () => {};
    const late = new Promise<null>((resolve) => {
      giveUp = resolve;
    });
    // Background work for the upstream budget: a page's own data goes first, and a logo that waits
    // shows its initials meanwhile (the call goes on and fills the cache).
    const loading = this.logos.get(
      key,
      () => inBackground(() => this.client.getLogo({ companyKey: upper }, variant)),
      {
        // The clock runs from when this request waits on the data service (its call or one under way).
        onLoad: () => {
          if (Number.isFinite(waitMs)) timer = setTimeout(giveUp, waitMs, null);
        },
      },
    );
    try {
      const cached = await Promise.race([loading, late]);
      if (cached !== null) return this.serve(cached);
      loading.catch(() => {}); // a failure is the cache's to keep
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  async companyNews(companyKey: string, query: CompanyNewsQuery): Promise<Served<NewsArticle[]>> {
    const upper = companyKey.toUpperCase();
    return this.serve(
      await this.news.get(`${upper}:${stableKey(query)}`, () =>
        this.client.getCompanyNews({ companyKey: upper }, query),
      ),
    );
  }

  async topNews(query: TopNewsQuery): Promise<Served<TopNewsPage>> {
    return this.serve(
      await this.topNewsPages.get(stableKey(query), () =>
        this.client.getTopNews(query).catch((error: unknown) => {
          // A company that does not list the news dataset: the contract answers 404 (datasets rule 2);
          // its part of the feed is empty, as when it has no stories. Only when the company index
          // agrees: a 404 for another reason (a wrong base URL's "Not Found") stays an error.
          const row = query.companyKey ? this.indexedCompany(query.companyKey) : undefined;
          if (
            row &&
            !row.availableDatasets.includes("news") &&
            isUpstreamError(error) &&
            error.details.resource === "news"
          )
            return {
              pagination: {
                ...pagination(query.pageNumber ?? 1, query.pageSize ?? TOP_NEWS_DEFAULT_PAGE_SIZE, 0),
                totalKnown: true,
              },
              data: [],
            };
          throw error;
        }),
      ),
    );
  }

  /** A cached answer as served: marked stale-on-error while it cannot be refreshed. */
  serve<T>(cached: Cached<T>): Served<T> {
    return served(cached, this.now(), this.client.pauseCause());
  }

  /**
   * Whether the directory index knows that a company has logos. Unknown (the first sync still
   * running) counts as no: a page shows initials rather than spend an upstream call on a 404.
   */
  knownToHaveLogo(companyKey: string): boolean {
    return this.indexedCompany(companyKey)?.availableDatasets.includes("logos") ?? false;
  }

  /**
   * Whether this server's plan covers a company, where that can be known: a free-trial key (its
   * list of all companies refused) is served only the companies of its list, so one outside a
   * complete list is not covered. Otherwise (a paid key, a list still syncing) null: not known.
   */
  onPlan(companyKey: string): boolean | null {
    const status = this.indexStatus();
    if (status.all.state !== "unavailable" || status.default.state !== "ready") return null;
    return this.indexedCompany(companyKey, ["default"]) !== undefined;
  }

  /** The directory index's row for a company key, without an upstream call (undefined: not known). */
  indexedCompany(companyKey: string, sets: readonly CompanySet[] = ["default", "all"]): Company | undefined {
    for (const set of sets) {
      const row = this.directory.index(set).byKey(companyKey);
      if (row) return row;
    }
    return undefined;
  }

  /**
   * The canonical companyKey a pasted key or identifier names: from the index, else asked of the
   * profile endpoint (which also knows former tickers, secondary listings and predecessor CIKs) by
   * the kind of identifier it is. `ticker`: a US ticker's shape is asked too (the directory search
   * only: a page or a comparison named by a bare word would otherwise cost a call per made-up word).
   */
  async resolve(
    identifier: string,
    { ticker = false }: { ticker?: boolean } = {},
  ): Promise<{ companyKey: string; via: "index" | "upstream" } | null> {
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
    const lookup = lookupFor(value) ?? (ticker ? usTickerLookup(value) : null);
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
  async ageCaches(ms: number): Promise<void> {
    for (const cache of this.caches.values()) cache.age(ms);
    await this.directory.sync("default");
  }

  cacheStats(): CacheStats[] {
    return [...this.caches.values()].map((c) => c.stats());
  }

  /**
   * What a page built on the directory index should say about it: "stale" when the snapshot it
   * serves is older than it should be because refreshing it fails, "unavailable" when the first
   * sync failed and there is no complete list; null when all is well.
   */
  indexNotice(set: CompanySet): IndexNotice | null {
    const progress = this.directory.progress(set);
    const code = (progress.lastErrorCode ?? undefined) as FailureCause | undefined;
    if (progress.state === "error") {
      return {
        kind: "unavailable",
        message: indexUnavailable(progress, code, this.now()),
      };
    }
    if (progress.state === "ready" && progress.lastError && progress.syncedAt !== null) {
      return { kind: "stale", message: staleWarning(progress.syncedAt, this.now(), code) };
    }
    return null;
  }

  /** Reads shared figures again (the upstream budget's, in Redis) so that `health` reports them as they are now. */
  refreshHealth(): Promise<void> {
    return this.client.refreshBudget();
  }

  /** The state of the upstream, the index and the caches, without secrets: for /api/health. */
  health(): HealthReport {
    const config = getConfig().upstream;
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
      budget: budgetReport(this.client.budgetStatus(), this.now()),
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
 * The upstream budget as /api/health shows it: the window's limit (UPSTREAM_RATE_LIMIT), the
 * slots this instance may use now (a share while Redis is down), its calls by people and by
 * background work and the part background work may use; today's calls (UPSTREAM_DAILY_LIMIT),
 * what remains and the people's reserve; calls waiting by priority; any pause, why and until
 * when; and where it is kept: local (no REDIS_URL), shared (Redis), local-fallback (Redis
 * unreachable).
 */
export interface BudgetReport
  extends Omit<BudgetStatus, "limit" | "pausedUntil" | "pause" | "nextProbeAt" | "backgroundCap"> {
  limit: { calls: number; windowSeconds: number } | null;
  /** The window's calls (all counted) at which background work stops; the rest are the people's. */
  backgroundCap: number | null;
  /** ISO instant until which every call is paused. */
  pausedUntil: string | null;
  /** Why: the service's Retry-After, a backoff after 429s without one, or its daily cap (until 00:00 UTC). */
  pause: { kind: PauseKind; until: string; nextProbeAt: string | null } | null;
  /** What the budget's state means for the pages, in plain words; null when all is well. */
  notice: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

function budgetReport(status: BudgetStatus, now: number): BudgetReport {
  const { limit, pausedUntil, pause, nextProbeAt, ...rest } = status;
  return {
    notice: budgetNotice(status, now),
    ...rest,
    limit: limit && { calls: limit.calls, windowSeconds: limit.windowMs / 1000 },
    pausedUntil: pausedUntil === null ? null : iso(pausedUntil),
    pause: pause && {
      kind: pause.kind,
      until: iso(pause.until),
      nextProbeAt: nextProbeAt === null ? null : iso(nextProbeAt),
    },
  };
}

/** The lookup parameter a well-formed identifier implies, or null for text that is none. */
export function lookupFor(value: string): CompanyLookup | null {
  const v = value.trim().toUpperCase();
  if (COMPANY_KEY_PATTERN.test(v)) return { companyKey: v };
  if (isValidFiscalIdentifier(v)) return { fscl: v };
  // FIGI before ISIN: every FIGI has an ISIN's shape, and about one in ten passes its check digit
  // too (BBG000B9XRB9); the prefixes FIGIs leave out are the ISINs that could pass theirs.
  if (isValidFigi(v)) return { figi: v };
  if (isValidIsin(v)) return { isin: v };
  if (isValidCusip(v)) return { cusip: v };
  if (/^\d{1,10}$/.test(v)) return { cik: normalizeCik(v) ?? v };
  return null;
}

/** One to five letters, with a share class after a dot or hyphen (BRK.B): a US ticker's shape. */
const US_TICKER = /^[A-Z]{1,5}(?:[.-][A-Z]{1,2})?$/;

/**
 * A US ticker alone (the contract resolves one without a venue): a secondary listing's, say a
 * depositary receipt's, which the index (primary listings only) cannot find by its ticker.
 */
export function usTickerLookup(value: string): CompanyLookup | null {
  const v = value.trim().toUpperCase();
  return US_TICKER.test(v) ? { ticker: v } : null;
}

/** The process-wide services. */
export function getServices(): Services {
  return processWide("services", () => new Services());
}

/** The process-wide services if something has built them; never builds them (a shutdown has nothing to do then). */
export function builtServices(): Services | undefined {
  return madeProcessWide<Services>("services");
}

/**
 * Replaces the process-wide services, stopping the replaced ones' background sync: for the
 * benchmark's cold runs and for tests. Undefined drops them (a test's cleanup): the next
 * getServices() builds them anew from the configuration.
 */
export function setServices(services: Services | undefined): void {
  const replaced = builtServices();
  if (replaced && replaced !== services) void replaced.directory.stop();
  setProcessWide("services", services);
}
