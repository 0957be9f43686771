import { describe, expect, it } from "vitest";
import type { Listing, Profile, ProfileV2 } from "@/lib/upstream/schemas";
import { diffProfiles, display, v2StatusFor } from "./api-diff";

const listing: Listing = {
  listingFiscalIdentifier: "FSCLL000000001X",
  ticker: "BRIT",
  exchangeCode: "XLON",
  exchangeName: "London Stock Exchange",
  exchangeCountryCode: "GB",
  exchangeCountryName: "United Kingdom",
  operatingMic: "XLON",
  segmentMic: "XLON",
  segmentName: "Main Market",
  securityFiscalIdentifier: "FSCLS000000001X",
  securityType: "common_stock",
  tradingCurrency: "GBX",
  tradingStatus: "active",
  isin: "GB0000000001",
  figi: "BBG000VENUE1",
  figiComposite: "BBG000COMPO1",
  figiShareClass: "BBG001SHARE1",
};

const v3: Profile = {
  companyId: 1234,
  companyFiscalIdentifier: "FSCLC000000001X",
  companyKey: "XLON_BRIT",
  displayNameEnglish: "Britannia Holdings plc",
  legalNameEnglish: "Britannia Holdings plc",
  tradeNameEnglish: "Britannia",
  legalNameNative: null,
  tradeNameNative: null,
  companyType: "operating_company",
  companyStatus: "active",
  headquartersCountryCode: "GB",
  headquartersCountryName: "United Kingdom",
  headquartersRegion: "Europe",
  legalDomicileCountryCode: "GB",
  legalDomicileCountryName: "United Kingdom",
  sector: "Industrials",
  industryGroup: "Capital Goods",
  industry: "Machinery",
  subIndustry: "Industrial Machinery",
  reportingTemplate: "Standard",
  marketCapUsd: 5_000_000_000,
  reportingCurrency: "GBP",
  updatedAt: 1_790_000_000,
  earningsFilingDate: "2026-10-30T12:00:00Z",
  availableDatasets: ["filings", "financials", "stock_prices", "news"],
  primaryListing: listing,
  descriptionShort: "Short.",
  descriptionLong: "Long.",
  chiefExecutiveOfficer: "A. Person",
  foundingYear: 1901,
  ipoYear: 1987,
  secondaryListings: [],
  peers: [],
  financialPeriodsAvailable: ["annual", "semi-annual"],
};

const v2: ProfileV2 = {
  companyKey: "XLON_BRIT",
  name: "Britannia Holdings plc",
  ticker: "BRIT",
  exchangeName: "London Stock Exchange",
  micCode: "XLON",
  exchangeSymbol: "XLON",
  tradingStatus: "Active",
  isPreIpo: false,
  countryName: "United Kingdom",
  countryCode: "GB",
  tradingCurrency: "GBP",
  reportingCurrency: "GBP",
  sector: "Industrials",
  industryGroup: "Capital Goods",
  industry: "Machinery",
  subIndustry: "Industrial Machinery",
  reportingTemplate: "Standard",
  availableDatasets: ["financials", "stock_prices"],
  isin: "GB0000000001",
  figi: "BBG000COMPO1",
  earningsFilingDate: "2026-10-30T12:00:00Z",
  updatedAt: 1_790_000_000,
  description: "Long.",
  shortDescription: "Short.",
  financialPeriodsAvailable: ["annual", "semi-annual"],
};

const row = (diff: ReturnType<typeof diffProfiles>, v2Field: string, v3Field?: string) => {
  const found = diff.rows.find((r) => r.v2Field === v2Field && (!v3Field || r.v3Field === v3Field));
  if (!found) throw new Error(`no row ${v2Field} -> ${v3Field}`);
  return found;
};

describe("diffProfiles", () => {
  it("explains GBX vs GBP as the minor unit v2 collapsed, not as a mismatch", () => {
    const diff = diffProfiles(v2, v3);
    expect(row(diff, "tradingCurrency")).toMatchObject({
      v2Value: "GBP",
      v3Value: "GBX",
      kind: "expected",
      note: expect.stringContaining("100 GBX = 1 GBP"),
    });
  });

  it("flags a currency difference that is not a minor unit", () => {
    const diff = diffProfiles({ ...v2, tradingCurrency: "USD" }, v3);
    expect(row(diff, "tradingCurrency").kind).toBe("mismatch");
    const sameMinor = diffProfiles({ ...v2, tradingCurrency: "ZAR" }, v3);
    expect(row(sameMinor, "tradingCurrency").kind).toBe("mismatch");
  });

  it("matches v2 figi to the composite FIGI and marks v3 figi as venue-level", () => {
    const diff = diffProfiles(v2, v3);
    expect(row(diff, "figi", "primaryListing.figiComposite").kind).toBe("same");
    expect(row(diff, "figi", "primaryListing.figi")).toMatchObject({
      kind: "expected",
      v2Value: "BBG000COMPO1",
      v3Value: "BBG000VENUE1",
      note: expect.stringContaining("venue-level"),
    });
    // A v2 figi that is neither: both rows are mismatches.
    const wrong = diffProfiles({ ...v2, figi: "BBG000OTHER1" }, v3);
    expect(row(wrong, "figi", "primaryListing.figiComposite").kind).toBe("mismatch");
    expect(row(wrong, "figi", "primaryListing.figi").kind).toBe("mismatch");
  });

  it("applies the status mapping: Active is active, Inactive covers delisted, suspended, pre_ipo", () => {
    expect(row(diffProfiles(v2, v3), "tradingStatus").kind).toBe("expected");
    for (const status of ["delisted", "suspended", "pre_ipo"]) {
      const v3s = { ...v3, primaryListing: { ...listing, tradingStatus: status } };
      const diff = diffProfiles({ ...v2, tradingStatus: "Inactive", isPreIpo: status === "pre_ipo" }, v3s);
      expect(row(diff, "tradingStatus").kind).toBe("expected");
      expect(row(diff, "isPreIpo").kind).toBe("expected");
    }
    const wrong = diffProfiles(v2, { ...v3, primaryListing: { ...listing, tradingStatus: "suspended" } });
    expect(row(wrong, "tradingStatus")).toMatchObject({
      kind: "mismatch",
      note: expect.stringContaining("Inactive"),
    });
    const preIpo = diffProfiles(
      { ...v2, tradingStatus: "Inactive", isPreIpo: false },
      { ...v3, primaryListing: { ...listing, tradingStatus: "pre_ipo" } },
    );
    expect(row(preIpo, "isPreIpo").kind).toBe("mismatch");
    expect(v2StatusFor("halted")).toBeNull();
  });

  it("compares datasets within the v2 vocabulary and names the v3-only values", () => {
    const diff = diffProfiles(v2, v3);
    expect(row(diff, "availableDatasets")).toMatchObject({
      kind: "expected",
      note: expect.stringContaining("also lists filings, news"),
    });
    const missing = diffProfiles({ ...v2, availableDatasets: ["financials"] }, v3);
    expect(row(missing, "availableDatasets")).toMatchObject({
      kind: "mismatch",
      note: expect.stringContaining("v2 lacks stock_prices"),
    });
    const onlyV2Vocabulary = diffProfiles(v2, { ...v3, availableDatasets: ["financials", "stock_prices"] });
    expect(row(onlyV2Vocabulary, "availableDatasets").kind).toBe("same");
  });

  it("maps renamed fields and counts the kinds", () => {
    const diff = diffProfiles(v2, v3);
    expect(row(diff, "name", "displayNameEnglish").kind).toBe("same");
    expect(row(diff, "description", "descriptionLong").kind).toBe("same");
    expect(row(diff, "exchangeSymbol", "primaryListing.exchangeCode").kind).toBe("same");
    expect(diff.counts.mismatch).toBe(0);
    // currency (GBX), status (Active), isPreIpo, venue-level figi, datasets (v3 lists more)
    expect(diff.counts.expected).toBe(5);
    const renamed = diffProfiles({ ...v2, name: "Britannia Old Name plc" }, v3);
    expect(row(renamed, "name").kind).toBe("mismatch");
    expect(renamed.counts.mismatch).toBe(1);
  });

  it("treats licensed identifiers missing on both sides as the same, on one side as absent", () => {
    const unlicensed = diffProfiles(
      { ...v2, isin: undefined },
      { ...v3, primaryListing: { ...listing, isin: undefined } },
    );
    expect(row(unlicensed, "isin").kind).toBe("same");
    const oneSided = diffProfiles({ ...v2, isin: undefined }, v3);
    expect(row(oneSided, "isin").kind).toBe("absent");
  });

  it("lets live fields differ between the two calls", () => {
    const diff = diffProfiles({ ...v2, updatedAt: 1_790_000_100 }, v3);
    expect(row(diff, "updatedAt").kind).toBe("expected");
  });

  it("lists the fields new in v3 with this company's values", () => {
    const diff = diffProfiles(v2, v3);
    expect(diff.v3Only).toContainEqual({ field: "companyFiscalIdentifier", value: "FSCLC000000001X" });
    expect(diff.v3Only).toContainEqual({ field: "legalNameNative", value: null });
    expect(diff.v3Only).toContainEqual({ field: "primaryListing.figiShareClass", value: "BBG001SHARE1" });
  });

  it("copes with a profile without a primary listing", () => {
    const diff = diffProfiles(v2, { ...v3, primaryListing: null });
    expect(row(diff, "ticker")).toMatchObject({ v3Value: null, kind: "absent" });
    expect(row(diff, "isPreIpo").kind).toBe("absent");
  });

  it("displays values plainly", () => {
    expect(display(["a", "b"])).toBe("a, b");
    expect(display([])).toBe("[]");
    expect(display(false)).toBe("false");
    expect(display("")).toBeNull();
    expect(display(undefined)).toBeNull();
  });
});
