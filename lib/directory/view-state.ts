// The directory page's view: its state and the pure edits of it. How the state travels in the URL
// is lib/directory/search-params.ts. Browser-safe: no zod, no server modules.
import { FACET_FIELDS, type FacetField, type SortField } from "./fields";
import type { CompanySetName } from "./sets";

export type ViewMode = "full" | "compact";

export const COLUMN_IDS = [
  "name",
  "ticker",
  "sector",
  "industryGroup",
  "industry",
  "subIndustry",
  "country",
  "region",
  "domicile",
  "marketCap",
  "companyType",
  "companyStatus",
  "tradingStatus",
  "securityType",
  "reportingCurrency",
  "tradingCurrency",
  "datasets",
  "cik",
  "fscl",
  "figi",
  "isin",
  "cusip",
  "updatedAt",
] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

/** Columns whose data the contract's compact row drops: not offered in compact mode. */
export const FULL_ONLY_COLUMNS: readonly ColumnId[] = [
  "industryGroup",
  "industry",
  "subIndustry",
  "domicile",
];

/**
 * The columns shown by default: at 1440 px they fit beside the filters without cutting names,
 * sectors or tickers. The market cap (the default order) comes right after the ticker, so a
 * narrower window (1280 px) cuts the columns after it, not the one the list is sorted by. Type and
 * Datasets (nearly the same for most companies) are in the chooser.
 */
export const DEFAULT_COLUMNS: Record<ViewMode, readonly ColumnId[]> = {
  full: ["name", "ticker", "marketCap", "sector", "industry", "country", "companyStatus"],
  compact: ["name", "ticker", "marketCap", "sector", "country", "companyStatus"],
};

export interface DirectoryState {
  q: string;
  filters: Partial<Record<FacetField, string[]>>;
  /** Datasets every result must have. */
  datasets: string[];
  /** Market-cap buckets (ids of CAP_BUCKETS, or "none"). */
  marketCap: string[];
  minMarketCap?: number;
  maxMarketCap?: number;
  /** Undefined: relevance with a query, largest market cap first without one. */
  sort?: SortField;
  order?: "asc" | "desc";
  /** Undefined: the default columns of the view. */
  columns?: ColumnId[];
  view: ViewMode;
  set: CompanySetName;
}

/** What a control that edits the view is given: the view, and how to replace it. */
export interface StateEditor {
  state: DirectoryState;
  onChange: (next: DirectoryState) => void;
}

/** The company name column cannot be hidden: it is the row's link. */
export function withName(columns: ColumnId[]): ColumnId[] {
  return columns.includes("name") ? columns : ["name", ...columns];
}

/**
 * The columns with one shown or hidden, in the order they stand: a column shown comes after the
 * last one before it in COLUMN_IDS (so market cap keeps its place after the ticker).
 */
export function toggleColumn(visible: readonly ColumnId[], column: ColumnId): ColumnId[] {
  if (column === "name") return [...visible];
  if (visible.includes(column)) return visible.filter((c) => c !== column);
  const rank = (c: ColumnId) => COLUMN_IDS.indexOf(c);
  const after = visible.findLastIndex((c) => rank(c) < rank(column));
  return [...visible.slice(0, after + 1), column, ...visible.slice(after + 1)];
}

export function visibleColumns(state: DirectoryState): readonly ColumnId[] {
  return state.columns ?? DEFAULT_COLUMNS[state.view];
}

/** The sort and direction actually applied, defaults filled in. */
export function effectiveSort(state: DirectoryState): { sort: SortField; order: "asc" | "desc" } {
  const sort = state.sort ?? (state.q.trim() ? "relevance" : "marketCap");
  return { sort, order: state.order ?? defaultOrder(sort) };
}

export function defaultOrder(sort: SortField): "asc" | "desc" {
  return sort === "marketCap" || sort === "updatedAt" ? "desc" : "asc";
}

/** How many filters are on (each selected value counts), for a badge and "clear all". */
export function activeFilterCount(state: DirectoryState): number {
  let count = state.datasets.length + state.marketCap.length;
  for (const field of FACET_FIELDS) count += state.filters[field]?.length ?? 0;
  if (state.minMarketCap !== undefined) count++;
  if (state.maxMarketCap !== undefined) count++;
  return count;
}

export function clearFilters(state: DirectoryState): DirectoryState {
  return {
    ...state,
    filters: {},
    datasets: [],
    marketCap: [],
    minMarketCap: undefined,
    maxMarketCap: undefined,
  };
}

/** Clears one filter group; clearing the market cap clears its custom range too. */
export function clearField(
  state: DirectoryState,
  field: FacetField | "datasets" | "marketCap",
): DirectoryState {
  if (field === "datasets") return { ...state, datasets: [] };
  if (field === "marketCap")
    return { ...state, marketCap: [], minMarketCap: undefined, maxMarketCap: undefined };
  const filters = { ...state.filters };
  delete filters[field];
  return { ...state, filters };
}

/** Toggles one value of a facet field (or of datasets / marketCap). */
export function toggleValue(
  state: DirectoryState,
  field: FacetField | "datasets" | "marketCap",
  value: string,
): DirectoryState {
  const current = field === "datasets" || field === "marketCap" ? state[field] : (state.filters[field] ?? []);
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  if (field === "datasets" || field === "marketCap") return { ...state, [field]: next };
  const filters = { ...state.filters };
  if (next.length > 0) filters[field] = next;
  else delete filters[field];
  return { ...state, filters };
}
