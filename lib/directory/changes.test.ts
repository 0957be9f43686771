import { describe, expect, it } from "vitest";
import type { Company } from "@/lib/upstream/schemas";
import {
  appendChanges,
  type ChangeKind,
  type CompanyChange,
  companyHistory,
  diffCompanies,
  EMPTY_CHANGE_LOG,
  filterChanges,
  standingOf,
} from "./changes";

const T = Date.parse("2026-11-22T08:00:00Z");

function row(
  i: number,
  change: Partial<Company> = {},
  listing: Partial<Company["primaryListing"]> = {},
): Company {
  return {
    companyId: i,
    companyFiscalIdentifier: `FSCLC${i}`,
    companyKey: `NASDAQ_T${i}`,
    displayNameEnglish: `Company ${i}`,
    legalNameEnglish: `Company ${i} Inc.`,
    sector: i % 2 ? "Energy" : "Utilities",
    headquartersCountryCode: i % 2 ? "US" : "DE",
    headquartersCountryName: i % 2 ? "United States" : "Germany",
    cik: `000000000${i}`,
    marketCapUsd: i * 1e9,
    updatedAt: 1_700_000_000,
    availableDatasets: ["filings", "news"],
    ...change,
    primaryListing: {
      listingFiscalIdentifier: `FSCLL${i}`,
      ticker: `T${i}`,
      exchangeCode: "NASDAQ",
      exchangeName: "Nasdaq",
      tradingStatus: "active",
      figi: `BBG00000000${i}`,
      ...listing,
    },
  };
}

const kinds = (changes: CompanyChange[]) => changes.map((c) => [c.kind, c.field, c.before, c.after]);

describe("diffCompanies", () => {
  it("finds nothing when the rows are the same, and ignores market cap and the live fields", () => {
    const before = [row(1), row(2)];
    const after = [
      row(1, { marketCapUsd: 5, updatedAt: 1_800_000_000, earningsFilingDate: "2026-11-20T10:00:00Z" }),
      row(2),
    ];
    expect(diffCompanies(before, after, T)).toEqual([]);
  });

  it("records new and removed companies", () => {
    const changes = diffCompanies([row(1), row(2)], [row(2), row(3)], T);
    expect(kinds(changes)).toEqual([
      ["new", null, null, "T3 on Nasdaq"],
      ["removed", null, "T1 on Nasdaq", null],
    ]);
    expect(changes[0]).toMatchObject({
      detectedAt: T,
      companyKey: "NASDAQ_T3",
      companyFiscalIdentifier: "FSCLC3",
      companyName: "Company 3",
      sector: "Energy",
      countryCode: "US",
    });
  });

  it("records name, ticker, exchange and trading-status changes on the same line, keyed by fiscal identifier", () => {
    const after = row(
      1,
      { companyKey: "NYSE_NEW", displayNameEnglish: "Renamed", legalNameEnglish: "Renamed Inc." },
      {
        ticker: "NEW",
        exchangeCode: "NYSE",
        exchangeName: "New York Stock Exchange",
        tradingStatus: "delisted",
      },
    );
    const changes = diffCompanies([row(1)], [after], T);
    expect(kinds(changes)).toEqual([
      ["name", "name", "Company 1", "Renamed"],
      ["name", "legal name", "Company 1 Inc.", "Renamed Inc."],
      ["ticker", null, "T1", "NEW"],
      ["exchange", null, "Nasdaq", "New York Stock Exchange"],
      ["trading_status", null, "active", "delisted"],
    ]);
    expect(changes.every((c) => c.companyKey === "NYSE_NEW")).toBe(true);
  });

  it("records a new primary line as a listing added and the old one as removed", () => {
    const after = row(1, {}, { listingFiscalIdentifier: "FSCLL99", ticker: "TNEW", exchangeName: "NYSE" });
    expect(kinds(diffCompanies([row(1)], [after], T))).toEqual([
      ["listing_added", "primary listing", null, "TNEW on NYSE"],
      ["listing_removed", "primary listing", "T1 on Nasdaq", null],
    ]);
  });

  it("records datasets added and removed, and identifier changes", () => {
    const after = row(
      1,
      { cik: "0002100000", availableDatasets: ["filings", "ownership"] },
      { figi: "BBG0NEW" },
    );
    expect(kinds(diffCompanies([row(1)], [after], T))).toEqual([
      ["identifier", "CIK", "0000000001", "0002100000"],
      ["identifier", "FIGI (venue)", "BBG000000001", "BBG0NEW"],
      ["dataset_added", null, null, "ownership"],
      ["dataset_removed", null, "news", null],
    ]);
  });
});

describe("the change log", () => {
  const change = (kind: ChangeKind, at: number, i = 1): CompanyChange => ({
    ...(diffCompanies([], [row(i)], at)[0] as CompanyChange),
    kind,
  });

  it("starts watching at the first sync and keeps the newest first", () => {
    let log = appendChanges(EMPTY_CHANGE_LOG, [], T, false);
    expect(log).toEqual({ watchingSince: T, compared: false, changes: [] });
    log = appendChanges(log, [change("name", T + 1000)], T + 1000, true);
    // Once a later sync has compared the list, the log says so (for "the same at every sync").
    expect(log.compared).toBe(true);
    log = appendChanges(log, [change("ticker", T + 2000, 2)], T + 2000, true);
    expect(log.watchingSince).toBe(T);
    expect(log.changes.map((c) => c.kind)).toEqual(["ticker", "name"]);
  });

  it("is bounded by count and by age", () => {
    let log = appendChanges(EMPTY_CHANGE_LOG, [], T, false);
    for (let i = 0; i < 10; i++)
      log = appendChanges(log, [change("name", T + i * 1000)], T + i * 1000, true, {
        maxEntries: 4,
        maxAgeMs: 1e9,
      });
    expect(log.changes.map((c) => c.detectedAt)).toEqual([9, 8, 7, 6].map((i) => T + i * 1000));
    log = appendChanges(log, [], T + 7500 + 1e9, true, { maxEntries: 4, maxAgeMs: 1e9 });
    expect(log.changes.map((c) => c.detectedAt)).toEqual([T + 9000, T + 8000]);
  });

  it("filters by kind, sector and country, and gives one company's history by fiscal identifier", () => {
    const log = appendChanges(EMPTY_CHANGE_LOG, [change("name", T, 1), change("ticker", T, 2)], T, true);
    expect(filterChanges(log, { kind: "ticker" }).map((c) => c.companyKey)).toEqual(["NASDAQ_T2"]);
    expect(filterChanges(log, { sector: "Energy" }).map((c) => c.companyKey)).toEqual(["NASDAQ_T1"]);
    expect(filterChanges(log, { country: "DE" }).map((c) => c.companyKey)).toEqual(["NASDAQ_T2"]);
    expect(filterChanges(log, { kind: "name", country: "DE" })).toEqual([]);
    expect(
      companyHistory(log, { companyKey: "NYSE_ELSEWHERE", companyFiscalIdentifier: "FSCLC1" }).map(
        (c) => c.kind,
      ),
    ).toEqual(["name"]);
  });
});

describe("a company's status and standing", () => {
  it("records a change of company status beside the primary listing's trading status", () => {
    const before = [row(1, { companyStatus: "active" })];
    const after = [row(1, { companyStatus: "defunct" }, { tradingStatus: "delisted" })];
    expect(kinds(diffCompanies(before, after, T))).toEqual([
      ["company_status", null, "active", "defunct"],
      ["trading_status", null, "active", "delisted"],
    ]);
  });

  it("says where a company that left the API-enabled set stands, from its row in the whole universe", () => {
    const moved = row(
      1,
      { companyKey: "NYSE_X1", companyStatus: "active" },
      {
        ticker: "X1",
        exchangeCode: "NYSE",
        exchangeName: "New York Stock Exchange",
        tradingStatus: "delisted",
      },
    );
    expect(standingOf(moved)).toEqual({
      in: "universe",
      line: "X1 on New York Stock Exchange",
      companyStatus: "active",
      tradingStatus: "delisted",
    });
    expect(standingOf(row(2, { companyStatus: null }, { tradingStatus: null }))).toMatchObject({
      companyStatus: null,
      tradingStatus: null,
    });
    // Not in the universe's complete list: gone.
    expect(standingOf(undefined)).toEqual({ in: "nowhere" });
  });
});
