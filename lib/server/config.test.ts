import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  DEFAULT_PAGE_MISS_LIMIT,
  parseApiRateLimit,
  parseCacheDir,
  parsePageMissLimit,
  parseRedisUrl,
  parseTrustedProxyHops,
  readConfig,
} from "./config";

describe("readConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const config = readConfig({});
    expect(config.upstream).toMatchObject({
      baseUrl: undefined,
      apiKey: "demo-licensed",
      sandboxMounted: true,
    });
    expect(config.upstream).toMatchObject({
      timeoutMs: 10_000,
      retries: 2,
      totalBudgetMs: 20_000,
      rateLimit: null,
    });
    expect(config.sandbox).toEqual({
      nowMs: undefined,
      rateLimit: undefined,
      faults: null,
      faultsControl: false,
      hostile: false,
    });
    expect(config.directoryRefreshMs).toBe(60 * 60_000);
    expect(config.apiRateLimit).toEqual({ requests: 1200, windowSeconds: 60 });
    expect(config.requestLog).toBe(true);
  });

  it("reads each setting", () => {
    const config = readConfig({
      API_BASE_URL: "https://api.example.com/",
      API_KEY: "sk-real",
      SANDBOX_NOW: "2026-11-20T15:00:00Z",
      SANDBOX_RATE_LIMIT: "50/60",
      SANDBOX_FAULTS: "500=0.5",
      SANDBOX_FAULTS_CONTROL: "1",
      SANDBOX_HOSTILE: "1",
      DIRECTORY_REFRESH_MINUTES: "5",
      REQUEST_LOG: "off",
    });
    expect(config.upstream).toMatchObject({ baseUrl: "https://api.example.com", apiKey: "sk-real" });
    expect(config.upstream.sandboxMounted).toBe(false);
    expect(config.sandbox.nowMs).toBe(Date.parse("2026-11-20T15:00:00Z"));
    expect(config.sandbox.rateLimit).toEqual({ limit: 50, windowMs: 60_000 });
    expect(config.sandbox.faults).not.toBeNull();
    expect(config.sandbox).toMatchObject({ faultsControl: true, hostile: true });
    expect(config.directoryRefreshMs).toBe(5 * 60_000);
    expect(config.requestLog).toBe(false);
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
      SANDBOX_MOUNT: "yes",
    };
    expect(() => readConfig(bad)).toThrow(ConfigError);
    try {
      readConfig(bad);
    } catch (error) {
      const message = (error as Error).message;
      for (const name of [...Object.keys(bad).filter((n) => n !== "API_BASE_URL"), "API_KEY"])
        expect(message).toContain(`${name}:`);
    }
  });
});

describe("the settings with a grammar", () => {
  it("CACHE_DIR defaults to .cache in the project folder; off is memory only", () => {
    expect(parseCacheDir(undefined)).toBe(path.join(process.cwd(), ".cache"));
    expect(parseCacheDir("off")).toBeNull();
    expect(parseCacheDir("/var/cache/app")).toBe("/var/cache/app");
  });

  it("REDIS_URL is a redis:// URL", () => {
    expect(parseRedisUrl(undefined)).toBeUndefined();
    expect(parseRedisUrl("redis://127.0.0.1:6380")).toBe("redis://127.0.0.1:6380");
    expect(() => parseRedisUrl("http://x")).toThrow(/redis:\/\//);
    expect(() => parseRedisUrl("not a url")).toThrow(/REDIS_URL/);
  });

  it("API_RATE_LIMIT is requests/seconds, off, or the default; TRUSTED_PROXY_HOPS 0 to 10", () => {
    expect(parseApiRateLimit("60/30")).toEqual({ requests: 60, windowSeconds: 30 });
    expect(parseApiRateLimit("off")).toBeNull();
    expect(parseApiRateLimit(undefined)).toEqual({ requests: 1200, windowSeconds: 60 });
    expect(() => parseApiRateLimit("lots")).toThrow(/API_RATE_LIMIT/);
    expect(() => parseApiRateLimit("0/60")).toThrow(/API_RATE_LIMIT/);
    expect(parseTrustedProxyHops(undefined)).toBe(0);
    expect(parseTrustedProxyHops("2")).toBe(2);
    expect(() => parseTrustedProxyHops("-1")).toThrow(/TRUSTED_PROXY_HOPS/);
  });

  it("PAGE_MISS_LIMIT parses N/S and off, defaults to a budget a person never meets", () => {
    expect(parsePageMissLimit(undefined)).toEqual(parsePageMissLimit(DEFAULT_PAGE_MISS_LIMIT));
    expect(parsePageMissLimit(DEFAULT_PAGE_MISS_LIMIT)?.requests).toBeGreaterThanOrEqual(60);
    expect(parsePageMissLimit("10/60")).toEqual({ requests: 10, windowSeconds: 60 });
    expect(parsePageMissLimit("off")).toBeNull();
    expect(() => parsePageMissLimit("ten")).toThrow(/PAGE_MISS_LIMIT must look like/);
    expect(() => parsePageMissLimit("0/60")).toThrow(/PAGE_MISS_LIMIT/);
  });
});
