// The directory page's state as it lives in the URL: parse (lenient: a hand-edited or stale URL
// never breaks the page), serialize (defaults omitted, so a shared link is short), and the
// matching query of /api/companies. Browser-safe: no zod, no server modules.
import { CAP_FILTER_VALUES, FACET_FIELDS, type FacetField, SORT_FIELDS, type SortField } from "./fields";

export type ViewMode = "full" | "compact";
export type CompanySetName = "default" | "all";

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
 * sectors or tickers. Type and Datasets (nearly the same for most companies) are in the chooser.
 */
export const DEFAULT_COLUMNS: Record<ViewMode, readonly ColumnId[]> = {
  full: ["name", "ticker", "sector", "industry", "country", "marketCap", "companyStatus"],
  compact: ["name", "ticker", "sector", "country", "marketCap", "companyStatus"],
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

export const EMPTY_STATE: DirectoryState = {
  q: "",
  filters: {},
  datasets: [],
  marketCap: [],
  view: "full",
  set: "default",
};

type Params = Pick<URLSearchParams, "get" | "getAll">;

function list(params: Params, name: string): string[] {
  const value = params.get(name);
  return value
    ? [
        ...new Set(
          value
            .split(",")
            .map((v) => v.trim())
            .filter(Boolean),
        ),
      ]
    : [];
}

function amount(params: Params, name: string): number | undefined {
  const text = params.get(name);
  if (text === null || text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** The state of a URL's query string. Values it cannot use are dropped, never thrown. */
export function parseDirectoryState(params: Params): DirectoryState {
  const filters: DirectoryState["filters"] = {};
  for (const field of FACET_FIELDS) {
    const values = [
      ...new Set(
        params
          .getAll(field)
          .map((v) => v.trim())
          .filter((v) => v && v.length <= 200),
      ),
    ];
    if (values.length > 0) filters[field] = values;
  }
  const sort = params.get("sort");
  const order = params.get("order");
  const view: ViewMode = params.get("view") === "compact" ? "compact" : "full";
  const columns = list(params, "cols").filter(
    (c): c is ColumnId =>
      (COLUMN_IDS as readonly string[]).includes(c) &&
      !(view === "compact" && FULL_ONLY_COLUMNS.includes(c as ColumnId)),
  );
  const state: DirectoryState = {
    q: (params.get("q") ?? "").slice(0, 200),
    filters,
    datasets: list(params, "datasets"),
    marketCap: list(params, "marketCap").filter((v) => (CAP_FILTER_VALUES as readonly string[]).includes(v)),
    minMarketCap: amount(params, "minMarketCap"),
    maxMarketCap: amount(params, "maxMarketCap"),
    sort: (SORT_FIELDS as readonly string[]).includes(sort ?? "") ? (sort as SortField) : undefined,
    order: order === "asc" || order === "desc" ? order : undefined,
    columns: columns.length > 0 ? withName(columns) : undefined,
    view,
    set: params.get("set") === "all" ? "all" : "default",
  };
  if (state.sort === undefined) state.order = undefined;
  return state;
}

/** The company name column cannot be hidden: it is the row's link. */
function withName(columns: ColumnId[]): ColumnId[] {
  return columns.includes("name") ? columns : ["name", ...columns];
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

function appendFilters(out: URLSearchParams, state: DirectoryState): void {
  if (state.q.trim()) out.set("q", state.q.trim());
  for (const field of FACET_FIELDS) for (const value of state.filters[field] ?? []) out.append(field, value);
  if (state.datasets.length > 0) out.set("datasets", state.datasets.join(","));
  if (state.marketCap.length > 0) out.set("marketCap", state.marketCap.join(","));
  if (state.minMarketCap !== undefined) out.set("minMarketCap", String(state.minMarketCap));
  if (state.maxMarketCap !== undefined) out.set("maxMarketCap", String(state.maxMarketCap));
  if (state.set === "all") out.set("set", "all");
  if (state.sort) {
    out.set("sort", state.sort);
    if (state.order && state.order !== defaultOrder(state.sort)) out.set("order", state.order);
  }
}

/** The page's query string for a state, defaults omitted ("" for the default view). */
export function serializeDirectoryState(state: DirectoryState): string {
  const out = new URLSearchParams();
  appendFilters(out, state);
  if (state.view === "compact") out.set("view", "compact");
  const columns = state.columns;
  if (columns && columns.join(",") !== DEFAULT_COLUMNS[state.view].join(","))
    out.set("cols", columns.join(","));
  const text = out.toString();
  return text ? `?${text}` : "";
}

/** The page of the no-script list that a URL names (`page`): 1 when absent or not a page number. */
export function listPageOf(params: Params): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** The directory's URL for a state; a page past the first names the page of the no-script list. */
export function directoryHref(state: DirectoryState, page = 1): string {
  const search = serializeDirectoryState(state);
  if (page === 1) return `/companies${search}`;
  return `/companies${search ? `${search}&` : "?"}page=${page}`;
}

/** The query string of /api/companies (and its CSV export) for a state, without paging. */
export function apiQuery(state: DirectoryState): string {
  const out = new URLSearchParams();
  appendFilters(out, state);
  if (state.view === "compact") out.set("compact", "true");
  return out.toString();
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
