import { describe, expect, it } from "vitest";
import type { Company } from "@/lib/upstream/schemas";
import { CompanyIndex } from "./company-index";
import { editDistance, normalizeText } from "./normalize";

let nextId = 1;
function company(overrides: Partial<Company> & { name: string; ticker: string; exchange?: string }): Company {
  const { name, ticker, exchange = "NASDAQ", ...rest } = overrides;
  const id = nextId++;
  return {
    companyId: id,
    companyKey: `${exchange}_${ticker}`,
    companyFiscalIdentifier: `FSCLC${String(id).padStart(10, "0")}`,
    displayNameEnglish: name,
    legalNameEnglish: name,
    sector: "Information Technology",
    industryGroup: "Software & Services",
    industry: "Software",
    subIndustry: "Application Software",
    headquartersRegion: "North America",
    headquartersCountryCode: "US",
    headquartersCountryName: "United States",
    legalDomicileCountryCode: "US",
    legalDomicileCountryName: "United States",
    companyType: "operating_company",
    companyStatus: "active",
    reportingCurrency: "USD",
    marketCapUsd: 1e9,
    availableDatasets: ["news", "logos"],
    primaryListing: {
      ticker,
      exchangeCode: exchange,
      exchangeName: exchange === "XLON" ? "London Stock Exchange" : "Nasdaq",
      tradingStatus: "active",
      securityType: "common_stock",
      tradingCurrency: exchange === "XLON" ? "GBX" : "USD",
      figi: `BBG00000${String(id).padStart(4, "0")}`,
    },
    ...rest,
  };
}

const rows: Company[] = [
  company({ name: "Norvex Semiconductor Corporation", ticker: "NVX", marketCapUsd: 5e11, cik: "0000320193" }),
  company({ name: "Norvale Foods Inc.", ticker: "NRV", marketCapUsd: 2e9, sector: "Consumer Staples" }),
  company({ name: "Alder Norvex Partners", ticker: "ALNP", marketCapUsd: 9e11 }),
  company({
    name: "Société Générale Énergie SA",
    ticker: "SGE",
    exchange: "XLON",
    marketCapUsd: 3e10,
    headquartersCountryCode: "FR",
    headquartersCountryName: "France",
    headquartersRegion: "Europe",
    sector: "Energy",
  }),
  company({
    name: "Kestrel Biotech",
    ticker: "NORV",
    marketCapUsd: null,
    sector: "Health Care",
    availableDatasets: [],
  }),
  company({
    name: "Meiwa Electric Co., Ltd.",
    ticker: "6501",
    exchange: "XJPX",
    legalNameNative: "明和電機株式会社",
    marketCapUsd: 4e10,
    headquartersRegion: "Asia-Pacific",
    headquartersCountryCode: "JP",
    headquartersCountryName: "Japan",
  }),
  company({
    name: "Brightwater Capital",
    ticker: "BWC",
    companyType: "investment_company",
    marketCapUsd: 7e8,
  }),
];
const index = new CompanyIndex(rows);
const keys = (q: string, extra = {}) =>
  index.search({ q, ...extra }).hits.map((h) => h.company.primaryListing.ticker);

describe("normalizeText and editDistance", () => {
  it("ignores case, accents and punctuation", () => {
    expect(normalizeText("Société Générale, S.A.")).toBe("societe generale s a");
  });
  it("counts substitutions, insertions and adjacent transpositions", () => {
    expect(editDistance("norvex", "norvex", 2)).toBe(0);
    expect(editDistance("norvex", "nrovex", 2)).toBe(1);
    expect(editDistance("norvex", "norvx", 2)).toBe(1);
    expect(editDistance("norvex", "kestrel", 2)).toBe(3);
  });
});

describe("CompanyIndex search", () => {
  it("puts an exact ticker first, then name prefixes, then other matches, ties by market cap", () => {
    // NORV is a ticker (exact), Norvex/Norvale names start with "norv", Alder Norvex contains it.
    expect(keys("norv")).toEqual(["NORV", "NVX", "NRV", "ALNP"]);
  });

  it("finds by name prefix ignoring case, accents and punctuation", () => {
    expect(keys("societe gen")).toEqual(["SGE"]);
    expect(keys("SOCIÉTÉ")).toEqual(["SGE"]);
  });

  it("finds by native-script name", () => {
    expect(keys("明和電機株式会社")).toEqual(["6501"]);
  });

  it("tolerates typos in names", () => {
    expect(keys("brigthwater")).toEqual(["BWC"]);
    expect(keys("kestral")).toEqual(["NORV"]);
    expect(index.search({ q: "kestral" }).hits[0]?.match?.kind).toBe("fuzzy");
  });

  it("finds by companyKey, fscl, FIGI and CIK with or without leading zeros", () => {
    expect(keys("XLON_SGE")).toEqual(["SGE"]);
    expect(keys(rows[1]?.companyFiscalIdentifier ?? "")).toEqual(["NRV"]);
    expect(keys(rows[2]?.primaryListing.figi ?? "")).toEqual(["ALNP"]);
    expect(keys("320193")[0]).toBe("NVX");
    expect(keys("0000320193")[0]).toBe("NVX");
    expect(index.search({ q: "320193" }).hits[0]?.match).toEqual({ kind: "identifier", field: "cik" });
  });

  it("finds a ticker or key with a space, and a listing written as the profile writes it", () => {
    const spaced = new CompanyIndex([
      company({ name: "Lindqvist Telecom AB", ticker: "LIND B", exchange: "XSTO" }),
      company({ name: "Lindqvist Telecom AB (A)", ticker: "LIND A", exchange: "XSTO", marketCapUsd: 1e8 }),
      ...rows,
    ]);
    const found = (q: string) => spaced.search({ q }).hits.map((h) => h.company.companyKey);
    expect(found("LIND B")[0]).toBe("XSTO_LIND B");
    expect(found("lind  b")[0]).toBe("XSTO_LIND B");
    expect(spaced.search({ q: "LIND B" }).hits[0]?.match).toEqual({ kind: "ticker", field: "ticker" });
    expect(found("XSTO_LIND B")[0]).toBe("XSTO_LIND B");
    expect(found("XSTO: LIND B")[0]).toBe("XSTO_LIND B");
    expect(found("XLON: SGE")[0]).toBe("XLON_SGE");
    expect(found("xlon:sge")[0]).toBe("XLON_SGE");
  });

  it("ranks an exact ticker above a ticker prefix", () => {
    expect(keys("nv")[0]).toBe("NVX"); // ticker prefix NVX, nothing exact
    expect(keys("nvx")[0]).toBe("NVX");
  });

  it("filters by facets (OR within a field, AND across fields) and counts facets under the other filters", () => {
    const result = index.search({
      filters: { sector: ["Information Technology", "Energy"], region: ["North America"] },
    });
    expect(result.hits.map((h) => h.company.primaryListing.ticker).sort()).toEqual(["ALNP", "BWC", "NVX"]);
    // Sector counts ignore the sector filter but respect the region filter.
    const sectors = Object.fromEntries(result.facets.sector.map((f) => [f.value, f.count]));
    expect(sectors).toEqual({ "Information Technology": 3, "Consumer Staples": 1, "Health Care": 1 });
    // Region counts ignore the region filter but respect the sector filter.
    const regions = Object.fromEntries(result.facets.region.map((f) => [f.value, f.count]));
    expect(regions).toEqual({ "North America": 3, Europe: 1, "Asia-Pacific": 1 });
  });

  it("labels country facets by name", () => {
    const countries = index.search({}).facets.country;
    expect(countries.find((f) => f.value === "FR")?.label).toBe("France");
  });

  it("filters by datasets and market cap range", () => {
    expect(keys("", { datasets: ["news"], minMarketCap: 1e10 }).sort()).toEqual([
      "6501",
      "ALNP",
      "NVX",
      "SGE",
    ]);
    expect(keys("", { maxMarketCap: 1e9 })).toEqual(["BWC"]);
  });

  it("sorts by any column with nulls last in both directions", () => {
    const asc = keys("", { sort: "marketCap", order: "asc" });
    const desc = keys("", { sort: "marketCap", order: "desc" });
    expect(asc.at(-1)).toBe("NORV");
    expect(desc.at(-1)).toBe("NORV");
    expect(asc[0]).toBe("BWC");
    expect(desc[0]).toBe("ALNP");
    expect(keys("", { sort: "name" })[0]).toBe("ALNP");
  });

  it("pages through results and reports the total", () => {
    const page1 = index.search({ limit: 3, offset: 0 });
    const page3 = index.search({ limit: 3, offset: 6 });
    expect(page1.total).toBe(rows.length);
    expect(page1.hits).toHaveLength(3);
    expect(page3.hits).toHaveLength(1);
  });

  it("pages of a sorted, filtered view join up to the whole view, nulls last", () => {
    for (const query of [
      { sort: "marketCap", order: "desc" },
      { sort: "marketCap", order: "asc" },
      {},
    ] as const) {
      for (const filters of [undefined, { region: ["North America"] }]) {
        const all = index.search({ ...query, filters, limit: 100 }).hits.map((h) => h.company.companyKey);
        const paged = [0, 2, 4, 6].flatMap((offset) =>
          index.search({ ...query, filters, offset, limit: 2 }).hits.map((h) => h.company.companyKey),
        );
        expect(paged).toEqual(all);
      }
    }
    // The whole-index counts are reused, and stay equal to a fresh count.
    const first = index.search({}).facets;
    expect(index.search({ limit: 1 }).facets).toEqual(first);
    expect(first.region.reduce((sum, f) => sum + f.count, 0)).toBe(rows.length);
  });

  it("an unknown filter value filters to nothing rather than being ignored", () => {
    expect(index.search({ filters: { sector: ["Astrology"] } }).total).toBe(0);
  });

  it("filters by market-cap buckets, 'none' meaning no market cap, counting buckets under the other filters", () => {
    expect(keys("", { marketCap: ["none"] })).toEqual(["NORV"]);
    expect(keys("", { marketCap: ["small", "none"] }).sort()).toEqual(["BWC", "NORV"]);
    const buckets = Object.fromEntries(
      index.search({ marketCap: ["mega"] }).marketCap.map((b) => [b.value, b.count]),
    );
    expect(buckets).toEqual({ mega: 2, large: 2, mid: 1, small: 1, micro: 0, none: 1 });
  });

  it("buckets market caps, with null caps counted as not available", () => {
    const buckets = Object.fromEntries(index.search({}).marketCap.map((b) => [b.value, b.count]));
    expect(buckets).toEqual({ mega: 2, large: 2, mid: 1, small: 1, micro: 0, none: 1 });
  });

  it("finds the same company by its fiscal identifier, by its key only when it has none", () => {
    const nvx = rows[0] as Company;
    const renamed = { companyKey: "NYSE_NEWT", companyFiscalIdentifier: nvx.companyFiscalIdentifier };
    expect(index.sameCompany(renamed)?.companyKey).toBe(nvx.companyKey);
    // Another company's fiscal identifier under this key: not this company.
    expect(
      index.sameCompany({ companyKey: nvx.companyKey, companyFiscalIdentifier: "FSCLC9999999999" }),
    ).toBeUndefined();
    // A row answering to the value as another identifier (here a CIK) is not the same company.
    expect(index.sameCompany({ companyKey: "X_Y", companyFiscalIdentifier: nvx.cik })).toBeUndefined();
    expect(index.sameCompany({ companyKey: nvx.companyKey, companyFiscalIdentifier: null })).toBe(nvx);
  });
});
