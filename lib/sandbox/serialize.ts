// The contract's JSON shapes, built from the universe's records.
import { earningsFilingDate, peers, profileExtras, updatedAt } from "./derive";
import type { CompanyRec, ListingRec, Universe } from "./universe";
import { countryByCode } from "./universe";

export interface View {
  universe: Universe;
  licensed: boolean;
  nowMs: number;
  /** A company as of nowMs (scheduled changes applied, changes.ts); peers are shown as they are now. */
  current?: (c: CompanyRec) => CompanyRec;
}

/** updatedAt moves on the company's cadence, and never lags its last scheduled change. */
function liveUpdatedAt(view: View, c: CompanyRec): number {
  return Math.max(updatedAt(view.universe, c, view.nowMs), c.changedAt ?? 0);
}

type Json = Record<string, unknown>;

function addLicensedIds(out: Json, l: ListingRec, licensed: boolean): void {
  if (!licensed) return;
  if (l.security.isin) out.isin = l.security.isin;
  if (l.security.cusip) out.cusip = l.security.cusip;
}

// Built field by field rather than with spreads: a list page builds 1000 of these.
export function listingJson(
  l: ListingRec,
  licensed: boolean,
  level: "full" | "compact" | "peer" = "full",
): Json {
  const out: Json = {
    listingFiscalIdentifier: l.fiscalId,
    ticker: l.ticker,
    exchangeCode: l.exchange.code,
    exchangeName: l.exchange.name,
  };
  if (level === "full") {
    out.exchangeCountryCode = l.exchange.countryCode;
    out.exchangeCountryName = countryByCode.get(l.exchange.countryCode)?.name;
  }
  out.operatingMic = l.exchange.operatingMic;
  if (level === "full") {
    out.segmentMic = l.segment.mic;
    out.segmentName = l.segment.name;
  }
  out.securityFiscalIdentifier = l.security.fiscalId;
  if (level !== "peer") {
    out.securityType = l.security.type;
    out.tradingCurrency = l.currency;
    out.tradingStatus = l.status;
  }
  addLicensedIds(out, l, licensed);
  out.figi = l.figi;
  out.figiComposite = l.figiComposite;
  out.figiShareClass = l.security.figiShareClass;
  return out;
}

export function companyRowJson(view: View, c: CompanyRec, compact: boolean): Json {
  const primary = c.listings[0] as ListingRec;
  const out: Json = {
    companyId: c.companyId,
    companyFiscalIdentifier: c.fiscalId,
    companyKey: c.companyKey,
    displayNameEnglish: c.displayName,
    legalNameEnglish: c.legalName,
  };
  if (!compact) {
    out.tradeNameEnglish = c.tradeName;
    out.legalNameNative = c.legalNameNative;
    out.tradeNameNative = c.tradeNameNative;
  }
  out.companyType = c.type;
  out.companyStatus = c.status;
  out.headquartersCountryCode = c.hq.code;
  out.headquartersCountryName = c.hq.name;
  out.headquartersRegion = c.hq.region;
  if (!compact) {
    out.legalDomicileCountryCode = c.domicile.code;
    out.legalDomicileCountryName = c.domicile.name;
  }
  out.sector = c.sub.sector;
  if (!compact) {
    out.industryGroup = c.sub.industryGroup;
    out.industry = c.sub.industry;
    out.subIndustry = c.sub.name;
  }
  out.reportingTemplate = c.sub.reportingTemplate;
  if (c.cik) out.cik = c.cik;
  out.marketCapUsd = c.marketCapUsd;
  out.primaryListing = listingJson(primary, view.licensed, compact ? "compact" : "full");
  out.reportingCurrency = c.reportingCurrency;
  out.updatedAt = liveUpdatedAt(view, c);
  const earnings = earningsFilingDate(view.universe, c, view.nowMs);
  if (earnings) out.earningsFilingDate = earnings;
  out.availableDatasets = c.datasets;
  return out;
}

export function profileJson(view: View, c: CompanyRec): Json {
  const extras = profileExtras(view.universe, c);
  return {
    ...companyRowJson(view, c, false),
    descriptionShort: extras.descriptionShort,
    descriptionLong: extras.descriptionLong,
    chiefExecutiveOfficer: extras.ceo,
    foundingYear: extras.foundingYear,
    ...(extras.ipoYear !== undefined ? { ipoYear: extras.ipoYear } : {}),
    secondaryListings: c.listings.slice(1).map((l) => listingJson(l, view.licensed)),
    peers: peers(view.universe, c)
      .map((peer) => ({ ...peer, company: view.current?.(peer.company) ?? peer.company }))
      .map((p) => ({
        peerRelationship: p.relationship,
        peerMarketSegment: p.segment,
        peerReasoning: p.reasoning,
        companyId: p.company.companyId,
        companyFiscalIdentifier: p.company.fiscalId,
        companyKey: p.company.companyKey,
        displayNameEnglish: p.company.displayName,
        companyType: p.company.type,
        headquartersCountryCode: p.company.hq.code,
        headquartersCountryName: p.company.hq.name,
        headquartersRegion: p.company.hq.region,
        sector: p.company.sub.sector,
        industryGroup: p.company.sub.industryGroup,
        industry: p.company.sub.industry,
        subIndustry: p.company.sub.name,
        // The peer's field is typed "number" (the company's "number or null"): absent when unknown.
        ...(p.company.marketCapUsd !== null ? { marketCapUsd: p.company.marketCapUsd } : {}),
        ...(p.company.cik ? { cik: p.company.cik } : {}),
        primaryListing: listingJson(p.company.listings[0] as ListingRec, view.licensed, "peer"),
      })),
    financialPeriodsAvailable: c.financialPeriods,
  };
}

const V2_DATASETS = new Set(["financials", "segments_and_kpis", "stock_prices", "adjusted_numbers"]);
/** v2 had no minor-unit codes: pence and cents lines were reported in the major currency. */
const V2_CURRENCY: Record<string, string> = { GBX: "GBP", ZAc: "ZAR", ILA: "ILS" };

export function v2RowJson(view: View, c: CompanyRec): Json {
  const primary = c.listings[0] as ListingRec;
  const earnings = earningsFilingDate(view.universe, c, view.nowMs);
  return {
    companyKey: c.companyKey,
    name: c.displayName,
    ticker: primary.ticker,
    exchangeName: primary.exchange.name,
    micCode: primary.exchange.operatingMic,
    exchangeSymbol: primary.exchange.code,
    tradingStatus: primary.status === "active" ? "Active" : "Inactive",
    isPreIpo: primary.status === "pre_ipo",
    countryName: c.hq.name,
    countryCode: c.hq.code,
    tradingCurrency: V2_CURRENCY[primary.currency] ?? primary.currency,
    reportingCurrency: c.reportingCurrency,
    sector: c.sub.sector,
    industryGroup: c.sub.industryGroup,
    industry: c.sub.industry,
    subIndustry: c.sub.name,
    reportingTemplate: c.sub.reportingTemplate,
    availableDatasets: c.datasets.filter((d) => V2_DATASETS.has(d)),
    ...(c.cik ? { cik: c.cik } : {}),
    ...(view.licensed && primary.security.cusip ? { cusip: primary.security.cusip } : {}),
    ...(view.licensed && primary.security.isin ? { isin: primary.security.isin } : {}),
    figi: primary.figiComposite,
    ...(earnings ? { earningsFilingDate: earnings } : {}),
    updatedAt: liveUpdatedAt(view, c),
  };
}

export function v2ProfileJson(view: View, c: CompanyRec): Json {
  const extras = profileExtras(view.universe, c);
  return {
    ...v2RowJson(view, c),
    description: extras.descriptionLong,
    shortDescription: extras.descriptionShort,
    financialPeriodsAvailable: c.financialPeriods,
  };
}
