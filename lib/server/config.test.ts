import path from "node:path";
import { describe, expect, it } from "vitest";
import * as config from "./config";

describe("config.readConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const settings = config.readConfig({});
    expect(settings.upstream).toMatchObject({
      baseUrl: undefined,
      apiKey: "demo-licensed",
      sandboxMounted: true,
    });
    expect(settings.upstream).toMatchObject({
      timeoutMs: 10_000,
      retries: 2,
      totalBudgetMs: 20_000,
      budget: { window: null, daily: null, backgroundShare: 0.5 },
      recordDir: undefined,
    });
    expect(settings.sandbox).toEqual({
      nowMs: undefined,
      rateLimit: undefined,
      faults: null,
      faultsControl: false,
      clockControl: false,
      hostile: false,
      shapes: "contract",
    });
    expect(settings.directoryRefreshMs).toBe(60 * 60_000);
    expect(settings.apiRateLimit).toEqual({ requests: 1200, windowSeconds: 60 });
    expect(settings.requestLog).toBe(true);
  });

  it("reads each setting", () => {
    const settings = config.readConfig({
      API_BASE_URL: "https://api.example.com/",
      API_KEY: "sk-real",
      SANDBOX_NOW: "2026-11-20T15:00:00Z",
      SANDBOX_RATE_LIMIT: "50/60,250/day",
      SANDBOX_FAULTS: "500=0.5",
      UPSTREAM_RATE_LIMIT: "50/60",
      UPSTREAM_DAILY_LIMIT: "250",
      UPSTREAM_BACKGROUND_SHARE: "40%",
      SANDBOX_FAULTS_CONTROL: "1",
      SANDBOX_HOSTILE: "1",
      SANDBOX_SHAPES: "lean",
      UPSTREAM_RECORD: "recorded",
      DIRECTORY_REFRESH_MINUTES: "5",
      REQUEST_LOG: "off",
    });
    expect(settings.upstream).toMatchObject({ baseUrl: "https://api.example.com", apiKey: "sk-real" });
    expect(settings.upstream.sandboxMounted).toBe(false);
    expect(settings.sandbox.nowMs).toBe(Date.parse("2026-11-20T15:00:00Z"));
    expect(settings.sandbox.rateLimit).toEqual({ limit: 50, windowMs: 60_000, daily: 250 });
    expect(settings.upstream.budget).toEqual({
      window: { calls: 50, windowMs: 60_000 },
      daily: 250,
      backgroundShare: 0.4,
    });
    expect(settings.sandbox.faults).not.toBeNull();
    // Never on a real API: aging the caches forces an index sync that spends its key.
    expect(settings.sandbox).toMatchObject({ faultsControl: false, hostile: true, shapes: "lean" });
    expect(settings.upstream.recordDir).toBe(path.resolve("recorded"));
    expect(() => config.readConfig({ SANDBOX_SHAPES: "round" })).toThrow(/SANDBOX_SHAPES/);
    expect(config.readConfig({ SANDBOX_FAULTS_CONTROL: "1" }).sandbox.faultsControl).toBe(true);
    expect(settings.directoryRefreshMs).toBe(5 * 60_000);
    expect(settings.requestLog).toBe(false);
  });

  it("names every bad setting in one error", () => {
    const bad = {
      API_BASE_URL: "https://api.example.com",
      UPSTREAM_RETRIES: "9",
      UPSTREAM_RATE_LIMIT: "lots",
      SANDBOX_NOW: "yesterday",
      SANDBOX_FAULTS: "500=2",
      REDIS_URL: "http://x",
      DIRECTORY_REFRESH_MINUTES: "0",
      API_RATE_LIMIT: "0/60",
      TRUSTED_PROXY_HOPS: "-1",
      PAGE_MISS_LIMIT: "ten",
      PAGE_CACHE_MS: "soon",
      PAGE_RENDER_LIMIT: "0/5",
      SANDBOX_MOUNT: "yes",
    };
    expect(() => config.readConfig(bad)).toThrow(config.ConfigError);
    try {
      config.readConfig(bad);
    } catch (error) {
      const message = (error as Error).message;
      for (const name of [...Object.keys(bad).filter((n) => n !== "API_BASE_URL"), "API_KEY"])
        expect(message).toContain(`${name}:`);
    }
  });
});

describe("the key and the address", () => {
  it("trims the key (a secret file's newline), and refuses one of spaces or with spaces inside", () => {
    const settings = config.readConfig({ API_BASE_URL: "https://api.example.com", API_KEY: "sk-real\n" });
    expect(settings.upstream.apiKey).toBe("sk-real");
    for (const key of ["   ", "sk real", "sk\u0000x"])
      expect(() => config.readConfig({ API_BASE_URL: "https://api.example.com", API_KEY: key })).toThrow(
        /API_KEY:/,
      );
  });

  it("refuses an address with a query, a fragment or credentials", () => {
    for (const base of [
      "https://api.example.com/?v=1",
      "https://api.example.com/?",
      "https://api.example.com/#x",
      "https://api.example.com#",
      "https://u:p@api.example.com",
    ])
      expect(() => config.readConfig({ API_BASE_URL: base, API_KEY: "sk" })).toThrow(/API_BASE_URL:/);
  });

  it("without API_BASE_URL takes only a sandbox demo key: a real key there means the address was forgotten", () => {
    expect(config.readConfig({ API_KEY: "demo-free" }).upstream.apiKey).toBe("demo-free");
    expect(() => config.readConfig({ API_KEY: "sk-real" })).toThrow(/API_KEY: without API_BASE_URL/);
  });

  it("SANDBOX_RATE_LIMIT needs at least one request and one second, and a daily cap of at least one", () => {
    for (const value of ["0/60", "50/0", "50/60,0/day", "50/60,250/week", "50/60,"])
      expect(() => config.parseSandboxRateLimit(value)).toThrow(/SANDBOX_RATE_LIMIT/);
    expect(config.parseSandboxRateLimit(" 50/60 , 250/day ")).toEqual({
      limit: 50,
      windowMs: 60_000,
      daily: 250,
    });
  });

  it("UPSTREAM_DAILY_LIMIT and UPSTREAM_BACKGROUND_SHARE say what they expect", () => {
    expect(config.readConfig({ UPSTREAM_DAILY_LIMIT: "off" }).upstream.budget.daily).toBeNull();
    expect(config.readConfig({ UPSTREAM_BACKGROUND_SHARE: "25" }).upstream.budget.backgroundShare).toBe(0.25);
    for (const [name, value] of [
      ["UPSTREAM_DAILY_LIMIT", "1"],
      ["UPSTREAM_DAILY_LIMIT", "250 a day"],
      ["UPSTREAM_BACKGROUND_SHARE", "95"],
      ["UPSTREAM_BACKGROUND_SHARE", "half"],
    ])
      expect(() => config.readConfig({ [name as string]: value })).toThrow(
        new RegExp(`${name}: ${name} must`),
      );
  });
});

describe("the settings with a grammar", () => {
  it("CACHE_DIR defaults to .cache in the project folder; off is memory only", () => {
    expect(config.parseCacheDir(undefined)).toBe(path.join(process.cwd(), ".cache"));
    expect(config.parseCacheDir("off")).toBeNull();
    expect(config.parseCacheDir("/var/cache/app")).toBe("/var/cache/app");
  });

  it("REDIS_URL is a redis:// URL", () => {
    expect(config.parseRedisUrl(undefined)).toBeUndefined();
    expect(config.parseRedisUrl("redis://127.0.0.1:6380")).toBe("redis://127.0.0.1:6380");
    expect(() => config.parseRedisUrl("http://x")).toThrow(/redis:\/\//);
    expect(() => config.parseRedisUrl("not a url")).toThrow(/REDIS_URL/);
  });

  it("API_RATE_LIMIT is requests/seconds, off, or the default; TRUSTED_PROXY_HOPS 0 to 10", () => {
    expect(config.parseApiRateLimit("60/30")).toEqual({ requests: 60, windowSeconds: 30 });
    expect(config.parseApiRateLimit("off")).toBeNull();
    expect(config.parseApiRateLimit(undefined)).toEqual({ requests: 1200, windowSeconds: 60 });
    expect(() => config.parseApiRateLimit("lots")).toThrow(/API_RATE_LIMIT/);
    expect(() => config.parseApiRateLimit("0/60")).toThrow(/API_RATE_LIMIT/);
    expect(config.parseTrustedProxyHops(undefined)).toBe(0);
    expect(config.parseTrustedProxyHops("2")).toBe(2);
    expect(() => config.parseTrustedProxyHops("-1")).toThrow(/TRUSTED_PROXY_HOPS/);
  });

  it("PAGE_MISS_LIMIT parses N/S and off, defaults to a budget a person never meets", () => {
    expect(config.parsePageMissLimit(undefined)).toEqual(
      config.parsePageMissLimit(config.DEFAULT_PAGE_MISS_LIMIT),
    );
    expect(config.parsePageMissLimit(config.DEFAULT_PAGE_MISS_LIMIT)?.requests).toBeGreaterThanOrEqual(60);
    expect(config.parsePageMissLimit("10/60")).toEqual({ requests: 10, windowSeconds: 60 });
    expect(config.parsePageMissLimit("off")).toBeNull();
    expect(() => config.parsePageMissLimit("ten")).toThrow(/PAGE_MISS_LIMIT must look like/);
    expect(() => config.parsePageMissLimit("0/60")).toThrow(/PAGE_MISS_LIMIT/);
  });

  it("PAGE_CACHE_MS: milliseconds (default 30 s), 0 or off to keep no page", () => {
    expect(config.parsePageCacheMs(undefined)).toBe(30_000);
    expect(config.parsePageCacheMs("5000")).toBe(5_000);
    expect(config.parsePageCacheMs("off")).toBe(0);
    expect(config.parsePageCacheMs("0")).toBe(0);
    expect(() => config.parsePageCacheMs("-1")).toThrow(/PAGE_CACHE_MS must be/);
    expect(() => config.parsePageCacheMs("1.5")).toThrow(/PAGE_CACHE_MS/);
  });

  it("PAGE_RENDER_LIMIT: N/Q renders at once and waiting (default 32/64), or off", () => {
    expect(config.parsePageRenderLimit(undefined)).toEqual({ concurrent: 32, queued: 64 });
    expect(config.parsePageRenderLimit("2/0")).toEqual({ concurrent: 2, queued: 0 });
    expect(config.parsePageRenderLimit("off")).toBeNull();
    expect(() => config.parsePageRenderLimit("0/5")).toThrow(/PAGE_RENDER_LIMIT must look like/);
    expect(() => config.parsePageRenderLimit("many")).toThrow(/PAGE_RENDER_LIMIT/);
  });
});
