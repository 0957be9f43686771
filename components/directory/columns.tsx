"use client";

import { createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { createContext, useContext } from "react";
import { Badge, statusTone } from "@/components/ui/badge";
import { CompanyLogo } from "@/components/ui/company-logo";
import { MarketCap } from "@/components/ui/market-cap";
import type { SortField } from "@/lib/directory/fields";
import { highlightRanges } from "@/lib/directory/highlight";
import type { ColumnId } from "@/lib/directory/view-state";
import { formatAgo, formatUtc, plainText } from "@/lib/format";
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
 * the one exchange the filters allow (its code, the same in every row, is left out).
 */
export const CellContext = createContext<{
  query: string;
  now: number;
  deferImages: boolean;
  narrow: boolean;
  exchange: string | null;
}>({ query: "", now: 0, deferImages: false, narrow: false, exchange: null });
const helper = createColumnHelper<typeof features, DirectoryRow>();
const muted = "text-slate-500 dark:text-slate-400";
const text = (value: string | null | undefined) =>
  value ? (
    <span className="truncate" title={plainText(value)}>
      {value}
    </span>
  ) : (
    <span className={muted}>–</span>
  );
const mono = (value: string | null | undefined) =>
  value ? (
    <span className="truncate font-mono text-[13px]" title={plainText(value)}>
      {value}
    </span>
  ) : (
    <span className={muted}>–</span>
  );

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
      {formatAgo(Math.min(at * 1000, now), now)}
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
    meta: { width: "minmax(332px, 2fr)", narrowWidth: "minmax(186px, 2fr)", sort: "name" },
    cell: ({ row }) => <NameCell company={row.original} />,
  }),
  helper.display({
    id: "ticker",
    header: "Ticker",
    meta: { width: "108px", sort: "ticker" },
    cell: function TickerCell({ row }) {
      const { exchange } = useContext(CellContext);
      const listing = row.original.primaryListing;
      const tickerHit = row.original.match?.kind === "ticker" || row.original.match?.kind === "ticker-prefix";
      const where = listing.exchangeName
        ? `${listing.exchangeCode} (${listing.exchangeName})`
        : listing.exchangeCode;
      return (
        <span className="truncate" title={plainText(`${listing.ticker} · ${where}`)}>
          <span className="font-mono text-[13px] font-semibold">
            {tickerHit ? (
              <mark className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-500/40">
                {listing.ticker}
              </mark>
            ) : (
              listing.ticker
            )}
          </span>
          {exchange !== listing.exchangeCode && (
            <span className={`ml-1 text-xs ${muted}`}>{listing.exchangeCode}</span>
          )}
        </span>
      );
    },
  }),
  helper.display({
    id: "sector",
    header: "Sector",
    meta: { width: "minmax(192px, 1fr)", sort: "sector" },
    cell: ({ row }) => text(row.original.sector),
  }),
  helper.display({
    id: "industryGroup",
    header: "Industry group",
    meta: { width: "minmax(140px, 1fr)" },
    cell: ({ row }) => text(row.original.industryGroup),
  }),
  helper.display({
    id: "industry",
    header: "Industry",
    meta: { width: "minmax(116px, 1.4fr)", sort: "industry" },
    cell: ({ row }) => text(row.original.industry),
  }),
  helper.display({
    id: "subIndustry",
    header: "Sub-industry",
    meta: { width: "minmax(140px, 1.2fr)" },
    cell: ({ row }) => text(row.original.subIndustry),
  }),
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
  helper.display({
    id: "region",
    header: "HQ region",
    meta: { width: "120px" },
    cell: ({ row }) => text(row.original.headquartersRegion),
  }),
  helper.display({
    id: "domicile",
    header: "Domicile",
    meta: { width: "minmax(110px, 0.8fr)" },
    cell: ({ row }) => text(row.original.legalDomicileCountryName),
  }),
  helper.display({
    id: "marketCap",
    header: "Market cap",
    meta: { width: "120px", sort: "marketCap", align: "end" },
    cell: ({ row }) => <MarketCap value={row.original.marketCapUsd} />,
  }),
  helper.display({
    id: "companyType",
    header: "Type",
    meta: { width: "152px", sort: "companyType" },
    cell: ({ row }) =>
      row.original.companyType ? (
        <Badge>{labelOf(COMPANY_TYPE_LABELS, row.original.companyType)}</Badge>
      ) : null,
  }),
  helper.display({
    id: "companyStatus",
    header: "Status",
    meta: { width: "88px", sort: "companyStatus" },
    cell: ({ row }) =>
      row.original.companyStatus ? (
        <Badge tone={statusTone(row.original.companyStatus)}>
          {labelOf(COMPANY_STATUS_LABELS, row.original.companyStatus)}
        </Badge>
      ) : null,
  }),
  helper.display({
    id: "tradingStatus",
    header: "Trading",
    meta: { width: "96px" },
    cell: ({ row }) => {
      const status = row.original.primaryListing.tradingStatus;
      return status ? (
        <Badge tone={statusTone(status)}>{labelOf(TRADING_STATUS_LABELS, status)}</Badge>
      ) : null;
    },
  }),
  helper.display({
    id: "securityType",
    header: "Security",
    meta: { width: "140px" },
    cell: ({ row }) =>
      text(
        row.original.primaryListing.securityType
          ? labelOf(SECURITY_TYPE_LABELS, row.original.primaryListing.securityType)
          : null,
      ),
  }),
  helper.display({
    id: "reportingCurrency",
    header: "Reporting ccy",
    meta: { width: "96px" },
    cell: ({ row }) => mono(row.original.reportingCurrency),
  }),
  helper.display({
    id: "tradingCurrency",
    header: "Trading ccy",
    meta: { width: "88px" },
    cell: ({ row }) => mono(row.original.primaryListing.tradingCurrency),
  }),
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
  helper.display({
    id: "cik",
    header: "CIK",
    meta: { width: "112px" },
    cell: ({ row }) => mono(row.original.cik),
  }),
  helper.display({
    id: "fscl",
    header: "fscl",
    meta: { width: "150px" },
    cell: ({ row }) => mono(row.original.companyFiscalIdentifier),
  }),
  helper.display({
    id: "figi",
    header: "FIGI",
    meta: { width: "128px" },
    cell: ({ row }) => mono(row.original.primaryListing.figi),
  }),
  helper.display({
    id: "isin",
    header: "ISIN",
    meta: { width: "128px" },
    cell: ({ row }) => mono(row.original.primaryListing.isin),
  }),
  helper.display({
    id: "cusip",
    header: "CUSIP",
    meta: { width: "104px" },
    cell: ({ row }) => mono(row.original.primaryListing.cusip),
  }),
  helper.display({
    id: "updatedAt",
    header: "Updated",
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
