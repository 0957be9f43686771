import { describe, expect, it } from "vitest";
import { compareHref } from "@/lib/compare/search-params";
import { ATTRIBUTES, capRatio, datasetDelta, differs } from "./attributes";
import { breakdown, type CompareCompany } from "./model";
import { EXTENT, FOCUS, LABEL, labelClearance, layoutPeers, ringOf, ringRadius } from "./peer-layout";
import {
  companiesOf,
  companiesParam,
  compareSetOf,
  MAX_COMPARE,
  withCompany,
  withFocus,
  withoutCompany,
} from "./set";

function company(overrides: Partial<CompareCompany>): CompareCompany {
  return {
    companyKey: "NASDAQ_AAA",
    name: "Alpha",
    ticker: "AAA",
    exchangeCode: "NASDAQ",
    exchangeName: "Nasdaq",
    marketCapUsd: 1e9,
    sector: "Information Technology",
    industryGroup: "Software & Services",
    industry: "Software",
    subIndustry: "Application Software",
    hqCode: "US",
    hqName: "United States",
    domicileCode: "US",
    domicileName: "United States",
    companyType: "operating_company",
    companyStatus: "active",
    foundingYear: 1990,
    ipoYear: 2001,
    listingCount: 1,
    exchanges: ["NASDAQ"],
    currencies: ["USD"],
    peerKeys: [],
    reportingCurrency: "USD",
    datasets: ["news", "logos"],
    hasLogo: true,
    ...overrides,
  };
}

/** The set a companies parameter (given once or repeated) names. */
const parseSet = (raw: string | readonly string[] | undefined) => compareSetOf(companiesOf(raw));

describe("compareSetOf", () => {
  it("splits, upper-cases and de-duplicates, keeping the order given", () => {
    expect(parseSet("nasdaq_aapl, NYSE_IBM,NASDAQ_AAPL").keys).toEqual(["NASDAQ_AAPL", "NYSE_IBM"]);
    expect(parseSet(["A_1,B_2", "C_3"]).keys).toEqual(["A_1", "B_2", "C_3"]);
    expect(parseSet(undefined)).toEqual({ keys: [], overLimit: [], invalid: [], repeated: [] });
    expect(parseSet("x_1,X_2,X_1,x_1").repeated).toEqual(["X_1"]);
    // A repeat of one past the limit is not "compared once": it is left out, and named so.
    const thirteen = Array.from({ length: 13 }, (_, i) => `X_${i}`);
    expect(parseSet([...thirteen, "X_12", "X_0"].join(",")).repeated).toEqual(["X_0"]);
  });

  it("keeps the first 12 and names the rest and anything that is no identifier", () => {
    const thirteen = Array.from({ length: 13 }, (_, i) => `X_${i}`);
    const parsed = parseSet([...thirteen, "<script>", "a b"].join(","));
    expect(parsed.keys).toHaveLength(MAX_COMPARE);
    expect(parsed.overLimit).toEqual(["X_12"]);
    expect(parsed.invalid).toEqual(["<script>", "a b"]);
  });

  it("edits the set: add (not past 12, not twice), remove, focus", () => {
    expect(withCompany(["A_1"], "B_2")).toEqual(["A_1", "B_2"]);
    expect(withCompany(["A_1"], "A_1")).toBeNull();
    expect(
      withCompany(
        Array.from({ length: 12 }, (_, i) => `X_${i}`),
        "B_2",
      ),
    ).toBeNull();
    expect(withoutCompany(["A_1", "B_2"], "A_1")).toEqual(["B_2"]);
    expect(withFocus(["A_1", "B_2", "C_3"], "C_3")).toEqual(["C_3", "A_1", "B_2"]);
    expect(compareHref(["A_1", "B.2"])).toBe("/compare?companies=A_1,B.2");
    expect(compareHref([])).toBe("/compare");
  });
});

describe("the compare set in the URL", () => {
  const ODD = ["NYSE_BRK/B", "XPAR_A&B+C%", "XLON_BT.A", "XSTO_ERIC B", "XTAE_Q#1?,2", "OTC_AB%2FC"];
  const reread = (href: string) =>
    parseSet(new URL(href, "http://localhost").searchParams.getAll("companies"));

  it("round-trips keys holding commas, percent signs, & and anything else", () => {
    const keys = ["NASDAQ_AAPL", ...ODD];
    expect(reread(compareHref(keys))).toEqual({ keys, overLimit: [], invalid: [], repeated: [] });
    expect(compareHref(["XTAE_A,B", "X_1%"])).toBe("/compare?companies=XTAE_A%252CB,X_1%2525");
    expect(companiesOf(companiesParam(keys))).toEqual(keys);
  });

  it("reads the older forms: plain keys joined by commas, or the parameter repeated", () => {
    expect(reread("/compare?companies=NASDAQ_AAPL,NYSE_IBM").keys).toEqual(["NASDAQ_AAPL", "NYSE_IBM"]);
    expect(reread("/compare?companies=NASDAQ_AAPL&companies=XLON_BT.A").keys).toEqual([
      "NASDAQ_AAPL",
      "XLON_BT.A",
    ]);
    // A percent sign typed by hand, not followed by 25 or 2C, is the key's own.
    expect(reread("/compare?companies=XPAR_A%26B%2BC%25").keys).toEqual(["XPAR_A&B+C%"]);
  });
});

describe("side-by-side differences", () => {
  const focus = company({});
  const attr = (id: string) => {
    const a = ATTRIBUTES.find((x) => x.id === id);
    if (!a) throw new Error(id);
    return a;
  };

  it("marks values that differ from the focus, never the focus itself", () => {
    const other = company({ companyKey: "B_B", sector: "Energy", hqName: "United States" });
    expect(differs(attr("sector"), focus, other)).toBe(true);
    expect(differs(attr("hq"), focus, other)).toBe(false);
    expect(differs(attr("sector"), focus, focus)).toBe(false);
    expect(differs(attr("ipo"), focus, company({ ipoYear: null }))).toBe(true);
  });

  it("compares datasets as sets and says what one lacks and adds", () => {
    const other = company({ datasets: ["logos", "news"] });
    expect(differs(attr("datasets"), focus, other)).toBe(false);
    expect(datasetDelta(focus, company({ datasets: ["news", "financials"] }))).toEqual({
      extra: [expect.any(String)],
      missing: [expect.stringMatching(/logo/i)],
    });
  });

  it("gives market caps as a ratio to the focus", () => {
    expect(capRatio(focus, company({ companyKey: "B", marketCapUsd: 2.45e9 }))).toBe("2.5×");
    expect(capRatio(focus, company({ companyKey: "B", marketCapUsd: 3.1e8 }))).toBe("0.31×");
    expect(capRatio(focus, company({ companyKey: "B", marketCapUsd: null }))).toBeNull();
    expect(capRatio(company({ marketCapUsd: null }), company({ companyKey: "B" }))).toBeNull();
  });
});

describe("breakdown", () => {
  it("counts a field, largest first, with missing values named", () => {
    const set = [company({ sector: "Energy" }), company({ sector: null }), company({ sector: "Energy" })];
    expect(breakdown(set, (c) => c.sector).map((g) => [g.label, g.count])).toEqual([
      ["Energy", 2],
      ["Not given", 1],
    ]);
  });
});

describe("layoutPeers", () => {
  /** Peers in these numbers per ring, innermost first. */
  const set = (counts: [number, number, number]) =>
    counts.flatMap((n, ring) =>
      Array.from({ length: n }, () => ({
        relationship: ["direct_competitor", "business_model_peer", "industry_peer"][ring] as string,
      })),
    );

  it("puts each kind on its ring, keeps the API's order and starts at the top", () => {
    const peers = [
      { relationship: "direct_competitor" },
      { relationship: "industry_peer" },
      { relationship: "direct_competitor" },
      { relationship: "some_new_kind" },
    ];
    const placed = layoutPeers(peers);
    expect(placed.map((p) => p.rank)).toEqual([1, 2, 3, 4]);
    expect(placed[0]?.x).toBeCloseTo(0);
    expect(placed[0]?.y).toBeLessThan(0);
    const radius = (p: { x: number; y: number }) => Math.hypot(p.x, p.y);
    expect(radius(placed[0] as never)).toBeLessThan(radius(placed[1] as never));
    expect(ringOf("some_new_kind")).toBe(ringOf("industry_peer"));
  });

  it("keeps every label clear of the others and of the focus box, inside the graph and by its ring", () => {
    // Every mix of 1 to 12 peers (the API's most), with every label at its largest box: the rings
    // alone (turned to clear the ring inside) left labels touching in 142 of these 454 mixes.
    const touching: string[] = [];
    let furthest = 0;
    for (let a = 0; a <= 12; a++)
      for (let b = 0; a + b <= 12; b++)
        for (let c = 0; a + b + c <= 12; c++) {
          if (a + b + c === 0) continue;
          const placed = layoutPeers(set([a, b, c]));
          const clear = placed.every(
            (p) =>
              Math.abs(p.x) >= (FOCUS.width + LABEL.width) / 2 ||
              Math.abs(p.y) >= (FOCUS.height + LABEL.height) / 2,
          );
          const apart = placed.every((p) => placed.every((q) => q === p || labelClearance(p, q) >= 1));
          if (!clear || !apart) touching.push(`${a}/${b}/${c}`);
          for (const p of placed) {
            expect(Math.abs(p.x) + LABEL.width / 2).toBeLessThanOrEqual(EXTENT + 1e-9);
            expect(Math.abs(p.y) + LABEL.height / 2).toBeLessThanOrEqual(EXTENT + 1e-9);
            furthest = Math.max(furthest, Math.abs(Math.hypot(p.x, p.y) - ringRadius(p.ring)));
          }
        }
    expect(touching).toEqual([]);
    // Each label stays by its ring: where a ring is crowded, at most 0.15 off it (rings are 0.25 apart).
    expect(furthest).toBeLessThanOrEqual(0.16);
    // Two labels side by side (their boxes' width apart) just clear; closer, they touch.
    expect(labelClearance({ x: 0, y: 0 }, { x: LABEL.width, y: 0 })).toBe(1);
    expect(labelClearance({ x: 0, y: 0 }, { x: LABEL.width / 2, y: LABEL.height / 2 })).toBeLessThan(1);
    // The innermost ring still starts at the top.
    expect(layoutPeers(set([5, 3, 4]))[0]?.x).toBeCloseTo(0);
  });
});
