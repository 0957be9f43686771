import { describe, expect, it, vi } from "vitest";
import { onDataChanged } from "@/lib/data-changed";
import { UpstreamError } from "@/lib/upstream/errors";
import type { Company } from "@/lib/upstream/schemas";
import { companyRow } from "@/tests/company-rows";
import { type CompanyChange, diffCompanies } from "./changes";
import { DirectorySync, type IndexSnapshot, type ListSource, type SnapshotStore } from "./sync";

const row = companyRow;

/** A fake list endpoint over `total` rows, pages of `size`, optionally growing after the first page. */
function source(
  total: number,
  options: { size?: number; growBy?: number; failAll?: UpstreamError; failPage?: number } = {},
) {
  const size = options.size ?? 1000;
  let count = total;
  const calls: { pageNumber: number; allCompanies: boolean }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const list: ListSource = {
    async getCompaniesPage({ pageNumber = 1, allCompanies = false }) {
      calls.push({ pageNumber, allCompanies });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      if (allCompanies && options.failAll) throw options.failAll;
      if (options.failPage === pageNumber) throw new UpstreamError("unavailable", "HTTP 503");
      const totalPages = Math.max(1, Math.ceil(count / size));
      const data = Array.from(
        { length: Math.max(0, Math.min(size, count - (pageNumber - 1) * size)) },
        (_, k) => row((pageNumber - 1) * size + k + 1),
      );
      if (pageNumber === 1 && options.growBy) count += options.growBy;
      return {
        pagination: {
          page: pageNumber,
          pageSize: size,
          totalCount: count,
          totalPages,
          hasNextPage: pageNumber < Math.ceil(count / size),
          hasPreviousPage: pageNumber > 1,
        },
        data,
      };
    },
  };
  return { list, calls, maxInFlight: () => maxInFlight, setCount: (n: number) => (count = n) };
}

/** A list endpoint over `rows()` as they are at each call, pages of 1000; `onCall` runs first, and may throw. */
function pagedList(rows: () => readonly Company[], onCall: (pageNumber: number) => void): ListSource {
  return {
    async getCompaniesPage({ pageNumber = 1 }) {
      onCall(pageNumber);
      const all = rows();
      const totalPages = Math.ceil(all.length / 1000);
      return {
        pagination: {
          page: pageNumber,
          pageSize: 1000,
          totalCount: all.length,
          totalPages,
          hasNextPage: pageNumber < totalPages,
          hasPreviousPage: pageNumber > 1,
        },
        data: all.slice((pageNumber - 1) * 1000, pageNumber * 1000),
      };
    },
  };
}

describe("DirectorySync", () => {
  it("pages until hasNextPage is false, sizing the last page by its rows, with bounded concurrency", async () => {
    const fake = source(12_345);
    const sync = new DirectorySync(fake.list, { concurrency: 3 });
    await sync.sync("default");
    expect(sync.progress("default")).toMatchObject({
      state: "ready",
      rows: 12_345,
      pagesDone: 13,
      pagesTotal: 13,
    });
    expect(sync.index("default").size).toBe(12_345);
    expect(fake.maxInFlight()).toBeLessThanOrEqual(3);
    expect(fake.calls.every((c) => !c.allCompanies)).toBe(true);
  });

  it("says the data changed when it serves a new index (kept pages showing the old one are dropped)", async () => {
    const changes = vi.fn();
    onDataChanged(changes);
    try {
      const sync = new DirectorySync(source(1500).list);
      await sync.sync("default");
      expect(changes).toHaveBeenCalled();
      changes.mockClear();
      sync.index("default"); // reading the served index changes nothing
      expect(changes).not.toHaveBeenCalled();
      await sync.sync("default"); // a second sync swaps in a new snapshot
      expect(changes).toHaveBeenCalled();
    } finally {
      onDataChanged(() => {});
    }
  });

  it("keeps paging when the set grows during the sync", async () => {
    const fake = source(2500, { growBy: 1200 });
    const sync = new DirectorySync(fake.list);
    await sync.sync("default");
    expect(sync.index("default").size).toBe(3700);
    expect(Math.max(...fake.calls.map((c) => c.pageNumber))).toBe(4);
  });

  it("a free key's single page is the whole set", async () => {
    const fake = source(25, { size: 25 });
    const sync = new DirectorySync(fake.list);
    await sync.sync("default");
    expect(sync.progress("default")).toMatchObject({ state: "ready", rows: 25, pagesTotal: 1 });
    expect(fake.calls).toHaveLength(1);
  });

  it("remembers a 403 on allCompanies as not available on this plan and does not retry", async () => {
    const fake = source(100, {
      failAll: new UpstreamError("forbidden", "allCompanies=true is not available on the free plan."),
    });
    const sync = new DirectorySync(fake.list);
    await sync.sync("all");
    expect(sync.progress("all")).toMatchObject({
      state: "unavailable",
      lastError: expect.stringMatching(/not available on this plan/),
    });
    await sync.sync("all");
    expect(fake.calls.filter((c) => c.allCompanies)).toHaveLength(1);
  });

  /** The all-companies list of a plan that refuses it (403) until `plan` says "pro"; each call can be held. */
  function planList(size = 10, total = 30) {
    const state = {
      plan: "free" as "free" | "pro",
      calls: [] as number[],
      /** Page numbers that fail with a 503 once. */
      failOnce: new Set<number>(),
      hold: null as Promise<void> | null,
    };
    const list: ListSource = {
      async getCompaniesPage({ pageNumber = 1, allCompanies = false }) {
        if (allCompanies) {
          state.calls.push(pageNumber);
          await state.hold;
          if (state.plan === "free") throw new UpstreamError("forbidden", "Not on the free plan.");
          if (state.failOnce.delete(pageNumber)) throw new UpstreamError("unavailable", "HTTP 503");
        }
        return source(total, { size }).list.getCompaniesPage({ pageNumber, allCompanies });
      },
    };
    return { list, state };
  }

  it("asks again after the refresh interval whether the plan includes all companies, and syncs them once it does", async () => {
    let now = 1_000_000;
    const { list, state } = planList();
    const sync = new DirectorySync(list, { refreshMs: 60_000, now: () => now });
    await sync.refresh("all");
    expect(sync.progress("all").state).toBe("unavailable");
    // Within the interval: not asked again, however often it is refreshed.
    now += 59_000;
    await sync.refresh("all");
    await sync.sync("all");
    expect(state.calls).toEqual([1]);
    // After it: asked once more; while the question is out (page 1 held) the set stays unavailable,
    // without a moment of "syncing"; a 403 again, and it stays so.
    now += 2_000;
    let answer = () => {};
    state.hold = new Promise((resolve) => {
      answer = resolve;
    });
    const checking = sync.refresh("all");
    await vi.waitFor(() => expect(state.calls).toEqual([1, 1]));
    expect(sync.progress("all")).toMatchObject({ state: "unavailable", rows: 0 });
    answer();
    state.hold = null;
    await checking;
    expect(sync.progress("all")).toMatchObject({
      state: "unavailable",
      lastError: expect.stringMatching(/plan/),
    });
    // The plan is upgraded: the next check after the interval syncs the whole set.
    state.plan = "pro";
    now += 30_000;
    await sync.refresh("all");
    expect(state.calls).toEqual([1, 1]);
    now += 31_000;
    await sync.refresh("all");
    expect(sync.progress("all")).toMatchObject({ state: "ready", rows: 30, pagesTotal: 3, lastError: null });
    expect(sync.index("all").size).toBe(30);
  });

  it("a recheck that gets the first page and then fails is a failed first sync, with its error, not one still syncing", async () => {
    let now = 1_000_000;
    const { list, state } = planList();
    const sync = new DirectorySync(list, { refreshMs: 60_000, now: () => now, concurrency: 1 });
    await sync.refresh("all");
    expect(sync.progress("all").state).toBe("unavailable");
    state.plan = "pro";
    state.failOnce.add(2);
    now += 61_000;
    await sync.refresh("all");
    expect(sync.progress("all")).toMatchObject({ state: "error", lastError: "HTTP 503", refreshing: false });
  });

  it("another instance's sync of a set the plan now includes shows here as syncing elsewhere, not as off the plan", async () => {
    let now = 1_000_000;
    const { list } = planList();
    let leader: { pagesDone: number; pagesTotal: number | null; rows: number } | null = null;
    const store: SnapshotStore = {
      load: async () => null,
      save: async () => undefined,
      lease: async () => "held",
      leaderProgress: async () => leader,
    };
    const sync = new DirectorySync(list, { refreshMs: 60_000, now: () => now, store });
    // Held by another instance and nothing saved: this one asked nobody, so a 403 must come some
    // other way: from its own sync, run directly.
    await sync.sync("all");
    expect(sync.progress("all").state).toBe("unavailable");
    now += 61_000;
    // The leader has asked and been refused (no pages, no progress): still off the plan here.
    await sync.refresh("all");
    expect(sync.progress("all").state).toBe("unavailable");
    // The leader gets pages: the plan includes the set now.
    leader = { pagesDone: 2, pagesTotal: 3, rows: 20 };
    await sync.refresh("all");
    expect(sync.progress("all")).toMatchObject({
      state: "syncing",
      elsewhere: true,
      pagesDone: 2,
      lastError: null,
    });
  });

  it("a plan's refusal saved after a snapshot (a downgrade) is read from the store once, not at every check", async () => {
    let now = 1_000_000;
    const { list } = planList();
    let loads = 0;
    const rows = Array.from({ length: 3 }, (_, i) => row(i + 1));
    let saved: IndexSnapshot = { set: "all", syncedAt: now - 1000, pages: 1, rows };
    const store: SnapshotStore = {
      load: async (set) => {
        loads++;
        return set === "all" ? saved : null;
      },
      save: async () => undefined,
      version: async (set) => (set === "all" ? saved.syncedAt : null),
    };
    const sync = new DirectorySync(list, { refreshMs: 60_000, now: () => now, store });
    await sync.refresh("all");
    expect(sync.progress("all")).toMatchObject({ state: "ready", rows: 3 });
    // Another instance was refused since (the plan lost the set) and saved the refusal.
    saved = { set: "all", syncedAt: now + 1000, pages: 0, rows: [], unavailable: true };
    now += 5_000;
    await sync.refresh("all");
    expect(sync.progress("all").state).toBe("unavailable");
    const after = loads;
    for (let i = 0; i < 5; i++) {
      now += 5_000;
      await sync.refresh("all");
    }
    expect(loads).toBe(after);
  });

  it("keeps the old index when a refresh fails, and reports the failure", async () => {
    const fake = source(2500);
    const sync = new DirectorySync(fake.list);
    await sync.sync("default");
    const before = sync.index("default");
    const failing = source(2600, { failPage: 2 });
    Object.assign(fake.list, { getCompaniesPage: failing.list.getCompaniesPage });
    await sync.sync("default");
    expect(sync.index("default")).toBe(before);
    expect(sync.progress("default")).toMatchObject({ state: "ready", rows: 2500, lastError: "HTTP 503" });
  });

  it("swaps in a refreshed index atomically", async () => {
    const fake = source(1500);
    const sync = new DirectorySync(fake.list);
    await sync.sync("default");
    fake.setCount(1600);
    const refresh = sync.sync("default");
    expect(sync.index("default").size).toBe(1500); // readers keep the old snapshot meanwhile
    await refresh;
    expect(sync.index("default").size).toBe(1600);
  });

  it("serves what is indexed so far, with progress, while the first sync runs", async () => {
    const fake = source(5000);
    const sync = new DirectorySync(fake.list, { concurrency: 1, partialRebuildMs: 0 });
    const running = sync.sync("default");
    await new Promise((r) => setTimeout(r, 8));
    const progress = sync.progress("default");
    expect(progress.state).toBe("syncing");
    expect(progress.pagesDone).toBeGreaterThan(0);
    expect(progress.pagesDone).toBeLessThan(5);
    expect(sync.index("default").size).toBe(progress.rows);
    await running;
    expect(sync.index("default").size).toBe(5000);
  });

  it("tries a failed sync again soon, backing off, instead of waiting for the next refresh", async () => {
    const fake = source(1500);
    const working = fake.list.getCompaniesPage;
    let failing = 2;
    Object.assign(fake.list, {
      getCompaniesPage: async (params: { pageNumber?: number; allCompanies?: boolean }) => {
        if (failing > 0) {
          failing--;
          throw new UpstreamError("circuit_open", "paused");
        }
        return working(params);
      },
    });
    // The periodic check (checkMs) later than the test waits: the retries must come from their
    // timers. The clock stands still: a timer's firing must not depend on the clock reading retryAt
    // (a timer may fire a millisecond before it does).
    const started = Date.now();
    const sync = new DirectorySync(fake.list, {
      retryMs: 20,
      refreshMs: 3_600_000,
      checkMs: 60_000,
      now: () => started,
    });
    sync.start();
    try {
      // Polled rather than slept: a loaded machine may take longer than the back-off itself.
      await vi.waitFor(
        () =>
          expect(sync.progress("default")).toMatchObject({ state: "error", lastErrorCode: "circuit_open" }),
        { interval: 1, timeout: 5_000 },
      );
      expect(sync.progress("default").retryAt).toBeGreaterThanOrEqual(started + 20);
      await vi.waitFor(
        () => expect(sync.progress("default")).toMatchObject({ state: "ready", rows: 1500, lastError: null }),
        { interval: 5, timeout: 10_000 },
      );
      expect(failing).toBe(0);
    } finally {
      await sync.stop();
    }
  });

  it("a failed first sync is an error state, not a crash, and keeps the rows it got", async () => {
    const fake = source(3000, { failPage: 3 });
    const sync = new DirectorySync(fake.list, { concurrency: 1, partialRebuildMs: 0 });
    await sync.sync("default");
    expect(sync.progress("default")).toMatchObject({ state: "error", lastError: "HTTP 503" });
    expect(sync.index("default").size).toBe(2000);
  });

  it("a sync this server's own budget refused says so (upstream_budget), not the service's 429", async () => {
    const spent = new UpstreamError("rate_limited", "budget spent", { budget: true });
    const sync = new DirectorySync(
      pagedList(
        () => [row(1)],
        () => {
          throw spent;
        },
      ),
    );
    await sync.sync("default");
    expect(sync.progress("default")).toMatchObject({ state: "error", lastErrorCode: "upstream_budget" });
  });

  it("a retry soon after a failure asks only for the pages it lacks (and page 1 and the last, for the count)", async () => {
    const fake = source(8000, { size: 1000 });
    const working = fake.list.getCompaniesPage;
    let failPage: number | null = 5;
    Object.assign(fake.list, {
      getCompaniesPage: async (params: { pageNumber?: number; allCompanies?: boolean }) => {
        if (params.pageNumber === failPage) {
          failPage = null;
          throw new UpstreamError("rate_limited", "Rate limit exceeded");
        }
        return working(params);
      },
    });
    let now = 1_000_000;
    const lines: string[] = [];
    const sync = new DirectorySync(fake.list, { concurrency: 1, now: () => now, log: (l) => lines.push(l) });
    await sync.sync("default"); // pages 1-4 fetched, 5 fails
    expect(sync.progress("default")).toMatchObject({ state: "error", pagesDone: 4 });
    fake.calls.length = 0;
    now += 60_000;
    await sync.sync("default");
    expect(sync.progress("default")).toMatchObject({ state: "ready", rows: 8000, pagesDone: 8 });
    expect(sync.index("default").size).toBe(8000);
    expect(fake.calls.map((c) => c.pageNumber)).toEqual([1, 5, 6, 7, 8]);
    expect(lines).toContain("index: the default set's sync resumes: 3 pages kept from the attempt before");

    // Long after a failure its pages are too old to stand in: the next attempt asks for them all.
    failPage = 3;
    now += 3_600_000;
    await sync.sync("default");
    fake.calls.length = 0;
    now += 61 * 60_000;
    await sync.sync("default");
    expect(fake.calls.map((c) => c.pageNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("keeps nothing from a failed attempt when the list has changed size since", async () => {
    const fake = source(7500, { size: 1000, failPage: 8 });
    const sync = new DirectorySync(fake.list, { concurrency: 1 });
    await sync.sync("default"); // pages 1-7 fetched (page 8, the short last one, fails)
    const retry = source(8200, { size: 1000 });
    Object.assign(fake.list, { getCompaniesPage: retry.list.getCompaniesPage });
    await sync.sync("default");
    expect(retry.calls.map((c) => c.pageNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sync.index("default").size).toBe(8200);
  });

  /** A sync of the list whose first attempt fails at page 8 (its pages 1-7 kept), and what it asked. */
  async function stoppedAtPage8(rows: () => ReturnType<typeof row>[]) {
    let failPage: number | null = 8;
    const calls: number[] = [];
    const list = pagedList(rows, (pageNumber) => {
      calls.push(pageNumber);
      if (pageNumber === failPage) {
        failPage = null;
        throw new UpstreamError("rate_limited", "Rate limit exceeded");
      }
    });
    const lines: string[] = [];
    const sync = new DirectorySync(list, { concurrency: 1, log: (l) => lines.push(l) });
    await sync.sync("default");
    return { calls, lines, sync };
  }

  it("a list that names one company twice is its own: a resumed sync of it is not done again", async () => {
    // 8000 rows, the 6500th a second copy of the 6499th: the service counts it, the index keeps one.
    const rows = Array.from({ length: 8000 }, (_, k) => row(k === 6499 ? 6499 : k + 1));
    const { calls, lines, sync } = await stoppedAtPage8(() => rows);
    calls.length = 0;
    await sync.sync("default");
    expect(lines.some((l) => l.includes("syncing it again in full"))).toBe(false);
    expect(calls).toEqual([1, 8]);
    expect(sync.index("default").size).toBe(7999);
  });

  it("a resumed sync whose rows moved between pages does not add up, and is done again in full", async () => {
    // 8000 rows, pages of 1000. After the failed attempt row 5 is removed and a new row added at
    // the end (the count is the same): every row after the 5th moves up a place, so the 7001st,
    // first of page 8 before, is now last of page 7, which the retry would keep from before.
    let rows = Array.from({ length: 8000 }, (_, k) => row(k + 1));
    const { calls, lines, sync } = await stoppedAtPage8(() => rows);
    rows = [...rows.slice(0, 4), ...rows.slice(5), row(9001)];
    calls.length = 0;
    await sync.sync("default");
    expect(lines).toContain(
      "index: the default set's resumed sync has 7999 of 8000 rows: syncing it again in full",
    );
    // Pages 1 and 8 for the resumed attempt, then all 8 again.
    expect(calls).toEqual([1, 8, 1, 2, 3, 4, 5, 6, 7, 8]);
    const index = sync.index("default");
    expect(index.size).toBe(8000);
    expect(index.byKey(row(7001).companyKey)).toBeDefined();
    expect(index.byKey(row(9001).companyKey)).toBeDefined();
    expect(index.byKey(row(5).companyKey)).toBeUndefined();
  });

  /**
   * 3000 rows, pages of 1000, read one at a time; `change`, when set, edits the list once page 1
   * has been read (as page 2 is asked for). Each sync's changes (diffCompanies) are kept.
   */
  function changingList() {
    let rows = Array.from({ length: 3000 }, (_, k) => row(k + 1));
    let change: ((rows: Company[]) => Company[]) | null = null;
    const list = pagedList(
      () => rows,
      (pageNumber) => {
        if (change && pageNumber === 2) {
          rows = change(rows);
          change = null;
        }
      },
    );
    const lines: string[] = [];
    const diffs: CompanyChange[][] = [];
    const sync = new DirectorySync(list, {
      concurrency: 1,
      log: (l) => lines.push(l),
      onSynced: async (_set, previous, next) => {
        if (previous) diffs.push(diffCompanies(previous, next, 0));
      },
    });
    const syncWhile = async (edit: ((rows: Company[]) => Company[]) | null) => {
      change = edit;
      await sync.sync("default");
      return diffs.at(-1)?.map((c) => [c.kind, c.companyKey]);
    };
    return { sync, lines, syncWhile };
  }
  const without = (n: number) => (rows: Company[]) => rows.filter((r) => r.companyId !== n);

  it("a list that shrinks while it is paged: the row that moved across two pages is not lost, nor reported removed", async () => {
    // Row 5 goes once page 1 has been read: every later row moves up a place, so row 1001 (first
    // of page 2 before) is now last of page 1, which was read before the change: neither read has it.
    const { sync, lines, syncWhile } = changingList();
    await syncWhile(null);
    // Nothing is reported: row 5 was read before it went, row 1001 was kept.
    expect(await syncWhile(without(5))).toEqual([]);
    expect(lines).toContain(
      "index: the default set changed while it was paged: 1 company it had and this pass missed kept for one more sync",
    );
    expect(sync.index("default").byKey(row(1001).companyKey)).toBeDefined();
    // The next sync reads a still list: row 5 is gone, and only row 5.
    expect(await syncWhile(null)).toEqual([["removed", row(5).companyKey]]);
    expect(sync.index("default").size).toBe(2999);
    expect(sync.index("default").byKey(row(1001).companyKey)).toBeDefined();
  });

  it("a company missed by two changing syncs in a row is gone: the list that never holds still keeps no ghost", async () => {
    const { sync, syncWhile } = changingList();
    await syncWhile(null);
    // Row 1500 goes before its page is read; the pass does not add up, so it is kept once.
    expect(await syncWhile(without(1500))).toEqual([]);
    expect(sync.index("default").byKey(row(1500).companyKey)).toBeDefined();
    // The list changes again (row 2000 goes): row 1500, missed twice, is reported gone.
    expect(await syncWhile(without(2000))).toEqual([["removed", row(1500).companyKey]]);
    expect(sync.index("default").byKey(row(1500).companyKey)).toBeUndefined();
    expect(sync.index("default").byKey(row(2000).companyKey)).toBeDefined();
  });

  it("a company whose ticker (and key) changes while the list is paged is one company, under its new key", async () => {
    // Row 7 is renamed and moves to page 2 once page 1 (with its old key) has been read.
    const { sync, syncWhile } = changingList();
    await syncWhile(null);
    const renamed = {
      ...row(7),
      companyKey: "NASDAQ_N7",
      primaryListing: { ticker: "N7", exchangeCode: "NASDAQ" },
    };
    const changes = await syncWhile((rows) => {
      const rest = without(7)(rows);
      return [...rest.slice(0, 1499), renamed, ...rest.slice(1499)];
    });
    expect(changes).toEqual([["ticker", "NASDAQ_N7"]]);
    const index = sync.index("default");
    expect(index.size).toBe(3000);
    expect(index.byKey("NASDAQ_N7")).toBeDefined();
    expect(index.byKey(row(7).companyKey)).toBeUndefined();
    // Row 1001, which moved up into page 1 after it was read, was kept.
    expect(index.byKey(row(1001).companyKey)).toBeDefined();
  });

  it("a failed page stops the attempt: its other workers call no more pages and write nothing into the next attempt", async () => {
    const PAGE = 10;
    const TOTAL = 100;
    let attempt = 1;
    const gate = () => {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    };
    const gates = { 1: gate(), 2: gate() };
    let calls = 0;
    const list: ListSource = {
      async getCompaniesPage({ pageNumber = 1 }) {
        calls++;
        const opened = gates[attempt as 1 | 2];
        if (attempt === 1 && pageNumber === 2) throw new UpstreamError("unavailable", "HTTP 503");
        if (pageNumber > 1) await opened.promise;
        return {
          pagination: {
            page: pageNumber,
            pageSize: PAGE,
            totalCount: TOTAL,
            totalPages: TOTAL / PAGE,
            hasNextPage: pageNumber < TOTAL / PAGE,
            hasPreviousPage: pageNumber > 1,
          },
          data: Array.from({ length: PAGE }, (_, k) => row((pageNumber - 1) * PAGE + k + 1)),
        };
      },
    };
    const ticks = async () => {
      for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
    };
    const sync = new DirectorySync(list, { concurrency: 3, partialRebuildMs: 0 });
    await sync.sync("default"); // pages 1-4 called; 2 fails while 3 and 4 are still out
    expect(sync.progress("default")).toMatchObject({ state: "error", lastError: "HTTP 503" });
    expect(calls).toBe(4);

    attempt = 2;
    const second = sync.sync("default");
    await ticks(); // the new attempt has its first page and waits for pages 2-4
    gates[1].resolve(); // the failed attempt's pages 3 and 4 answer now
    await ticks();
    expect(calls).toBe(4 + 4);
    expect(sync.progress("default").rows).toBe(PAGE);
    expect(sync.index("default").size).toBe(PAGE);

    gates[2].resolve();
    await second;
    expect(calls).toBe(4 + TOTAL / PAGE);
    expect(sync.progress("default")).toMatchObject({ state: "ready", rows: TOTAL });
  });
});

describe("DirectorySync.stop (a clean shutdown)", () => {
  /** A store whose leases and saves the test holds: each save waits for its `done`, each lease for `grant` when held back. */
  function store(options: { holdLeases?: boolean } = {}) {
    const leases: { released: boolean }[] = [];
    const saves: { set: string; done: () => void }[] = [];
    const waiting: (() => void)[] = [];
    const snapshots: SnapshotStore = {
      load: async () => null,
      save: (snapshot) => new Promise<void>((resolve) => saves.push({ set: snapshot.set, done: resolve })),
      lease: async () => {
        if (options.holdLeases) await new Promise<void>((resolve) => waiting.push(resolve));
        const lease = { released: false };
        leases.push(lease);
        return {
          progress: () => undefined,
          release: async () => {
            lease.released = true;
          },
        };
      },
    };
    return { snapshots, leases, saves, grant: () => waiting.shift()?.() };
  }

  /** A list of one company whose pages answer only when the test says. */
  function heldList() {
    let answer: () => void = () => undefined;
    const one = pagedList(
      () => [row(1)],
      () => undefined,
    );
    const list: ListSource = {
      getCompaniesPage: (request) =>
        new Promise((resolve) => {
          answer = () => resolve(one.getCompaniesPage(request));
        }),
    };
    return { list, answer: () => answer() };
  }

  it("gives back the lease of a sync under way at once; that sync then writes nothing, and no sync starts after", async () => {
    const { snapshots, leases, saves } = store();
    const held = heldList();
    const sync = new DirectorySync(held.list, { store: snapshots });
    const refreshed = sync.refresh("default");
    await vi.waitFor(() => expect(leases).toHaveLength(1));
    expect(leases[0]?.released).toBe(false);
    await sync.stop();
    expect(leases[0]?.released).toBe(true);
    held.answer(); // the page it was waiting for comes after all
    await refreshed;
    expect(saves).toEqual([]);
    expect(sync.progress("default").state).not.toBe("ready");
    await sync.refresh("all");
    expect(leases).toHaveLength(1);
  });

  it("a lease still being taken when it stops is given back before stop resolves", async () => {
    const { snapshots, leases, grant } = store({ holdLeases: true });
    const sync = new DirectorySync(heldList().list, { store: snapshots });
    const refreshed = sync.refresh("default");
    await new Promise((r) => setTimeout(r, 10));
    const stopping = sync.stop();
    grant();
    await stopping;
    expect(leases).toEqual([{ released: true }]);
    await refreshed;
  });

  it("waits for a snapshot save under way before it resolves", async () => {
    const { snapshots, saves } = store();
    const sync = new DirectorySync(source(3).list, { store: snapshots });
    const refreshed = sync.refresh("default");
    await vi.waitFor(() => expect(saves).toHaveLength(1));
    let stopped = false;
    const stopping = sync.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    saves[0]?.done();
    await stopping;
    expect(stopped).toBe(true);
    await refreshed;
  });
});
