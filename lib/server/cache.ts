// Response cache for upstream data: fresh for a while, then served stale while one background
// revalidation runs, and served stale with the error when the upstream fails (also past the
// stale window, up to errorMs). Once a reload of an entry has failed, later requests get the
// old value at once (marked stale-on-error) while one reload retries in the background, instead
// of each waiting for a failing upstream. Identical concurrent loads are merged (single-flight).
// "Not found" answers are cached briefly too, so a missing company does not spend the rate
// budget on every request.
import { UpstreamError } from "@/lib/upstream/errors";
import { chargePageMiss, uncharged } from "./page-budget";

export interface CacheOptions {
  name: string;
  /** Age below which an entry is served without asking upstream. */
  freshMs: number;
  /** Age below which a stale entry is served at once while it revalidates in the background. */
  staleMs: number;
  /** Age below which a stale entry is served when the upstream fails. */
  errorMs: number;
  maxEntries: number;
  now?: () => number;
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
  entries: number;
  hits: number;
  staleHits: number;
  misses: number;
  loads: number;
  failures: number;
  staleOnError: number;
  hitRate: number;
}

type Entry<T> =
  /** `error`: the last reload of this value failed (cleared by the next success). */
  | { kind: "value"; value: T; fetchedAt: number; error?: UpstreamError }
  | { kind: "missing"; error: UpstreamError; fetchedAt: number };

export class SwrCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inflight = new Map<string, Promise<T>>();
  private readonly now: () => number;
  private counts = { hits: 0, staleHits: 0, misses: 0, loads: 0, failures: 0, staleOnError: 0 };

  constructor(private readonly options: CacheOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(key: string, load: () => Promise<T>): Promise<Cached<T>> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.fetchedAt : Number.POSITIVE_INFINITY;
    if (entry && age < this.options.freshMs) {
      this.counts.hits++;
      this.touch(key, entry);
      if (entry.kind === "missing") throw entry.error;
      return { value: entry.value, fetchedAt: entry.fetchedAt, state: "fresh" };
    }
    const failing = entry?.kind === "value" && entry.error !== undefined && age < this.options.errorMs;
    if (entry?.kind === "value" && (age < this.options.staleMs || failing)) {
      this.touch(key, entry);
      uncharged(() => this.load(key, load)).catch(() => {
        // The stale value keeps being served; the failure is recorded in load().
      });
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
    // A page's budget pays for a miss that goes upstream, not for joining a load in flight.
    if (!this.inflight.has(key)) chargePageMiss();
    this.counts.misses++;
    try {
      const value = await this.load(key, load);
      return { value, fetchedAt: this.entries.get(key)?.fetchedAt ?? this.now(), state: "fresh" };
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

  /** The cached value without loading, if any (any age). */
  peek(key: string): { value: T; fetchedAt: number } | undefined {
    const entry = this.entries.get(key);
    return entry?.kind === "value" ? { value: entry.value, fetchedAt: entry.fetchedAt } : undefined;
  }

  /** Stores a value obtained elsewhere (e.g. the same profile fetched under another key). */
  set(key: string, value: T, fetchedAt = this.now()): void {
    this.store(key, { kind: "value", value, fetchedAt });
  }

  /** Makes every entry `ms` older, as if that time had passed (the fault-mode tests' time travel). */
  age(ms: number): void {
    for (const entry of this.entries.values()) entry.fetchedAt -= ms;
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

  private load(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key);
    if (running) return running;
    this.counts.loads++;
    const promise = load()
      .then((value) => {
        this.store(key, { kind: "value", value, fetchedAt: this.now() });
        return value;
      })
      .catch((error: unknown) => {
        this.counts.failures++;
        if (error instanceof UpstreamError && error.code === "not_found") {
          this.store(key, { kind: "missing", error, fetchedAt: this.now() });
        } else if (error instanceof UpstreamError) {
          // Keep the old value, noting that the source failed: it is served as stale-on-error.
          const current = this.entries.get(key);
          if (current?.kind === "value") current.error = error;
        }
        throw error;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private touch(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private store(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }
}
