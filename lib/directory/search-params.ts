// The directory's URL state, parsed once for both sides: the server page reads it with the loader,
// the client reads and writes it with useQueryStates on the same parsers, and links come from the
// serializer. Lenient: a hand-edited or stale URL never breaks the page (what cannot be used is
// dropped). Defaults are left out of the URL, so a shared link is short. Neither server-only nor a
// client module.
import {
  createLoader,
  createParser,
  createSerializer,
  type inferParserType,
  parseAsArrayOf,
  parseAsBoolean,
  parseAsNativeArrayOf,
  parseAsString,
  parseAsStringLiteral,
} from "nuqs/server";
import { CAP_FILTER_VALUES, FACET_FIELDS, type FacetField, SORT_FIELDS } from "@/lib/directory/fields";
import {
  COLUMN_IDS,
  type ColumnId,
  DEFAULT_COLUMNS,
  type DirectoryState,
  defaultOrder,
  FULL_ONLY_COLUMNS,
  withName,
} from "@/lib/directory/view-state";
import { formatMarketCap } from "@/lib/format";

const MAX_TEXT = 200;

/** The query as typed; the URL holds it trimmed. */
const query = createParser({
  parse: (value) => value.slice(0, MAX_TEXT),
  serialize: (value) => value.trim(),
  eq: (a, b) => a.trim() === b.trim(),
}).withDefault("");

/** A facet value: non-blank text of at most 200 characters (values may hold commas, so facets are repeated parameters). */
const facetValue = createParser({
  parse: (value) => {
    const trimmed = value.trim();
    return trimmed && trimmed.length <= MAX_TEXT ? trimmed : null;
  },
  serialize: (value) => value,
});

/** A USD amount, 0 or more. */
const amount = createParser({
  parse: (text) => {
    if (text.trim() === "") return null;
    const value = Number(text);
    return Number.isFinite(value) && value >= 0 ? value : null;
  },
  serialize: String,
});

/** The page of the no-script list (`page`), 2 and up; the client drops it on any change. */
const listPage = createParser({
  parse: (text) => {
    const page = Number(text);
    return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : null;
  },
  serialize: String,
});

const facetParsers = Object.fromEntries(
  FACET_FIELDS.map((field) => [field, parseAsNativeArrayOf(facetValue)]),
) as Record<FacetField, ReturnType<typeof parseAsNativeArrayOf<string>>>;

/** What selects and orders the rows: the page's filters and, as they are, /api/companies's. */
const filterParsers = {
  q: query,
  ...facetParsers,
  // Growing vocabularies in comma lists (their values hold no commas), as the API reads them.
  datasets: parseAsArrayOf(facetValue).withDefault([]),
  marketCap: parseAsArrayOf(parseAsStringLiteral(CAP_FILTER_VALUES)).withDefault([]),
  minMarketCap: amount,
  maxMarketCap: amount,
  set: parseAsStringLiteral(["default", "all"] as const).withDefault("default"),
  sort: parseAsStringLiteral(SORT_FIELDS),
  order: parseAsStringLiteral(["asc", "desc"] as const),
};

export const directoryParsers = {
  ...filterParsers,
  view: parseAsStringLiteral(["full", "compact"] as const).withDefault("full"),
  cols: parseAsArrayOf(parseAsString),
  page: listPage,
};

export type DirectoryParams = inferParserType<typeof directoryParsers>;

export const loadDirectorySearchParams = createLoader(directoryParsers);

const serializeDirectory = createSerializer(directoryParsers);
const serializeApiQuery = createSerializer({ ...filterParsers, compact: parseAsBoolean.withDefault(false) });

const unique = (values: readonly string[]) => [...new Set(values)];

/** The view a URL's parsed parameters describe. */
export function stateOf(params: DirectoryParams): DirectoryState {
  const filters: DirectoryState["filters"] = {};
  for (const field of FACET_FIELDS) {
    const values = unique(params[field]);
    if (values.length > 0) filters[field] = values;
  }
  const view = params.view;
  const columns = (params.cols ?? []).filter(
    (c): c is ColumnId =>
      (COLUMN_IDS as readonly string[]).includes(c) &&
      !(view === "compact" && FULL_ONLY_COLUMNS.includes(c as ColumnId)),
  );
  return {
    q: params.q,
    filters,
    datasets: unique(params.datasets),
    marketCap: unique(params.marketCap),
    minMarketCap: params.minMarketCap ?? undefined,
    maxMarketCap: params.maxMarketCap ?? undefined,
    sort: params.sort ?? undefined,
    order: params.sort ? (params.order ?? undefined) : undefined,
    columns: columns.length > 0 ? withName(unique(columns) as ColumnId[]) : undefined,
    view,
    set: params.set,
  };
}

/** The URL parameters of a view, defaults as null (left out); the no-script list's page dropped. */
export function paramsOf(state: DirectoryState): DirectoryParams {
  const facets = Object.fromEntries(FACET_FIELDS.map((f) => [f, state.filters[f] ?? []])) as Record<
    FacetField,
    string[]
  >;
  const columns = state.columns;
  return {
    q: state.q,
    ...facets,
    datasets: state.datasets,
    marketCap: state.marketCap as DirectoryParams["marketCap"],
    minMarketCap: state.minMarketCap ?? null,
    maxMarketCap: state.maxMarketCap ?? null,
    set: state.set,
    sort: state.sort ?? null,
    order: state.sort && state.order && state.order !== defaultOrder(state.sort) ? state.order : null,
    view: state.view,
    cols: columns && columns.join(",") !== DEFAULT_COLUMNS[state.view].join(",") ? columns : null,
    page: null,
  };
}

/**
 * What the page says of a link it cannot show as it stands: each value it does not read (left out
 * of the view, and of the address once the page has a script), and bounds no company can match.
 */
export function directoryUrlNotes(raw: URLSearchParams, params: DirectoryParams): string[] {
  const notes: string[] = [];
  // The value the page reads: a parameter's first (nuqs reads no other), when not blank.
  const given = (name: string) => raw.get(name)?.trim() || undefined;
  const quoted = (value: string) => `“${value.slice(0, 40)}”`;
  /** A value given that the page did not take (read as no value, or as its default). */
  const dropped = (name: keyof DirectoryParams, message: (value: string) => string) => {
    const value = given(name);
    const read = params[name];
    if (value !== undefined && (read === null || (typeof read === "string" && read !== value)))
      notes.push(message(quoted(value)));
  };
  dropped("sort", (v) => `There is no sorting by ${v}: the default order.`);
  dropped("order", (v) => `The order is asc or desc, not ${v}: the column's own.`);
  dropped(
    "minMarketCap",
    (v) => `A market-cap bound is an amount in USD of 0 or more, not ${v}: no minimum.`,
  );
  dropped(
    "maxMarketCap",
    (v) => `A market-cap bound is an amount in USD of 0 or more, not ${v}: no maximum.`,
  );
  dropped("page", (v) => `The page is a whole number from 1, not ${v}: the first page.`);
  dropped("view", (v) => `The view is full or compact, not ${v}: full.`);
  dropped("set", (v) => `The company set is default or all, not ${v}: the API-enabled companies.`);
  const ranges = (given("marketCap") ?? "").split(",").filter((v) => v.trim() !== "");
  const unknown = ranges.filter((v) => !(params.marketCap as readonly string[]).includes(v));
  if (unknown.length > 0)
    notes.push(
      `${unknown.map(quoted).join(", ")} ${unknown.length === 1 ? "is" : "are"} no market-cap range: left out.`,
    );
  const { minMarketCap: min, maxMarketCap: max } = params;
  if (min !== null && max !== null && min > max)
    notes.push(
      `The market-cap minimum (${formatMarketCap(min)}) is above the maximum (${formatMarketCap(max)}): no company can match.`,
    );
  return notes;
}

/** The page's query string for a state, defaults omitted ("" for the default view). */
export function serializeDirectoryState(state: DirectoryState): string {
  return serializeDirectory(paramsOf(state));
}

/** The directory's URL for a state; a page past the first names the page of the no-script list. */
export function directoryHref(state: DirectoryState, page = 1): string {
  return serializeDirectory("/companies", { ...paramsOf(state), page: page > 1 ? page : null });
}

/** The query string of /api/companies (and its CSV export) for a state, without paging. */
export function apiQuery(state: DirectoryState): string {
  const { view: _view, cols: _cols, page: _page, ...filters } = paramsOf(state);
  return serializeApiQuery({ ...filters, compact: state.view === "compact" }).replace(/^\?/, "");
}
