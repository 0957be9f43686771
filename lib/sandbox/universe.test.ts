// Invariants of the generated universe.
import { describe, expect, it } from "vitest";
import { isValidCusip, isValidFigi, isValidFiscalIdentifier, isValidIsin } from "@/lib/identifiers";
import { COUNTRIES, EXCHANGES } from "./data/geo";
import { GICS_SUB_INDUSTRIES } from "./data/gics";
import { peerCompanies } from "./derive";
import { buildLookupIndex } from "./lookup";
import { type CompanyRec, generateUniverse, getUniverse } from "./universe";

const universe = getUniverse();
const all = universe.companies;

describe("the generated universe", () => {
  it("is deterministic: the same seed gives the same data, however the generation is sliced", () => {
    const again = generateUniverse(universe.seed);
    while (!again.step(777)) {
      // completes in slices, as the server does in the background
    }
    const fingerprint = (c: CompanyRec) => [
      c.companyKey,
      c.legalName,
      c.marketCapUsd,
      c.listings.map((l) => l.figi),
    ];
    expect(again.companies.map(fingerprint)).toEqual(all.map(fingerprint));
    const other = generateUniverse(universe.seed + 1, 3000);
    expect(other.enabled.slice(0, 200).map((c) => c.legalName)).not.toEqual(
      universe.enabled.slice(0, 200).map((c) => c.legalName),
    );
  });

  it("has about 55,000 companies of which about 12,000 are API-enabled and about 25 free", () => {
    expect(all.length).toBeGreaterThan(54_000);
    expect(all.length).toBeLessThan(56_000);
    expect(universe.enabled.length).toBeGreaterThan(11_500);
    expect(universe.enabled.length).toBeLessThan(12_500);
    expect(universe.free.length).toBe(25);
    expect(universe.free.every((c) => c.apiEnabled)).toBe(true);
  });

  it("has unique companyIds, companyKeys, fiscal identifiers and legal names, in list order", () => {
    for (const field of ["companyId", "companyKey", "fiscalId", "legalName"] as const) {
      expect(new Set(all.map((c) => c[field])).size).toBe(all.length);
    }
    for (let i = 1; i < all.length; i++)
      expect((all[i] as CompanyRec).companyId).toBeGreaterThan((all[i - 1] as CompanyRec).companyId);
  });

  it("gives every identifier a valid check digit and keeps listing keys unique", () => {
    const keys = new Set<string>();
    const figis = new Set<string>();
    const invalid: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) invalid.push(what);
    };
    for (const c of all) {
      check(isValidFiscalIdentifier(c.fiscalId), c.fiscalId);
      if (c.cik) check(/^\d{10}$/.test(c.cik), c.cik);
      for (const l of c.listings) {
        check(!keys.has(l.key), `duplicate ${l.key}`);
        keys.add(l.key);
        check(isValidFiscalIdentifier(l.fiscalId, "listing"), l.fiscalId);
        check(isValidFiscalIdentifier(l.security.fiscalId, "security"), l.security.fiscalId);
        check(isValidIsin(l.security.isin ?? ""), `isin ${l.security.isin}`);
        if (l.security.cusip) check(isValidCusip(l.security.cusip), `cusip ${l.security.cusip}`);
        for (const figi of [l.figi, l.figiComposite, l.security.figiShareClass])
          check(isValidFigi(figi), figi);
        check(!figis.has(l.figi), `duplicate ${l.figi}`);
        figis.add(l.figi);
      }
    }
    expect(invalid.slice(0, 10)).toEqual([]);
    expect(keys.size).toBeGreaterThan(all.length);
  });

  it("classifies every company with a consistent GICS path and the sub-industry's reporting template", () => {
    const byCode = new Map(GICS_SUB_INDUSTRIES.map((s) => [s.code, s]));
    const used = new Set<string>();
    for (const c of all) {
      expect(byCode.get(c.sub.code)).toBe(c.sub);
      used.add(c.sub.code);
    }
    expect(used.size).toBe(163);
  });

  it("puts every segment MIC under its listing's operating MIC and uses North American codes only there", () => {
    const segmentOwner = new Map<string, string>();
    for (const e of EXCHANGES) for (const s of e.segments) segmentOwner.set(s.mic, e.operatingMic);
    const naCodes = new Set(["NYSE", "NYSEAM", "NYSEARCA", "NASDAQ", "TSX", "TSXV"]);
    for (const c of all) {
      for (const l of c.listings) {
        expect(segmentOwner.get(l.segment.mic)).toBe(l.exchange.operatingMic);
        if (!naCodes.has(l.exchange.code)) expect(l.exchange.code).toBe(l.exchange.operatingMic);
      }
    }
  });

  it("trades London pence lines in GBX and Johannesburg lines in ZAc", () => {
    const currencies = (code: string) =>
      new Set(all.flatMap((c) => c.listings.filter((l) => l.exchange.code === code).map((l) => l.currency)));
    expect(currencies("XLON").has("GBX")).toBe(true);
    expect([...currencies("XJSE")]).toEqual(["ZAc"]);
  });

  it("gives depositary receipts their own security, and shares the security across venues of the same stock", () => {
    let receipts = 0;
    let shared = 0;
    for (const c of all) {
      const home = c.listings[0];
      for (const l of c.listings) {
        if (l.security.type === "depositary_receipt") {
          receipts++;
          const common = c.listings.filter((x) => x.security.type === "common_stock");
          expect(common.every((x) => x.security.fiscalId !== l.security.fiscalId)).toBe(true);
        } else if (l !== home && l.security === home?.security) shared++;
      }
    }
    expect(receipts).toBeGreaterThan(100);
    expect(shared).toBeGreaterThan(1000);
  });

  it("has every trading status, pre-IPO companies, former tickers and predecessor CIKs", () => {
    const statuses = new Set(all.flatMap((c) => c.listings.map((l) => l.status)));
    expect([...statuses].sort()).toEqual(["active", "delisted", "pre_ipo", "suspended"]);
    expect(all.filter((c) => c.formerKey).length).toBeGreaterThan(500);
    expect(all.filter((c) => c.predecessorCik).length).toBeGreaterThan(200);
  });

  it("has every company type and status in plausible proportions", () => {
    const share = (f: (c: CompanyRec) => boolean) => all.filter(f).length / all.length;
    expect(share((c) => c.type === "operating_company")).toBeGreaterThan(0.85);
    for (const type of ["investment_company", "reit", "spac", "government"]) {
      expect(share((c) => c.type === type)).toBeGreaterThan(0);
    }
    expect(share((c) => c.status === "active")).toBeGreaterThan(0.8);
    for (const status of ["defunct", "dormant", "reorganizing", "shell"])
      expect(share((c) => c.status === status)).toBeGreaterThan(0);
  });

  it("sometimes domiciles a company outside its headquarters country (Ireland, Bermuda, Cayman)", () => {
    const domiciles = new Set(all.filter((c) => c.domicile !== c.hq).map((c) => c.domicile.code));
    for (const code of ["IE", "BM", "KY"]) expect(domiciles.has(code)).toBe(true);
  });

  it("writes native-script names for non-Latin markets, null when equal to English", () => {
    const scripts = new Map(COUNTRIES.map((c) => [c.code, c.script]));
    let native = 0;
    for (const c of all) {
      if (scripts.get(c.hq.code) === "latin") expect(c.legalNameNative).toBeNull();
      if (c.legalNameNative !== null) {
        native++;
        expect(c.legalNameNative).not.toBe(c.legalName);
      }
    }
    expect(native).toBeGreaterThan(5000);
  });

  it("spreads market caps with a heavy tail, nulls for some", () => {
    const caps = all
      .map((c) => c.marketCapUsd)
      .filter((v): v is number => v !== null)
      .sort((a, b) => b - a);
    const nulls = all.length - caps.length;
    expect(nulls).toBeGreaterThan(200);
    expect(caps[0]).toBeGreaterThan(1e12);
    const median = caps[Math.floor(caps.length / 2)] as number;
    expect(median).toBeGreaterThan(5e7);
    expect(median).toBeLessThan(1e9);
    expect(caps.slice(0, 100).reduce((a, b) => a + b, 0)).toBeGreaterThan(
      caps.slice(-20_000).reduce((a, b) => a + b, 0),
    );
  });

  it("follows the availableDatasets rules: empty outside the API-enabled set except two datasets", () => {
    for (const c of all) {
      if (c.apiEnabled) continue;
      for (const d of c.datasets) expect(["segments_and_kpis", "fund_letters"]).toContain(d);
    }
    expect(all.some((c) => !c.apiEnabled && c.datasets.length > 0)).toBe(true);
    expect(universe.enabled.filter((c) => c.datasets.includes("logos")).length).toBeGreaterThan(10_000);
  });

  it("gives 3 to 12 peers, all resolvable companies in the same visible set, with all three kinds", () => {
    const index = buildLookupIndex(universe.companies);
    const kinds = new Set<string>();
    for (const c of [...universe.enabled.slice(0, 400), ...all.filter((x) => !x.apiEnabled).slice(0, 200)]) {
      const peers = peerCompanies(universe, c);
      expect(peers.length).toBeGreaterThanOrEqual(3);
      expect(peers.length).toBeLessThanOrEqual(12);
      expect(new Set(peers.map((p) => p.company)).size).toBe(peers.length);
      for (const p of peers) {
        kinds.add(p.relationship);
        expect(p.company).not.toBe(c);
        expect(index.byKey.get(p.company.companyKey)).toBe(p.company);
        if (c.apiEnabled) expect(p.company.apiEnabled).toBe(true);
        if (p.relationship === "direct_competitor") expect(p.company.sub.code).toBe(c.sub.code);
      }
    }
    expect(kinds.size).toBe(3);
  });
});
