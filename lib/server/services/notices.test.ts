import { describe, expect, it } from "vitest";
import type { SyncProgress } from "@/lib/directory/sync";
import { UpstreamError } from "@/lib/upstream/errors";
import { indexUnavailable, setFailureOf } from "./notices";
import { served } from "./served";

const NOW = Date.UTC(2026, 10, 20, 15, 0);
const failed = (rows: number, retryAt: number | null): SyncProgress => ({
  set: "default",
  state: "error",
  pagesDone: rows > 0 ? 1 : 0,
  pagesTotal: null,
  rows,
  syncedAt: null,
  lastError: "rate limited",
  lastErrorCode: "rate_limited",
  retryAt,
  refreshing: false,
});

describe("indexUnavailable", () => {
  it("says when the company list is tried again, when that is known", () => {
    expect(indexUnavailable(failed(0, NOW + 150_000), "rate_limited", NOW)).toBe(
      "The company list could not be loaded: the data service is limiting this server's requests. It is tried again in 3 minutes.",
    );
    expect(indexUnavailable(failed(500, NOW + 60_000), undefined, NOW)).toBe(
      "The company list could not be loaded: the data service is failing. Showing the 500 companies received so far; the rest is tried again in 1 minute.",
    );
    expect(indexUnavailable(failed(0, NOW + 20_000), undefined, NOW)).toMatch(/tried again in 20 seconds\.$/);
    // Not known (no timer runs it), or due now: a retry comes without a time to give.
    expect(indexUnavailable(failed(0, null), undefined, NOW)).toMatch(/It is tried again automatically\.$/);
    expect(indexUnavailable(failed(0, NOW - 5_000), undefined, NOW)).toMatch(/tried again automatically\.$/);
  });
});

describe("this server's own budget, told apart from the service's 429", () => {
  it("says which one refused the reload of older data", () => {
    const cached = (error: UpstreamError) =>
      served({ state: "stale-on-error", value: 1, fetchedAt: NOW - 120_000, error }, NOW);
    expect(cached(new UpstreamError("rate_limited", "429")).warning).toBe(
      "Showing data as of 2 minutes ago; the data service is limiting this server's requests.",
    );
    const spent = cached(new UpstreamError("rate_limited", "spent", { budget: true }));
    expect(spent.warning).toBe(
      "Showing data as of 2 minutes ago; this server has used its allowance of data-service requests for the moment.",
    );
    // The API's reason stays the error's code.
    expect(spent.stale?.reason).toBe("rate_limited");
  });

  it("says which one refused the company list", () => {
    expect(indexUnavailable(failed(0, null), "upstream_budget", NOW)).toBe(
      "The company list could not be loaded: this server has used its allowance of data-service requests for the moment. It is tried again automatically.",
    );
  });
});

describe("setFailureOf", () => {
  it("names what a set's company failed for, and why where waiting mends it", () => {
    expect(setFailureOf(new UpstreamError("not_found", "x"), "NYSE_NOPE")).toEqual({
      reason: "not_found",
      message: "No company is known as “NYSE_NOPE”.",
      waitMends: false,
    });
    expect(setFailureOf(new UpstreamError("forbidden", "plan"), "NYSE_X").reason).toBe("plan");
    expect(setFailureOf(new UpstreamError("unavailable", "500"), "NYSE_X", "news").message).toBe(
      "The data service could not send the news just now.",
    );
    expect(setFailureOf(new UpstreamError("rate_limited", "429"), "NYSE_X").message).toBe(
      "The data service could not send this company just now: the data service is limiting this server's requests.",
    );
    expect(
      setFailureOf(new UpstreamError("rate_limited", "spent", { budget: true }), "NYSE_X", "news").message,
    ).toMatch(/just now: this server has used its allowance/);
    expect(() => setFailureOf(new TypeError("bug"), "NYSE_X")).toThrow(TypeError);
    // Asking again soon mends a limit or an outage, not a rejected key or an unreadable answer.
    expect(setFailureOf(new UpstreamError("rate_limited", "429"), "NYSE_X").waitMends).toBe(true);
    expect(setFailureOf(new UpstreamError("timeout", "slow"), "NYSE_X").waitMends).toBe(true);
    expect(setFailureOf(new UpstreamError("unauthorized", "key"), "NYSE_X").waitMends).toBe(false);
    expect(setFailureOf(new UpstreamError("invalid_response", "body"), "NYSE_X").waitMends).toBe(false);
  });
});
