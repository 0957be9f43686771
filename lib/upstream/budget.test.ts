import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DirectorySync } from "@/lib/directory/sync";
import { SwrCache } from "@/lib/server/cache";
import { LocalBudgetStore, parseUpstreamRateLimit, UpstreamBudget, WINDOW_MARGIN_MS } from "./budget";
import { UpstreamClient } from "./client";
import type { UpstreamError } from "./errors";
import { currentPriority, inBackground, type Priority } from "./priority";

describe("UPSTREAM_RATE_LIMIT", () => {
  it("reads N/S, and unset or off as no limit", () => {
    expect(parseUpstreamRateLimit("50/60")).toEqual({ calls: 50, windowMs: 60_000 });
    expect(parseUpstreamRateLimit(" 10/3600 ")).toEqual({ calls: 10, windowMs: 3_600_000 });
    expect(parseUpstreamRateLimit(undefined)).toBeNull();
    expect(parseUpstreamRateLimit("")).toBeNull();
    expect(parseUpstreamRateLimit("off")).toBeNull();
  });

  it("says what it expects when the value is wrong", () => {
    for (const bad of ["50", "50/0", "0/60", "50 per minute", "-1/60", "50/90000"])
      expect(() => parseUpstreamRateLimit(bad)).toThrow(/UPSTREAM_RATE_LIMIT must look like "50\/60"/);
  });
});

describe("UpstreamBudget with the local store (fake timers)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const budgetOf = (spec: string) => {
    const store = new LocalBudgetStore(parseUpstreamRateLimit(spec));
    return { store, budget: new UpstreamBudget(store) };
  };

  /** Starts `count` acquisitions and records when (fake ms) and in which order each is granted. */
  function start(budget: UpstreamBudget, priority: Priority, count: number, maxWaitMs = 60_000) {
    const grants: { priority: Priority; at: number }[] = [];
    const done = Array.from({ length: count }, () =>
      budget.acquire("/v3/companies-list", priority, maxWaitMs).then(() => {
        grants.push({ priority, at: Date.now() });
      }),
    );
    return { grants, done: Promise.all(done) };
  }

  it("makes calls wait for a slot instead of refusing them, and never grants more than N in any window", async () => {
    const { budget } = budgetOf("3/1");
    const { grants, done } = start(budget, "interactive", 7);
    await vi.advanceTimersByTimeAsync(5_000);
    await done;
    expect(grants).toHaveLength(7);
    const times = grants.map((g) => g.at);
    for (const t of times) {
      const inWindow = times.filter((u) => u >= t && u < t + 1_000 + WINDOW_MARGIN_MS);
      expect(inWindow.length).toBeLessThanOrEqual(3);
    }
    // The first three at once, the next three one window (and the margin) later.
    expect(times.slice(0, 3)).toEqual([1_000_000, 1_000_000, 1_000_000]);
    expect(times[3]).toBe(1_000_000 + 1_000 + WINDOW_MARGIN_MS);
  });

  it("serves interactive calls ahead of background calls queued before them", async () => {
    const { budget } = budgetOf("2/1");
    const order: Priority[] = [];
    const track = (priority: Priority) =>
      budget.acquire("/x", priority, 60_000).then(() => order.push(priority));
    const all = [track("background"), track("background"), track("background"), track("background")];
    await vi.advanceTimersByTimeAsync(0);
    all.push(track("interactive"), track("interactive"));
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(all);
    expect(order).toEqual([
      "background",
      "background",
      "interactive",
      "interactive",
      "background",
      "background",
    ]);
  });

  it("keeps the last fifth of the window for interactive calls: background work stops short of it", async () => {
    const { budget } = budgetOf("10/1");
    const background = start(budget, "background", 10);
    await vi.advanceTimersByTimeAsync(0);
    expect(background.grants).toHaveLength(8);
    expect(budget.status().waiting).toEqual({ interactive: 0, background: 2 });
    // A person's call does not wait behind the sync.
    const interactive = start(budget, "interactive", 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(interactive.grants).toEqual([
      { priority: "interactive", at: 1_000_000 },
      { priority: "interactive", at: 1_000_000 },
    ]);
    await vi.advanceTimersByTimeAsync(2_000);
    await background.done;
    expect(budget.status().used).toBe(2);
  });

  it("fails fast, with the time to wait, a call that would wait past its limit", async () => {
    const { budget } = budgetOf("1/10");
    await budget.acquire("/a", "interactive", 5_000);
    const error = (await budget.acquire("/v3/company/profile", "interactive", 5_000).catch((e) => e)) as
      | UpstreamError
      | undefined;
    expect(Date.now()).toBe(1_000_000); // refused at once, not after waiting 5 s
    expect(error).toMatchObject({
      code: "rate_limited",
      details: { endpoint: "/v3/company/profile", retryAfterMs: 10_000 + WINDOW_MARGIN_MS, budget: true },
    });
    expect(error?.message).toMatch(/UPSTREAM_RATE_LIMIT/);
    // A call that can wait that long does, and goes.
    const patient = start(budget, "interactive", 1, 20_000);
    await vi.advanceTimersByTimeAsync(10_000 + WINDOW_MARGIN_MS);
    await patient.done;
    expect(patient.grants).toHaveLength(1);
  });

  it("holds every call while the service's Retry-After runs, failing fast those that cannot wait", async () => {
    const { budget } = budgetOf("100/1");
    budget.pause(3_000);
    const short = budget.acquire("/a", "interactive", 1_000).catch((e: UpstreamError) => e);
    const long = start(budget, "interactive", 1, 5_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(await short).toMatchObject({
      code: "rate_limited",
      message: expect.stringMatching(/asked to wait/),
      details: { retryAfterMs: 3_000 },
    });
    // The service's wait, not this server's budget: pages and API answers say so.
    expect(((await short) as UpstreamError).details.budget).toBeUndefined();
    expect(long.grants).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3_000);
    await long.done;
    expect(long.grants).toEqual([{ priority: "interactive", at: 1_003_000 }]);
  });

  it("without a limit, grants at once but still honours a pause", async () => {
    const { budget } = budgetOf("off");
    await budget.acquire("/a", "background", 0);
    budget.pause(2_000);
    expect(budget.pausedUntil()).toBe(1_002_000);
    await expect(budget.acquire("/a", "interactive", 500)).rejects.toMatchObject({ code: "rate_limited" });
  });
});

describe("UpstreamClient on a budget", () => {
  const page = {
    pagination: {
      page: 1,
      pageSize: 1,
      totalCount: 1,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    },
    data: [
      {
        companyId: 1,
        companyKey: "X_A",
        primaryListing: { ticker: "A", exchangeCode: "X" },
        availableDatasets: [],
      },
    ],
  };
  const ok = () =>
    new Response(JSON.stringify(page), { status: 200, headers: { "content-type": "application/json" } });

  it("takes one slot per attempt, retries included, and background calls carry their priority", async () => {
    const seen: Priority[] = [];
    let calls = 0;
    const store = new LocalBudgetStore({ calls: 100, windowMs: 60_000 });
    const client = new UpstreamClient({
      baseUrl: "http://upstream.test",
      apiKey: "k",
      backoffMs: 1,
      budget: new UpstreamBudget(store),
      transport: async () => {
        seen.push(currentPriority());
        return ++calls === 1 ? new Response("{}", { status: 503 }) : ok();
      },
    });
    await client.getCompaniesPage({});
    await inBackground(() => client.getCompaniesPage({}));
    expect(calls).toBe(3);
    expect(store.used()).toBe(3);
    expect(seen).toEqual(["interactive", "interactive", "background"]);
    expect(client.budgetStatus()).toMatchObject({ mode: "local", used: 3, limit: { calls: 100 } });
  });

  it("an upstream 429 pauses the budget: the next call fails fast without reaching the service", async () => {
    let calls = 0;
    const client = new UpstreamClient({
      baseUrl: "http://upstream.test",
      apiKey: "k",
      maxRetryAfterMs: 1_000,
      transport: async () => {
        calls++;
        return new Response("{}", { status: 429, headers: { "retry-after": "30" } });
      },
    });
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "rate_limited" });
    await expect(client.getProfile({ companyKey: "X_A" })).rejects.toMatchObject({
      code: "rate_limited",
      details: { retryAfterMs: expect.any(Number) },
    });
    expect(calls).toBe(1);
    expect(client.pausedReason()).toBe("rate_limited");
  });
});

describe("background work is background without being told", () => {
  it("the directory sync's list calls", async () => {
    const seen: Priority[] = [];
    const sync = new DirectorySync({
      getCompaniesPage: async () => {
        seen.push(currentPriority());
        return {
          pagination: {
            page: 1,
            pageSize: 1,
            totalCount: 0,
            totalPages: 1,
            hasNextPage: false,
            hasPreviousPage: false,
          },
          data: [],
        };
      },
    });
    await sync.sync("default");
    expect(seen).toEqual(["background"]);
  });

  it("a cache's revalidation of a stale entry, while the load a person waits for stays interactive", async () => {
    let now = 0;
    const cache = new SwrCache<Priority>({
      name: "t",
      freshMs: 10,
      staleMs: 1_000,
      errorMs: 1_000,
      maxEntries: 5,
      now: () => now,
    });
    const load = async () => currentPriority();
    expect((await cache.get("k", load)).value).toBe("interactive");
    now = 100;
    expect((await cache.get("k", load)).state).toBe("stale");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.peek("k")?.value).toBe("background");
  });
});
