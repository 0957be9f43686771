// CSV of directory rows (RFC 4180) in two flavours. "spreadsheet": safe to open in Excel or
// Sheets, identifiers stay text (="0000320193") and upstream text cannot become a formula.
// "plain": the values as they are, for pandas, R and other code that reads CSV literally.
import type { Company } from "@/lib/upstream/schemas";
import type { SyncProgress } from "./sync";

type Kind = "text" | "number" | "identifier";
export const CSV_FLAVORS = ["spreadsheet", "plain"] as const;
export type CsvFlavor = (typeof CSV_FLAVORS)[number];
interface CsvColumn {
  header: string;
  kind: Kind;
  value: (c: Company) => string | number | null | undefined;
}

export const CSV_COLUMNS: readonly CsvColumn[] = [
  { header: "companyKey", kind: "identifier", value: (c) => c.companyKey },
  { header: "displayName", kind: "text", value: (c) => c.displayNameEnglish },
  { header: "legalName", kind: "text", value: (c) => c.legalNameEnglish },
  { header: "nativeName", kind: "text", value: (c) => c.legalNameNative },
  { header: "ticker", kind: "identifier", value: (c) => c.primaryListing.ticker },
  { header: "exchangeCode", kind: "identifier", value: (c) => c.primaryListing.exchangeCode },
  { header: "exchangeName", kind: "text", value: (c) => c.primaryListing.exchangeName },
  { header: "operatingMic", kind: "identifier", value: (c) => c.primaryListing.operatingMic },
  { header: "sector", kind: "text", value: (c) => c.sector },
  { header: "industryGroup", kind: "text", value: (c) => c.industryGroup },
  { header: "industry", kind: "text", value: (c) => c.industry },
  { header: "subIndustry", kind: "text", value: (c) => c.subIndustry },
  { header: "headquartersCountry", kind: "text", value: (c) => c.headquartersCountryName },
  { header: "headquartersRegion", kind: "text", value: (c) => c.headquartersRegion },
  { header: "legalDomicile", kind: "text", value: (c) => c.legalDomicileCountryName },
  { header: "companyType", kind: "text", value: (c) => c.companyType },
  { header: "companyStatus", kind: "text", value: (c) => c.companyStatus },
  { header: "tradingStatus", kind: "text", value: (c) => c.primaryListing.tradingStatus },
  { header: "securityType", kind: "text", value: (c) => c.primaryListing.securityType },
  { header: "marketCapUsd", kind: "number", value: (c) => c.marketCapUsd },
  { header: "reportingCurrency", kind: "identifier", value: (c) => c.reportingCurrency },
  { header: "tradingCurrency", kind: "identifier", value: (c) => c.primaryListing.tradingCurrency },
  { header: "availableDatasets", kind: "text", value: (c) => c.availableDatasets.join(" ") },
  { header: "cik", kind: "identifier", value: (c) => c.cik },
  { header: "companyFiscalIdentifier", kind: "identifier", value: (c) => c.companyFiscalIdentifier },
  { header: "figi", kind: "identifier", value: (c) => c.primaryListing.figi },
  { header: "figiComposite", kind: "identifier", value: (c) => c.primaryListing.figiComposite },
  { header: "figiShareClass", kind: "identifier", value: (c) => c.primaryListing.figiShareClass },
  { header: "isin", kind: "identifier", value: (c) => c.primaryListing.isin },
  { header: "cusip", kind: "identifier", value: (c) => c.primaryListing.cusip },
  {
    header: "updatedAt",
    kind: "text",
    value: (c) => (typeof c.updatedAt === "number" ? new Date(c.updatedAt * 1000).toISOString() : null),
  },
];

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One cell. For a spreadsheet, identifiers it would read as numbers (CIK 0000320193, CUSIP
 * 037833100, 1E5) are written as ="..." so their digits survive; text starting like a formula gets
 * a '. Plain cells are only quoted. */
export function csvCell(
  value: string | number | null | undefined,
  kind: Kind,
  flavor: CsvFlavor = "spreadsheet",
): string {
  if (value === null || value === undefined) return "";
  if (kind === "number") return typeof value === "number" && Number.isFinite(value) ? String(value) : "";
  const text = String(value);
  if (flavor === "plain") return quote(text);
  if (kind === "identifier" && /^(?:\d+|\d+(?:\.\d+)?[eEdD][+-]?\d+)$/.test(text)) return `="${text}"`;
  if (/^[=+\-@\t\r]/.test(text)) return quote(`'${text}`);
  return quote(text);
}

/** The columns a viewer gets: without ISIN and CUSIP unless they are `licensed` to see them. */
export function csvColumns(licensed = true): readonly CsvColumn[] {
  return licensed ? CSV_COLUMNS : CSV_COLUMNS.filter((c) => c.header !== "isin" && c.header !== "cusip");
}

export function csvHeader(columns: readonly CsvColumn[] = CSV_COLUMNS): string {
  return `${columns.map((c) => c.header).join(",")}\r\n`;
}

export function csvLine(
  company: Company,
  flavor: CsvFlavor = "spreadsheet",
  columns: readonly CsvColumn[] = CSV_COLUMNS,
): string {
  return `${columns.map((c) => csvCell(c.value(company), c.kind, flavor)).join(",")}\r\n`;
}

/**
 * Why a view of a set cannot be exported yet, or null when it can: an export is the whole set's
 * matches, so it waits for a complete index (a first sync still running would export part of it).
 */
export function exportWaitsFor(
  progress: Pick<SyncProgress, "state" | "pagesDone" | "pagesTotal">,
): string | null {
  if (progress.state === "ready") return null;
  if (progress.state === "unavailable")
    return "The all-companies set is not available on this server's plan.";
  if (progress.state === "error")
    return "The company list could not be loaded, so an export would miss companies. Try again later.";
  const pages = progress.pagesTotal ? ` (${progress.pagesDone} of ${progress.pagesTotal} pages)` : "";
  return `The company list is still loading${pages}: the export is ready when it has every company.`;
}
