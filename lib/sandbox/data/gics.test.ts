import { describe, expect, it } from "vitest";
import { GICS_SUB_INDUSTRIES, reportingTemplateFor, SECTORS, type SubIndustry } from "./gics";

function byCode(code: string): SubIndustry {
  const sub = GICS_SUB_INDUSTRIES.find((s) => s.code === code);
  if (!sub) throw new Error(`missing sub-industry ${code}`);
  return sub;
}

/** Asserts that `key(sub)` maps each distinct value of `group(sub)` to exactly one value. */
function expectFunctional(group: (s: SubIndustry) => string, key: (s: SubIndustry) => string) {
  const seen = new Map<string, string>();
  for (const sub of GICS_SUB_INDUSTRIES) {
    const g = group(sub);
    const k = key(sub);
    const prev = seen.get(g);
    if (prev === undefined) seen.set(g, k);
    else expect(k, `${sub.code}: ${g}`).toBe(prev);
  }
  return seen;
}

describe("GICS 2023 hierarchy", () => {
  it("has 11 sectors, 25 industry groups, 74 industries and 163 sub-industries", () => {
    expect(SECTORS).toHaveLength(11);
    expect(new Set(SECTORS).size).toBe(11);
    expect(new Set(GICS_SUB_INDUSTRIES.map((s) => s.sector)).size).toBe(11);
    expect(new Set(GICS_SUB_INDUSTRIES.map((s) => s.industryGroup)).size).toBe(25);
    expect(new Set(GICS_SUB_INDUSTRIES.map((s) => s.industry)).size).toBe(74);
    expect(GICS_SUB_INDUSTRIES).toHaveLength(163);
    expect(new Set(GICS_SUB_INDUSTRIES.map((s) => s.code.slice(0, 2))).size).toBe(11);
    expect(new Set(GICS_SUB_INDUSTRIES.map((s) => s.code.slice(0, 4))).size).toBe(25);
    expect(new Set(GICS_SUB_INDUSTRIES.map((s) => s.code.slice(0, 6))).size).toBe(74);
  });

  it("lists sectors in GICS code order, matching the sub-industries", () => {
    const order: string[] = [];
    for (const sub of GICS_SUB_INDUSTRIES) {
      if (order[order.length - 1] !== sub.sector) order.push(sub.sector);
    }
    expect(order).toEqual([...SECTORS]);
  });

  it("has unique 8-digit codes in ascending order and unique names", () => {
    const codes = GICS_SUB_INDUSTRIES.map((s) => s.code);
    for (const code of codes) expect(code).toMatch(/^\d{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    expect(new Set(GICS_SUB_INDUSTRIES.map((s) => s.name)).size).toBe(163);
  });

  it("has consistent code prefixes", () => {
    // Same prefix => same parent name ...
    expectFunctional(
      (s) => s.code.slice(0, 6),
      (s) => s.industry,
    );
    expectFunctional(
      (s) => s.code.slice(0, 4),
      (s) => s.industryGroup,
    );
    expectFunctional(
      (s) => s.code.slice(0, 2),
      (s) => s.sector,
    );
    // ... and the same parent name => same prefix.
    expectFunctional(
      (s) => s.industry,
      (s) => s.code.slice(0, 6),
    );
    expectFunctional(
      (s) => s.industryGroup,
      (s) => s.code.slice(0, 4),
    );
    expectFunctional(
      (s) => s.sector,
      (s) => s.code.slice(0, 2),
    );
  });

  it("places each industry in exactly one group and each group in exactly one sector", () => {
    expect(
      expectFunctional(
        (s) => s.industry,
        (s) => s.industryGroup,
      ).size,
    ).toBe(74);
    expect(
      expectFunctional(
        (s) => s.industryGroup,
        (s) => s.sector,
      ).size,
    ).toBe(25);
  });

  it("counts sub-industries per sector as in the 2023 revision", () => {
    const counts: Record<string, number> = {};
    for (const sub of GICS_SUB_INDUSTRIES) counts[sub.sector] = (counts[sub.sector] ?? 0) + 1;
    expect(counts).toEqual({
      Energy: 7,
      Materials: 17,
      Industrials: 27,
      "Consumer Discretionary": 27,
      "Consumer Staples": 12,
      "Health Care": 10,
      Financials: 18,
      "Information Technology": 12,
      "Communication Services": 10,
      Utilities: 6,
      "Real Estate": 17,
    });
  });

  it("uses official codes and names for key entries", () => {
    expect(byCode("45301020")).toMatchObject({
      name: "Semiconductors",
      industry: "Semiconductors & Semiconductor Equipment",
      industryGroup: "Semiconductors & Semiconductor Equipment",
      sector: "Information Technology",
    });
    expect(byCode("40201060")).toMatchObject({
      name: "Transaction & Payment Processing Services",
      industry: "Financial Services",
      industryGroup: "Financial Services",
      sector: "Financials",
    });
    expect(byCode("20202030")).toMatchObject({
      name: "Data Processing & Outsourced Services",
      sector: "Industrials",
    });
    expect(byCode("25503030")).toMatchObject({
      name: "Broadline Retail",
      industryGroup: "Consumer Discretionary Distribution & Retail",
    });
    expect(byCode("30101040")).toMatchObject({
      name: "Consumer Staples Merchandise Retail",
      industryGroup: "Consumer Staples Distribution & Retail",
    });
    expect(byCode("40204010")).toMatchObject({
      name: "Mortgage REITs",
      industry: "Mortgage Real Estate Investment Trusts (REITs)",
    });
  });

  it("has the 2023 Financial Services industry and group", () => {
    const fsIndustry = GICS_SUB_INDUSTRIES.filter((s) => s.industry === "Financial Services");
    expect(fsIndustry.map((s) => s.name)).toEqual([
      "Diversified Financial Services",
      "Multi-Sector Holdings",
      "Specialized Finance",
      "Commercial & Residential Mortgage Finance",
      "Transaction & Payment Processing Services",
    ]);
    const fsGroup = new Set(
      GICS_SUB_INDUSTRIES.filter((s) => s.industryGroup === "Financial Services").map((s) => s.industry),
    );
    expect([...fsGroup]).toEqual([
      "Financial Services",
      "Consumer Finance",
      "Capital Markets",
      "Mortgage Real Estate Investment Trusts (REITs)",
    ]);
    const realEstateGroups = new Set(
      GICS_SUB_INDUSTRIES.filter((s) => s.sector === "Real Estate").map((s) => s.industryGroup),
    );
    expect([...realEstateGroups]).toEqual([
      "Equity Real Estate Investment Trusts (REITs)",
      "Real Estate Management & Development",
    ]);
  });
});

describe("reporting templates", () => {
  it("matches reportingTemplateFor for every sub-industry", () => {
    for (const sub of GICS_SUB_INDUSTRIES) {
      expect(sub.reportingTemplate, sub.code).toBe(reportingTemplateFor(sub));
    }
  });

  it("assigns the expected templates", () => {
    expect(byCode("55101010").reportingTemplate).toBe("Utilities");
    expect(byCode("60108030").reportingTemplate).toBe("Real Estate");
    expect(byCode("40204010").reportingTemplate).toBe("Real Estate");
    expect(byCode("40301050").reportingTemplate).toBe("Insurance");
    expect(byCode("40203040").reportingTemplate).toBe("Capital Markets");
    expect(byCode("40101015").reportingTemplate).toBe("Financials");
    expect(byCode("40202010").reportingTemplate).toBe("Financials");
    expect(byCode("40201030").reportingTemplate).toBe("Financials");
    expect(byCode("45103010").reportingTemplate).toBe("Standard");
    const counts: Record<string, number> = {};
    for (const sub of GICS_SUB_INDUSTRIES) {
      counts[sub.reportingTemplate] = (counts[sub.reportingTemplate] ?? 0) + 1;
    }
    expect(counts).toEqual({
      Standard: 122,
      Financials: 8,
      "Capital Markets": 4,
      Insurance: 5,
      "Real Estate": 18,
      Utilities: 6,
    });
  });
});

describe("sandbox vocabulary", () => {
  const limits = {
    nameWords: [8, 12],
    products: [6, 10],
    customers: [4, 6],
    segments: [4, 8],
  } as const;

  it("has positive weights", () => {
    for (const sub of GICS_SUB_INDUSTRIES) {
      expect(Number.isFinite(sub.weight), sub.code).toBe(true);
      expect(sub.weight, sub.code).toBeGreaterThan(0);
      expect(sub.weight, sub.code).toBeLessThanOrEqual(100);
    }
  });

  it("weights large sub-industries above small ones", () => {
    const w = (code: string) => byCode(code).weight;
    const big = ["35201010", "40101015", "45103010", "20106020", "60201030", "15104030", "15104020"];
    const small = ["30203010", "40201030", "25201040"];
    for (const b of big) for (const s of small) expect(w(b), `${b} > ${s}`).toBeGreaterThan(w(s));
  });

  it("has vocabulary arrays of the right size without duplicates", () => {
    for (const sub of GICS_SUB_INDUSTRIES) {
      for (const [key, [min, max]] of Object.entries(limits)) {
        const values = sub[key as keyof typeof limits];
        expect(values.length, `${sub.code} ${key}`).toBeGreaterThanOrEqual(min);
        expect(values.length, `${sub.code} ${key}`).toBeLessThanOrEqual(max);
        expect(new Set(values).size, `${sub.code} ${key} duplicates`).toBe(values.length);
        for (const v of values) expect(v.trim(), `${sub.code} ${key}`).toBe(v);
      }
    }
  });

  it("follows the casing conventions", () => {
    for (const sub of GICS_SUB_INDUSTRIES) {
      for (const w of sub.nameWords) expect(w, sub.code).toMatch(/^[A-Z][A-Za-z]*$/);
      for (const p of [...sub.products, ...sub.customers]) expect(p, sub.code).toMatch(/^[a-z]/);
      for (const s of sub.segments) expect(s, sub.code).toMatch(/^[A-Z0-9]/);
    }
  });
});
