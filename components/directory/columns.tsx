"use client";

import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { createContext, useContext } from "react";
import { Badge, statusTone, type Tone } from "@/components/ui/badge";
import { CompanyLogo } from "@/components/ui/company-logo";
import { CopyButton } from "@/components/ui/copy-button";
import { MarketCap } from "@/components/ui/market-cap";
import type { SortField } from "@/lib/directory/fields";
import { highlightRanges } from "@/lib/directory/highlight";
import { NOT_API_ENABLED } from "@/lib/directory/sets";
import type { ColumnId } from "@/lib/directory/view-state";
import { DATA_UPDATED, formatSince, formatUtc, plainText } from "@/lib/format";
import {
  COMPANY_STATUS_LABELS,
  COMPANY_TYPE_LABELS,
  DATASET_LABELS,
  LISTING_IDENTIFIERS,
  labelOf,
  SECURITY_TYPE_LABELS,
  TRADING_STATUS_LABELS,
} from "@/lib/upstream/vocabulary";
import { Highlighted } from "./highlighted";
import type { DirectoryRow } from "./use-directory";

/** What the table's header and grid need of a column beyond its label and cells. */
export interface DirectoryColumnMeta {
  /** CSS grid track. */
  width: string;
  /** The track on a narrow window (the two-column layout), where it differs. */
  narrowWidth?: string;
  sort?: SortField;
  align?: "end";
}

const IDENTIFIER_LABELS: Record<string, string> = {
  companyKey: "Key",
  companyFiscalIdentifier: "fscl",
  cik: "CIK",
  ...Object.fromEntries(LISTING_IDENTIFIERS),
};

/** Why a row matched, when the name cell alone does not show it: the identifier or other name. */
function matchHint(row: DirectoryRow, query: string): { label: string; value: string } | null {
  const match = row.match;
  if (!match || !query) return null;
  if (match.kind === "identifier") {
    const listing = row.primaryListing as Record<string, unknown>;
    const value = (row as Record<string, unknown>)[match.field] ?? listing[match.field];
    return typeof value === "string" ? { label: IDENTIFIER_LABELS[match.field] ?? match.field, value } : null;
  }
  if (
    (match.kind === "name" || match.kind === "name-prefix") &&
    highlightRanges(row.displayNameEnglish ?? "", query).length === 0
  ) {
    for (const name of [row.legalNameEnglish, row.tradeNameEnglish, row.legalNameNative, row.tradeNameNative])
      if (name && highlightRanges(name, query).length > 0) return { label: "Also", value: name };
  }
  return null;
}

export const features = tableFeatures({ columnMeta: {} as DirectoryColumnMeta });

/**
 * What cells need beyond their row: the query to highlight, the clock, whether to hold logos, and
 * whether the table is narrow.
 */
export const CellContext = createContext<{
  query: string;
  now: number;
  deferImages: boolean;
  narrow: boolean;
}>({ query: "", now: 0, deferImages: false, narrow: false });
const helper = createColumnHelper<typeof features, DirectoryRow>();
const muted = "text-slate-500 dark:text-slate-400";
/** A cell of one value, cut to its track with the whole in its title; a dash when missing. */
const valueCell = (className: string) => (value: string | null | undefined) =>
  value ? (
    <span className={className} title={plainText(value)}>
      {value}
    </span>
  ) : (
    <span className={muted}>–</span>
  );
const text = valueCell("truncate");
const mono = valueCell("truncate font-mono text-[13px]");
/** An identifier: monospace, with a copy button as on the profile. */
const identifier = (label: string) => (value: string | null | undefined) =>
  value ? (
    <span className="flex min-w-0 items-center">
      <span className="truncate font-mono text-[13px]" title={plainText(value)}>
        {value}
      </span>
      <span className="relative z-[1] -my-1 ml-0.5">
        <CopyButton value={value} label={`${label} ${value}`} tabIndex={-1} />
      </span>
    </span>
  ) : (
    <span className={muted}>–</span>
  );

/** A column whose cell is one value of the row, as text or in monospace. */
function valueColumn(
  id: ColumnId,
  header: string,
  meta: DirectoryColumnMeta,
  value: (row: DirectoryRow) => string | null | undefined,
  render = text,
) {
  return helper.display({ id, header, meta, cell: ({ row }) => render(value(row.original)) });
}

/** A column whose cell is a badge of one labelled value of the row, in a tone when one is given. */
function badgeColumn(
  id: ColumnId,
  header: string,
  meta: DirectoryColumnMeta,
  labels: Readonly<Record<string, string>>,
  value: (row: DirectoryRow) => string | null | undefined,
  tone?: (value: string) => Tone,
) {
  return helper.display({
    id,
    header,
    meta,
    cell: ({ row }) => {
      const v = value(row.original);
      return v ? <Badge tone={tone?.(v)}>{labelOf(labels, v)}</Badge> : null;
    },
  });
}

function NameCell({ company }: { company: DirectoryRow }) {
  const { query, deferImages, narrow } = useContext(CellContext);
  const hint = matchHint(company, query);
  const name = company.displayNameEnglish ?? company.companyKey;
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <CompanyLogo
        companyKey={company.companyKey}
        name={name}
        hasLogo={company.availableDatasets.includes("logos")}
        size={26}
        defer={deferImages}
      />
      <span className="min-w-0">
        <span className="block truncate font-medium" dir="auto" title={plainText(name)}>
          <Highlighted text={name} query={query} />
        </span>
        {company.apiEnabled === false && (
          <span
            className={`block truncate text-xs ${muted}`}
            title="In the full universe only: reference data, no datasets from the API."
          >
            {NOT_API_ENABLED}
          </span>
        )}
        {narrow && (
          <span className={`block truncate text-xs ${muted}`}>
            <span className="font-mono font-semibold">{company.primaryListing.ticker}</span> ·{" "}
            {company.primaryListing.exchangeCode}
          </span>
        )}
        {hint && (
          <span className={`block truncate text-xs ${muted}`} dir="auto">
            {hint.label}:{" "}
            {hint.label === "Also" ? (
              <Highlighted text={hint.value} query={query} />
            ) : (
              <mark className="rounded-sm bg-amber-200 font-mono text-inherit dark:bg-amber-500/40">
                {hint.value}
              </mark>
            )}
          </span>
        )}
      </span>
    </span>
  );
}

function UpdatedCell({ at }: { at: number | null | undefined }) {
  const { now } = useContext(CellContext);
  if (typeof at !== "number") return <span className={muted}>–</span>;
  return (
    <span className="truncate text-xs" title={formatUtc(at * 1000)}>
      {/* `now` moves in whole minutes (useDataNow): a row changed within the last one is "just now". */}
      {formatSince(at * 1000, now)}
    </span>
  );
}

/**
 * Every column the directory offers, the one place a column is described: its label (the header),
 * its grid track, its sort and its cells. The page shows the chosen ones.
 */
export const DIRECTORY_COLUMNS = helper.columns([
  helper.display({
    id: "name",
    header: "Company",
    meta: { width: "minmax(332px, 2fr)", narrowWidth: "minmax(160px, 2fr)", sort: "name" },
    cell: ({ row }) => <NameCell company={row.original} />,
  }),
  helper.display({
    id: "ticker",
    header: "Ticker",
    meta: { width: "108px", sort: "ticker" },
    cell: function TickerCell({ row }) {
      const listing = row.original.primaryListing;
      const tickerHit = row.original.match?.kind === "ticker" || row.original.match?.kind === "ticker-prefix";
      const where = listing.exchangeName
        ? `${listing.exchangeCode} (${listing.exchangeName})`
        : listing.exchangeCode;
      // The ticker gives way (cut, its whole in the title) before its exchange code does.
      return (
        <span className="flex min-w-0 items-baseline" title={plainText(`${listing.ticker} · ${where}`)}>
          <span className="truncate font-mono text-[13px] font-semibold">
            {tickerHit ? (
              <mark className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-500/40">
                {listing.ticker}
              </mark>
            ) : (
              listing.ticker
            )}
          </span>
          <span className={`ml-1 shrink-0 text-xs ${muted}`}>{listing.exchangeCode}</span>
        </span>
      );
    },
  }),
  valueColumn("sector", "Sector", { width: "minmax(192px, 1fr)", sort: "sector" }, (c) => c.sector),
  valueColumn("industryGroup", "Industry group", { width: "minmax(140px, 1fr)" }, (c) => c.industryGroup),
  valueColumn("industry", "Industry", { width: "minmax(116px, 1.4fr)", sort: "industry" }, (c) => c.industry),
  valueColumn("subIndustry", "Sub-industry", { width: "minmax(140px, 1.2fr)" }, (c) => c.subIndustry),
  helper.display({
    id: "country",
    header: "HQ country",
    meta: { width: "minmax(136px, 0.8fr)", sort: "country" },
    cell: ({ row }) => {
      const { headquartersCountryCode: code, headquartersCountryName: name } = row.original;
      if (!name && !code) return <span className={muted}>–</span>;
      return (
        <span className="truncate" title={plainText(name ?? code) || undefined}>
          {code && (
            <span className="mr-1.5 font-mono text-xs text-slate-500 dark:text-slate-400">{code}</span>
          )}
          {name ?? code}
        </span>
      );
    },
  }),
  valueColumn("region", "HQ region", { width: "120px" }, (c) => c.headquartersRegion),
  valueColumn("domicile", "Domicile", { width: "minmax(110px, 0.8fr)" }, (c) => c.legalDomicileCountryName),
  helper.display({
    id: "marketCap",
    header: "Market cap",
    meta: { width: "120px", sort: "marketCap", align: "end" },
    cell: ({ row }) => <MarketCap value={row.original.marketCapUsd} />,
  }),
  badgeColumn(
    "companyType",
    "Type",
    { width: "152px", sort: "companyType" },
    COMPANY_TYPE_LABELS,
    (c) => c.companyType,
  ),
  badgeColumn(
    "companyStatus",
    "Status",
    { width: "88px", sort: "companyStatus" },
    COMPANY_STATUS_LABELS,
    (c) => c.companyStatus,
    statusTone,
  ),
  badgeColumn(
    "tradingStatus",
    "Trading",
    { width: "96px" },
    TRADING_STATUS_LABELS,
    (c) => c.primaryListing.tradingStatus,
    statusTone,
  ),
  valueColumn("securityType", "Security", { width: "140px" }, ({ primaryListing: { securityType } }) =>
    securityType ? labelOf(SECURITY_TYPE_LABELS, securityType) : null,
  ),
  valueColumn("reportingCurrency", "Reporting ccy", { width: "96px" }, (c) => c.reportingCurrency, mono),
  valueColumn(
    "tradingCurrency",
    "Trading ccy",
    { width: "88px" },
    (c) => c.primaryListing.tradingCurrency,
    mono,
  ),
  helper.display({
    id: "datasets",
    header: "Datasets",
    meta: { width: "96px" },
    cell: ({ row }) => {
      const datasets = row.original.availableDatasets;
      if (datasets.length === 0) return <span className={`text-xs ${muted}`}>None</span>;
      const labels = datasets.map((d) => labelOf(DATASET_LABELS, d));
      return (
        <span className="truncate text-xs" title={plainText(labels.join(", "))}>
          <span className="font-medium tabular-nums">{datasets.length}</span>{" "}
          {datasets.length === 1 ? "dataset" : "datasets"}
          <span className="sr-only">: {labels.join(", ")}</span>
        </span>
      );
    },
  }),
  valueColumn("cik", "CIK", { width: "136px" }, (c) => c.cik, identifier("CIK")),
  valueColumn("fscl", "fscl", { width: "174px" }, (c) => c.companyFiscalIdentifier, identifier("fscl")),
  valueColumn("figi", "FIGI", { width: "152px" }, (c) => c.primaryListing.figi, identifier("FIGI")),
  valueColumn("isin", "ISIN", { width: "152px" }, (c) => c.primaryListing.isin, identifier("ISIN")),
  valueColumn("cusip", "CUSIP", { width: "128px" }, (c) => c.primaryListing.cusip, identifier("CUSIP")),
  helper.display({
    id: "updatedAt",
    header: DATA_UPDATED,
    meta: { width: "112px", sort: "updatedAt" },
    cell: ({ row }) => <UpdatedCell at={row.original.updatedAt} />,
  }),
]);

const COLUMN_BY_ID = new Map(DIRECTORY_COLUMNS.map((column) => [column.id, column]));

/** The definitions of the chosen columns, in the order given. */
export function columnDefs(ids: readonly ColumnId[]) {
  return ids.flatMap((id) => COLUMN_BY_ID.get(id) ?? []);
}

/** A column's label, its header. */
export function columnLabel(id: ColumnId): string {
  const header = COLUMN_BY_ID.get(id)?.header;
  return typeof header === "string" ? header : id;
}
