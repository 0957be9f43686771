import { describe, expect, it } from "vitest";
import type { Listing } from "@/lib/upstream/schemas";
import { labelOf, PEER_RELATIONSHIP_LABELS } from "@/lib/upstream/vocabulary";
import { groupListings, minorUnitNote } from "./listings";

function line(ticker: string, exchangeCode: string, security: string | null, type = "common_stock"): Listing {
  return {
    ticker,
    exchangeCode,
    securityFiscalIdentifier: security,
    securityType: type,
    tradingCurrency: "USD",
    tradingStatus: "active",
  };
}

const keys = (groups: ReturnType<typeof groupListings>) =>
  groups.map((g) => ({
    kind: g.kind,
    lines: g.lines.map((l) => `${l.listing.exchangeCode}_${l.listing.ticker}`),
  }));

describe("groupListings", () => {
  it("groups lines of one security across venues, primary first, receipts set apart last", () => {
    const primary = line("300980", "XSHE", "FSCLS_HOME");
    const groups = groupListings(primary, [
      line("RHMC", "NASDAQ", "FSCLS_ADR", "depositary_receipt"),
      line("RUIH", "XFRA", "FSCLS_HOME"),
      line("RUIHP", "XSHE", "FSCLS_PREF", "preferred_stock"),
      line("RUIH", "XLON", "FSCLS_HOME"),
    ]);
    expect(keys(groups)).toEqual([
      { kind: "primary", lines: ["XSHE_300980", "XFRA_RUIH", "XLON_RUIH"] },
      { kind: "other", lines: ["XSHE_RUIHP"] },
      { kind: "depositary_receipt", lines: ["NASDAQ_RHMC"] },
    ]);
    expect(groups[0]?.lines.map((l) => l.isPrimary)).toEqual([true, false, false]);
    expect(groups[0]?.containsPrimary).toBe(true);
    expect(groups[2]?.containsPrimary).toBe(false);
  });

  it("keeps a primary depositary receipt marked as a receipt, and first", () => {
    const groups = groupListings(line("TEVA", "NYSE", "FSCLS_ADR", "depositary_receipt"), [
      line("TEVA", "XTAE", "FSCLS_ORD"),
      line("TEVB", "NASDAQ", "FSCLS_ADR2", "depositary_receipt"),
    ]);
    expect(keys(groups)).toEqual([
      { kind: "other", lines: ["XTAE_TEVA"] },
      { kind: "depositary_receipt", lines: ["NYSE_TEVA"] },
      { kind: "depositary_receipt", lines: ["NASDAQ_TEVB"] },
    ]);
    expect(groups[1]?.containsPrimary).toBe(true);
  });

  it("treats lines without a security identifier as separate securities", () => {
    const groups = groupListings(line("A", "NYSE", null), [line("A", "XLON", null), line("A", "XETR", "")]);
    expect(groups).toHaveLength(3);
    expect(groups.map((g) => g.securityFiscalIdentifier)).toEqual([null, null, null]);
  });

  it("copes with no primary listing and no listings at all", () => {
    expect(groupListings(null, [])).toEqual([]);
    const groups = groupListings(null, [line("B", "XLON", "S1"), line("B", "XETR", "S1")]);
    expect(keys(groups)).toEqual([{ kind: "other", lines: ["XLON_B", "XETR_B"] }]);
  });
});

describe("minor units", () => {
  it("explains GBX and ZAc as minor units of GBP and ZAR, and nothing for ordinary codes", () => {
    expect(minorUnitNote("GBX")).toBe("Pence: 100 GBX = 1 GBP");
    expect(minorUnitNote("ZAc")).toBe("Cents: 100 ZAc = 1 ZAR");
    expect(minorUnitNote("GBP")).toBeNull();
    expect(minorUnitNote("ZAC")).toBeNull();
    expect(minorUnitNote(null)).toBeNull();
  });

  it("takes a code named like an Object.prototype property as an ordinary code", () => {
    for (const [code, label] of [
      ["constructor", "Constructor"],
      ["toString", "ToString"],
      ["__proto__", "Proto"],
      ["hasOwnProperty", "HasOwnProperty"],
    ]) {
      expect(minorUnitNote(code)).toBeNull();
      expect(labelOf(PEER_RELATIONSHIP_LABELS, code as string)).toBe(label);
    }
  });
});
