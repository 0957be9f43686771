import { beforeEach, describe, expect, it } from "vitest";
import { stubBrowserStorage } from "@/tests/browser-storage";
import { MAX_RECENT, recentCompanies, rememberVisit } from "./recent-companies";

const card = (companyKey: string) => ({
  companyKey,
  displayNameEnglish: `${companyKey} Inc.`,
  primaryListing: { ticker: companyKey.split("_")[1] ?? "", exchangeCode: "NYSE" },
  availableDatasets: ["logos"],
  marketCapUsd: 1e9,
});

const store = stubBrowserStorage();

describe("recently viewed companies", () => {
  beforeEach(() => store.clear());

  it("keeps the latest visit first, once, and at most twenty", () => {
    for (let i = 0; i < 25; i++) rememberVisit(card(`NYSE_C${i}`));
    rememberVisit(card("NYSE_C10"));
    const keys = recentCompanies.read().map((c) => c.companyKey);
    expect(keys).toHaveLength(MAX_RECENT);
    expect(keys[0]).toBe("NYSE_C10");
    expect(keys[1]).toBe("NYSE_C24");
    expect(keys.filter((k) => k === "NYSE_C10")).toHaveLength(1);
    expect(keys).not.toContain("NYSE_C4");
  });

  it("reads corrupt storage as an empty list and drops malformed entries", () => {
    window.localStorage.setItem("fiscal-atlas:recent-companies", "{not json");
    expect(recentCompanies.read()).toEqual([]);
    window.localStorage.setItem(
      "fiscal-atlas:recent-companies",
      JSON.stringify([null, 3, { companyKey: "" }, { companyKey: "NYSE_OK", primaryListing: 5 }, "x"]),
    );
    expect(recentCompanies.read()).toEqual([
      {
        companyKey: "NYSE_OK",
        displayNameEnglish: null,
        primaryListing: { ticker: "", exchangeCode: "" },
        availableDatasets: [],
        marketCapUsd: null,
      },
    ]);
    rememberVisit(card("NYSE_A"));
    expect(recentCompanies.read().map((c) => c.companyKey)).toEqual(["NYSE_A", "NYSE_OK"]);
  });

  it("returns the same array until the storage changes", () => {
    rememberVisit(card("NYSE_A"));
    expect(recentCompanies.read()).toBe(recentCompanies.read());
  });
});
