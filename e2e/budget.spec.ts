// The key spent like money, against real parts: `npm start` instances, a real redis-server, and
// another instance's /sandbox mount as the upstream, rate-limited like the real service
// (SANDBOX_RATE_LIMIT, with a daily cap where a test needs one). Budgets are tight on purpose: a
// test with headroom proves nothing about a budget. Counts come from each instance's /api/status.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, type RunningRedis, startRedis } from "../tests/redis-server";
import { type AppProcess, spawnApp, untilAnswers } from "./app-process";
import { expectNoAxeViolations as axe, collectProblems } from "./helpers";

test.describe.configure({ mode: "serial" });

interface Server {
  base: string;
  process: AppProcess;
}

const started: Server[] = [];
const dirs: string[] = [];

/** `npm start` (its script, on the existing build) on a free port with `env`. */
async function start(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const process = spawnApp(["scripts/start.mjs", "--no-build"], {
    PORT: String(port),
    REQUEST_LOG: "off",
    API_RATE_LIMIT: "off",
    // Every test's pages come from 127.0.0.1: they stand for a team, not one client.
    PAGE_MISS_LIMIT: "off",
    ...env,
  });
  const server = { base: `http://127.0.0.1:${port}`, process };
  started.push(server);
  try {
    await untilAnswers(`${server.base}/api/index-status`);
  } catch (error) {
    throw new Error(`server did not start: ${process.output()}\n${error}`);
  }
  return server;
}

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "budget-"));
  dirs.push(dir);
  return dir;
}

type Calls = Record<string, { calls: number; refused: number }>;
async function upstreamCalls(server: Server): Promise<Calls> {
  return ((await (await fetch(`${server.base}/api/status`)).json()) as { upstreamCalls: Calls })
    .upstreamCalls;
}
async function calls(server: Server, pattern: RegExp): Promise<number> {
  return Object.entries(await upstreamCalls(server))
    .filter(([endpoint]) => pattern.test(endpoint))
    .reduce((sum, [, s]) => sum + s.calls, 0);
}
/** The upstream's 429s this instance drew. */
async function refused(server: Server): Promise<number> {
  return Object.values(await upstreamCalls(server)).reduce((sum, s) => sum + s.refused, 0);
}

type Index = Record<"default" | "all", { state: string; pagesDone: number; pagesTotal: number | null }>;
async function index(server: Server): Promise<Index> {
  return (await fetch(`${server.base}/api/index-status`)).json() as Promise<Index>;
}
async function until(server: Server, done: (index: Index) => boolean, timeout = 180_000) {
  await expect
    .poll(async () => done(await index(server).catch(() => null as unknown as Index)), {
      timeout,
      intervals: [250],
    })
    .toBe(true);
}

/** A profile as a person opens it: its status, how long the whole document took, and whether the profile is in it. */
async function openProfile(server: Server, key: string) {
  const startedAt = Date.now();
  const response = await fetch(`${server.base}/companies/${encodeURIComponent(key)}`);
  const text = await response.text();
  return {
    status: response.status,
    ms: Date.now() - startedAt,
    shown: text.includes('id="listings-title"') && !text.includes("could not be loaded"),
  };
}

test.afterEach(async () => {
  const info = test.info();
  if (info.status !== info.expectedStatus)
    for (const [i, server] of started.entries())
      await info.attach(`server ${i} ${server.base}`, {
        body: `${server.process.output()}\n/api/status: ${await fetch(`${server.base}/api/status`)
          .then((r) => r.text())
          .catch(String)}`,
        contentType: "text/plain",
      });
  await Promise.all(started.map((server) => server.process.stop()));
  started.length = 0;
});

test.afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The upstream: an instance on the embedded sandbox, its mount limited per key as `limit` says. */
async function upstream(limit: string): Promise<{ server: Server; url: string; keys: string[] }> {
  const server = await start({
    API_BASE_URL: "",
    API_KEY: "demo-pro",
    CACHE_DIR: "off",
    SANDBOX_RATE_LIMIT: limit,
  });
  // The first list answers build the sandbox's universe (another key: the instances' windows stay whole).
  const list = (await (
    await fetch(`${server.base}/sandbox/v3/companies-list?apiKey=demo-licensed&pageNumber=3`)
  ).json()) as { data: { companyKey: string }[] };
  await fetch(`${server.base}/sandbox/v3/companies-list?apiKey=demo-licensed&allCompanies=true`);
  return { server, url: `${server.base}/sandbox`, keys: list.data.map((c) => c.companyKey) };
}

const LIST = /companies-list/;
const PROFILE = /\/v3\/company\/profile/;

test.describe("a key of 60 calls per 20 s", () => {
  let redis: RunningRedis;
  test.afterAll(async () => {
    await redis?.stop();
  });

  test("with the start-up sync running, 15 new profiles answer on each of two instances, the second spends nothing, and Redis killed or back empty costs no page", async () => {
    test.setTimeout(420_000);
    redis = await startRedis();
    const { url, keys } = await upstream("60/20");
    const instance = () =>
      start({
        API_BASE_URL: url,
        API_KEY: "demo-pro",
        REDIS_URL: redis.url,
        CACHE_DIR: tempDir(),
        UPSTREAM_RATE_LIMIT: "60/20",
      });
    const [a, b] = (await Promise.all([instance(), instance()])) as [Server, Server];
    await Promise.all([a, b].map((s) => until(s, (i) => i?.default.state === "ready")));
    // The full universe's sync (56 pages) still runs: background work has its share of every window.
    expect((await index(a)).all.state).not.toBe("ready");
    for (const server of [a, b])
      for (const key of keys.slice(0, 15)) {
        const opened = await openProfile(server, key);
        expect({ key, ...opened, ms: opened.ms < 15_000 }).toEqual({
          key,
          status: 200,
          shown: true,
          ms: true,
        });
      }
    expect(await calls(a, PROFILE)).toBe(15);
    expect(await calls(b, PROFILE)).toBe(0);

    // Redis killed once the syncs are done and the window has room for each instance's share (an
    // instance that spent more than its share just before, on a sync, would make people wait for
    // the window to free first).
    await Promise.all([a, b].map((s) => until(s, (i) => i?.all.state === "ready")));
    await new Promise((resolve) => setTimeout(resolve, 21_000));
    /** Five profiles not seen before on each instance, every one answered in full. */
    const newProfiles = async (from: number) => {
      for (const [server, first] of [
        [a, from],
        [b, from + 5],
      ] as const)
        for (const key of keys.slice(first, first + 5)) {
          const { status, shown } = await openProfile(server, key);
          expect({ key, status, shown }).toEqual({ key, status: 200, shown: true });
        }
    };
    await redis.kill();
    await newProfiles(15);
    await redis.restart();
    await newProfiles(25);
    // Within the service's limit throughout: it refused nothing.
    expect((await refused(a)) + (await refused(b))).toBe(0);
  });

  test("an instance stopped during the full sync, without Redis, resumes it after its restart: at most 2 list calls again, and no 429", async () => {
    test.setTimeout(420_000);
    const { url } = await upstream("60/20");
    const env = {
      API_BASE_URL: url,
      API_KEY: "demo-pro",
      CACHE_DIR: tempDir(),
      UPSTREAM_RATE_LIMIT: "60/20",
    };
    let app = await start(env);
    await until(app, (i) => i?.default.state === "ready" && i.all.pagesDone >= 15);
    const before = { list: await calls(app, LIST), refused: await refused(app) };
    await app.process.stop();
    app = await start(env);
    await until(app, (i) => i?.default.state === "ready" && i.all.state === "ready");
    const { default: set, all } = await index(app);
    const after = { list: await calls(app, LIST), refused: await refused(app) };
    // Every page of both sets once, and at most two again (the full set's first page, for its size).
    expect(before.list + after.list).toBeLessThanOrEqual((set.pagesTotal ?? 0) + (all.pagesTotal ?? 0) + 2);
    // The restarted process knew its window: the service refused nothing.
    expect(before.refused + after.refused).toBe(0);
    expect(app.process.output()).toMatch(/the all set's sync resumes: \d+ pages kept/);
  });

  test("with the start-up sync running, /news's first page is in rank order, the week's counts by company fill in as the budget allows, and nothing is refused", async () => {
    test.setTimeout(420_000);
    const { url } = await upstream("60/20");
    const app = await start({
      API_BASE_URL: url,
      API_KEY: "demo-pro",
      CACHE_DIR: tempDir(),
      UPSTREAM_RATE_LIMIT: "60/20",
    });
    await until(app, (i) => i?.default.state === "ready");
    expect((await index(app)).all.state).not.toBe("ready");

    // The default view, ranked: importance, then the company's size, then newest.
    type Story = { importance: number; marketCapUsd?: number | null; title: string };
    const startedAt = Date.now();
    const first = await fetch(`${app.base}/api/top-news?pageSize=50`);
    expect(first.status).toBe(200);
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    const page = (await first.json()) as { order: string; orderNote?: string; data: { data: Story[] } };
    expect({ order: page.order, note: page.orderNote }).toEqual({ order: "rank", note: undefined });
    const stories = page.data.data;
    expect(stories.length).toBe(50);
    for (const [i, story] of stories.entries()) {
      const next = stories[i + 1];
      if (!next) break;
      expect(story.importance).toBeLessThanOrEqual(next.importance);
      if (story.importance === next.importance && story.marketCapUsd != null && next.marketCapUsd != null)
        expect(story.marketCapUsd, `${story.title} before ${next.title}`).toBeGreaterThanOrEqual(
          next.marketCapUsd,
        );
    }
    // The page people open: the same first story.
    const html = await (await fetch(`${app.base}/news`)).text();
    expect(html).toContain(stories[0]?.title.replaceAll("&", "&amp;").slice(0, 40));

    // The week by company: counts so far at once, then whole, within the key's windows.
    type Tally = {
      complete: boolean;
      read: number;
      total: number | null;
      companyCount: number;
      companies: { count: number }[];
    };
    const tally = async (n = 1) =>
      (await (await fetch(`${app.base}/api/top-news/companies?pageSize=250&page=${n}`)).json()) as Tally;
    const soFar = await tally();
    expect(soFar.read).toBeGreaterThan(0);
    await expect
      .poll(async () => (await tally()).complete, { timeout: 300_000, intervals: [2_000] })
      .toBe(true);
    const whole = await tally();
    expect(whole.read).toBe(whole.total);
    // Every story counted once, over every page of companies.
    let counted = 0;
    for (let n = 1; n <= Math.ceil(whole.companyCount / 250); n++)
      counted += (await tally(n)).companies.reduce((sum, c) => sum + c.count, 0);
    expect(counted).toBe(whole.total);
    // Within the service's limit throughout.
    expect(await refused(app)).toBe(0);
  });
});

test("past the service's daily cap: cached pages keep serving and say why, a new page says when to come back, and no call reaches the service before the next probe", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { url } = await upstream("60/20,14/day");
  const app = await start({ API_BASE_URL: url, API_KEY: "demo-free", CACHE_DIR: tempDir() });
  await until(app, (i) => i?.default.state === "ready" && i.all.state === "unavailable");
  const free = (await (
    await fetch(`${app.base}/api/companies?pageSize=50&sort=name&facets=false`)
  ).json()) as { rows: { companyKey: string }[] };
  const keys = free.rows.map((r) => r.companyKey);
  expect(keys.length).toBeGreaterThan(10);
  // Profiles until the service says its day is spent (logos, background work, spend some calls too).
  const served: string[] = [];
  let capped: string | null = null;
  for (const key of keys) {
    const opened = await openProfile(app, key);
    if (opened.status !== 200) {
      capped = key;
      expect(opened.status).toBe(503);
      break;
    }
    served.push(key);
  }
  expect(capped).not.toBeNull();
  const atCap = await upstreamCalls(app);
  expect(Object.values(atCap).reduce((sum, s) => sum + s.refused, 0)).toBe(1);

  // A page not cached: 503, the reason in words, and Retry-After until 00:00 UTC.
  const response = await page.goto(`${app.base}/companies/${encodeURIComponent(capped ?? "")}`);
  expect(response?.status()).toBe(503);
  const untilMidnight = Math.ceil(
    (Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000 - Date.now()) / 1000,
  );
  expect(Math.abs(Number(response?.headers()["retry-after"]) - untilMidnight)).toBeLessThan(60);
  await expect(
    page.getByRole("heading", { level: 1, name: "Today's data-service allowance is spent" }),
  ).toBeVisible();

  // A page seen before: served from the cache, and every page says the day is spent.
  const problems = collectProblems(page);
  const cached = await page.goto(`${app.base}/companies/${encodeURIComponent(served[0] ?? "")}`);
  expect(cached?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: /^Listings/ })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Today's data-service allowance is spent." }),
  ).toBeVisible();
  // Its news was not cached: the section says why (and does not ask again by itself before 00:00 UTC).
  await expect(
    page.getByText(/daily limit for this server's key is reached; it resets at 00:00 UTC/),
  ).toBeVisible();
  await axe(page);

  // The status page and /api/health say the same in words.
  await page.goto(`${app.base}/status`);
  await expect(
    page.getByText(/The data service's daily limit for this server's key is reached/),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Paused" })).toBeVisible();
  await axe(page);
  const health = (await (await fetch(`${app.base}/api/health`)).json()) as {
    budget: { pause: { kind: string; nextProbeAt: string } | null; notice: string };
  };
  expect(health.budget.pause?.kind).toBe("daily");
  expect(Date.parse(health.budget.pause?.nextProbeAt ?? "") - Date.now()).toBeGreaterThan(8 * 60_000);
  expect(health.budget.notice).toMatch(/resets at 00:00 UTC/);

  // More new pages: refused at once, and not one call reaches the service (the next probe is 10 minutes on).
  for (const key of keys.slice(served.length + 1, served.length + 6)) {
    const opened = await openProfile(app, key);
    expect({ status: opened.status, fast: opened.ms < 3_000 }).toEqual({ status: 503, fast: true });
  }
  await new Promise((resolve) => setTimeout(resolve, 5_000)); // background work tries too
  expect(await upstreamCalls(app)).toEqual(atCap);
  // The profile's own sections not cached (its news, its API view) answered 503 and said why; nothing else failed.
  expect(problems.filter((p) => !/status of 503/.test(p))).toEqual([]);
});

test("whatever the upstream does, a page's document completes within 15 s, and the data comes in after it by itself", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // An upstream that answers profiles after 16 s, and calls that wait for it.
  const app = await start({
    API_BASE_URL: "",
    API_KEY: "",
    CACHE_DIR: "off",
    SANDBOX_FAULTS: "latency=16000,only=/v3/company/profile",
    UPSTREAM_TIMEOUT_MS: "30000",
    UPSTREAM_BUDGET_MS: "40000",
  });
  await until(app, (i) => i?.default.state === "ready");
  const problems = collectProblems(page);
  const startedAt = Date.now();
  const response = await page.goto(`${app.base}/companies/XLON_EMBE`, { waitUntil: "domcontentloaded" });
  const documentMs = Date.now() - startedAt;
  expect(response?.status()).toBe(200);
  expect(documentMs).toBeLessThan(15_000);
  await expect(page.getByRole("heading", { level: 1, name: "Ember Partners plc" })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "The data service is slow to answer." }),
  ).toBeVisible();
  // The data comes in by the browser, without a reload.
  await expect(page.getByRole("heading", { level: 2, name: /^Listings/ })).toBeVisible({ timeout: 30_000 });
  expect(problems).toEqual([]);
});
