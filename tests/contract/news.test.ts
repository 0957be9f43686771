// Contract rules for company news and the top-news feed.
import { describe, expect, it } from "vitest";
import type { CompanyRec } from "@/lib/sandbox/universe";
import { getUniverse } from "@/lib/sandbox/universe";
import type { NewsArticle, TopNewsArticle } from "@/lib/upstream/schemas";
import { errorMessage, findCompany, setupSandbox, TODAY } from "./fixtures";

const sandbox = setupSandbox();

const dayShift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A large company with plenty of news. */
const newsy = () =>
  findCompany(
    (c) => c.datasets.includes("news") && (c.marketCapUsd ?? 0) > 2e11,
    "is a large company with news",
  );

function expectNewestFirst(articles: NewsArticle[]) {
  for (let i = 1; i < articles.length; i++) {
    const a = articles[i - 1] as NewsArticle;
    const b = articles[i] as NewsArticle;
    expect(a.date > b.date || (a.date === b.date && a.collectedAt >= b.collectedAt)).toBe(true);
  }
}

async function expect400(path: string, params: Record<string, string | number>, parameter: string) {
  const response = await sandbox.get(path, params, "demo-pro");
  expect(response.status, JSON.stringify(params)).toBe(400);
  expect(await errorMessage(response)).toContain(parameter);
}

describe("GET /v1/company/news", () => {
  it("without dates returns the latest 14 UTC dates", async () => {
    const articles = await sandbox.client().getCompanyNews({ companyKey: newsy().companyKey });
    expect(articles.length).toBeGreaterThan(5);
    const dates = new Set(articles.map((a) => a.date));
    for (const date of dates) {
      expect(date <= TODAY).toBe(true);
      expect(date >= dayShift(TODAY, -13)).toBe(true);
    }
  });

  it("sorts newest first by UTC file date, then by collection timestamp", async () => {
    expectNewestFirst(await sandbox.client().getCompanyNews({ companyKey: newsy().companyKey }));
  });

  it("every article has all eight required fields, importance 1 to 5 and a known event type", async () => {
    const articles = await sandbox.client().getCompanyNews({ companyKey: newsy().companyKey });
    for (const a of articles) {
      expect(a.importance).toBeGreaterThanOrEqual(1);
      expect(a.importance).toBeLessThanOrEqual(5);
      expect(a.sourceUrl).toMatch(/^https:\/\//);
      expect(a.collectedAt.slice(0, 10)).toBe(a.date);
      expect(a.title.length).toBeGreaterThan(10);
    }
  });

  it("an inclusive UTC range returns articles from both end dates", async () => {
    const start = dayShift(TODAY, -40);
    const end = dayShift(TODAY, -10);
    const articles = await sandbox
      .client()
      .getCompanyNews({ companyKey: newsy().companyKey }, { startDate: start, endDate: end });
    for (const a of articles) expect(a.date >= start && a.date <= end).toBe(true);
    const dates = new Set(articles.map((a) => a.date));
    expect(dates.size).toBeGreaterThan(15);
  });

  it("the range cannot exceed 31 days", async () => {
    const key = newsy().companyKey;
    const ok = await sandbox
      .client()
      .getCompanyNews({ companyKey: key }, { startDate: dayShift(TODAY, -30), endDate: TODAY });
    expect(ok.length).toBeGreaterThan(0);
    await expect400(
      "/v1/company/news",
      { companyKey: key, startDate: dayShift(TODAY, -39), endDate: TODAY },
      "31 days",
    );
  });

  it("startDate and endDate must be supplied together", async () => {
    const key = newsy().companyKey;
    await expect400("/v1/company/news", { companyKey: key, startDate: TODAY }, "endDate");
    await expect400("/v1/company/news", { companyKey: key, endDate: TODAY }, "startDate");
  });

  it("a date that is not a date is 400 naming the parameter", async () => {
    const key = newsy().companyKey;
    await expect400(
      "/v1/company/news",
      { companyKey: key, startDate: "2026-02-30", endDate: TODAY },
      "startDate",
    );
    await expect400(
      "/v1/company/news",
      { companyKey: key, startDate: TODAY, endDate: "yesterday" },
      "endDate",
    );
  });

  it("filters by one eventType; several or unknown types are 400", async () => {
    const key = newsy().companyKey;
    const range = { startDate: dayShift(TODAY, -30), endDate: TODAY };
    const all = await sandbox.client().getCompanyNews({ companyKey: key }, range);
    const type = all[0]?.eventType as string;
    const filtered = await sandbox
      .client()
      .getCompanyNews({ companyKey: key }, { ...range, eventType: type });
    expect(filtered.length).toBe(all.filter((a) => a.eventType === type).length);
    await expect400("/v1/company/news", { companyKey: key, eventType: "earnings,dividend" }, "eventType");
    await expect400("/v1/company/news", { companyKey: key, eventType: "gossip" }, "eventType");
  });

  it("filters by exact importance; out-of-range importance is 400", async () => {
    const key = newsy().companyKey;
    const range = { startDate: dayShift(TODAY, -30), endDate: TODAY };
    const all = await sandbox.client().getCompanyNews({ companyKey: key }, range);
    const three = await sandbox.client().getCompanyNews({ companyKey: key }, { ...range, importance: 3 });
    expect(three.length).toBe(all.filter((a) => a.importance === 3).length);
    await expect400("/v1/company/news", { companyKey: key, importance: 9 }, "importance");
  });

  it("uses every event type and every importance level across the market", async () => {
    const feed = await sandbox
      .client()
      .getTopNews({ minImportance: 1, maxImportance: 5, minMarketCap: 0, pageSize: 1000, pageNumber: 3 });
    const more = await sandbox
      .client()
      .getTopNews({ minImportance: 1, maxImportance: 5, minMarketCap: 0, pageSize: 1000, pageNumber: 12 });
    const types = new Set([...feed.data, ...more.data].map((a) => a.eventType));
    expect(types.size).toBe(19);
    const levels = new Set<number>();
    for (const importance of [1, 2, 3, 4, 5]) {
      if ((await sandbox.client().getTopNews({ importance, pageSize: 1 })).pagination.totalCount > 0)
        levels.add(importance);
    }
    expect(levels.size).toBe(5);
  });

  it("covers at least the last 90 UTC days", async () => {
    const key = newsy().companyKey;
    const old = await sandbox
      .client()
      .getCompanyNews(
        { companyKey: key },
        { startDate: dayShift(TODAY, -95), endDate: dayShift(TODAY, -89) },
      );
    expect(old.length).toBeGreaterThan(0);
  });

  it("a company whose datasets lack news is 404", async () => {
    const c = findCompany((x) => x.apiEnabled && !x.datasets.includes("news"), "has no news");
    const response = await sandbox.get("/v1/company/news", { companyKey: c.companyKey }, "demo-pro");
    expect(response.status).toBe(404);
  });
});

describe("GET /v1/top-news", () => {
  it("defaults: the latest 7 UTC days, importance 1 or 2, market cap of at least 1B USD", async () => {
    const feed = await sandbox.client().getTopNews({ pageSize: 1000 });
    expect(feed.data.length).toBeGreaterThan(50);
    for (const a of feed.data) {
      expect(a.importance).toBeLessThanOrEqual(2);
      expect(a.date >= dayShift(TODAY, -6) && a.date <= TODAY).toBe(true);
      expect(a.marketCapUsd).toBeGreaterThanOrEqual(1e9);
    }
  });

  it("sorts by importance first, then newest collection timestamp", async () => {
    const feed = await sandbox.client().getTopNews({ pageSize: 1000, minImportance: 1, maxImportance: 3 });
    for (let i = 1; i < feed.data.length; i++) {
      const a = feed.data[i - 1] as TopNewsArticle;
      const b = feed.data[i] as TopNewsArticle;
      expect(
        a.importance < b.importance || (a.importance === b.importance && a.collectedAt >= b.collectedAt),
      ).toBe(true);
    }
  });

  it("minMarketCap=0 disables the market-cap floor", async () => {
    const floor = await sandbox.client().getTopNews({ pageSize: 1 });
    const noFloor = await sandbox.client().getTopNews({ pageSize: 1000, minMarketCap: 0 });
    expect(noFloor.pagination.totalCount).toBeGreaterThan(floor.pagination.totalCount);
    expect(noFloor.data.some((a) => (a.marketCapUsd ?? 0) < 1e9)).toBe(true);
  });

  it("minMarketCap and maxMarketCap bound the cross-company feed", async () => {
    const feed = await sandbox.client().getTopNews({ pageSize: 1000, minMarketCap: 2e9, maxMarketCap: 1e10 });
    expect(feed.data.length).toBeGreaterThan(0);
    for (const a of feed.data) expect(a.marketCapUsd).toBeGreaterThanOrEqual(2e9);
    for (const a of feed.data) expect(a.marketCapUsd).toBeLessThanOrEqual(1e10);
  });

  it("companyKey restricts to one company and ignores the market-cap bounds", async () => {
    const small = findCompany(
      (c) => c.datasets.includes("news") && (c.marketCapUsd ?? 0) > 3e8 && (c.marketCapUsd ?? 0) < 8e8,
      "is a small company with news",
    );
    const feed = await sandbox.client().getTopNews({
      companyKey: small.companyKey,
      minImportance: 1,
      maxImportance: 5,
      maxMarketCap: 1,
      startDate: dayShift(TODAY, -6),
      endDate: TODAY,
    });
    expect(feed.data.length).toBeGreaterThan(0);
    for (const a of feed.data) expect(a.companyKey).toBe(small.companyKey);
  });

  it("companyKey of a company whose datasets lack news is 404, like its company news", async () => {
    const c = findCompany((x) => x.apiEnabled && !x.datasets.includes("news"), "has no news");
    const response = await sandbox.get("/v1/top-news", { companyKey: c.companyKey }, "demo-pro");
    expect(response.status).toBe(404);
  });

  it("with companyKey the market-cap bounds are ignored, even when they contradict each other", async () => {
    const c = newsy();
    const response = await sandbox.get(
      "/v1/top-news",
      { companyKey: c.companyKey, minMarketCap: 10, maxMarketCap: 1 },
      "demo-pro",
    );
    expect(response.status).toBe(200);
    await expect400("/v1/top-news", { minMarketCap: 10, maxMarketCap: 1 }, "minMarketCap");
  });

  it("goes back as far as company news and no further", async () => {
    const c = newsy();
    const week = (start: string) => ({ startDate: start, endDate: dayShift(start, 6) });
    const old = dayShift(TODAY, -2000);
    const feed = await sandbox.client().getTopNews({ ...week(old), minMarketCap: 0, maxImportance: 5 });
    expect(feed.pagination.totalCount).toBe(0);
    expect(await sandbox.client().getCompanyNews({ companyKey: c.companyKey }, week(old))).toEqual([]);
    // Within the history both have stories.
    const recent = dayShift(TODAY, -60);
    const within = await sandbox.client().getTopNews({ ...week(recent), minMarketCap: 0, maxImportance: 5 });
    expect(within.pagination.totalCount).toBeGreaterThan(0);
  });

  it("companyKey must be the canonical form", async () => {
    const c = findCompany(
      (x) => x.listings.length > 1 && x.datasets.includes("news"),
      "has a secondary listing",
    );
    await expect400("/v1/top-news", { companyKey: c.listings[1]?.key ?? "" }, "companyKey");
  });

  it("eventType takes several comma-separated types", async () => {
    const feed = await sandbox
      .client()
      .getTopNews({ pageSize: 1000, eventTypes: ["earnings", "ma"], maxImportance: 5 });
    expect(new Set(feed.data.map((a) => a.eventType))).toEqual(new Set(["earnings", "ma"]));
  });

  it("importance is exact, or a range with minImportance and maxImportance, never both", async () => {
    const exact = await sandbox.client().getTopNews({ importance: 3, pageSize: 1000 });
    expect(exact.data.every((a) => a.importance === 3)).toBe(true);
    const range = await sandbox.client().getTopNews({ minImportance: 2, maxImportance: 4, pageSize: 1 });
    let exactTotal = 0;
    for (const importance of [2, 3, 4]) {
      exactTotal += (await sandbox.client().getTopNews({ importance, pageSize: 1 })).pagination.totalCount;
    }
    expect(range.pagination.totalCount).toBe(exactTotal);
    await expect400("/v1/top-news", { importance: 1, minImportance: 1 }, "importance");
    await expect400("/v1/top-news", { minImportance: 4, maxImportance: 2 }, "minImportance");
  });

  it("the range cannot exceed 7 days, and both dates or neither", async () => {
    await expect400("/v1/top-news", { startDate: dayShift(TODAY, -7), endDate: TODAY }, "7 days");
    await expect400("/v1/top-news", { startDate: TODAY }, "endDate");
    const ok = await sandbox.client().getTopNews({ startDate: dayShift(TODAY, -6), endDate: TODAY });
    expect(ok.data.length).toBeGreaterThan(0);
  });

  it("pageSize defaults to 250 and pageNumber pages through the whole result", async () => {
    const first = await sandbox.client().getTopNews({ minMarketCap: 0, maxImportance: 5 });
    expect(first.data).toHaveLength(250);
    expect(first.pagination.pageSize).toBe(250);
    const second = await sandbox.client().getTopNews({ minMarketCap: 0, maxImportance: 5, pageNumber: 2 });
    expect(second.data[0]?.title).not.toBe(first.data[0]?.title);
    expect(second.pagination.hasPreviousPage).toBe(true);
  });

  it("each article names its company", async () => {
    const feed = await sandbox.client().getTopNews({ pageSize: 20 });
    const keys = new Set(getUniverse().enabled.map((c: CompanyRec) => c.companyKey));
    for (const a of feed.data) expect(keys.has(a.companyKey ?? "")).toBe(true);
  });

  it("bad values are 400 naming the parameter", async () => {
    await expect400("/v1/top-news", { minMarketCap: "-5" }, "minMarketCap");
    await expect400("/v1/top-news", { pageSize: "lots" }, "pageSize");
    await expect400("/v1/top-news", { maxImportance: 0 }, "maxImportance");
  });
});

describe("emulated rate limiting", () => {
  it("answers 429 with Retry-After once a key exceeds its budget", async () => {
    const { startSandboxServer } = await import("../sandbox-server");
    const limited = await startSandboxServer({ rateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${limited.baseUrl}/v3/companies-list?compact=true`, {
          headers: { "X-Api-Key": "demo-free" },
        });
        statuses.push(response.status);
        if (response.status === 429) retryAfter = response.headers.get("retry-after");
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it("with a daily cap, answers the real service's daily-limit body without Retry-After until 00:00 UTC", async () => {
    const { createSandboxHandler } = await import("@/lib/sandbox/handler");
    const clock = { now: Date.parse("2026-12-01T23:59:00Z") };
    const handler = createSandboxHandler({
      rateLimit: { limit: 2, windowMs: 1_000, daily: 3 },
      wallClock: () => clock.now,
    });
    const ask = () =>
      handler(
        new Request("http://sandbox.mount/v3/companies-list?compact=true", {
          headers: { "X-Api-Key": "demo-free" },
        }),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await ask()).status);
    // The window's third request is refused by the window (with Retry-After), and does not count for the day.
    expect(statuses).toEqual([200, 200, 429]);
    clock.now += 1_000;
    expect((await ask()).status).toBe(200);
    const capped = await ask();
    expect(capped.status).toBe(429);
    expect(capped.headers.get("retry-after")).toBeNull();
    expect(await capped.json()).toEqual({ error: "Daily request limit exceeded for free trial" });
    // Another key has its own day; the next UTC day starts again.
    const other = await handler(
      new Request("http://sandbox.mount/v3/companies-list?compact=true", {
        headers: { "X-Api-Key": "demo-pro" },
      }),
    );
    expect(other.status).toBe(200);
    clock.now = Date.parse("2026-12-02T00:00:01Z");
    expect((await ask()).status).toBe(200);
  });

  it("limits the HTTP mount only: callers there cannot spend the app's own in-process window", async () => {
    const { createSandboxHandler } = await import("@/lib/sandbox/handler");
    const { mountSandbox } = await import("@/lib/sandbox/mount");
    const { IN_PROCESS_ORIGIN } = await import("@/lib/sandbox/types");
    const handler = createSandboxHandler({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const mounted = mountSandbox(handler);
    const headers = { "X-Api-Key": "demo-licensed" };
    const outside = (origin: string) =>
      mounted(new Request(`${origin}/sandbox/v3/companies-list?compact=true`, { headers }));
    const statuses: number[] = [];
    // Over HTTP, with a Host header naming the in-process origin on the last ones.
    for (const origin of [
      "http://127.0.0.1:3000",
      "http://127.0.0.1:3000",
      IN_PROCESS_ORIGIN,
      IN_PROCESS_ORIGIN,
    ])
      statuses.push((await outside(origin)).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    // The app's own client, same key: not refused.
    const own = await handler(
      new Request(`${IN_PROCESS_ORIGIN}/v3/companies-list?compact=true`, { headers }),
    );
    expect(own.status).toBe(200);
  });

  it("counts its windows in real time, even with the data clock pinned (SANDBOX_NOW)", async () => {
    const { startSandboxServer } = await import("../sandbox-server");
    let wall = 1_000_000;
    const limited = await startSandboxServer({
      now: () => Date.parse("2026-11-20T15:00:00Z"),
      wallClock: () => wall,
      rateLimit: { limit: 2, windowMs: 10_000 },
    });
    const status = async () =>
      (
        await fetch(`${limited.baseUrl}/v3/companies-list?compact=true`, {
          headers: { "X-Api-Key": "demo-free" },
        })
      ).status;
    try {
      expect([await status(), await status(), await status()]).toEqual([200, 200, 429]);
      wall += 9_000;
      expect(await status()).toBe(429);
      wall += 1_000; // the window has ended on the wall clock; the data clock has not moved
      expect([await status(), await status(), await status()]).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
