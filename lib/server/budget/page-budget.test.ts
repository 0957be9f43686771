import { afterEach, describe, expect, it } from "vitest";
import { UpstreamError } from "@/lib/upstream/errors";
import { SwrCache } from "../cache/cache";
import { RateLimiter } from "../http/rate-limit";
import { PageBudgetExceeded, setPageMissLimiter, withPageMissBudget } from "./page-budget";

function cache(now: () => number = Date.now) {
  return new SwrCache<string>({
    name: "t",
    freshMs: 1000,
    staleMs: 10_000,
    errorMs: 60_000,
    maxEntries: 100,
    now,
  });
}

/** A loader that counts its upstream calls. */
function counted(value = "v") {
  const load = async () => {
    load.calls++;
    return value;
  };
  load.calls = 0;
  return load;
}

afterEach(() => setPageMissLimiter(undefined));

describe("the pages' upstream-miss budget", () => {
  it("charges a page's cache misses to its client and refuses the miss past the budget", async () => {
    setPageMissLimiter(new RateLimiter({ requests: 2, windowSeconds: 3600 }));
    const c = cache();
    const load = counted();
    await withPageMissBudget("a", () => c.get("k1", load));
    await withPageMissBudget("a", () => c.get("k2", load));
    const refused = await withPageMissBudget("a", () => c.get("k3", load)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PageBudgetExceeded);
    expect((refused as PageBudgetExceeded).retryAfterSeconds).toBeGreaterThan(0);
    // The refused miss never reached the upstream, and is not cached as a failure.
    expect(load.calls).toBe(2);
    // Another client has its own budget.
    await expect(withPageMissBudget("b", () => c.get("k3", load))).resolves.toMatchObject({ value: "v" });
  });

  it("charges an answer once: what its load reads from other caches is part of it", async () => {
    setPageMissLimiter(new RateLimiter({ requests: 2, windowSeconds: 3600 }));
    const outer = cache();
    const inner = cache();
    const load = counted();
    // One answer made of three others (as the week's counts are of its days).
    const combined = async () => {
      for (const day of ["d1", "d2", "d3"]) await inner.get(day, load);
      return "week";
    };
    await expect(withPageMissBudget("a", () => outer.get("week", combined))).resolves.toMatchObject({
      value: "week",
    });
    expect(load.calls).toBe(3);
    // One unit spent of two: one more miss is allowed, the one after is not.
    await withPageMissBudget("a", () => outer.get("other", load));
    const refused = await withPageMissBudget("a", () => outer.get("third", load)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PageBudgetExceeded);
  });

  it("costs nothing for answers served from the cache, stale ones included, or loads in flight", async () => {
    let now = 0;
    setPageMissLimiter(new RateLimiter({ requests: 1, windowSeconds: 3600 }));
    const c = cache(() => now);
    let release: (v: string) => void = () => {};
    const slow = () => new Promise<string>((resolve) => (release = resolve));
    // One client's miss is in flight; another client's identical request joins it for free.
    const first = withPageMissBudget("a", () => c.get("k", slow));
    // The charge is asynchronous (the limiter may count in Redis): the load is in flight after it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const joined = withPageMissBudget("b", () => c.get("k", slow));
    release("v");
    await Promise.all([first, joined]);
    // "a" has spent its one unit, yet reads the cached answer as often as it likes.
    for (let i = 0; i < 5; i++) await withPageMissBudget("a", () => c.get("k", slow));
    // Stale: served at once, its background refresh charged to nobody.
    now = 5000;
    const load = counted("w");
    await expect(withPageMissBudget("a", () => c.get("k", load))).resolves.toMatchObject({ state: "stale" });
    await Promise.resolve();
    expect(load.calls).toBe(1);
    // "b" never paid: it still has its unit.
    await withPageMissBudget("b", () => c.get("other", counted()));
    await expect(withPageMissBudget("b", () => c.get("more", counted()))).rejects.toBeInstanceOf(
      PageBudgetExceeded,
    );
  });

  it("charges a cached 404 nothing, and nothing at all outside a page's loads or when off", async () => {
    setPageMissLimiter(new RateLimiter({ requests: 1, windowSeconds: 3600 }));
    const c = cache();
    const missing = async (): Promise<string> => {
      throw new UpstreamError("not_found", "no such company");
    };
    await expect(withPageMissBudget("a", () => c.get("nope", missing))).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(withPageMissBudget("a", () => c.get("nope", missing))).rejects.toMatchObject({
      code: "not_found",
    });
    // API routes and background work run outside any page's budget.
    for (let i = 0; i < 3; i++) await c.get(`api-${i}`, counted());
    setPageMissLimiter(null);
    for (let i = 0; i < 3; i++) await withPageMissBudget("a", () => c.get(`off-${i}`, counted()));
  });
});
