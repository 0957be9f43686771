// A cached answer as pages and route handlers get it: its data, when it was fetched, and whether it
// is stale because the upstream failed or is paused (with the words a page shows for it).
import type { Served } from "@/lib/api-types";
import type { UpstreamClient } from "@/lib/upstream/client";
import { causeOf, type UpstreamErrorCode } from "@/lib/upstream/errors";
import type { Cached, CacheOptions, SwrCache } from "../cache/cache";
import { staleWarning } from "./notices";

/** Why the client calls nobody right now, if it does not: stale data cannot be refreshed then. */
export type Paused = "circuit_open" | "rate_limited" | "daily_allowance" | null;

/**
 * The cache's answer as served. `paused`: the client is not calling the service at all right now
 * (breaker open, or told to wait), so stale data cannot be refreshed and is marked as such.
 */
export function served<T>(cached: Cached<T>, now: number, paused: Paused = null): Served<T> {
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

/** A query's parameters as one cache key, whatever their order; unset ones left out. */
export function stableKey(value: object): string {
  return JSON.stringify(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** What each entity's service takes from the whole: the upstream client, the clock, its caches, serving. */
export interface ServiceParts {
  readonly client: UpstreamClient;
  readonly now: () => number;
  cache<T>(name: string, timings: Omit<CacheOptions, "name" | "now" | "shared">): SwrCache<T>;
  serve<T>(cached: Cached<T>): Served<T>;
}
