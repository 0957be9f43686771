import { describe, expect, it } from "vitest";
import {
  type CompanyFacts,
  countSentences,
  countWords,
  descriptions,
  EVENT_TYPES,
  fill,
  formatMoney,
  newsText,
  type PeerRelationship,
  peerReasoning,
} from "./text";

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEMI: CompanyFacts = {
  displayName: "Norvex Semiconductor Corporation",
  shortName: "Norvex",
  ticker: "NVX",
  exchangeCode: "NASDAQ",
  companyType: "operating_company",
  sector: "Information Technology",
  industryGroup: "Semiconductors & Semiconductor Equipment",
  industry: "Semiconductors & Semiconductor Equipment",
  subIndustry: "Semiconductors",
  products: [
    "analog and mixed-signal chips",
    "data center accelerators",
    "power management ICs",
    "networking silicon",
  ],
  customers: ["hyperscale cloud providers", "automakers", "industrial equipment makers"],
  segments: ["Data Center", "Automotive", "Industrial"],
  hqCity: "San Francisco",
  hqCountryName: "United States",
  legalDomicileCountryName: "United States",
  ceo: "Laura J. Whitfield",
  foundingYear: 1987,
  ipoYear: 1995,
  marketCapUsd: 850e9,
  reportingCurrency: "USD",
  listingCount: 2,
  peerShortNames: ["Calderon", "Veritas Micro", "Quantix"],
};

const JREIT: CompanyFacts = {
  displayName: "Sakura Logistics REIT Inc.",
  shortName: "Sakura Logistics",
  ticker: "3487",
  exchangeCode: "XJPX",
  companyType: "reit",
  sector: "Real Estate",
  industryGroup: "Equity Real Estate Investment Trusts (REITs)",
  industry: "Industrial REITs",
  subIndustry: "Industrial REITs",
  products: ["logistics warehouses", "cold-storage facilities", "last-mile delivery centres"],
  customers: ["e-commerce retailers", "third-party logistics operators"],
  segments: ["Logistics"],
  hqCity: "Tokyo",
  hqCountryName: "Japan",
  legalDomicileCountryName: "Japan",
  ceo: "Kenji Watanabe",
  foundingYear: 2012,
  ipoYear: 2014,
  marketCapUsd: 420e6,
  reportingCurrency: "JPY",
  listingCount: 1,
  peerShortNames: ["Hoshino Industrial", "Kanto Logistics Fund"],
};

const SPAC: CompanyFacts = {
  displayName: "Kestrel Acquisition Corp. II",
  shortName: "Kestrel Acquisition",
  ticker: "KSTR",
  exchangeCode: "NYSE",
  companyType: "spac",
  sector: "Financials",
  industryGroup: "Financial Services",
  industry: "Capital Markets",
  subIndustry: "Shell Companies",
  products: ["business combination opportunities", "growth capital", "public-market access"],
  customers: ["private technology companies", "founder-led businesses"],
  segments: ["Corporate"],
  hqCity: "New York",
  hqCountryName: "United States",
  legalDomicileCountryName: "Cayman Islands",
  ceo: "Marcus Hale",
  foundingYear: 2021,
  ipoYear: 2021,
  marketCapUsd: null,
  reportingCurrency: "USD",
  listingCount: 1,
  peerShortNames: [],
};

const UKFUND: CompanyFacts = {
  displayName: "Thornbury Global Investment Trust plc",
  shortName: "Thornbury Global",
  ticker: "TGIT",
  exchangeCode: "XLON",
  companyType: "investment_company",
  sector: "Financials",
  industryGroup: "Financial Services",
  industry: "Capital Markets",
  subIndustry: "Asset Management & Custody Banks",
  products: ["global listed equities", "private growth companies", "infrastructure debt"],
  customers: ["retail investors", "wealth managers", "pension funds"],
  segments: ["Listed Equities", "Private Markets"],
  hqCity: "London",
  hqCountryName: "United Kingdom",
  legalDomicileCountryName: "United Kingdom",
  ceo: "Catherine Ellis",
  foundingYear: 1889,
  ipoYear: 1889,
  marketCapUsd: 2.4e9,
  reportingCurrency: "GBP",
  listingCount: 1,
  peerShortNames: ["Ashcombe Capital Trust", "Redfern Investors"],
};

const SAMPLES: CompanyFacts[] = [SEMI, JREIT, SPAC, UKFUND];

const KOREAN_UTILITY: CompanyFacts = {
  ...SEMI,
  displayName: "Hanbit Power Co., Ltd.",
  shortName: "Hanbit Power",
  ticker: "015760",
  exchangeCode: "XKRX",
  companyType: "government",
  sector: "Utilities",
  industryGroup: "Utilities",
  industry: "Electric Utilities",
  subIndustry: "Electric Utilities",
  products: ["electricity generation", "transmission services", "nuclear fuel services"],
  customers: ["households", "industrial users"],
  segments: ["Generation", "Grid"],
  hqCity: "Naju",
  hqCountryName: "South Korea",
  legalDomicileCountryName: "South Korea",
  ceo: "Kim Min-jun",
  marketCapUsd: 12e9,
  reportingCurrency: "KRW",
  peerShortNames: ["Daejin Energy"],
};

const SWISS_SMALL: CompanyFacts = {
  ...SEMI,
  displayName: "Alpenwerk Holding AG",
  shortName: "Alpenwerk",
  ticker: "ALPN",
  exchangeCode: "XSWX",
  hqCity: "Zug",
  hqCountryName: "Switzerland",
  legalDomicileCountryName: "Switzerland",
  ceo: "Matthias Vogel",
  marketCapUsd: 150e6,
  reportingCurrency: "CHF",
  peerShortNames: [],
};
const IMPORTANCES = [1, 2, 3, 4, 5] as const;
const DATES = ["2024-11-04", "2025-02-18", "2024-05-09", "2023-08-01"];

function clean(text: string): void {
  expect(text.trim().length).toBeGreaterThan(0);
  expect(text).not.toMatch(/[{}]/);
  expect(text).not.toMatch(/\bundefined\b|\bNaN\b|\bnull\b|Infinity/);
  expect(text).not.toMatch(/\s{2,}|\s[.,]/);
}

describe("fill", () => {
  it("replaces placeholders", () => {
    expect(fill("{a} and {b}", { a: "x", b: "y" })).toBe("x and y");
  });
  it("throws on an unknown placeholder", () => {
    expect(() => fill("{a} {missing}", { a: "x" })).toThrow(/missing/);
  });
});

describe("formatMoney", () => {
  it("uses currency symbols and scales", () => {
    expect(formatMoney(1.2e9, "USD")).toBe("$1.2 billion");
    expect(formatMoney(412e6, "EUR")).toBe("€412 million");
    expect(formatMoney(84.3e9, "JPY")).toBe("¥84.3 billion");
    expect(formatMoney(120e6, "CHF")).toBe("CHF 120 million");
    expect(formatMoney(3e12, "KRW")).toBe("₩3 trillion");
  });
});

describe("countSentences", () => {
  it("ignores abbreviations and initials", () => {
    expect(countSentences("Acme Inc. rose. Laura J. Whitfield said so. It ended.")).toBe(3);
  });
});

describe("newsText", () => {
  for (const company of SAMPLES) {
    for (const eventType of EVENT_TYPES) {
      it(`${company.shortName} / ${eventType}`, () => {
        for (const importance of IMPORTANCES) {
          const titles = new Set<string>();
          for (let seed = 1; seed <= 10; seed++) {
            const date = DATES[seed % DATES.length] ?? "2024-11-04";
            const a = newsText(company, eventType, importance, date, mulberry32(seed * 7919 + importance));
            clean(a.title);
            clean(a.description);
            clean(a.summary);
            expect(a.title.length).toBeLessThanOrEqual(120);
            const descN = countSentences(a.description);
            expect(descN).toBeGreaterThanOrEqual(1);
            expect(descN).toBeLessThanOrEqual(2);
            const n = countSentences(a.summary);
            expect(n, a.summary).toBeGreaterThanOrEqual(3);
            expect(n, a.summary).toBeLessThanOrEqual(5);
            const again = newsText(
              company,
              eventType,
              importance,
              date,
              mulberry32(seed * 7919 + importance),
            );
            expect(again).toEqual(a);
            titles.add(a.title);
          }
          if (importance === 1) expect(titles.size).toBeGreaterThanOrEqual(3);
        }
      });
    }
  }

  it("sizes money in the reporting currency", () => {
    const jp = newsText(JREIT, "buyback", 1, "2024-11-04", mulberry32(3));
    expect(jp.summary).toMatch(/¥/);
    const uk = newsText(UKFUND, "financing", 3, "2024-11-04", mulberry32(3));
    expect(uk.summary).toMatch(/£/);
    const big = newsText(SEMI, "buyback", 1, "2024-11-04", mulberry32(3));
    expect(big.summary).toMatch(/\$\d+(\.\d+)? billion/);
  });

  it("keeps quarters consistent with the date", () => {
    const a = newsText(SEMI, "earnings", 1, "2024-11-04", mulberry32(11));
    expect(`${a.title} ${a.summary}`).toMatch(/third-quarter|Q3/);
    const b = newsText(SEMI, "earnings", 3, "2025-02-18", mulberry32(12));
    expect(`${b.title} ${b.description} ${b.summary}`).toMatch(/fourth|Q4/);
  });
});

describe("other company types and currencies", () => {
  for (const company of [KOREAN_UTILITY, SWISS_SMALL]) {
    it(company.shortName, () => {
      for (const eventType of EVENT_TYPES) {
        for (const importance of IMPORTANCES) {
          for (let seed = 1; seed <= 3; seed++) {
            const a = newsText(company, eventType, importance, "2025-04-22", mulberry32(seed));
            for (const t of [a.title, a.description, a.summary]) clean(t);
            expect(a.title.length).toBeLessThanOrEqual(120);
            const n = countSentences(a.summary);
            expect(n, a.summary).toBeGreaterThanOrEqual(3);
            expect(n, a.summary).toBeLessThanOrEqual(5);
            expect(`${a.title} ${a.description} ${a.summary}`).not.toMatch(/\$/);
          }
        }
      }
      for (let seed = 1; seed <= 10; seed++) {
        const d = descriptions(company, mulberry32(seed));
        expect(countSentences(d.short)).toBeGreaterThanOrEqual(3);
        expect(countSentences(d.short)).toBeLessThanOrEqual(5);
        const words = countWords(d.long);
        expect(words).toBeGreaterThanOrEqual(150);
        expect(words).toBeLessThanOrEqual(400);
      }
    });
  }
});

describe("descriptions", () => {
  for (const company of SAMPLES) {
    it(company.shortName, () => {
      for (let seed = 1; seed <= 30; seed++) {
        const d = descriptions(company, mulberry32(seed));
        clean(d.short);
        clean(d.long.replace(/\n\n/g, " "));
        const n = countSentences(d.short);
        expect(n, d.short).toBeGreaterThanOrEqual(3);
        expect(n, d.short).toBeLessThanOrEqual(5);
        const words = countWords(d.long);
        expect(words, d.long).toBeGreaterThanOrEqual(150);
        expect(words, d.long).toBeLessThanOrEqual(400);
        const paragraphs = d.long.split("\n\n");
        expect(paragraphs.length).toBeGreaterThanOrEqual(2);
        expect(paragraphs.length).toBeLessThanOrEqual(4);
        expect(descriptions(company, mulberry32(seed))).toEqual(d);
      }
    });
  }
});

describe("peerReasoning", () => {
  const relationships: PeerRelationship[] = ["direct_competitor", "business_model_peer", "industry_peer"];
  it("names the peer and stays short", () => {
    for (const company of SAMPLES) {
      for (const peer of SAMPLES) {
        if (peer === company) continue;
        for (const rel of relationships) {
          for (const segment of [null, company.segments[0] ?? null]) {
            for (let seed = 1; seed <= 5; seed++) {
              const s = peerReasoning(company, peer, rel, segment, mulberry32(seed));
              clean(s);
              expect(s).toContain(peer.shortName);
              expect(s.length).toBeLessThanOrEqual(240);
              expect(countSentences(s)).toBe(1);
            }
          }
        }
      }
    }
  });
});
