import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningRedis, startRedis } from "@/tests/redis-server";
import { until } from "@/tests/until";
import { deploymentNamespace, HUNG_AFTER, HUNG_MIN_MS, HUNG_RETRY_MS, SharedRedis } from "./redis";

describe("SharedRedis against a real redis-server", () => {
  let redis: RunningRedis;
  let shared: SharedRedis;

  beforeAll(async () => {
    redis = await startRedis();
    shared = new SharedRedis({ url: redis.url, namespace: "test" });
    await until(() => shared.isReady());
  });
  afterAll(async () => {
    await shared.close();
    await redis.stop();
  });

  it("runs commands in its namespace", async () => {
    await shared.attempt((c) => c.set(shared.key("a"), "1"));
    expect(await shared.attempt((c) => c.get("test:a"))).toBe("1");
  });

  it("answers undefined within the command timeout when Redis hangs with the connection open", async () => {
    // node-redis's own timeout covers only a command waiting to be written: one already sent waits
    // for its reply however long that takes.
    redis.freeze();
    try {
      const started = Date.now();
      expect(await shared.attempt((c) => c.get(shared.key("a")), { timeoutMs: 200 })).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(shared.status().lastError).toMatch(/no answer within 200 ms/);
    } finally {
      redis.thaw();
    }
    expect(await shared.attempt((c) => c.get(shared.key("a")))).toBe("1");
  });

  it("counts Redis as down once commands in a row get no answer, then tries one at a time until it answers", async () => {
    redis.freeze();
    try {
      // Commands timed out together (as after a blocked event loop) are no outage yet.
      const together = await Promise.all(
        Array.from({ length: 5 }, () => shared.attempt((c) => c.get(shared.key("a")), { timeoutMs: 100 })),
      );
      expect(together).toEqual(Array(5).fill(undefined));
      expect(shared.isReady()).toBe(true);
      // In a row, over more than HUNG_MIN_MS: down.
      const timeoutMs = Math.ceil(HUNG_MIN_MS / (HUNG_AFTER - 1)) + 50;
      for (let i = 0; i < HUNG_AFTER; i++)
        expect(await shared.attempt((c) => c.get(shared.key("a")), { timeoutMs })).toBeUndefined();
      expect(shared.status().state).toBe("down");
      expect(shared.isReady()).toBe(false);
      // The next ones fail at once instead of each waiting out its timeout.
      const started = Date.now();
      for (let i = 0; i < 5; i++) expect(await shared.attempt((c) => c.get(shared.key("a")))).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(100);
    } finally {
      redis.thaw();
    }
    // After the wait one command tries it again, and Redis is back.
    await new Promise((resolve) => setTimeout(resolve, HUNG_RETRY_MS));
    expect(await shared.attempt((c) => c.get(shared.key("a")))).toBe("1");
    expect(shared.status().state).toBe("ready");
    expect(shared.isReady()).toBe(true);
  });

  it("answers undefined at once while Redis is down, and reconnects by itself", async () => {
    await redis.kill();
    await until(() => !shared.isReady());
    const started = Date.now();
    expect(await shared.attempt((c) => c.get(shared.key("a")))).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(100);
    expect(shared.status().state).toBe("down");
    await redis.restart();
    await until(() => shared.isReady());
    // A restarted Redis is empty.
    expect(await shared.attempt((c) => c.get(shared.key("a")))).toBeNull();
    expect(shared.status().state).toBe("ready");
  });
});

describe("configuration", () => {
  it("keeps the key out of the namespace and separates deployments", () => {
    const a = deploymentNamespace({ baseUrl: "https://api.example.com", apiKey: "secret-key" });
    expect(a).not.toContain("secret");
    expect(a).not.toBe(deploymentNamespace({ baseUrl: "https://api.example.com", apiKey: "other-key" }));
  });

  it("separates sandboxes that answer otherwise: hostile data, other shapes, another clock", () => {
    const upstream = { baseUrl: undefined, apiKey: "demo-licensed" };
    const clean = { hostile: false, shapes: "contract", nowMs: undefined } as const;
    const names = [
      deploymentNamespace(upstream, clean),
      deploymentNamespace(upstream, { ...clean, hostile: true }),
      deploymentNamespace(upstream, { ...clean, shapes: "lean" }),
      deploymentNamespace(upstream, { ...clean, nowMs: Date.UTC(2026, 0, 1) }),
    ];
    expect(new Set(names).size).toBe(4);
    // The real service's answers do not depend on the sandbox's settings.
    const real = { baseUrl: "https://api.example.com", apiKey: "k" };
    expect(deploymentNamespace(real, clean)).toBe(deploymentNamespace(real, { ...clean, hostile: true }));
  });
});
