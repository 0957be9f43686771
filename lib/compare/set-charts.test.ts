import { describe, expect, it } from "vitest";
import { ATTRIBUTES, sameForAll } from "./attributes";
import type { CompareCompany } from "./model";
import { formatRatio, newsVolume, peerOverlap, ratioToFocus, shortName } from "./set-charts";

function company(key: string, overrides: Partial<CompareCompany> = {}): CompareCompany {
  return {
    companyKey: key,
    name: key,
    ticker: key,
    exchangeCode: "NYSE",
    exchangeName: "New York Stock Exchange",
    marketCapUsd: 1e9,
    sector: "Real Estate",
    industryGroup: null,
    industry: null,
    subIndustry: null,
    hqCode: "JP",
    hqName: "Japan",
    domicileCode: "JP",
    domicileName: "Japan",
    companyType: null,
    companyStatus: "active",
    foundingYear: null,
    ipoYear: null,
    listingCount: 1,
    exchanges: ["NYSE"],
    currencies: ["USD"],
    peerKeys: [],
    reportingCurrency: "USD",
    datasets: [],
    hasLogo: false,
    ...overrides,
  };
}

describe("market cap against the focus", () => {
  it("divides by the focus company's cap and formats the multiple", () => {
    const focus = company("A", { marketCapUsd: 2e9 });
    expect(ratioToFocus(focus, company("B", { marketCapUsd: 5e9 }))).toBe(2.5);
    expect(ratioToFocus(focus, company("C", { marketCapUsd: null }))).toBeNull();
    expect(ratioToFocus(company("D", { marketCapUsd: null }), focus)).toBeNull();
    expect([formatRatio(25), formatRatio(2.5), formatRatio(0.314)]).toEqual(["25×", "2.5×", "0.31×"]);
    expect([
      formatRatio(10e9 / 3e12),
      formatRatio(0.05),
      formatRatio(0.999),
      formatRatio(0),
      formatRatio(1e6 / 3e12),
    ]).toEqual(["0.0033×", "0.05×", "1×", "0×", "<0.0001×"]);
  });
});

describe("peerOverlap", () => {
  it("marks who names whom, mutual pairs and those naming the focus", () => {
    const set = [
      company("A", { peerKeys: ["B", "X"] }),
      company("B", { peerKeys: ["A", "C"] }),
      company("C", { peerKeys: ["A"] }),
    ];
    const overlap = peerOverlap(set);
    expect(overlap.names).toEqual([
      [false, true, false],
      [true, false, true],
      [true, false, false],
    ]);
    expect(overlap).toMatchObject({ links: 4, pairs: 6, mutual: 1, nameFocus: 2 });
  });

  it("never counts a company naming itself", () => {
    expect(peerOverlap([company("A", { peerKeys: ["A"] }), company("B")]).links).toBe(0);
  });
});

describe("newsVolume", () => {
  it("counts the loaded stories per level and the rest as not split", () => {
    const set = [company("A"), company("B"), company("C")];
    const articles = [
      { companyKey: "A", importance: 1 },
      { companyKey: "A", importance: 3 },
      { companyKey: "A", importance: 3 },
      { companyKey: "B", importance: 5 },
    ];
    const totals = [
      { companyKey: "A", total: 10 },
      { companyKey: "B", total: 1 },
      { companyKey: "C", total: null },
    ];
    expect(newsVolume(set, articles, totals)).toEqual([
      { companyKey: "A", byLevel: [1, 0, 2, 0, 0], notLoaded: 7, total: 10 },
      { companyKey: "B", byLevel: [0, 0, 0, 0, 1], notLoaded: 0, total: 1 },
      { companyKey: "C", byLevel: [0, 0, 0, 0, 0], notLoaded: 0, total: null },
    ]);
  });
});

describe("shortName", () => {
  it("drops legal forms and cuts long names at a word", () => {
    expect(shortName("Norvex Semiconductor Corporation")).toBe("Norvex Semicondu…");
    expect(shortName("Kaito Holdings Co., Ltd.")).toBe("Kaito");
    expect(shortName("Harborview Frostline Realty Inc")).toBe("Harborview…");
    expect(shortName("Acme Inc.")).toBe("Acme");
    expect(shortName("Inc")).toBe("Inc");
    expect(shortName("Supercalifragilisticexpialidocious")).toBe("Supercalifragili…");
    expect(shortName("Norvex Semiconductor Corporation", 24)).toBe("Norvex Semiconductor");
  });
});

describe("sameForAll", () => {
  it("finds the rows where every company agrees, never market cap", () => {
    const set = [company("A", { marketCapUsd: 1e9 }), company("B", { marketCapUsd: 1e9, sector: "Energy" })];
    const same = ATTRIBUTES.filter((a) => sameForAll(a, set)).map((a) => a.id);
    expect(same).toContain("hq");
    expect(same).toContain("listing");
    expect(same).not.toContain("sector");
    expect(same).not.toContain("marketCap");
  });
});
