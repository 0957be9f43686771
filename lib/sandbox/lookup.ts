// Resolution of the contract's single-company lookup parameters to one canonical company.
// Secondary-listing keys, former tickers and predecessor CIKs resolve to the same company.

import { isValidFiscalIdentifier, normalizeCik } from "@/lib/identifiers";
import type { CompanyLookup } from "@/lib/upstream/vocabulary";
import { exchangeByCode } from "./data/geo";
import type { CompanyRec } from "./universe";

export interface LookupIndex {
  byKey: Map<string, CompanyRec>;
  byFiscalId: Map<string, CompanyRec>;
  byCik: Map<string, CompanyRec>;
  byFigi: Map<string, CompanyRec>;
  byIsin: Map<string, CompanyRec>;
  byCusip: Map<string, CompanyRec>;
  /** `${exchangeCode or MIC}:${ticker}` for every line, current and former tickers. */
  byVenueTicker: Map<string, CompanyRec>;
  /** Ticker alone, for US lines. */
  byUsTicker: Map<string, CompanyRec>;
}

const US_CODES = new Set(["NYSE", "NYSEAM", "NYSEARCA", "NASDAQ"]);

export function buildLookupIndex(companies: readonly CompanyRec[]): LookupIndex {
  const index: LookupIndex = {
    byKey: new Map(),
    byFiscalId: new Map(),
    byCik: new Map(),
    byFigi: new Map(),
    byIsin: new Map(),
    byCusip: new Map(),
    byVenueTicker: new Map(),
    byUsTicker: new Map(),
  };
  const venueTicker = (c: CompanyRec, venues: (string | undefined)[], ticker: string, us: boolean) => {
    for (const venue of venues) if (venue) index.byVenueTicker.set(`${venue}:${ticker}`, c);
    if (us) index.byUsTicker.set(ticker, c);
  };
  for (const c of companies) {
    index.byFiscalId.set(c.fiscalId, c);
    if (c.cik) index.byCik.set(c.cik, c);
    if (c.predecessorCik) index.byCik.set(c.predecessorCik, c);
    for (const cik of c.earlierCiks) index.byCik.set(cik, c);
    for (const l of c.listings) {
      index.byKey.set(l.key, c);
      index.byFigi.set(l.figi, c);
      index.byFigi.set(l.figiComposite, c);
      index.byFigi.set(l.security.figiShareClass, c);
      if (l.security.isin) index.byIsin.set(l.security.isin, c);
      if (l.security.cusip) index.byCusip.set(l.security.cusip, c);
      venueTicker(
        c,
        [l.exchange.code, l.exchange.operatingMic, l.segment.mic],
        l.ticker,
        US_CODES.has(l.exchange.code),
      );
    }
    const primary = c.listings[0];
    if (c.formerKey && c.formerTicker && primary) {
      index.byKey.set(c.formerKey, c);
      venueTicker(
        c,
        [primary.exchange.code, primary.exchange.operatingMic, primary.segment.mic],
        c.formerTicker,
        US_CODES.has(primary.exchange.code),
      );
    }
    for (const key of c.earlierKeys) {
      index.byKey.set(key, c);
      const [code = "", ticker = ""] = key.split(/_(.*)/);
      // A ticker changed on the venue the company is still on: under that venue's segment MIC too.
      // (One that moved venue: its segment there is not known any more.)
      const segment = primary?.exchange.code === code ? primary.segment.mic : undefined;
      venueTicker(c, [code, exchangeByCode.get(code)?.operatingMic, segment], ticker, US_CODES.has(code));
    }
  }
  return index;
}

export type LookupResult =
  | { kind: "found"; company: CompanyRec }
  | { kind: "missing_identification" }
  | { kind: "invalid"; parameter: string; message: string }
  | { kind: "licence_required"; parameter: "isin" | "cusip" }
  | { kind: "not_found" };

/**
 * Resolves by the first usable identification, in order: companyKey, fscl, figi, cik, isin,
 * cusip, then ticker with micCode or exchange (or alone for US tickers).
 */
export function resolveCompany(index: LookupIndex, params: CompanyLookup, licensed: boolean): LookupResult {
  const value = (v: string | undefined) => v?.trim().toUpperCase() || undefined;
  const companyKey = value(params.companyKey);
  if (companyKey) return found(index.byKey.get(companyKey));

  const fscl = value(params.fscl);
  if (fscl) {
    if (!isValidFiscalIdentifier(fscl)) {
      return {
        kind: "invalid",
        parameter: "fscl",
        message: "fscl is not a valid companyFiscalIdentifier: its check character does not match",
      };
    }
    return found(index.byFiscalId.get(fscl));
  }

  const figi = value(params.figi);
  if (figi) return found(index.byFigi.get(figi));

  if (params.cik?.trim()) {
    const cik = normalizeCik(params.cik);
    if (!cik) return { kind: "invalid", parameter: "cik", message: "cik must be 1 to 10 digits" };
    return found(index.byCik.get(cik));
  }

  const isin = value(params.isin);
  if (isin) return licensed ? found(index.byIsin.get(isin)) : { kind: "licence_required", parameter: "isin" };
  const cusip = value(params.cusip);
  if (cusip)
    return licensed ? found(index.byCusip.get(cusip)) : { kind: "licence_required", parameter: "cusip" };

  const ticker = value(params.ticker);
  if (ticker) {
    const venue = value(params.micCode) ?? value(params.exchange);
    if (venue) return found(index.byVenueTicker.get(`${venue}:${ticker}`));
    return found(index.byUsTicker.get(ticker));
  }
  return { kind: "missing_identification" };
}

function found(company: CompanyRec | undefined): LookupResult {
  return company ? { kind: "found", company } : { kind: "not_found" };
}
