import { describe, expect, it } from "vitest";
import type { SyncProgress } from "@/lib/directory/sync";
import { indexUnavailable } from "./notices";

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
