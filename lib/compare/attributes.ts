// The rows of the side-by-side table and how a value is told apart from the focus company's.
import {
  COMPANY_STATUS_LABELS,
  COMPANY_TYPE_LABELS,
  DATASET_LABELS,
  labelOf,
} from "@/lib/upstream/vocabulary";
import type { CompareCompany } from "./model";
import { formatRatio, ratioToFocus } from "./set-charts";

export interface Attribute {
  id: string;
  label: string;
  /** The value as text; null when the API gives none. Two companies differ when these differ. */
  text: (c: CompareCompany) => string | null;
  /** What is compared instead of the text, where the text always differs (a ticker). */
  same?: (c: CompareCompany) => string | null;
}

const place = (code: string | null, name: string | null) =>
  name ? (code ? `${name} (${code})` : name) : code;

export const ATTRIBUTES: readonly Attribute[] = [
  {
    id: "listing",
    label: "Ticker and exchange",
    text: (c) => (c.ticker ? `${c.ticker} · ${c.exchangeName ?? c.exchangeCode ?? ""}`.trim() : null),
    // Tickers always differ; the exchange is what is worth seeing at a glance.
    same: (c) => c.exchangeCode,
  },
  // Market caps nearly always differ; the table shows each against the focus as a ratio instead.
  {
    id: "marketCap",
    label: "Market cap",
    text: (c) => (c.marketCapUsd === null ? null : String(c.marketCapUsd)),
  },
  { id: "sector", label: "Sector", text: (c) => c.sector },
  { id: "industryGroup", label: "Industry group", text: (c) => c.industryGroup },
  { id: "industry", label: "Industry", text: (c) => c.industry },
  { id: "subIndustry", label: "Sub-industry", text: (c) => c.subIndustry },
  { id: "hq", label: "Headquarters", text: (c) => place(c.hqCode, c.hqName) },
  { id: "domicile", label: "Legal domicile", text: (c) => place(c.domicileCode, c.domicileName) },
  {
    id: "companyType",
    label: "Company type",
    text: (c) => (c.companyType ? labelOf(COMPANY_TYPE_LABELS, c.companyType) : null),
  },
  {
    id: "companyStatus",
    label: "Company status",
    text: (c) => (c.companyStatus ? labelOf(COMPANY_STATUS_LABELS, c.companyStatus) : null),
  },
  { id: "founded", label: "Founded", text: (c) => (c.foundingYear === null ? null : String(c.foundingYear)) },
  { id: "ipo", label: "IPO year", text: (c) => (c.ipoYear === null ? null : String(c.ipoYear)) },
  { id: "listings", label: "Listings", text: (c) => String(c.listingCount) },
  { id: "currency", label: "Reporting currency", text: (c) => c.reportingCurrency },
  {
    id: "datasets",
    label: "Datasets",
    text: (c) => [...c.datasets].sort().join(", ") || null,
  },
];

/** Whether a company's value differs from the focus company's (the focus never differs). */
export function differs(attribute: Attribute, focus: CompareCompany, other: CompareCompany): boolean {
  const value = attribute.same ?? attribute.text;
  return other !== focus && value(other) !== value(focus);
}

/**
 * Whether every company has the same value, so the row says nothing a line could not. Market cap
 * always stays: the table shows it as a ratio to the focus.
 */
export function sameForAll(attribute: Attribute, companies: readonly CompareCompany[]): boolean {
  const focus = companies[0];
  return (
    attribute.id !== "marketCap" &&
    focus !== undefined &&
    companies.every((c) => !differs(attribute, focus, c))
  );
}

/** The datasets one company has that the focus lacks, and those it lacks that the focus has. */
export function datasetDelta(
  focus: CompareCompany,
  other: CompareCompany,
): { extra: string[]; missing: string[] } {
  const label = (d: string) => labelOf(DATASET_LABELS, d);
  return {
    extra: other.datasets.filter((d) => !focus.datasets.includes(d)).map(label),
    missing: focus.datasets.filter((d) => !other.datasets.includes(d)).map(label),
  };
}

/** A market cap against the focus company's, as "2.4×" or "0.31×"; null when either is missing. */
export function capRatio(focus: CompareCompany, other: CompareCompany): string | null {
  const ratio = other === focus ? null : ratioToFocus(focus, other);
  return ratio === null ? null : formatRatio(ratio);
}
