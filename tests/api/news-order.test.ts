// The top-news feed in the orders a reader chooses, against the embedded sandbox: each page is the
// right slice of the whole feed sorted as asked, at a cost in upstream calls a key can afford.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sizeIntervals } from "@/lib/news/feed-state";
import { getSandboxHandler } from "@/lib/sandbox/instance";
import { parseSearch } from "@/lib/server/http/http";
import { topNewsQuery } from "@/lib/server/http/query-schemas";
import { BAND_EDGES, bandsOf, storyKey } from "@/lib/server/services/news-order";
import { Services } from "@/lib/server/services/services";
import { companyTally, ORDER_FALLBACK_NOTE, topNewsFeed } from "@/lib/server/services/top-news-feed";
import { UpstreamClient } from "@/lib/upstream/client";
import { UpstreamError } from "@/lib/upstream/errors";
import type { TopNewsArticle } from "@/lib/upstream/schemas";

const direct = new UpstreamClient({
  baseUrl: "http://sandbox.internal",
  apiKey: "demo-licensed",
  transport: getSandboxHandler(),
  retries: 0,
});

let services: Services;
beforeAll(async () => {
  services = new Services({ startSync: false, tier: null, snapshots: null });
  await services.directory.sync("default");
});
afterAll(() => services.shutdown());

const feed = (search: string) =>
  topNewsFeed(parseSearch(new URLSearchParams(search), topNewsQuery), services);

/** The whole feed of a query straight from the sandbox, in the API's order. */
async function whole(query: Parameters<UpstreamClient["getTopNews"]>[0]): Promise<TopNewsArticle[]> {
  const out: TopNewsArticle[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await direct.getTopNews({ ...query, pageSize: 1000, pageNumber });
    out.push(...page.data);
    if (!page.pagination.hasNextPage) return out;
  }
}

const cap = (a: TopNewsArticle) => a.marketCapUsd ?? -1;
const byRank = (a: TopNewsArticle, b: TopNewsArticle) =>
  a.importance - b.importance || cap(b) - cap(a) || b.collectedAt.localeCompare(a.collectedAt);
const keys = (list: TopNewsArticle[]) => list.map(storyKey);

async function pages(search: string, count: number) {
  const out: TopNewsArticle[] = [];
  for (let page = 1; page <= count; page++) out.push(...(await feed(`${search}&page=${page}`)).data.data);
  return out;
}

describe("the top-news feed's orders", () => {
  it("ranks by importance, then market cap, then newest, page after page", async () => {
    const all = (await whole({ minImportance: 1, maxImportance: 2 })).sort(byRank);
    const first = await feed("pageSize=30");
    expect(first.order).toBe("rank");
    expect(first.data.pagination).toMatchObject({
      totalCount: all.length,
      totalKnown: true,
      hasNextPage: true,
    });
    const read = await pages("pageSize=30", 4);
    expect(keys(read)).toEqual(keys(all.slice(0, 120)));
    // The largest companies' most important stories lead: not the newest story of a small one.
    expect(cap(read[0] as TopNewsArticle)).toBeGreaterThanOrEqual(1e12);
  });

  it("orders newest first across the levels when asked", async () => {
    const all = (await whole({ minImportance: 1, maxImportance: 3 })).sort(
      (a, b) => b.collectedAt.localeCompare(a.collectedAt) || a.importance - b.importance,
    );
    const read = await pages("order=newest&minImportance=1&maxImportance=3&pageSize=50", 3);
    expect(read.map((a) => a.collectedAt)).toEqual(all.slice(0, 150).map((a) => a.collectedAt));
    expect(new Set(read.slice(0, 50).map((a) => a.importance)).size).toBeGreaterThan(1);
  });

  it("keeps the API's order when asked, one upstream page per feed page", async () => {
    const before = services.stats.calls("/v1/top-news");
    const page = await feed("order=api&pageSize=30&page=2&importance=2");
    expect(services.stats.calls("/v1/top-news") - before).toBe(1);
    expect(page.order).toBe("api");
    const all = await whole({ importance: 2 });
    expect(keys(page.data.data)).toEqual(keys(all.slice(30, 60)));
  });

  it("takes several sizes at once, mega caps included, and counts them all", async () => {
    const search = "size=mega,small&minImportance=1&maxImportance=5&pageSize=40";
    const ranges = sizeIntervals(["mega", "small"]);
    const expected = (
      await Promise.all(
        ranges.map((r) =>
          whole({ minImportance: 1, maxImportance: 5, minMarketCap: r.min, maxMarketCap: r.max }),
        ),
      )
    )
      .flat()
      .sort(byRank);
    const first = await feed(search);
    expect(first.data.pagination.totalCount).toBe(expected.length);
    const read = await pages(search, 3);
    expect(keys(read)).toEqual(keys(expected.slice(0, 120)));
    const inRange = (c: number) => ranges.some((r) => c >= r.min && (r.max === undefined || c <= r.max));
    expect(read.every((a) => inRange(cap(a)))).toBe(true);
    expect(read.some((a) => cap(a) >= 200e9) && read.some((a) => cap(a) < 2e9)).toBe(true);
    // The API's order over several ranges is merged from one feed per range.
    const api = await pages(`${search}&order=api`, 2);
    const apiOrder = [...expected].sort(
      (a, b) => a.importance - b.importance || b.collectedAt.localeCompare(a.collectedAt),
    );
    expect(keys(api)).toEqual(keys(apiOrder.slice(0, 80)));
  });

  it("ranks one company's stories by importance, then newest", async () => {
    const key = (await whole({})).find((a) => a.companyKey)?.companyKey as string;
    const page = await feed(`companyKey=${key}&minImportance=1&maxImportance=5&pageSize=50`);
    const all = await whole({ companyKey: key, minImportance: 1, maxImportance: 5 });
    expect(keys(page.data.data)).toEqual(keys(all.slice(0, 50)));
  });

  it("serves the default view's first ranked page in a few calls, and reads the next one ahead", async () => {
    const fresh = new Services({ startSync: false, tier: null, snapshots: null });
    await fresh.directory.sync("default");
    const calls = () => fresh.stats.calls("/v1/top-news");
    const ask = (page: number) =>
      topNewsFeed(parseSearch(new URLSearchParams(`pageSize=30&page=${page}`), topNewsQuery), fresh);
    await ask(1);
    // The count, and the bands of $200B and more at importance 1: not the whole level.
    expect(calls()).toBe(3);
    // The next pages are in the bands read; the fourth needs the next band, read ahead by the third.
    await ask(2);
    expect(calls()).toBe(3);
    await ask(3);
    await vi.waitFor(() => expect(calls()).toBe(4));
    await ask(4);
    expect(calls()).toBe(4);
    // Newest first: one call per level, whose totals add up to the count (no call of its own).
    const newest = await topNewsFeed(
      parseSearch(new URLSearchParams("order=newest&pageSize=30"), topNewsQuery),
      fresh,
    );
    expect(calls()).toBe(6);
    const ranked = (await ask(1)).data.pagination;
    expect(newest.data.pagination).toMatchObject({ totalCount: ranked.totalCount, totalKnown: true });
    await fresh.shutdown();
  });

  it("falls back to the API's order, and says so, when the streams cannot be read", async () => {
    const failing = new Services({ startSync: false, tier: null, snapshots: null });
    const real = failing.news.top.bind(failing.news);
    vi.spyOn(failing.news, "top").mockImplementation((query) =>
      query.pageSize === 250
        ? Promise.reject(new UpstreamError("rate_limited", "budget spent"))
        : real(query),
    );
    const page = await topNewsFeed(parseSearch(new URLSearchParams("pageSize=30"), topNewsQuery), failing);
    expect(page.order).toBe("api");
    expect(page.orderNote).toBe(ORDER_FALLBACK_NOTE);
    expect(page.data.data).toHaveLength(30);
    await failing.shutdown();

    // A failing service is not asked again in another order: its error is the page's.
    const down = new Services({ startSync: false, tier: null, snapshots: null });
    const spy = vi
      .spyOn(down.news, "top")
      .mockRejectedValue(new UpstreamError("unavailable", "the service is down"));
    await expect(
      topNewsFeed(parseSearch(new URLSearchParams("pageSize=30&importance=3"), topNewsQuery), down),
    ).rejects.toMatchObject({ code: "unavailable" });
    expect(spy.mock.calls.every(([q]) => q.pageSize === 250 || q.pageSize === 1)).toBe(true);
    await down.shutdown();
  });
});

describe("the feed by company", () => {
  const query = (search: string) => parseSearch(new URLSearchParams(search), topNewsQuery);

  it("counts every story of the period by company, not the page loaded", async () => {
    const all = await whole({ minImportance: 1, maxImportance: 2 });
    const counts = new Map<string, number>();
    for (const a of all) if (a.companyKey) counts.set(a.companyKey, (counts.get(a.companyKey) ?? 0) + 1);
    let answer = await companyTally(query("pageSize=25"), services, 60_000);
    expect(answer).toMatchObject({
      complete: true,
      read: all.length,
      total: all.length,
      companyCount: counts.size,
    });
    expect(answer.companies).toHaveLength(25);
    for (const c of answer.companies) expect(c.count).toBe(counts.get(c.companyKey));
    // Some company has several stories this week: the whole week is counted, not one page.
    expect(Math.max(...counts.values())).toBeGreaterThan(1);
    const busiest = [...counts].sort((a, b) => b[1] - a[1])[0] as [string, number];
    let found = answer.companies.find((c) => c.companyKey === busiest[0]);
    for (let page = 2; !found && page <= answer.companyCount / 25 + 1; page++) {
      answer = await companyTally(query(`pageSize=25&page=${page}`), services, 60_000);
      found = answer.companies.find((c) => c.companyKey === busiest[0]);
    }
    expect(found?.count).toBe(busiest[1]);
    expect(found?.top.length).toBe(Math.min(3, busiest[1]));
    expect(Object.values(found?.levels ?? {}).reduce((a, b) => a + b, 0)).toBe(busiest[1]);
  });

  it("leads with the largest companies' most important stories", async () => {
    const answer = await companyTally(query("pageSize=10"), services, 60_000);
    const lead = answer.companies.map((c) => [c.top[0]?.importance, c.marketCapUsd ?? -1] as const);
    expect(lead[0]?.[0]).toBe(1);
    for (let i = 1; i < lead.length; i++) {
      const [a, b] = [lead[i - 1], lead[i]] as [readonly [number, number], readonly [number, number]];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] >= b[1])).toBe(true);
    }
  });

  it("answers with the counts so far while the reading goes on, then completes", async () => {
    const slow = new Services({ startSync: false, tier: null, snapshots: null });
    const real = slow.news.top.bind(slow.news);
    vi.spyOn(slow.news, "top").mockImplementation(async (q) => {
      await new Promise((r) => setTimeout(r, 40));
      return real(q);
    });
    const first = await companyTally(query("minImportance=1&maxImportance=3"), slow, 100);
    expect(first.complete).toBe(false);
    expect(first.read).toBeLessThan(first.total ?? Number.POSITIVE_INFINITY);
    await vi.waitFor(
      async () =>
        expect((await companyTally(query("minImportance=1&maxImportance=3"), slow, 0)).complete).toBe(true),
      { timeout: 20_000 },
    );
    await slow.shutdown();
  });

  it("counts each story once when the feed moves while it is read", async () => {
    const moving = new Services({ startSync: false, tier: null, snapshots: null });
    const feedOf = (q: Parameters<Services["news"]["top"]>[0]) =>
      whole({ ...q, pageNumber: undefined, pageSize: undefined });
    // Before each page is read a new story arrives on top: every later page starts one story
    // further back, so each repeats the last story of the page before it.
    vi.spyOn(moving.news, "top").mockImplementation(async (q) => {
      const n = q.pageNumber ?? 1;
      const size = q.pageSize ?? 250;
      const base = await feedOf(q);
      const arrived = Array.from(
        { length: n - 1 },
        (_, i) => ({ ...base[0], title: `Arrived ${i}` }) as TopNewsArticle,
      );
      const stories = [...arrived, ...base];
      return {
        data: {
          data: stories.slice((n - 1) * size, n * size),
          pagination: {
            page: n,
            pageSize: size,
            totalCount: stories.length,
            totalPages: Math.ceil(stories.length / size),
            hasNextPage: n * size < stories.length,
            hasPreviousPage: n > 1,
          },
        },
        fetchedAt: Date.now(),
        stale: false,
      } as unknown as Awaited<ReturnType<Services["news"]["top"]>>;
    });
    const feedLength = (await whole({ importance: 2 })).length;
    expect(feedLength).toBeGreaterThan(500);
    const answer = await companyTally(query("importance=2"), moving, 60_000);
    expect(answer.complete).toBe(true);
    // Every story of the feed as it was when the reading began, each once.
    expect(answer.total).toBe(feedLength);
    expect(answer.read).toBe(feedLength);
    let counted = 0;
    for (let page = 1; page <= Math.ceil(answer.companyCount / 250); page++)
      counted += (
        await companyTally(query(`importance=2&pageSize=250&page=${page}`), moving, 0)
      ).companies.reduce((sum, c) => sum + c.count, 0);
    expect(counted).toBe(feedLength);
    await moving.shutdown();
  });

  it("says the reading stopped when the budget stops it, and tries again later", async () => {
    let now = Date.parse("2026-11-20T15:00:00Z");
    const stopped = new Services({ startSync: false, tier: null, snapshots: null, now: () => now });
    const real = stopped.news.top.bind(stopped.news);
    let refuse = true;
    vi.spyOn(stopped.news, "top").mockImplementation((q) =>
      refuse && (q.pageNumber ?? 1) > 1
        ? Promise.reject(new UpstreamError("rate_limited", "budget spent"))
        : real(q),
    );
    const answer = await companyTally(query("importance=2"), stopped, 60_000);
    expect(answer).toMatchObject({ complete: false, stopped: "rate_limited", read: 250 });
    refuse = false;
    expect((await companyTally(query("importance=2"), stopped, 60_000)).complete).toBe(false);
    now += 30_000;
    expect((await companyTally(query("importance=2"), stopped, 60_000)).complete).toBe(true);
    await stopped.shutdown();
  });
});

describe("market-cap bands", () => {
  it("cut a range at the edges inside it, largest first, with no gap", () => {
    expect(bandsOf({ min: 1e9, max: undefined }).map((b) => [b.min, b.max])).toEqual([
      [1e12, undefined],
      [200e9, 1e12],
      [100e9, 200e9],
      [50e9, 100e9],
      [20e9, 50e9],
      [10e9, 20e9],
      [5e9, 10e9],
      [2e9, 5e9],
      [1e9, 2e9],
    ]);
    expect(bandsOf({ min: 300e6, max: 2e9 })).toEqual([
      { min: 1e9, max: 2e9 },
      { min: 300e6, max: 1e9 },
    ]);
    expect(bandsOf({ min: 0, max: 300e6 })).toEqual([{ min: 0, max: 300e6 }]);
    expect([...BAND_EDGES]).toEqual([...BAND_EDGES].sort((a, b) => b - a));
  });
});
