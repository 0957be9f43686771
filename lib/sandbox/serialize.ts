// The contract's JSON shapes, built from the universe's records.
import { earningsFilingDate, peers, profileExtras, updatedAt } from "./derive";
import type { CompanyRec, ListingRec, Universe } from "./universe";
import { countryByCode } from "./universe";

export interface View {
  universe: Universe;
  licensed: boolean;
  nowMs: number;
}

type Json = Record<string, unknown>;

function licensedIds(l: ListingRec, licensed: boolean): Json {
  if (!licensed) return {};
  const out: Json = {};
  if (l.security.isin) out.isin = l.security.isin;
  if (l.security.cusip) out.cusip = l.security.cusip;
  return out;
}

export function listingJson(
  l: ListingRec,
  licensed: boolean,
  level: "full" | "compact" | "peer" = "full",
): Json {
  const country = countryByCode.get(l.exchange.countryCode);
  if (level === "peer") {
    return {
      listingFiscalIdentifier: l.fiscalId,
      ticker: l.ticker,
      exchangeCode: l.exchange.code,
      exchangeName: l.exchange.name,
      operatingMic: l.exchange.operatingMic,
      securityFiscalIdentifier: l.security.fiscalId,
      ...licensedIds(l, licensed),
      figi: l.figi,
      figiComposite: l.figiComposite,
      figiShareClass: l.security.figiShareClass,
    };
  }
  return {
    listingFiscalIdentifier: l.fiscalId,
    ticker: l.ticker,
    exchangeCode: l.exchange.code,
    exchangeName: l.exchange.name,
    ...(level === "full"
      ? { exchangeCountryCode: l.exchange.countryCode, exchangeCountryName: country?.name }
      : {}),
    operatingMic: l.exchange.operatingMic,
    ...(level === "full" ? { segmentMic: l.segment.mic, segmentName: l.segment.name } : {}),
    securityFiscalIdentifier: l.security.fiscalId,
    securityType: l.security.type,
    tradingCurrency: l.currency,
    tradingStatus: l.status,
    ...licensedIds(l, licensed),
    figi: l.figi,
    figiComposite: l.figiComposite,
    figiShareClass: l.security.figiShareClass,
  };
}

export function companyRowJson(view: View, c: CompanyRec, compact: boolean): Json {
  const primary = c.listings[0] as ListingRec;
  const earnings = earningsFilingDate(view.universe, c, view.nowMs);
  return {
    companyId: c.companyId,
    companyFiscalIdentifier: c.fiscalId,
    companyKey: c.companyKey,
    displayNameEnglish: c.displayName,
    legalNameEnglish: c.legalName,
    ...(compact
      ? {}
      : {
          tradeNameEnglish: c.tradeName,
          legalNameNative: c.legalNameNative,
          tradeNameNative: c.tradeNameNative,
        }),
    companyType: c.type,
    companyStatus: c.status,
    headquartersCountryCode: c.hq.code,
    headquartersCountryName: c.hq.name,
    headquartersRegion: c.hq.region,
    ...(compact
      ? {}
      : { legalDomicileCountryCode: c.domicile.code, legalDomicileCountryName: c.domicile.name }),
    sector: c.sub.sector,
    ...(compact
      ? {}
      : { industryGroup: c.sub.industryGroup, industry: c.sub.industry, subIndustry: c.sub.name }),
    reportingTemplate: c.sub.reportingTemplate,
    ...(c.cik ? { cik: c.cik } : {}),
    marketCapUsd: c.marketCapUsd,
    primaryListing: listingJson(primary, view.licensed, compact ? "compact" : "full"),
    reportingCurrency: c.reportingCurrency,
    updatedAt: updatedAt(view.universe, c, view.nowMs),
    ...(earnings ? { earningsFilingDate: earnings } : {}),
    availableDatasets: c.datasets,
  };
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
    peers: peers(view.universe, c).map((p) => ({
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
      marketCapUsd: p.company.marketCapUsd,
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
    updatedAt: updatedAt(view.universe, c, view.nowMs),
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
