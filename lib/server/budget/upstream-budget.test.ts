// The shared upstream budget against a real redis-server and the sandbox over real HTTP with its
// own rate limit (SANDBOX_RATE_LIMIT's mechanism): two UpstreamClients stand for two app
// instances, each with its own Redis connection, as two processes would have.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UpstreamBudget, WINDOW_MARGIN_MS } from "@/lib/upstream/budget";
import { NO_LIMITS } from "@/lib/upstream/budget-policy";
import { type Transport, UpstreamClient } from "@/lib/upstream/client";
import type { UpstreamError } from "@/lib/upstream/errors";
import { inBackground, type Priority } from "@/lib/upstream/priority";
import { freePort, type RunningRedis, startRedis } from "@/tests/redis-server";
import { type RunningSandbox, startSandboxServer } from "@/tests/sandbox-server";
import { until } from "@/tests/until";
import { SharedRedis } from "../cache/redis";
import { RedisBudgetStore } from "./upstream-budget";

interface Sent {
  instance: string;
  at: number;
  status: number;
}

let redis: RunningRedis;
let sandbox: RunningSandbox;
let namespace = 0;
let connections: SharedRedis[] = [];
let sent: Sent[] = [];

beforeAll(async () => {
  redis = await startRedis();
  // Builds the sandbox's universe (once per process) before any window is measured.
  const warm = await startSandboxServer();
  await fetch(`${warm.baseUrl}/v1/top-news?pageSize=1`, { headers: { "x-api-key": "demo-licensed" } });
  await warm.close();
});
afterAll(async () => {
  await redis.stop();
});
beforeEach(async () => {
  // A fresh upstream per test: its 5-per-second window starts with the test's first call.
  sandbox = await startSandboxServer({ rateLimit: { limit: 5, windowMs: 1_000 } });
  namespace++;
  sent = [];
});
afterEach(async () => {
  await Promise.all(connections.map((c) => c.close()));
  connections = [];
  await sandbox.close();
});

/** One "instance": its own Redis connection and client, sharing the namespace (deployment) of the test. */
async function instance(
  name: string,
  spec: { calls: number; windowMs: number } | null,
  options: { interactiveWaitMs?: number; transport?: Transport; daily?: number } = {},
) {
  const shared = new SharedRedis({ url: redis.url, namespace: `budget-test-${namespace}` });
  connections.push(shared);
  await until(() => shared.isReady());
  const store = new RedisBudgetStore(shared, { ...NO_LIMITS, window: spec, daily: options.daily ?? null });
  const toSandbox: Transport = (request) => fetch(request);
  const transport = options.transport ?? toSandbox;
  const client = new UpstreamClient({
    baseUrl: sandbox.baseUrl,
    apiKey: "demo-licensed",
    retries: 0,
    interactiveWaitMs: options.interactiveWaitMs ?? 10_000,
    budget: new UpstreamBudget(store),
    transport: async (request) => {
      const at = Date.now(); // when it leaves: what the upstream's window counts
      const response = await transport(request);
      sent.push({ instance: name, at, status: response.status });
      return response;
    },
  });
  return { client, store, shared };
}

/** A call tagged with its priority (the transport records it). */
function topNews(client: UpstreamClient, priority: Priority) {
  const call = () => client.getTopNews({ pageSize: 1 });
  return priority === "background" ? inBackground(call) : call();
}

describe("the upstream budget shared through Redis", () => {
  it("two instances share one budget: the limited upstream refuses nothing, and no window holds more than N", async () => {
    const a = await instance("a", { calls: 5, windowMs: 1_000 });
    const b = await instance("b", { calls: 5, windowMs: 1_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => topNews(i % 2 ? a.client : b.client, "interactive")),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(sent).toHaveLength(12);
    expect(sent.filter((s) => s.status === 429)).toEqual([]);
    expect(new Set(sent.map((s) => s.instance))).toEqual(new Set(["a", "b"]));
    for (const s of sent)
      expect(sent.filter((u) => u.at >= s.at && u.at < s.at + 1_000).length).toBeLessThanOrEqual(5);
    expect(a.store.status()).toMatchObject({ mode: "shared", instances: 2, limit: { calls: 5 } });
  });

  it("interactive calls on one instance overtake background work on another", async () => {
    const a = await instance("a", { calls: 5, windowMs: 1_000 });
    const b = await instance("b", { calls: 5, windowMs: 1_000 });
    const background = Array.from({ length: 8 }, () => topNews(a.client, "background"));
    await until(() => sent.length === 2); // background stops at its share, 2 of 5
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, () => topNews(b.client, "interactive")));
    // Three at once from the people's part, two as soon as the window frees, before any background call.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(sent.slice(2, 7).map((s) => s.instance)).toEqual(["b", "b", "b", "b", "b"]);
    await Promise.all(background);
    expect(sent).toHaveLength(13);
    expect(sent.filter((s) => s.status === 429)).toEqual([]);
  });

  it("fails fast with retryAfterMs a call that would wait past its limit, on any instance", async () => {
    const a = await instance("a", { calls: 2, windowMs: 10_000 });
    const b = await instance("b", { calls: 2, windowMs: 10_000 }, { interactiveWaitMs: 1_000 });
    await topNews(a.client, "interactive");
    await topNews(a.client, "interactive");
    const started = Date.now();
    const error = (await topNews(b.client, "interactive").catch((e) => e)) as UpstreamError;
    expect(Date.now() - started).toBeLessThan(500);
    expect(error).toMatchObject({ code: "rate_limited", details: { retryAfterMs: expect.any(Number) } });
    expect(error.details.retryAfterMs).toBeGreaterThan(8_000);
    expect(sent).toHaveLength(2);
  });

  it("a 429 seen by one instance pauses the other for its Retry-After", async () => {
    let refuse = true;
    const a = await instance("a", null, {
      transport: async (request) =>
        refuse
          ? new Response('{"errors":[{"message":"slow down"}]}', {
              status: 429,
              headers: { "retry-after": "2" },
            })
          : fetch(request),
    });
    const b = await instance("b", null, { interactiveWaitMs: 500 });
    await expect(topNews(a.client, "interactive")).rejects.toMatchObject({ code: "rate_limited" });
    refuse = false;
    // A publishes the pause without holding up its caller: wait until Redis has it (CI once sent
    // B's call on B's own connection before A's write had landed).
    const pauseKey = a.shared.key("budget:pause");
    await until(async () => ((await b.shared.attempt((c) => c.pTTL(pauseKey))) ?? 0) > 1_000);
    // B has not seen a 429 itself, yet does not call while the pause runs.
    await expect(topNews(b.client, "interactive")).rejects.toMatchObject({
      code: "rate_limited",
      details: { retryAfterMs: expect.any(Number) },
    });
    expect(b.client.pausedReason()).toBe("rate_limited");
    expect(sent.filter((s) => s.instance === "b")).toEqual([]);
    // A patient call waits the pause out and goes.
    const patient = await instance("c", null, { interactiveWaitMs: 4_000 });
    await expect(topNews(patient.client, "interactive")).resolves.toBeDefined();
  });

  it("an instance that makes no call reports the pause another's 429 set, once refreshed (/api/health)", async () => {
    const a = await instance("a", null, {
      transport: async () =>
        new Response('{"errors":[{"message":"slow down"}]}', {
          status: 429,
          headers: { "retry-after": "3" },
        }),
    });
    const b = await instance("b", null);
    await expect(topNews(a.client, "interactive")).rejects.toMatchObject({ code: "rate_limited" });
    const pauseKey = a.shared.key("budget:pause");
    await until(async () => ((await b.shared.attempt((c) => c.pTTL(pauseKey))) ?? 0) > 1_000);
    expect(b.store.status().pausedUntil).toBeNull();
    await b.store.refresh();
    expect(b.store.status().pausedUntil).toBeGreaterThan(Date.now() + 1_000);
    expect(sent.filter((s) => s.instance === "b")).toEqual([]);
  });

  it("while a start still makes its first connection, background work waits and interactive calls take only the people's part", async () => {
    // Nothing listens there yet: every attempt fails, as a first one that timed out does.
    const shared = new SharedRedis({ url: `redis://127.0.0.1:${await freePort()}`, namespace: "starting" });
    connections.push(shared);
    await until(() => shared.status().lastError !== null);
    const store = new RedisBudgetStore(shared, { ...NO_LIMITS, window: { calls: 10, windowMs: 10_000 } });
    expect(await store.take("background", false)).toMatchObject({ granted: false, why: "background" });
    const interactive = [];
    for (let i = 0; i < 6; i++) interactive.push((await store.take("interactive", false)).granted);
    expect(interactive).toEqual([true, true, true, true, true, false]);
    expect(store.status()).toMatchObject({
      mode: "local-fallback",
      effectiveCalls: 5,
      redis: { state: "connecting" },
    });
  });

  it("an instance that has made no upstream call still takes only its share when Redis goes away", async () => {
    await instance("a", { calls: 4, windowMs: 3_000 });
    const b = await instance("b", { calls: 4, windowMs: 3_000 });
    await until(() => b.store.status().instances === 2);
    await redis.kill();
    try {
      await until(() => !b.shared.isReady());
      expect(b.store.status()).toMatchObject({ mode: "local-fallback", effectiveCalls: 2 });
    } finally {
      await redis.restart();
    }
  });

  it("Redis killed: calls keep succeeding on a local share of the budget; Redis back: shared again", async () => {
    // A window long enough that a busy machine's pauses between the steps do not expire the slots
    // the counts below read (with 3 s, CI once saw a slot leave the window before status()).
    const a = await instance("a", { calls: 4, windowMs: 6_000 });
    const b = await instance("b", { calls: 4, windowMs: 6_000 });
    expect(sent).toEqual([]);
    // Each instance learns from its calls how many share the budget.
    for (const client of [a.client, b.client, a.client, b.client]) await topNews(client, "interactive");
    expect(a.store.status()).toMatchObject({ mode: "shared", instances: 2, used: 3 });

    await redis.kill();
    await until(() => !a.shared.isReady() && !b.shared.isReady());
    // Each has spent its share (2 of 4) within the window: its next call waits for the window.
    const waited = Date.now();
    await Promise.all([topNews(a.client, "interactive"), topNews(b.client, "interactive")]);
    expect(Date.now() - waited).toBeGreaterThan(2_000);
    // Each instance on its own takes half the budget (two were sharing it), so together they stay within it.
    expect(a.store.status()).toMatchObject({
      mode: "local-fallback",
      effectiveCalls: 2,
      redis: { state: "down" },
    });
    // Its share holds: at most 2 slots within the window, whatever was spent before.
    let extra = 0;
    let refusal = await a.store.take("interactive", false);
    for (; refusal.granted; refusal = await a.store.take("interactive", false)) extra++;
    expect(extra).toBeLessThanOrEqual(1);
    // Refused on its own, it asks again within a second, so a returning Redis is used at once.
    expect(refusal).toMatchObject({ granted: false, why: "window", retryInMs: expect.any(Number) });
    expect(refusal.granted === false && refusal.retryInMs).toBeLessThanOrEqual(1_000);
    // Within the window: the call that waited and the extra ones, and at most the share. (A slot
    // from before Redis went away may have left the window by now on a busy machine: CI once saw 1.)
    const used = a.store.status().used;
    expect(used).toBeGreaterThanOrEqual(1 + extra);
    expect(used).toBeLessThanOrEqual(2);

    await redis.restart();
    await until(() => a.shared.isReady());
    await topNews(a.client, "interactive");
    const status = a.store.status();
    expect(status).toMatchObject({ mode: "shared", redis: { state: "ready" } });
    // The restarted Redis (empty) learnt this instance's slots of the window: those taken on its
    // own, with this one, and the two shared ones from before the kill if still in the window.
    expect(status.used).toBeGreaterThanOrEqual(1 + extra + 1);
    expect(status.used).toBeLessThanOrEqual(2 + 1 + extra + 1);
  });

  it("the status, refreshed, says every instance's calls in the window now, also on an instance that made none", async () => {
    const a = await instance("a", { calls: 5, windowMs: 1_500 });
    const b = await instance("b", { calls: 5, windowMs: 1_500 });
    for (let i = 0; i < 3; i++) await topNews(a.client, "interactive");
    expect(a.store.status().used).toBe(3);
    // b has made no call: what it last heard is its start's heartbeat.
    await b.store.refresh();
    expect(b.store.status()).toMatchObject({ mode: "shared", used: 3, instances: 2 });
    // Once the window has passed, not the count of the last take (it read 3 for good).
    await new Promise((resolve) => setTimeout(resolve, 1_500 + WINDOW_MARGIN_MS + 300));
    await a.store.refresh();
    expect(a.store.status().used).toBe(0);
  });

  it("back from a fallback, the status says shared once Redis answers, before any call", async () => {
    const a = await instance("a", { calls: 4, windowMs: 6_000 });
    await topNews(a.client, "interactive");
    await redis.kill();
    await until(() => !a.shared.isReady());
    await topNews(a.client, "interactive"); // on its own
    expect(a.store.status()).toMatchObject({ mode: "local-fallback", used: 2 });
    await redis.restart();
    await until(() => a.shared.isReady());
    await a.store.refresh();
    // The restarted Redis is empty; this instance's call of the fallback is still counted.
    const status = a.store.status();
    expect(status.mode).toBe("shared");
    expect(status.used).toBeGreaterThanOrEqual(1);
  });

  it("Redis emptied between two calls (a restart without persistence): the window's slots are not forgotten", async () => {
    const a = await instance("a", { calls: 4, windowMs: 60_000 });
    const b = await instance("b", { calls: 4, windowMs: 60_000 });
    for (let i = 0; i < 4; i++) expect(await a.store.take("interactive", false)).toEqual({ granted: true });
    await a.shared.attempt((client) => client.flushAll());
    // The instance writes its own slots back before it takes: the window is still full, for both.
    expect(await a.store.take("interactive", false)).toMatchObject({ granted: false, why: "window" });
    expect(await b.store.take("interactive", false)).toMatchObject({ granted: false, why: "window" });
    expect(a.store.status()).toMatchObject({ mode: "shared", used: 4 });
  });

  it("the day's calls are counted for all instances: together they stop at UPSTREAM_DAILY_LIMIT, and an emptied Redis learns the count again", async () => {
    // Within the upstream's own 5 per second.
    const a = await instance("a", { calls: 4, windowMs: 1_000 }, { daily: 6 });
    const b = await instance("b", { calls: 4, windowMs: 1_000 }, { daily: 6 });
    for (const client of [a.client, b.client, a.client, b.client]) await topNews(client, "interactive");
    expect(a.store.status().today).toMatchObject({ limit: 6, used: 3, remaining: 3 });
    // Redis restarted empty: each instance's next take raises the day's count to what it knew
    // (A last heard 3, before B's second call), then counts its call.
    await a.shared.attempt((client) => client.flushAll());
    await topNews(a.client, "interactive");
    await b.store.refresh();
    expect(b.store.status().today).toMatchObject({ used: 4, usedBy: { interactive: 4, background: 0 } });
    await topNews(b.client, "interactive");
    await topNews(a.client, "interactive");
    await expect(topNews(b.client, "interactive")).rejects.toMatchObject({
      code: "rate_limited",
      details: { budget: true, daily: "spent", retryAfterMs: expect.any(Number) },
    });
    // One call more than the limit: B's call that A had not heard of when Redis lost the count.
    expect(sent).toHaveLength(7);
  });

  it("the service's daily cap pauses every instance until 00:00 UTC, and one probe per interval goes, from either", async () => {
    let capped = true;
    const transport: Transport = async (request) =>
      capped
        ? new Response('{"error":"Daily request limit exceeded for free trial"}', { status: 429 })
        : fetch(request);
    const a = await instance("a", null, { transport });
    const b = await instance("b", null, { transport });
    await expect(topNews(a.client, "interactive")).rejects.toMatchObject({ details: { daily: "spent" } });
    const pauseKey = a.shared.key("budget:pause");
    await until(async () => (await b.shared.attempt((c) => c.get(pauseKey))) === "daily");
    // B has not seen the 429: it does not call either.
    await expect(topNews(b.client, "interactive")).rejects.toMatchObject({ details: { daily: "spent" } });
    expect(sent).toHaveLength(1);
    await b.store.refresh();
    expect(b.store.status()).toMatchObject({ pause: { kind: "daily" }, nextProbeAt: expect.any(Number) });
    // The probe interval passes (its key expires): the next call of any instance is the probe (an
    // instance started meanwhile, whose queue has not been refused yet), and it gets through.
    await a.shared.attempt((c) => c.del(a.shared.key("budget:probe")));
    capped = false;
    const c = await instance("c", null, { transport });
    await expect(topNews(c.client, "interactive")).resolves.toBeDefined();
    await until(async () => (await a.shared.attempt((c) => c.exists(pauseKey))) === 0);
    await a.store.refresh();
    await expect(topNews(a.client, "interactive")).resolves.toBeDefined();
    expect(sent.map((s) => s.status)).toEqual([429, 200, 200]);
  });

  it("Redis gone: an instance that has spent its share of the day's rest waits for Redis, and holds no one until midnight", async () => {
    const a = await instance("a", null, { daily: 10 });
    const b = await instance("b", null, { daily: 10 });
    await until(() => b.store.status().instances === 2);
    for (let i = 0; i < 4; i++) await topNews(a.client, "interactive");
    expect(a.store.status()).toMatchObject({ instances: 2, today: { used: 4 } });
    await redis.kill();
    try {
      await until(() => !a.shared.isReady());
      // 4 spent, 6 left, half of them its own: 3 more on its own.
      const granted: boolean[] = [];
      for (let i = 0; i < 4; i++) granted.push((await a.store.take("interactive", false)).granted);
      expect(granted).toEqual([true, true, true, false]);
      const refusal = await a.store.take("interactive", false);
      expect(refusal).toMatchObject({ granted: false, why: "window" });
      expect(refusal.granted === false && refusal.retryInMs).toBeLessThanOrEqual(1_000);
    } finally {
      await redis.restart();
    }
    // Back: the shared day has room (4 + 3 of 10), and this instance takes it.
    await until(() => a.shared.isReady());
    expect(await a.store.take("interactive", false)).toMatchObject({ granted: true });
    await b.store.refresh();
    expect(b.store.status().today.used).toBeGreaterThanOrEqual(8);
  });
});
