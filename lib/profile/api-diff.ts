// The contract's v2-to-v3 field mapping (api-spec.md, "v2 to v3 field mapping") applied to one
// company's two profile responses: which v3 field each v2 field became, and whether the values
// agree, differ as the contract says they should (GBX vs GBP, venue vs composite FIGI, the
// status mapping, the dataset vocabularies), or disagree. Plain functions: browser-safe.
import type { Profile, ProfileV2 } from "@/lib/upstream/schemas";
import { entryOf, V2_DATASETS } from "@/lib/upstream/vocabulary";
import { MINOR_UNITS } from "./listings";

/**
 * same: equal values; expected: different values, as the contract says they differ;
 * mismatch: values the mapping says should agree and do not; absent: one side has no value.
 */
export type MappingKind = "same" | "expected" | "mismatch" | "absent";

export interface MappingRow {
  v2Field: string;
  v3Field: string;
  v2Value: string | null;
  v3Value: string | null;
  kind: MappingKind;
  note?: string;
}

export interface ApiDiff {
  rows: MappingRow[];
  /** Fields new in v3, with their values for this company. */
  v3Only: { field: string; value: string | null }[];
  counts: Record<MappingKind, number>;
}

type Value = string | number | boolean | null | undefined | readonly string[];

/** A value as the API view shows it: arrays as comma lists, missing as null. */
export function display(value: Value): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (Array.isArray(value)) return value.length === 0 ? "[]" : value.join(", ");
  return String(value);
}

function plain(v2Field: string, v3Field: string, v2: Value, v3: Value, note?: string): MappingRow {
  const v2Value = display(v2);
  const v3Value = display(v3);
  const kind: MappingKind =
    v2Value === v3Value ? "same" : v2Value === null || v3Value === null ? "absent" : "mismatch";
  return { v2Field, v3Field, v2Value, v3Value, kind, note };
}

function currencyRow(v2: Value, v3: Value): MappingRow {
  const row = plain("tradingCurrency", "primaryListing.tradingCurrency", v2, v3);
  const minor = typeof v3 === "string" ? entryOf(MINOR_UNITS, v3) : undefined;
  if (row.kind === "mismatch" && minor && v2 === minor.major) {
    return {
      ...row,
      kind: "expected",
      note: `v3 keeps the minor unit: ${minor.per} ${v3} = 1 ${minor.major} (${minor.unit}); v2 collapsed it to ${minor.major}.`,
    };
  }
  if (row.kind === "same" && minor) row.note = "Both report the minor unit.";
  return row;
}

/** The contract's mapping: Active is active; Inactive is delisted, suspended or pre_ipo. */
export function v2StatusFor(v3Status: string | null | undefined): "Active" | "Inactive" | null {
  if (!v3Status) return null;
  if (v3Status === "active") return "Active";
  if (["delisted", "suspended", "pre_ipo"].includes(v3Status)) return "Inactive";
  return null;
}

function statusRow(v2: string | undefined, v3: string | null | undefined): MappingRow {
  const row = plain("tradingStatus", "primaryListing.tradingStatus", v2, v3);
  if (row.kind !== "mismatch") return row;
  const expected = v2StatusFor(v3);
  if (expected === null)
    return { ...row, note: `${v3} is not in this build's v3 status vocabulary; the mapping is unknown.` };
  if (expected === v2)
    return {
      ...row,
      kind: "expected",
      note:
        v2 === "Active"
          ? "v2 Active is v3 active."
          : `v2 Inactive covers v3 delisted, suspended and pre_ipo; this line is ${v3}.`,
    };
  return { ...row, note: `The mapping says v3 ${v3} is v2 ${expected}.` };
}

function preIpoRow(v2: boolean | undefined, v3Status: string | null | undefined): MappingRow {
  const v3PreIpo = v3Status ? v3Status === "pre_ipo" : undefined;
  const v2Value = display(v2);
  const v3Value = v3Status ? `tradingStatus = ${v3Status}` : null;
  const base = { v2Field: "isPreIpo", v3Field: "primaryListing.tradingStatus", v2Value, v3Value };
  if (v2 === undefined || v3PreIpo === undefined) return { ...base, kind: "absent" };
  return v2 === v3PreIpo
    ? { ...base, kind: "expected", note: "Removed in v3: isPreIpo is tradingStatus = pre_ipo." }
    : { ...base, kind: "mismatch", note: `isPreIpo is ${v2} but the v3 line is ${v3Status}.` };
}

function figiRows(v2: Value, composite: Value, venue: Value): MappingRow[] {
  const compositeRow = plain("figi", "primaryListing.figiComposite", v2, composite);
  if (compositeRow.kind === "same") compositeRow.note = "v2 figi is the country-level composite FIGI.";
  const venueRow = plain("figi", "primaryListing.figi", v2, venue);
  if (venueRow.kind === "mismatch" && compositeRow.kind === "same") {
    venueRow.kind = "expected";
    venueRow.note = "Same name, another level: v3 figi is the venue-level FIGI of the exchange line.";
  } else if (venueRow.kind === "same") {
    venueRow.note = "The venue-level and composite FIGIs coincide for this line.";
  }
  return [compositeRow, venueRow];
}

function datasetsRow(v2: readonly string[] | undefined, v3: readonly string[]): MappingRow {
  const v2Vocabulary = new Set<string>(V2_DATASETS);
  const v2List = v2 ?? [];
  const v3InV2Vocabulary = v3.filter((d) => v2Vocabulary.has(d));
  const v3Extra = v3.filter((d) => !v2Vocabulary.has(d));
  const base = {
    v2Field: "availableDatasets",
    v3Field: "availableDatasets",
    v2Value: display(v2List),
    v3Value: display(v3),
  };
  const sameWithinV2 =
    v3InV2Vocabulary.length === v2List.length && v3InV2Vocabulary.every((d) => v2List.includes(d));
  if (!sameWithinV2) {
    const missing = v3InV2Vocabulary.filter((d) => !v2List.includes(d));
    const extra = v2List.filter((d) => !v3.includes(d));
    const parts = [
      missing.length ? `v2 lacks ${missing.join(", ")}` : "",
      extra.length ? `v2 lists ${extra.join(", ")}, which v3 does not` : "",
    ].filter(Boolean);
    return { ...base, kind: "mismatch", note: `${parts.join("; ")}.` };
  }
  if (v3Extra.length === 0)
    return { ...base, kind: "same", note: "Only values of the v2 vocabulary apply here." };
  return {
    ...base,
    kind: "expected",
    note: `The v2 vocabulary is ${V2_DATASETS.join(", ")}; v3 also lists ${v3Extra.join(", ")}.`,
  };
}

const LIVE_NOTE = "Served live: two calls made moments apart may differ.";

function liveRow(field: string, v2: Value, v3: Value): MappingRow {
  const row = plain(field, field, v2, v3);
  if (row.kind === "mismatch") return { ...row, kind: "expected", note: LIVE_NOTE };
  return row;
}

/** Fields v3 keeps under their v2 name, with the same meaning. */
const SAME_NAME = [
  "companyKey",
  "sector",
  "industryGroup",
  "industry",
  "subIndustry",
  "reportingTemplate",
  "cik",
  "reportingCurrency",
  "financialPeriodsAvailable",
] as const satisfies readonly (keyof ProfileV2 & keyof Profile)[];

/** Applies the contract's v2-to-v3 mapping to one company's v2 and v3 profiles. */
export function diffProfiles(v2: ProfileV2, v3: Profile): ApiDiff {
  const listing = v3.primaryListing;
  const rows: MappingRow[] = [
    plain("ticker", "primaryListing.ticker", v2.ticker, listing?.ticker),
    plain("exchangeSymbol", "primaryListing.exchangeCode", v2.exchangeSymbol, listing?.exchangeCode),
    plain("exchangeName", "primaryListing.exchangeName", v2.exchangeName, listing?.exchangeName),
    plain("micCode", "primaryListing.operatingMic", v2.micCode, listing?.operatingMic),
    currencyRow(v2.tradingCurrency, listing?.tradingCurrency),
    statusRow(v2.tradingStatus, listing?.tradingStatus),
    preIpoRow(v2.isPreIpo, listing?.tradingStatus),
    ...figiRows(v2.figi, listing?.figiComposite, listing?.figi),
    plain("cusip", "primaryListing.cusip", v2.cusip, listing?.cusip, "Licensed identifier."),
    plain("isin", "primaryListing.isin", v2.isin, listing?.isin, "Licensed identifier."),
    plain("name", "displayNameEnglish", v2.name, v3.displayNameEnglish),
    plain("countryCode", "headquartersCountryCode", v2.countryCode, v3.headquartersCountryCode),
    plain("countryName", "headquartersCountryName", v2.countryName, v3.headquartersCountryName),
    plain("description", "descriptionLong", v2.description, v3.descriptionLong),
    plain("shortDescription", "descriptionShort", v2.shortDescription, v3.descriptionShort),
    ...SAME_NAME.map((field) => plain(field, field, v2[field], v3[field])),
    liveRow("updatedAt", v2.updatedAt, v3.updatedAt),
    liveRow("earningsFilingDate", v2.earningsFilingDate, v3.earningsFilingDate),
    datasetsRow(v2.availableDatasets, v3.availableDatasets),
  ];
  // The same value in both licensed fields is "same"; both missing (no licence) is not news.
  for (const row of rows) if (row.v2Value === null && row.v3Value === null) row.kind = "same";

  const v3Only: ApiDiff["v3Only"] = [
    ["companyFiscalIdentifier", v3.companyFiscalIdentifier],
    ["companyId", v3.companyId],
    ["marketCapUsd", v3.marketCapUsd],
    ["legalNameEnglish", v3.legalNameEnglish],
    ["tradeNameEnglish", v3.tradeNameEnglish],
    ["legalNameNative", v3.legalNameNative],
    ["tradeNameNative", v3.tradeNameNative],
    ["companyType", v3.companyType],
    ["companyStatus", v3.companyStatus],
    ["headquartersRegion", v3.headquartersRegion],
    ["legalDomicileCountryCode", v3.legalDomicileCountryCode],
    ["legalDomicileCountryName", v3.legalDomicileCountryName],
    ["chiefExecutiveOfficer", v3.chiefExecutiveOfficer],
    ["foundingYear", v3.foundingYear],
    ["ipoYear", v3.ipoYear],
    ["primaryListing.listingFiscalIdentifier", listing?.listingFiscalIdentifier],
    ["primaryListing.exchangeCountryCode", listing?.exchangeCountryCode],
    ["primaryListing.segmentMic", listing?.segmentMic],
    ["primaryListing.segmentName", listing?.segmentName],
    ["primaryListing.securityType", listing?.securityType],
    ["primaryListing.securityFiscalIdentifier", listing?.securityFiscalIdentifier],
    ["primaryListing.figiShareClass", listing?.figiShareClass],
    ["secondaryListings", `${v3.secondaryListings.length} listing(s)`],
    ["peers", `${v3.peers.length} peer(s)`],
  ].map(([field, value]) => ({ field: field as string, value: display(value as Value) }));

  const counts: Record<MappingKind, number> = { same: 0, expected: 0, mismatch: 0, absent: 0 };
  for (const row of rows) counts[row.kind]++;
  return { rows, v3Only, counts };
}
