import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onDataChanged } from "@/lib/data-changed";
import { UpstreamError } from "@/lib/upstream/errors";
import { FAILED_RELOAD_WAIT_MS, SwrCache } from "./cache";
import { FileTier } from "./cache-tiers";

function setup(overrides = {}) {
  let now = 0;
  const cache = new SwrCache<string>({
    name: "test",
    freshMs: 1000,
    staleMs: 5000,
    errorMs: 60_000,
    maxEntries: 3,
    now: () => now,
    ...overrides,
  });
  let loads = 0;
  const loader = (value: string) => async () => {
    loads++;
    await Promise.resolve();
    return value;
  };
  return { cache, loader, loads: () => loads, advance: (ms: number) => (now += ms) };
}

// The cache's clock is the test's `now`; fake timers only let background reloads finish (each
// advance runs what is pending) without sleeping on the real clock.
describe("SwrCache", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("serves a fresh entry without loading within its TTL", async () => {
    const { cache, loader, loads, advance } = setup();
    await cache.get("k", loader("a"));
    advance(999);
    expect(await cache.get("k", loader("b"))).toMatchObject({ value: "a", state: "fresh" });
    expect(loads()).toBe(1);
  });

  it("serves a stale entry at once and revalidates it in the background", async () => {
    const { cache, loader, loads, advance } = setup();
    await cache.get("k", loader("a"));
    advance(2000);
    expect(await cache.get("k", loader("b"))).toMatchObject({ value: "a", state: "stale" });
    await vi.advanceTimersByTimeAsync(20);
    expect(await cache.get("k", loader("c"))).toMatchObject({ value: "b", state: "fresh" });
    expect(loads()).toBe(2);
  });

  it("reloads a fresh entry in the background once it is older than revalidateAfterMs", async () => {
    const { cache, loader, loads, advance } = setup();
    await cache.get("k", loader("a"), { revalidateAfterMs: 400 });
    advance(300);
    expect(await cache.get("k", loader("b"), { revalidateAfterMs: 400 })).toMatchObject({ value: "a" });
    expect(loads()).toBe(1);
    advance(200);
    expect(await cache.get("k", loader("b"), { revalidateAfterMs: 400 })).toMatchObject({
      value: "a",
      state: "fresh",
    });
    await vi.advanceTimersByTimeAsync(20);
    expect(await cache.get("k", loader("c"), { revalidateAfterMs: 400 })).toMatchObject({ value: "b" });
    expect(loads()).toBe(2);
  });

  it("loads again past the stale window", async () => {
    const { cache, loader, advance } = setup();
    await cache.get("k", loader("a"));
    advance(6000);
    expect(await cache.get("k", loader("b"))).toMatchObject({ value: "b", state: "fresh" });
  });

  it("serves the stale value with the error when the upstream fails", async () => {
    const { cache, loader, advance } = setup();
    await cache.get("k", loader("a"));
    advance(10_000);
    const failing = async () => {
      throw new UpstreamError("unavailable", "HTTP 503");
    };
    const result = await cache.get("k", failing);
    expect(result).toMatchObject({ value: "a", state: "stale-on-error" });
    expect(result.error?.code).toBe("unavailable");
    advance(60_000);
    await expect(cache.get("k", failing)).rejects.toMatchObject({ code: "unavailable" });
  });

  it("marks a stale value as stale-on-error once its background reload has failed", async () => {
    const { cache, loader, advance } = setup();
    await cache.get("k", loader("a"));
    advance(2000);
    const failing = async () => {
      throw new UpstreamError("timeout", "no answer");
    };
    expect(await cache.get("k", failing)).toMatchObject({ value: "a", state: "stale" });
    await vi.advanceTimersByTimeAsync(5);
    const served = await cache.get("k", failing);
    expect(served).toMatchObject({ value: "a", state: "stale-on-error", fetchedAt: 0 });
    expect(served.error?.code).toBe("timeout");
    await vi.advanceTimersByTimeAsync(5);
    // The source recovers: the background reload replaces the value and clears the mark.
    expect(await cache.get("k", loader("b"))).toMatchObject({ value: "a", state: "stale-on-error" });
    await vi.advanceTimersByTimeAsync(20);
    expect(await cache.get("k", loader("c"))).toMatchObject({ value: "b", state: "fresh" });
    expect(cache.stats()).toMatchObject({ staleOnError: 2, failures: 2 });
  });

  it("a reload the budget held back (background work's share kept for people) is no failure: the value stays stale, without a notice", async () => {
    const { cache, loader, advance } = setup();
    await cache.get("k", loader("a"));
    advance(2000);
    const deferred = async () => {
      throw new UpstreamError("rate_limited", "background work has used its share", {
        budget: true,
        daily: "reserve",
        deferred: true,
      });
    };
    expect(await cache.get("k", deferred)).toMatchObject({ value: "a", state: "stale" });
    await vi.advanceTimersByTimeAsync(5);
    const again = await cache.get("k", deferred);
    expect(again).toMatchObject({ value: "a", state: "stale" });
    expect(again.error).toBeUndefined();
    expect(cache.stats()).toMatchObject({ failures: 0, staleOnError: 0 });
    // Past the stale window a person's request loads it (the people's part of the budget).
    advance(4000);
    expect(await cache.get("k", loader("b"))).toMatchObject({ value: "b", state: "fresh" });
  });

  it("past the stale window, does not make every request wait for a source known to fail", async () => {
    const { cache, loader, advance } = setup();
    await cache.get("k", loader("a"));
    advance(10_000);
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new UpstreamError("unavailable", "HTTP 500");
    };
    expect(await cache.get("k", failing)).toMatchObject({ state: "stale-on-error" });
    // A reload that never answers: the old value is served at once while it runs.
    const hanging = () => new Promise<string>(() => {});
    const started = Date.now();
    expect(await cache.get("k", hanging)).toMatchObject({ value: "a", state: "stale-on-error" });
    expect(await cache.get("k", hanging)).toMatchObject({ value: "a", state: "stale-on-error" });
    expect(Date.now() - started).toBeLessThan(50);
    expect(calls).toBe(1);
  });

  it("after a failure that does not pass by itself (a refused key), waits before reloading again", async () => {
    const { cache, loader, advance } = setup();
    await cache.get("k", loader("a"));
    advance(2000);
    let calls = 0;
    const refused = async () => {
      calls++;
      throw new UpstreamError("unauthorized", "Invalid API key.");
    };
    for (let i = 0; i < 10; i++) {
      expect(await cache.get("k", refused)).toMatchObject({ value: "a" });
      await vi.advanceTimersByTimeAsync(5);
    }
    expect(calls).toBe(1);
    advance(FAILED_RELOAD_WAIT_MS);
    expect(await cache.get("k", loader("b"))).toMatchObject({ value: "a", state: "stale-on-error" });
    await vi.advanceTimersByTimeAsync(5);
    expect(await cache.get("k", refused)).toMatchObject({ value: "b", state: "fresh" });
    expect(calls).toBe(1);
  });

  it("merges identical concurrent loads into one (single-flight)", async () => {
    const { cache, loader, loads } = setup();
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.get("k", loader("a"))));
    expect(new Set(results.map((r) => r.value))).toEqual(new Set(["a"]));
    expect(loads()).toBe(1);
  });

  it("caches not-found answers for the fresh TTL", async () => {
    const { cache, advance } = setup();
    let calls = 0;
    const missing = async () => {
      calls++;
      throw new UpstreamError("not_found", "Company not found.");
    };
    await expect(cache.get("k", missing)).rejects.toMatchObject({ code: "not_found" });
    await expect(cache.get("k", missing)).rejects.toMatchObject({ code: "not_found" });
    expect(calls).toBe(1);
    advance(1500);
    await expect(cache.get("k", missing)).rejects.toMatchObject({ code: "not_found" });
    expect(calls).toBe(2);
  });

  it("tells pages a load failed, but not a key never served that turns out missing", async () => {
    const { cache, loader, advance } = setup();
    const changes = vi.fn();
    onDataChanged(changes);
    const missing = async () => {
      throw new UpstreamError("not_found", "Company not found.");
    };
    await expect(cache.get("never", missing)).rejects.toMatchObject({ code: "not_found" });
    expect(changes).not.toHaveBeenCalled();
    // Asked again once the miss is old: still missing, still nothing to render again.
    advance(1500);
    await expect(cache.get("never", missing)).rejects.toMatchObject({ code: "not_found" });
    expect(changes).not.toHaveBeenCalled();
    // A company pages showed, gone: they must render again.
    await cache.get("shown", loader("v"));
    changes.mockClear();
    advance(1500);
    // Served stale while it reloads in the background, where the key turns out missing.
    await cache.get("shown", missing);
    await vi.runAllTimersAsync();
    expect(changes).toHaveBeenCalled();
    changes.mockClear();
    await expect(
      cache.get("other", async () => {
        throw new UpstreamError("unavailable", "down");
      }),
    ).rejects.toMatchObject({ code: "unavailable" });
    expect(changes).toHaveBeenCalled();
    onDataChanged(() => {});
  });

  it("evicts the least recently used entry beyond its size", async () => {
    const { cache, loader, loads } = setup();
    for (const k of ["a", "b", "c"]) await cache.get(k, loader(k));
    await cache.get("a", loader("a2")); // a is now most recent
    await cache.get("d", loader("d"));
    expect(cache.peek("b")).toBeUndefined();
    expect(cache.peek("a")?.value).toBe("a");
    expect(loads()).toBe(4);
  });

  it("reports hit rates", async () => {
    const { cache, loader } = setup();
    await cache.get("k", loader("a"));
    await cache.get("k", loader("a"));
    await cache.get("k", loader("a"));
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 1, loads: 1, hitRate: 2 / 3 });
  });
});

describe("SwrCache over a file tier (a restart is a new cache over the same CACHE_DIR)", () => {
  let dir: string;
  let now: number;
  let loads: number;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "swr-"));
    now = 1_000_000;
    loads = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A process: its own in-process tier over the shared folder. */
  function start() {
    const tier = new FileTier(dir);
    const cache = new SwrCache<string>({
      name: "test",
      freshMs: 1000,
      staleMs: 5000,
      errorMs: 60_000,
      maxEntries: 10,
      now: () => now,
      shared: tier,
    });
    return { cache, tier };
  }

  /** A process that loaded "a" under "k" and stored it; then, `laterMs` on, a new process. */
  async function restartAfter(laterMs: number) {
    const first = start();
    await first.cache.get("k", loader("a"));
    await first.tier.flush();
    now += laterMs;
    return start();
  }
  const loader = (value: string) => async () => {
    loads++;
    return value;
  };
  const failing = async (): Promise<string> => {
    loads++;
    throw new UpstreamError("unavailable", "HTTP 503");
  };

  it("serves what an earlier process fetched, fresh, with its fetch time, without loading", async () => {
    const second = await restartAfter(500);
    expect(await second.cache.get("k", loader("b"))).toEqual({
      value: "a",
      fetchedAt: 1_000_000,
      state: "fresh",
    });
    expect(loads).toBe(1);
    expect(second.cache.stats()).toMatchObject({ sharedHits: 1, hits: 1, loads: 0 });
  });

  it("keeps the stale and stale-on-error ages across the restart", async () => {
    const second = await restartAfter(2000);
    expect(await second.cache.get("k", failing)).toMatchObject({
      value: "a",
      state: "stale",
      fetchedAt: 1_000_000,
    });
    now += 8000; // past the stale window
    const third = start();
    const served = await third.cache.get("k", failing);
    expect(served).toMatchObject({ value: "a", state: "stale-on-error", fetchedAt: 1_000_000 });
    now += 60_000; // past the error window: nothing to serve
    await expect(start().cache.get("k", failing)).rejects.toMatchObject({ code: "unavailable" });
  });

  it("loads again once the stored entry is too old, and stores the new one", async () => {
    const second = await restartAfter(6000);
    expect(await second.cache.get("k", loader("b"))).toMatchObject({
      value: "b",
      state: "fresh",
      fetchedAt: now,
    });
    await second.tier.flush();
    expect(await start().cache.get("k", loader("c"))).toMatchObject({ value: "b", state: "fresh" });
    expect(loads).toBe(2);
  });

  it("shares a not-found answer while it is fresh", async () => {
    const first = start();
    const missing = async (): Promise<string> => {
      loads++;
      throw new UpstreamError("not_found", "Company not found.");
    };
    await expect(first.cache.get("k", missing)).rejects.toMatchObject({ code: "not_found" });
    await first.tier.flush();
    await expect(start().cache.get("k", missing)).rejects.toMatchObject({ code: "not_found" });
    expect(loads).toBe(1);
  });

  it("time travel (age) also ages what is read later from the shared tier, not what is fetched after it", async () => {
    const second = await restartAfter(0);
    second.cache.age(2000); // "k" is only on disk for this process
    expect(await second.cache.get("k", loader("b"))).toMatchObject({ value: "a", state: "stale" });
    await vi.waitFor(async () =>
      expect(await second.cache.get("k", loader("c"))).toMatchObject({ value: "b", state: "fresh" }),
    );
  });
});
