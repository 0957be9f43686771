import "server-only";
// What /api/health reports: the upstream, the key's budget, the company index and the caches,
// without secrets.
import type { CompanySet, SyncProgress } from "@/lib/directory/sync";
import type { BudgetStatus, PauseKind } from "@/lib/upstream/budget";
import type { UpstreamHealth } from "@/lib/upstream/health";
import type { CacheStats } from "../cache/cache";
import type { SharedTierStatus } from "../cache/cache-tiers";
import type { RedisStatus } from "../cache/redis";
import { budgetNotice } from "./notices";

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

export function budgetReport(status: BudgetStatus, now: number): BudgetReport {
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

/** The caches' figures summed for /api/health, with each cache's own. */
export function cachesReport(
  caches: CacheStats[],
  shared: SharedTierStatus | null,
  redis: RedisStatus | null,
): HealthReport["caches"] {
  const sum = (field: "entries" | "hits" | "staleHits" | "misses" | "staleOnError") =>
    caches.reduce((total, c) => total + c[field], 0);
  return {
    entries: sum("entries"),
    hits: sum("hits") + sum("staleHits"),
    misses: sum("misses"),
    staleServed: sum("staleOnError"),
    byCache: caches,
    shared,
    redis,
  };
}
