import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DirectorySync } from "@/lib/directory/sync";
import { SwrCache } from "@/lib/server/cache/cache";
import {
  type BudgetPersistence,
  LocalBudgetStore,
  parseUpstreamRateLimit,
  type SavedBudget,
  UpstreamBudget,
  WINDOW_MARGIN_MS,
} from "./budget";
import { type BudgetPolicy, DAILY_PROBE_MS, NO_LIMITS } from "./budget-policy";
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
    const store = LocalBudgetStore.of(parseUpstreamRateLimit(spec));
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
    const { budget } = budgetOf("4/1");
    const order: Priority[] = [];
    const track = (priority: Priority) =>
      budget.acquire("/x", priority, 60_000).then(() => order.push(priority));
    const all = Array.from({ length: 6 }, () => track("background"));
    await vi.advanceTimersByTimeAsync(0);
    // Background work took its half of the window; the people's two slots are still free.
    all.push(track("interactive"), track("interactive"), track("interactive"), track("interactive"));
    await vi.advanceTimersByTimeAsync(20_000);
    await Promise.all(all);
    expect(order).toEqual([
      ...["background", "background"],
      ...["interactive", "interactive"],
      // The next window: the two people waiting go first.
      ...["interactive", "interactive", "background", "background"],
      ...["background", "background"],
    ]);
  });

  it("keeps the people's part of the window: background work stops at its share (half by default)", async () => {
    const { budget } = budgetOf("10/1");
    const background = start(budget, "background", 10);
    await vi.advanceTimersByTimeAsync(0);
    expect(background.grants).toHaveLength(5);
    expect(budget.status()).toMatchObject({
      waiting: { interactive: 0, background: 5 },
      usedBy: { interactive: 0, background: 5 },
      backgroundCap: 5,
    });
    // A person's calls do not wait behind the sync: the rest of the window is theirs.
    const interactive = start(budget, "interactive", 5);
    await vi.advanceTimersByTimeAsync(0);
    expect(interactive.grants).toHaveLength(5);
    expect(interactive.grants.every((g) => g.at === 1_000_000)).toBe(true);
    expect(budget.status().usedBy).toEqual({ interactive: 5, background: 5 });
    await vi.advanceTimersByTimeAsync(2_000);
    await background.done;
    expect(budget.status().usedBy).toEqual({ interactive: 0, background: 5 });
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
    budget.rateLimited({ retryAfterMs: 3_000, daily: false });
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
    budget.rateLimited({ retryAfterMs: 2_000, daily: false });
    expect(budget.pausedUntil()).toBe(1_002_000);
    await expect(budget.acquire("/a", "interactive", 500)).rejects.toMatchObject({ code: "rate_limited" });
  });
});

describe("the day's allowance (UPSTREAM_DAILY_LIMIT) and the service's pauses", () => {
  const MIDNIGHT = Date.parse("2026-12-01T00:00:00Z");
  const HOUR = 3_600_000;
  beforeEach(() => {
    vi.useFakeTimers({ now: MIDNIGHT });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const policy = (daily: number, share = 0.5): BudgetPolicy => ({
    window: null,
    daily,
    backgroundShare: share,
  });
  /** Takes slots of `priority` until one is refused; the grants and the refusal. */
  const drain = (store: LocalBudgetStore, priority: Priority) => {
    let granted = 0;
    for (;;) {
      const result = store.takeWithin(priority, store.caps());
      if (!result.granted) return { granted, refusal: result };
      granted++;
    }
  };

  it("background work gets a quarter of its half at midnight, the rest accruing through the day", () => {
    const store = new LocalBudgetStore(policy(240));
    // Its share is 120: 30 at 00:00, 75 at noon, all 120 by the day's end.
    expect(drain(store, "background")).toMatchObject({
      granted: 30,
      refusal: { why: "day-background", retryInMs: expect.any(Number) },
    });
    const { refusal } = drain(store, "background");
    // The next call its pace allows: 1/120 of its share later, 0.75 of the day over 90 calls.
    expect(refusal.granted === false && refusal.retryInMs).toBe(Math.ceil((1 / 90) * 24 * HOUR));
    vi.setSystemTime(MIDNIGHT + 12 * HOUR);
    expect(drain(store, "background").granted).toBe(75 - 30);
    vi.setSystemTime(MIDNIGHT + 24 * HOUR - 1);
    expect(drain(store, "background").granted).toBe(119 - 75);
    expect(store.status().today).toMatchObject({
      limit: 240,
      used: 119,
      usedBy: { interactive: 0, background: 119 },
      remaining: 121,
      reserve: 120,
    });
  });

  it("people may use the whole day; background work stops at the people's reserve, whoever spent the rest", () => {
    const store = new LocalBudgetStore(policy(100));
    vi.setSystemTime(MIDNIGHT + 20 * HOUR);
    expect(drain(store, "interactive").granted).toBe(100);
    expect(drain(store, "interactive").refusal).toEqual({
      granted: false,
      why: "day",
      retryInMs: 4 * HOUR,
    });
    const other = new LocalBudgetStore(policy(100));
    vi.setSystemTime(MIDNIGHT + 20 * HOUR);
    for (let i = 0; i < 50; i++) other.takeWithin("interactive", other.caps());
    // Its paced share would allow 43 by now, but the day's calls already reach the reserve.
    expect(drain(other, "background")).toMatchObject({ granted: 0, refusal: { why: "day-background" } });
    // A new day starts the counts again.
    vi.setSystemTime(MIDNIGHT + 24 * HOUR);
    expect(other.status().today).toMatchObject({ day: "2026-12-02", used: 0, remaining: 100 });
    expect(drain(other, "interactive").granted).toBe(100);
  });

  it("a queued call refused for the day fails at once, saying the allowance is spent until 00:00 UTC", async () => {
    const store = new LocalBudgetStore(policy(2));
    const budget = new UpstreamBudget(store);
    await budget.acquire("/a", "interactive", 10_000);
    await budget.acquire("/a", "interactive", 10_000);
    const error = (await budget
      .acquire("/v3/company/profile", "interactive", 10_000)
      .catch((e) => e)) as UpstreamError;
    expect(error).toMatchObject({
      code: "rate_limited",
      details: { budget: true, daily: "spent", retryAfterMs: 24 * HOUR },
    });
    expect(error.message).toMatch(/UPSTREAM_DAILY_LIMIT.*00:00 UTC/);
  });

  it("the service's daily cap pauses every call until 00:00 UTC, letting one probe through every 10 minutes", async () => {
    const store = new LocalBudgetStore({
      window: { calls: 50, windowMs: 60_000 },
      daily: null,
      backgroundShare: 0.5,
    });
    const budget = new UpstreamBudget(store);
    vi.setSystemTime(MIDNIGHT + 18 * HOUR);
    expect(budget.rateLimited({ daily: true })).toEqual({ waitMs: 6 * HOUR, kind: "daily", began: true });
    await expect(budget.acquire("/a", "interactive", 10_000)).rejects.toMatchObject({
      code: "rate_limited",
      details: { daily: "spent" },
    });
    expect(store.status().nextProbeAt).toBe(MIDNIGHT + 18 * HOUR + DAILY_PROBE_MS);
    vi.setSystemTime(MIDNIGHT + 18 * HOUR + DAILY_PROBE_MS);
    expect(await store.take("background")).toEqual({ granted: true, probe: true });
    expect(await store.take("interactive")).toMatchObject({ granted: false, why: "day-paused" });
    // The probe came back 429 again: still paused, the next probe 10 minutes on.
    expect(budget.rateLimited({ daily: true }).began).toBe(false);
    vi.setSystemTime(MIDNIGHT + 18 * HOUR + 2 * DAILY_PROBE_MS);
    expect(await store.take("interactive")).toEqual({ granted: true, probe: true });
    // This one got an answer: calls resume.
    expect(budget.answered()).toBe(true);
    expect(budget.currentPause()).toBeNull();
    expect(await store.take("interactive")).toEqual({ granted: true });
  });

  it("429s without Retry-After back off 10, 30 and 60 s; the fourth in a row is taken for the daily cap", () => {
    const budget = new UpstreamBudget(new LocalBudgetStore(NO_LIMITS));
    const waits = [1, 2, 3].map(() => {
      const { waitMs, kind } = budget.rateLimited({ daily: false });
      vi.advanceTimersByTime(waitMs);
      return [waitMs, kind];
    });
    expect(waits).toEqual([
      [10_000, "backoff"],
      [30_000, "backoff"],
      [60_000, "backoff"],
    ]);
    expect(budget.rateLimited({ daily: false })).toMatchObject({ kind: "daily", began: true });
    // An answer ends the row: the next 429 without Retry-After backs off from the start again.
    budget.answered();
    expect(budget.rateLimited({ daily: false })).toMatchObject({ waitMs: 10_000, kind: "backoff" });
  });

  it("429s that come together are one step of the row; a Retry-After is honoured whatever the message says", () => {
    const budget = new UpstreamBudget(new LocalBudgetStore(NO_LIMITS));
    // Four calls sent at once all meet the limit: one 10 s pause, not a jump to the day.
    const together = [1, 2, 3, 4].map(() => budget.rateLimited({ daily: false }));
    expect(together.map((p) => [p.waitMs, p.kind])).toEqual(Array(4).fill([10_000, "backoff"]));
    vi.advanceTimersByTime(10_000);
    expect(budget.rateLimited({ daily: false })).toMatchObject({ waitMs: 30_000, kind: "backoff" });
    // "quota" in a per-minute refusal that says how long to wait: that wait, not the day.
    vi.advanceTimersByTime(30_000);
    expect(budget.rateLimited({ retryAfterMs: 45_000, daily: true })).toMatchObject({
      waitMs: 45_000,
      kind: "retry-after",
    });
  });

  it("what a process spent (its window, its day, a pause) is there again after a restart", async () => {
    let saved: SavedBudget | null = null;
    const persistence: BudgetPersistence = {
      load: () => saved,
      save: (state) => {
        saved = structuredClone(state);
      },
      flush: async () => {},
    };
    const limits: BudgetPolicy = { window: { calls: 3, windowMs: 60_000 }, daily: 10, backgroundShare: 0.5 };
    const first = new LocalBudgetStore(limits, Date.now, persistence);
    for (let i = 0; i < 3; i++) expect((await first.take("interactive")).granted).toBe(true);
    new UpstreamBudget(first).rateLimited({ retryAfterMs: 5_000, daily: false });
    vi.advanceTimersByTime(1_000);
    const second = new LocalBudgetStore(limits, Date.now, persistence);
    expect(second.currentPause()).toMatchObject({ kind: "retry-after", until: MIDNIGHT + 5_000 });
    vi.advanceTimersByTime(4_000);
    // The window is still full: the restarted process waits instead of drawing the service's 429.
    expect(await second.take("interactive")).toMatchObject({ granted: false, why: "window" });
    expect(second.status().today).toMatchObject({ used: 3, remaining: 7 });
    // The next day, only the day is new.
    vi.setSystemTime(MIDNIGHT + 24 * 3_600_000 + 1);
    expect(new LocalBudgetStore(limits, Date.now, persistence).status().today).toMatchObject({ used: 0 });
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
    const store = LocalBudgetStore.of({ calls: 100, windowMs: 60_000 });
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
