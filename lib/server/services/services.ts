import "server-only";
// The server's services, by entity: every page and route handler reads upstream data through these.
// This object holds what they share (the upstream client, the caches and their shared tier, the
// directory index's sync, the change log, the call counts); each entity's reads are its own module:
// companies.ts (the index, search, identifiers), profiles.ts, news.ts, logos.ts.
import type { Served } from "@/lib/api-types";
import { DirectorySync, type SnapshotStore } from "@/lib/directory/sync";
import { madeProcessWide, processWide, setProcessWide } from "@/lib/process-wide";
import type { UpstreamClient } from "@/lib/upstream/client";
import { createUpstreamBudget } from "../budget/upstream-budget";
import { UpstreamStats } from "../budget/upstream-stats";
import { type Cached, type CacheOptions, type CacheStats, SwrCache } from "../cache/cache";
import type { SharedTier } from "../cache/cache-tiers";
import { ChangeLogService } from "../cache/change-log";
import { getSharedRedis } from "../cache/redis";
import { getSharedState } from "../cache/shared-state";
import { getConfig } from "../config";
import { dataNow } from "./clock";
import { Companies } from "./companies";
import { budgetReport, cachesReport, type HealthReport } from "./health";
import { Logos } from "./logos";
import { News } from "./news";
import { Profiles } from "./profiles";
import { type ServiceParts, served } from "./served";
import { createUpstreamClient } from "./upstream-client";

const DAY = 24 * 60 * 60_000;

export interface ServicesOptions {
  client?: UpstreamClient;
  now?: () => number;
  refreshMs?: number;
  startSync?: boolean;
  /** The cache's shared tier and the index's snapshot store; default: as configured (getSharedState). */
  tier?: SharedTier | null;
  snapshots?: SnapshotStore | null;
}

export class Services implements ServiceParts {
  readonly stats = new UpstreamStats();
  readonly client: UpstreamClient;
  readonly directory: DirectorySync;
  /** What changed in the default company list, sync by sync (lib/server/cache/change-log.ts). */
  readonly changeLog: ChangeLogService;
  /** The clock every cache and "data from ... ago" of these services runs on. */
  readonly now: () => number;
  /** The tier behind every cache's in-process one: Redis, CACHE_DIR, or none. */
  readonly tier: SharedTier | null;
  readonly companies: Companies;
  readonly profiles: Profiles;
  readonly news: News;
  readonly logos: Logos;
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
    this.profiles = new Profiles(this);
    this.companies = new Companies(this.directory, this.profiles, this.now);
    this.news = new News(this, this.companies);
    this.logos = new Logos(this, this.companies);
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

  /** A cached answer as served: marked stale-on-error while it cannot be refreshed. */
  serve<T>(cached: Cached<T>): Served<T> {
    return served(cached, this.now(), this.client.pauseCause());
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

  /** Reads shared figures again (the upstream budget's, in Redis) so that `health` reports them as they are now. */
  refreshHealth(): Promise<void> {
    return this.client.refreshBudget();
  }

  /** The state of the upstream, the index and the caches, without secrets: for /api/health. */
  health(): HealthReport {
    const config = getConfig().upstream;
    return {
      upstream: {
        // The host only: never a path, query or credentials that a base URL might carry.
        target: config.baseUrl ? new URL(config.baseUrl).host : "embedded sandbox (in-process)",
        ...this.client.health(),
        calls: this.stats.total(),
      },
      budget: budgetReport(this.client.budgetStatus(), this.now()),
      index: this.companies.status(),
      caches: cachesReport(
        this.cacheStats(),
        this.tier?.status() ?? null,
        getSharedRedis()?.status() ?? null,
      ),
    };
  }
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
