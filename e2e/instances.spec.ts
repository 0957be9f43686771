// Real app instances sharing their state: two `next start` servers with REDIS_URL and one upstream
// budget against the sandbox's HTTP mount (a third server, rate-limited like the real service),
// then the embedded default (CACHE_DIR, no Redis). Counts come from each instance's /api/status:
// list calls and profile calls made upstream, and calls the upstream refused.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { serverArgs } from "../playwright.config";
import { freePort, type RunningRedis, startRedis } from "../tests/redis-server";
import { spawnApp, untilAnswers } from "./app-process";

test.describe.configure({ mode: "serial" });

interface App {
  base: string;
  stop(): Promise<void>;
  /** The server's output, when it has exited. */
  died(): string | null;
  output: () => string;
}

/** Every app a test started: a failed test attaches their output, and every test stops them. */
const launched: App[] = [];

async function startApp(env: Record<string, string>): Promise<App> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = spawnApp(serverArgs(port), { REQUEST_LOG: "off", API_RATE_LIMIT: "off", ...env });
  try {
    await untilAnswers(`${base}/api/index-status`);
  } catch (error) {
    await app.stop();
    throw new Error(`app did not start: ${app.output()}\n${error}`);
  }
  const started = {
    base,
    stop: app.stop,
    died: () => (app.child.exitCode !== null ? app.output() : null),
    output: app.output,
  };
  launched.push(started);
  return started;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

type Status = {
  upstreamCalls: Record<string, { calls: number }>;
  index: Record<"default" | "all", { state: string; pagesTotal: number | null; syncedAt: number | null }>;
};
async function calls(app: App, pattern: RegExp): Promise<number> {
  const status = await json<Status>(`${app.base}/api/status`);
  return Object.entries(status.upstreamCalls)
    .filter(([endpoint]) => pattern.test(endpoint))
    .reduce((sum, [, stats]) => sum + stats.calls, 0);
}
const LIST = /companies-list/;
const PROFILE = /profile/;

/** Upstream calls the rate-limited sandbox refused with 429. */
async function refused(app: App): Promise<number> {
  const status = await json<{ upstreamCalls: Record<string, { refused: number }> }>(`${app.base}/api/status`);
  return Object.values(status.upstreamCalls).reduce((sum, stats) => sum + stats.refused, 0);
}

/** How many times the instances started a sync of a set, from their logs. */
function syncsOf(apps: App[], set: "default" | "all"): number {
  return apps.reduce((sum, app) => sum + app.output().split(`index: syncing the ${set} set`).length - 1, 0);
}

/** The upstream's limit for the key, and the instances' shared budget inside it (room for the test's own calls). */
const SANDBOX_LIMIT = "90/20";
const BUDGET = "80/20";

async function indexReady(app: App): Promise<Status["index"]> {
  await expect
    .poll(
      async () => {
        expect(app.died()).toBeNull();
        // A busy machine may reset a kept-alive connection: the next poll asks again.
        const response = await fetch(`${app.base}/api/status`).catch(() => null);
        if (response?.status !== 200) return false;
        const { index } = (await response.json()) as Status;
        return index.default.state === "ready" && ["ready", "unavailable"].includes(index.all.state);
      },
      { timeout: 240_000, intervals: [250] },
    )
    .toBe(true);
  return (await json<Status>(`${app.base}/api/status`)).index;
}

let KEYS: string[] = [];

test.describe("several instances through Redis", () => {
  let redis: RunningRedis;
  let sandbox: App;
  const dirs: string[] = [];
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    redis = await startRedis();
    sandbox = await startApp({
      API_BASE_URL: "",
      // The sandbox server's own index sync runs in-process, outside SANDBOX_RATE_LIMIT (it limits
      // the HTTP mount); another key than the instances' all the same.
      API_KEY: "demo-pro",
      CACHE_DIR: "off",
      SANDBOX_RATE_LIMIT: SANDBOX_LIMIT,
    });
    // The first list answers build the sandbox's universe: warm it, so no instance's call times out.
    for (const all of [false, true])
      await json(`${sandbox.base}/sandbox/v3/companies-list?apiKey=demo-licensed&allCompanies=${all}`);
    const list = await json<{ data: { companyKey: string }[] }>(
      `${sandbox.base}/sandbox/v3/companies-list?apiKey=demo-licensed&pageNumber=2`,
    );
    KEYS = list.data.slice(0, 3).map((c) => c.companyKey);
  });
  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status !== testInfo.expectedStatus)
      for (const [i, app] of launched.entries()) {
        const status = await fetch(`${app.base}/api/status`)
          .then((r) => r.text())
          .catch((e) => String(e));
        await testInfo.attach(`server ${i} ${app.base}`, {
          body: `${app.output()}\n/api/status: ${status}`,
          contentType: "text/plain",
        });
      }
    // The sandbox serves every test of the file.
    await Promise.all(launched.filter((app) => app !== sandbox).map((app) => app.stop()));
    launched.splice(0, launched.length, sandbox);
  });
  test.afterAll(async () => {
    await sandbox?.stop();
    await redis?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test("one index sync for both; the second spends 0 calls on what the first fetched; a restart of both costs 0", async ({
    page,
  }) => {
    test.setTimeout(600_000);
    const instanceEnv = () => {
      const dir = mkdtempSync(path.join(tmpdir(), "instance-"));
      dirs.push(dir);
      return {
        API_BASE_URL: `${sandbox.base}/sandbox`,
        API_KEY: "demo-licensed",
        REDIS_URL: redis.url,
        CACHE_DIR: dir,
        UPSTREAM_RATE_LIMIT: BUDGET,
      };
    };
    const envs = [instanceEnv(), instanceEnv()];
    let [a, b] = await Promise.all(envs.map((env) => startApp(env)));
    // A profile opened while the start-up sync spends the budget: a person's call goes first.
    const started = Date.now();
    const during = await fetch(`${a?.base}/companies/${encodeURIComponent(KEYS[0] ?? "")}`);
    expect(during.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The instance that waits for the other's sync of a set shows that sync's progress, not "0 pages".
    type Progress = { state: string; elsewhere?: boolean; pagesDone: number; pagesTotal: number | null };
    let follower: { base: string; set: string } | null = null;
    await expect
      .poll(
        async () => {
          for (const app of [a, b] as App[]) {
            const index = await fetch(`${app.base}/api/index-status`)
              .then((r) => r.json() as Promise<Record<string, Progress>>)
              .catch(() => ({}) as Record<string, Progress>);
            for (const [set, progress] of Object.entries(index))
              if (
                progress.elsewhere &&
                progress.pagesDone > 0 &&
                progress.pagesDone < (progress.pagesTotal ?? 0) - 5
              )
                follower = { base: app.base, set };
          }
          return follower;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .not.toBeNull();
    const shown = follower as unknown as { base: string; set: string };
    await page.goto(`${shown.base}/companies${shown.set === "all" ? "?set=all" : ""}`);
    await expect(
      page.getByText(/^Another instance of this server is indexing the company list: \d+ of \d+ pages/),
    ).toBeVisible();
    const [indexA] = await Promise.all([indexReady(a as App), indexReady(b as App)]);
    const pages = (indexA?.default.pagesTotal ?? 0) + (indexA?.all.pagesTotal ?? 0);
    expect(pages).toBeGreaterThan(1);
    // One sync of each set between the two instances: about one list call per page (an attempt
    // whose answer broke off on a busy machine is retried, and counts), never a second sync.
    expect(syncsOf([a, b] as App[], "default")).toBe(1);
    expect(syncsOf([a, b] as App[], "all")).toBe(1);
    const listCalls = (await calls(a as App, LIST)) + (await calls(b as App, LIST));
    expect(listCalls).toBeGreaterThanOrEqual(pages);
    expect(listCalls).toBeLessThan(pages + Math.min(indexA?.default.pagesTotal ?? 0, 10));

    for (const key of KEYS) await json(`${a?.base}/api/profile?companyKey=${key}`);
    const profileCallsA = await calls(a as App, PROFILE);
    expect(profileCallsA).toBeGreaterThanOrEqual(KEYS.length);
    for (const key of KEYS) await json(`${b?.base}/api/profile?companyKey=${key}`);
    expect(await calls(b as App, PROFILE)).toBe(0);
    // The shared budget kept both instances inside the upstream's limit: it refused nothing.
    expect((await refused(a as App)) + (await refused(b as App))).toBe(0);

    await Promise.all([a?.stop(), b?.stop()]);
    [a, b] = await Promise.all(envs.map((env) => startApp(env)));
    await Promise.all([indexReady(a as App), indexReady(b as App)]);
    for (const app of [a, b] as App[]) {
      for (const key of KEYS) await json(`${app.base}/api/profile?companyKey=${key}`);
      expect(await calls(app, LIST)).toBe(0);
      expect(await calls(app, PROFILE)).toBe(0);
    }

    // Redis killed, then back empty: every page keeps answering 200, from memory and the upstream.
    const pageUrls = (app: App) =>
      ["/", "/companies", "/news", `/companies/${encodeURIComponent(KEYS[1] ?? "")}`].map(
        (p) => `${app.base}${p}`,
      );
    await redis.kill();
    for (const app of [a, b] as App[])
      for (const url of pageUrls(app)) expect((await fetch(url)).status, url).toBe(200);
    await redis.restart();
    for (const app of [a, b] as App[])
      for (const url of pageUrls(app)) expect((await fetch(url)).status, url).toBe(200);
    await Promise.all([a?.stop(), b?.stop()]);
  });

  test("the embedded default (no Redis) keeps its index and profiles across a restart", async () => {
    test.setTimeout(600_000);
    const dir = mkdtempSync(path.join(tmpdir(), "embedded-"));
    dirs.push(dir);
    const env = { API_BASE_URL: `${sandbox.base}/sandbox`, API_KEY: "demo-licensed", CACHE_DIR: dir };
    let app = await startApp(env);
    await indexReady(app);
    expect(await calls(app, LIST)).toBeGreaterThan(0);
    // The tests before it may have spent the sandbox's window for this key, which this instance
    // (no Redis, so no shared budget) cannot know: a profile may answer 503 until the window turns.
    for (const key of KEYS)
      await expect
        .poll(async () => (await fetch(`${app.base}/api/profile?companyKey=${key}`)).status, {
          timeout: 60_000,
          intervals: [1_000],
        })
        .toBe(200);
    // The snapshots are written after the index is served: stop once both are on disk.
    await expect
      .poll(
        () =>
          readdirSync(dir)
            .flatMap((d) =>
              existsSync(path.join(dir, d, "index")) ? readdirSync(path.join(dir, d, "index")) : [],
            )
            .sort(),
        {
          timeout: 60_000,
        },
      )
      .toEqual(expect.arrayContaining(["all.ndjson.gz", "default.ndjson.gz"]));
    await app.stop();

    app = await startApp(env);
    const index = await indexReady(app);
    expect(index.default.syncedAt).toBeLessThan(Date.now() - 100);
    for (const key of KEYS) await json(`${app.base}/api/profile?companyKey=${key}`);
    expect(await calls(app, LIST)).toBe(0);
    expect(await calls(app, PROFILE)).toBe(0);
    await app.stop();
  });
});
