// Response cache for upstream data: fresh for a while, then served stale while one background
// revalidation runs, and served stale with the error when the upstream fails (also past the
// stale window, up to errorMs). Once a reload of an entry has failed, later requests get the
// old value at once (marked stale-on-error) while one reload retries in the background, instead
// of each waiting for a failing upstream. Identical concurrent loads are merged (single-flight).
// A revalidation is background work for the upstream budget. "Not found" answers are cached
// too, for the cache's fresh time, so a missing company does not spend the rate budget on every
// request. After a failure that does not pass by itself (a refused key, an unreadable answer), a
// served value waits FAILED_RELOAD_WAIT_MS before its next background reload.
//
// Two tiers: a small in-process LRU for hot entries, then an optional shared tier (Redis or
// CACHE_DIR) read on a local miss and written after each load. Entries carry their fetch time
// through both, so ages hold across restarts and instances. With Redis, a load also takes a
// short per-key lock: instances missing the same key at once make one upstream call.
import { LRUCache } from "lru-cache";
import { dataAdded, dataChanged, dataFailed } from "@/lib/data-changed";
import { UpstreamError } from "@/lib/upstream/errors";
import { currentPriority, inBackground } from "@/lib/upstream/priority";
import { chargePageMiss, uncharged } from "../budget/page-budget";
import type { SharedTier, StoredEntry } from "./cache-tiers";

export interface CacheOptions {
  name: string;
  /** Age below which an entry is served without asking upstream. */
  freshMs: number;
  /** Age below which a stale entry is served at once while it revalidates in the background. */
  staleMs: number;
  /** Age below which a stale entry is served when the upstream fails. */
  errorMs: number;
  /** Bound of the in-process tier. */
  maxEntries: number;
  now?: () => number;
  /** The tier behind the in-process one; none: memory only. */
  shared?: SharedTier | null;
  /** How often a waiter looks for the value another instance is loading. */
  lockPollMs?: number;
}

export type CacheState = "fresh" | "stale" | "stale-on-error";

export interface Cached<T> {
  value: T;
  fetchedAt: number;
  state: CacheState;
  /** Set when a stale value is served because the upstream failed. */
  error?: UpstreamError;
}

export interface CacheStats {
  name: string;
  /** Entries in the in-process tier. */
  entries: number;
  hits: number;
  /** Of the hits, those read from the shared tier. */
  sharedHits: number;
  staleHits: number;
  misses: number;
  loads: number;
  failures: number;
  staleOnError: number;
  hitRate: number;
}

/**
 * How long a value whose reload failed for a reason that does not pass by itself (a refused key
 * or plan, an answer this build cannot read) waits before its next background reload. Failures
 * that do pass (timeouts, 5xx, 429) retry at once: the breaker and the budget's pause pace them.
 */
export const FAILED_RELOAD_WAIT_MS = 30_000;

type Entry<T> =
  /** `error`: the last reload of this value failed, at `failedAt` (both cleared by the next success). */
  | { kind: "value"; value: T; fetchedAt: number; error?: UpstreamError; failedAt?: number }
  | { kind: "missing"; error: UpstreamError; fetchedAt: number };

export class SwrCache<T> {
  private readonly entries: LRUCache<string, Entry<T>>;
  private readonly inflight = new Map<string, Promise<T>>();
  private readonly now: () => number;
  private readonly shared: SharedTier | null;
  /** Time travel (age()): entries fetched before `at` look `ms` older, also when read from the shared tier. */
  private readonly travels: { at: number; ms: number }[] = [];
  /**
   * The shared tier's generation each entry was last written to or read from it in. An entry held
   * in memory across a Redis outage is offered to it again once (a restarted Redis is empty: what
   * one instance holds must not cost the others an upstream call).
   */
  private readonly sharedIn = new WeakMap<Entry<T>, number>();
  private counts = {
    hits: 0,
    sharedHits: 0,
    staleHits: 0,
    misses: 0,
    loads: 0,
    failures: 0,
    staleOnError: 0,
  };

  constructor(private readonly options: CacheOptions) {
    this.now = options.now ?? Date.now;
    this.shared = options.shared ?? null;
    this.entries = new LRUCache({ max: options.maxEntries });
  }

  /**
   * `revalidateAfterMs`: a fresh entry at least this old is still served, and reloaded in the
   * background (for values with parts that age faster than the whole, like a profile's live fields).
   * `onLoad`: called when no cache holds the value and this call waits for its load (its own, one
   * under way in this process, or another instance's), after the caches were read.
   */
  async get(
    key: string,
    load: () => Promise<T>,
    options: { revalidateAfterMs?: number; onLoad?: () => void } = {},
  ): Promise<Cached<T>> {
    let entry = this.entries.get(key);
    if (entry) this.offerAgain(key, entry);
    else if (this.shared) {
      entry = await this.readShared(key);
      if (entry && this.now() - entry.fetchedAt < this.options.errorMs) {
        this.counts.sharedHits++;
        this.entries.set(key, entry);
        dataAdded();
      }
    }
    const age = entry ? this.now() - entry.fetchedAt : Number.POSITIVE_INFINITY;
    if (entry && age < this.options.freshMs) {
      this.counts.hits++;
      if (entry.kind === "missing") throw entry.error;
      if (
        options.revalidateAfterMs !== undefined &&
        age >= options.revalidateAfterMs &&
        this.reloadDue(entry)
      )
        this.revalidate(key, load, entry.fetchedAt);
      return { value: entry.value, fetchedAt: entry.fetchedAt, state: "fresh" };
    }
    const failing = entry?.kind === "value" && entry.error !== undefined && age < this.options.errorMs;
    if (entry?.kind === "value" && (age < this.options.staleMs || failing)) {
      if (this.reloadDue(entry)) this.revalidate(key, load, entry.fetchedAt);
      if (entry.error) {
        this.counts.staleOnError++;
        return {
          value: entry.value,
          fetchedAt: entry.fetchedAt,
          state: "stale-on-error",
          error: entry.error,
        };
      }
      this.counts.staleHits++;
      return { value: entry.value, fetchedAt: entry.fetchedAt, state: "stale" };
    }
    // A page's budget pays for a miss that goes upstream, not for joining a load in flight, and
    // once: what the load itself reads from other caches (the week's counts, a day at a time) is
    // part of this one answer.
    if (!this.inflight.has(key)) await chargePageMiss();
    const loadOnce = () => uncharged(load);
    this.counts.misses++;
    options.onLoad?.();
    try {
      const value = await this.load(key, loadOnce, entry?.fetchedAt).catch((error: unknown) => {
        // A background reload under way, held back by the budget: a person asks for it themselves.
        if (error instanceof UpstreamError && error.details.deferred && currentPriority() === "interactive")
          return this.load(key, loadOnce, entry?.fetchedAt);
        throw error;
      });
      const stored = this.entries.peek(key);
      const fresh = stored?.kind === "value" && stored.value === value;
      return { value, fetchedAt: fresh ? stored.fetchedAt : this.now(), state: "fresh" };
    } catch (error) {
      if (
        entry?.kind === "value" &&
        age < this.options.errorMs &&
        error instanceof UpstreamError &&
        error.code !== "not_found"
      ) {
        this.counts.staleOnError++;
        return { value: entry.value, fetchedAt: entry.fetchedAt, state: "stale-on-error", error };
      }
      throw error;
    }
  }

  /** The cached value without loading, if any (any age; in-process tier only). */
  peek(key: string): { value: T; fetchedAt: number } | undefined {
    const entry = this.entries.peek(key);
    return entry?.kind === "value" ? { value: entry.value, fetchedAt: entry.fetchedAt } : undefined;
  }

  /** Stores a value obtained elsewhere (e.g. the same profile fetched under another key). */
  set(key: string, value: T, fetchedAt = this.now()): void {
    const current = this.entries.peek(key);
    if (current?.kind === "value" && current.fetchedAt === fetchedAt) return; // already stored
    this.store(key, { kind: "value", value, fetchedAt });
  }

  /**
   * Makes every entry `ms` older, as if that time had passed (the fault-mode tests' time travel):
   * the in-process ones now, the shared ones as they are read.
   */
  age(ms: number): void {
    for (const entry of this.entries.values()) entry.fetchedAt -= ms;
    this.travels.push({ at: this.now(), ms });
    dataChanged();
  }

  stats(): CacheStats {
    const served = this.counts.hits + this.counts.staleHits + this.counts.misses;
    return {
      name: this.options.name,
      entries: this.entries.size,
      ...this.counts,
      hitRate: served === 0 ? 0 : (this.counts.hits + this.counts.staleHits) / served,
    };
  }

  /** Whether a served value may reload now: not while a lasting failure's wait runs. */
  private reloadDue(entry: { error?: UpstreamError; failedAt?: number }): boolean {
    const { error, failedAt } = entry;
    if (!error || error.retryable || error.code === "circuit_open" || failedAt === undefined) return true;
    return this.now() - failedAt >= FAILED_RELOAD_WAIT_MS;
  }

  /**
   * Reloads while the current value is served. Nobody waits for it: background work for the
   * budget, and nobody's page miss.
   */
  private revalidate(key: string, load: () => Promise<T>, had: number): void {
    uncharged(() => inBackground(() => this.load(key, load, had))).catch(() => {
      // The current value keeps being served; the failure is recorded in load().
    });
  }

  /** Loads once per key in this process; with a shared tier, once across instances where it can. */
  private load(key: string, load: () => Promise<T>, had?: number): Promise<T> {
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = this.loadShared(key, load, had).finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private async loadShared(key: string, load: () => Promise<T>, had: number | undefined): Promise<T> {
    const shared = this.shared;
    if (!shared) return this.loadUpstream(key, load);
    // Another instance may have refreshed it since this one read it.
    const newer = await this.newerShared(key, had);
    if (newer) return this.adopt(key, newer);
    const lock = shared.lock ? await shared.lock(this.options.name, key) : null;
    if (lock === "busy") {
      const waited = await this.waitForHolder(key, had);
      if (waited) return this.adopt(key, waited);
      return this.loadUpstream(key, load);
    }
    try {
      // The previous holder may have stored it between this instance's read and its lock.
      const stored = lock ? await this.newerShared(key, had) : undefined;
      return stored ? this.adopt(key, stored) : await this.loadUpstream(key, load);
    } finally {
      await lock?.release();
    }
  }

  /** Waits while another instance holds the key's lock, for the value it stores. */
  private async waitForHolder(key: string, had: number | undefined): Promise<Entry<T> | undefined> {
    const shared = this.shared as SharedTier;
    const pollMs = this.options.lockPollMs ?? 50;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      const newer = await this.newerShared(key, had);
      if (newer) return newer;
      if (!(await shared.locked?.(this.options.name, key))) return this.newerShared(key, had);
    }
  }

  private async newerShared(key: string, had: number | undefined): Promise<Entry<T> | undefined> {
    const entry = await this.readShared(key);
    if (!entry || (had !== undefined && entry.fetchedAt <= had)) return undefined;
    return this.now() - entry.fetchedAt < this.options.freshMs ? entry : undefined;
  }

  private adopt(key: string, entry: Entry<T>): T {
    this.counts.sharedHits++;
    this.entries.set(key, entry);
    dataChanged();
    if (entry.kind === "missing") throw entry.error;
    return entry.value;
  }

  private async loadUpstream(key: string, load: () => Promise<T>): Promise<T> {
    this.counts.loads++;
    try {
      const value = await load();
      this.store(key, { kind: "value", value, fetchedAt: this.now() });
      return value;
    } catch (error) {
      // Background work the budget held back (its share kept for people): nothing failed, and
      // the value is served as it is, with its age, until a person's request reloads it.
      if (error instanceof UpstreamError && error.details.deferred) throw error;
      this.counts.failures++;
      const missing = error instanceof UpstreamError && error.code === "not_found";
      // Pages say when their data could not be refreshed. A key never served that turns out
      // missing (a lookup that finds nothing) is no page's data: a 404 is never a kept page.
      if (!missing || this.entries.peek(key)?.kind === "value") dataFailed();
      if (missing) {
        this.store(key, { kind: "missing", error, fetchedAt: this.now() });
      } else if (error instanceof UpstreamError) {
        // Keep the old value, noting that the source failed: it is served as stale-on-error.
        const current = this.entries.peek(key);
        if (current?.kind === "value") {
          current.error = error;
          current.failedAt = this.now();
        }
      }
      throw error;
    }
  }

  private async readShared(key: string): Promise<Entry<T> | undefined> {
    const generation = this.shared?.generation?.();
    const stored = await this.shared?.read(this.options.name, key);
    if (!stored) return undefined;
    let fetchedAt = stored.fetchedAt;
    for (const travel of this.travels) if (travel.at >= stored.fetchedAt) fetchedAt -= travel.ms;
    const entry = { ...stored, fetchedAt } as Entry<T>;
    if (generation !== undefined) this.sharedIn.set(entry, generation);
    return entry;
  }

  /** How long an entry stays of use to the shared tier: a "not found" while fresh, a value while servable. */
  private sharedTtlMs(entry: Entry<T>): number {
    return (
      (entry.kind === "missing" ? this.options.freshMs : this.options.errorMs) -
      (this.now() - entry.fetchedAt)
    );
  }

  /** Offers a memory entry to a shared tier that may have lost it since (see `sharedIn`). */
  private offerAgain(key: string, entry: Entry<T>): void {
    const generation = this.shared?.generation?.();
    if (generation === undefined || this.sharedIn.get(entry) === generation) return;
    this.sharedIn.set(entry, generation);
    const ttlMs = this.sharedTtlMs(entry);
    if (ttlMs > 0) this.shared?.offer?.(this.options.name, key, entry as StoredEntry, ttlMs);
  }

  private store(key: string, entry: Entry<T>): void {
    // A miss found missing again changes nothing a page shows (a 404 is never a kept page).
    const before = this.entries.peek(key);
    if (before && !(before.kind === "missing" && entry.kind === "missing")) dataChanged();
    else dataAdded();
    this.entries.set(key, entry);
    // A "not found" is shared only as long as it is fresh; values as long as they can be served.
    const ttlMs = entry.kind === "missing" ? this.options.freshMs : this.options.errorMs;
    const generation = this.shared?.generation?.();
    if (generation !== undefined) this.sharedIn.set(entry, generation);
    this.shared?.write(this.options.name, key, entry as StoredEntry, ttlMs);
  }
}
