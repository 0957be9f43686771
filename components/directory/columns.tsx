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
  labelOf,
  SECURITY_TYPE_LABELS,
  TRADING_STATUS_LABELS,
} from "@/lib/upstream/vocabulary";
import { Highlighted } from "./highlighted";
import type { DirectoryRow } from "./use-directory";

export interface ColumnMeta {
  label: string;
  /** CSS grid track. */
  width: string;
  /** The track on a narrow window (the two-column layout), where it differs. */
  narrowWidth?: string;
  sort?: SortField;
  align?: "end";
}

export const COLUMN_META: Record<ColumnId, ColumnMeta> = {
  name: { label: "Company", width: "minmax(332px, 2fr)", narrowWidth: "minmax(186px, 2fr)", sort: "name" },
  ticker: { label: "Ticker", width: "108px", sort: "ticker" },
  sector: { label: "Sector", width: "minmax(192px, 1fr)", sort: "sector" },
  industryGroup: { label: "Industry group", width: "minmax(140px, 1fr)" },
  industry: { label: "Industry", width: "minmax(116px, 1.4fr)", sort: "industry" },
  subIndustry: { label: "Sub-industry", width: "minmax(140px, 1.2fr)" },
  country: { label: "HQ country", width: "minmax(136px, 0.8fr)", sort: "country" },
  region: { label: "HQ region", width: "120px" },
  domicile: { label: "Domicile", width: "minmax(110px, 0.8fr)" },
  marketCap: { label: "Market cap", width: "120px", sort: "marketCap", align: "end" },
  companyType: { label: "Type", width: "152px", sort: "companyType" },
  companyStatus: { label: "Status", width: "88px", sort: "companyStatus" },
  tradingStatus: { label: "Trading", width: "96px" },
  securityType: { label: "Security", width: "140px" },
  reportingCurrency: { label: "Reporting ccy", width: "96px" },
  tradingCurrency: { label: "Trading ccy", width: "88px" },
  datasets: { label: "Datasets", width: "96px" },
  cik: { label: "CIK", width: "112px" },
  fscl: { label: "fscl", width: "150px" },
  figi: { label: "FIGI", width: "128px" },
  isin: { label: "ISIN", width: "128px" },
  cusip: { label: "CUSIP", width: "104px" },
  updatedAt: { label: "Updated", width: "112px", sort: "updatedAt" },
};

const IDENTIFIER_LABELS: Record<string, string> = {
  companyKey: "Key",
  companyFiscalIdentifier: "fscl",
  cik: "CIK",
  figi: "FIGI",
  figiComposite: "Composite FIGI",
  figiShareClass: "Share-class FIGI",
  isin: "ISIN",
  cusip: "CUSIP",
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

export const features = tableFeatures({});

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
      {formatAgo(at * 1000, now)}
    </span>
  );
}

/** Every column the directory offers; the page shows the chosen ones. */
export const DIRECTORY_COLUMNS = helper.columns([
  helper.display({
    id: "name",
    header: COLUMN_META.name.label,
    cell: ({ row }) => <NameCell company={row.original} />,
  }),
  helper.display({
    id: "ticker",
    header: COLUMN_META.ticker.label,
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
    header: COLUMN_META.sector.label,
    cell: ({ row }) => text(row.original.sector),
  }),
  helper.display({
    id: "industryGroup",
    header: COLUMN_META.industryGroup.label,
    cell: ({ row }) => text(row.original.industryGroup),
  }),
  helper.display({
    id: "industry",
    header: COLUMN_META.industry.label,
    cell: ({ row }) => text(row.original.industry),
  }),
  helper.display({
    id: "subIndustry",
    header: COLUMN_META.subIndustry.label,
    cell: ({ row }) => text(row.original.subIndustry),
  }),
  helper.display({
    id: "country",
    header: COLUMN_META.country.label,
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
    header: COLUMN_META.region.label,
    cell: ({ row }) => text(row.original.headquartersRegion),
  }),
  helper.display({
    id: "domicile",
    header: COLUMN_META.domicile.label,
    cell: ({ row }) => text(row.original.legalDomicileCountryName),
  }),
  helper.display({
    id: "marketCap",
    header: COLUMN_META.marketCap.label,
    cell: ({ row }) => <MarketCap value={row.original.marketCapUsd} />,
  }),
  helper.display({
    id: "companyType",
    header: COLUMN_META.companyType.label,
    cell: ({ row }) =>
      row.original.companyType ? (
        <Badge>{labelOf(COMPANY_TYPE_LABELS, row.original.companyType)}</Badge>
      ) : null,
  }),
  helper.display({
    id: "companyStatus",
    header: COLUMN_META.companyStatus.label,
    cell: ({ row }) =>
      row.original.companyStatus ? (
        <Badge tone={statusTone(row.original.companyStatus)}>
          {labelOf(COMPANY_STATUS_LABELS, row.original.companyStatus)}
        </Badge>
      ) : null,
  }),
  helper.display({
    id: "tradingStatus",
    header: COLUMN_META.tradingStatus.label,
    cell: ({ row }) => {
      const status = row.original.primaryListing.tradingStatus;
      return status ? (
        <Badge tone={statusTone(status)}>{labelOf(TRADING_STATUS_LABELS, status)}</Badge>
      ) : null;
    },
  }),
  helper.display({
    id: "securityType",
    header: COLUMN_META.securityType.label,
    cell: ({ row }) =>
      text(
        row.original.primaryListing.securityType
          ? labelOf(SECURITY_TYPE_LABELS, row.original.primaryListing.securityType)
          : null,
      ),
  }),
  helper.display({
    id: "reportingCurrency",
    header: COLUMN_META.reportingCurrency.label,
    cell: ({ row }) => mono(row.original.reportingCurrency),
  }),
  helper.display({
    id: "tradingCurrency",
    header: COLUMN_META.tradingCurrency.label,
    cell: ({ row }) => mono(row.original.primaryListing.tradingCurrency),
  }),
  helper.display({
    id: "datasets",
    header: COLUMN_META.datasets.label,
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
  helper.display({ id: "cik", header: COLUMN_META.cik.label, cell: ({ row }) => mono(row.original.cik) }),
  helper.display({
    id: "fscl",
    header: COLUMN_META.fscl.label,
    cell: ({ row }) => mono(row.original.companyFiscalIdentifier),
  }),
  helper.display({
    id: "figi",
    header: COLUMN_META.figi.label,
    cell: ({ row }) => mono(row.original.primaryListing.figi),
  }),
  helper.display({
    id: "isin",
    header: COLUMN_META.isin.label,
    cell: ({ row }) => mono(row.original.primaryListing.isin),
  }),
  helper.display({
    id: "cusip",
    header: COLUMN_META.cusip.label,
    cell: ({ row }) => mono(row.original.primaryListing.cusip),
  }),
  helper.display({
    id: "updatedAt",
    header: COLUMN_META.updatedAt.label,
    cell: ({ row }) => <UpdatedCell at={row.original.updatedAt} />,
  }),
]);
