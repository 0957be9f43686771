import { describe, expect, it } from "vitest";
import { indexingText } from "./progress-text";
import type { SyncProgress } from "./sync";

const progress = (over: Partial<SyncProgress>): SyncProgress => ({
  set: "default",
  state: "syncing",
  pagesDone: 4,
  pagesTotal: 13,
  rows: 4000,
  syncedAt: null,
  lastError: null,
  refreshing: false,
  ...over,
});

describe("indexingText", () => {
  it("this server syncs: the rows fill in as pages arrive", () => {
    expect(indexingText(progress({}), "Results")).toBe(
      "Indexing the company list: 4 of 13 pages, 4,000 companies so far. Results fill in as pages arrive.",
    );
    expect(indexingText(progress({ pagesTotal: null }), "Matches")).toBe(
      "Indexing the company list: 4 pages, 4,000 companies so far. Matches fill in as pages arrive.",
    );
  });

  it("another instance syncs: its count, and nothing here until its snapshot comes", () => {
    expect(indexingText(progress({ elsewhere: true }), "Companies")).toBe(
      "Another instance of this server is indexing the company list: 4 of 13 pages, 4,000 companies so far. Companies appear when it is done.",
    );
    expect(indexingText(progress({ elsewhere: true, pagesDone: 0, rows: 0 }), "Results")).toBe(
      "Another instance of this server is indexing the company list. Results appear when it is done.",
    );
  });
});
