import { describe, expect, it } from "vitest";
import {
  COUNTRIES,
  countryByCode,
  DOMICILE_ALTERNATIVES,
  EXCHANGES,
  exchangeByCode,
  type Region,
} from "./geo";

const NA: readonly (readonly [string, string, string])[] = [
  ["NYSE", "US", "USD"],
  ["NYSEAM", "US", "USD"],
  ["NYSEARCA", "US", "USD"],
  ["NASDAQ", "US", "USD"],
  ["TSX", "CA", "CAD"],
  ["TSXV", "CA", "CAD"],
];
const NA_CODES = new Set(NA.map(([code]) => code));
const REGIONS: readonly Region[] = [
  "North America",
  "Europe",
  "Asia-Pacific",
  "Middle East",
  "Africa",
  "Latin America",
  "Oceania",
];
const MIC = /^[A-Z0-9]{4}$/;

describe("geo tables", () => {
  it("has the six North American exchange codes", () => {
    for (const [code, country, currency] of NA) {
      const ex = exchangeByCode.get(code);
      expect(ex, code).toBeDefined();
      expect(ex?.countryCode).toBe(country);
      expect(ex?.tradingCurrency).toBe(currency);
    }
    expect(exchangeByCode.get("NYSE")?.operatingMic).toBe("XNYS");
    expect(exchangeByCode.get("NYSEAM")?.segments.map((s) => s.mic)).toEqual(["XASE"]);
    expect(exchangeByCode.get("NASDAQ")?.operatingMic).toBe("XNAS");
    expect(exchangeByCode.get("TSXV")?.operatingMic).toBe("XTSX");
  });

  it("uses the operating MIC as code outside North America", () => {
    for (const ex of EXCHANGES) {
      if (!NA_CODES.has(ex.code)) expect(ex.code, ex.name).toBe(ex.operatingMic);
    }
  });

  it("has well-formed, unique MICs and known countries", () => {
    const seen = new Set<string>();
    for (const ex of EXCHANGES) {
      expect(ex.operatingMic).toMatch(MIC);
      expect(countryByCode.has(ex.countryCode), ex.code).toBe(true);
      expect(ex.segments.length).toBeGreaterThan(0);
      expect(ex.weight).toBeGreaterThanOrEqual(0);
      for (const seg of ex.segments) {
        expect(seg.mic).toMatch(MIC);
        expect(seen.has(seg.mic), seg.mic).toBe(false);
        seen.add(seg.mic);
      }
    }
    expect(exchangeByCode.size).toBe(EXCHANGES.length);
  });

  it("quotes London in pence and Johannesburg in cents", () => {
    expect(exchangeByCode.get("XLON")?.tradingCurrency).toBe("GBX");
    expect(exchangeByCode.get("XJSE")?.tradingCurrency).toBe("ZAc");
    expect(exchangeByCode.get("XTAE")?.tradingCurrency).toBe("ILA");
  });

  it("has unique countries with valid fields", () => {
    expect(countryByCode.size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.currency).toMatch(/^[A-Z]{3}$/);
      expect(REGIONS).toContain(c.region);
      expect(c.cities.length).toBeGreaterThan(0);
      expect(c.weight).toBeGreaterThanOrEqual(0);
    }
  });

  it("puts the US at roughly 30% of listed companies", () => {
    const total = COUNTRIES.reduce((sum, c) => sum + c.weight, 0);
    const us = countryByCode.get("US")?.weight ?? 0;
    expect(us / total).toBeGreaterThan(0.25);
    expect(us / total).toBeLessThan(0.35);
  });

  it("gives every weighted country a local exchange, or only a small weight", () => {
    const total = COUNTRIES.reduce((sum, c) => sum + c.weight, 0);
    const withExchange = new Set(EXCHANGES.filter((e) => e.weight > 0).map((e) => e.countryCode));
    for (const c of COUNTRIES) {
      if (c.weight > 0 && !withExchange.has(c.code)) expect(c.weight / total, c.code).toBeLessThan(0.001);
    }
    for (const code of ["BM", "KY", "JE", "GG", "VG"]) expect(countryByCode.get(code)?.weight).toBe(0);
  });

  it("has valid domicile alternatives", () => {
    const perHq = new Map<string, number>();
    for (const [hq, dom, p] of DOMICILE_ALTERNATIVES) {
      expect(countryByCode.has(hq), hq).toBe(true);
      expect(countryByCode.has(dom), dom).toBe(true);
      expect(hq).not.toBe(dom);
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThan(1);
      perHq.set(hq, (perHq.get(hq) ?? 0) + p);
    }
    for (const [hq, sum] of perHq) expect(sum, hq).toBeLessThan(1);
  });
});
