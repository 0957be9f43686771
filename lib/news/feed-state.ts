// The top-news feed's filter state: parsed from the URL once for the server page and the client
// feed, written back with defaults omitted, and mapped to the /api/top-news query. Plain code (no
// zod, no React) so that it is cheap in the browser bundle and unit-testable.

import { addDays, daysBetween, isIsoDate } from "@/lib/dates";
import { CAP_BUCKETS } from "@/lib/directory/fields";
import { formatUsdCompact, formatUtcDay } from "@/lib/format";
import { COMPANY_KEY_PATTERN } from "@/lib/identifiers";
import {
  DEFAULT_MIN_MARKET_CAP,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  type EventType,
  isKnownEventType,
} from "@/lib/upstream/vocabulary";

/** The API's limit on a top-news date range, and its default window. */
export const MAX_RANGE_DAYS = 7;
export const FEED_PAGE_SIZE = 30;
/** Companies per page of the by-company view. */
export const TALLY_PAGE_SIZE = 25;
/**
 * Without JavaScript the feed shows more stories by link: `?pages=N` renders its first N pages
 * (the server's prefetch, which the script then carries on from), at most this many.
 */
export const MAX_LINKED_PAGES = 10;

/** The `pages` parameter of the feed's URL: 1 when absent or not a whole number in range. */
export function linkedPagesOf(value: unknown): number {
  const n = typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : 1;
  return Math.min(MAX_LINKED_PAGES, Math.max(1, n));
}

export const LEVELS = [1, 2, 3, 4, 5] as const;
export type Level = (typeof LEVELS)[number];

export type ImportanceFilter = { kind: "range"; min: Level; max: Level } | { kind: "exact"; level: Level };
export type ImportanceRange = Extract<ImportanceFilter, { kind: "range" }>;
/** The top news's default: importance 1 or 2. */
export const DEFAULT_IMPORTANCE: ImportanceRange = { kind: "range", min: 1, max: 2 };
/** A company's news's default: every level. */
export const EVERY_IMPORTANCE: ImportanceRange = { kind: "range", min: 1, max: 5 };

/** How stories are grouped: the API's order, by UTC day, or by company (`group=` in the URL). */
export const FEED_GROUPS = ["ranked", "day", "company"] as const;
export type FeedGroup = (typeof FEED_GROUPS)[number];

/**
 * How stories are ordered (`sort=` in the URL): by importance, then company size (market cap), then
 * newest; or newest first whatever the importance. The API's own order (importance, then newest)
 * is "api": the server falls back to it when the budget cannot afford a ranking.
 */
export const FEED_ORDERS = ["rank", "newest"] as const;
export type FeedOrder = (typeof FEED_ORDERS)[number];
export const FEED_ORDER_LABELS: Record<FeedOrder, string> = {
  rank: "Most important",
  newest: "Newest first",
};

/** Company sizes as a choice of several (`size=mega,large` in the URL): the directory's buckets. */
export const FEED_SIZES = CAP_BUCKETS.map((b) => b.id);
export type FeedSize = (typeof FEED_SIZES)[number];
export const FEED_SIZE_LABELS: Record<FeedSize, string> = Object.fromEntries(
  CAP_BUCKETS.map((b) => [b.id, b.label]),
) as Record<FeedSize, string>;

export function isFeedSize(value: string): value is FeedSize {
  return FEED_SIZES.some((s) => s === value);
}

export interface CapInterval {
  min: number;
  /** Undefined: no ceiling. */
  max: number | undefined;
}

/** The market-cap ranges a choice of sizes covers: adjacent sizes joined, largest first. */
export function sizeIntervals(sizes: readonly FeedSize[]): CapInterval[] {
  const chosen = CAP_BUCKETS.filter((b) => sizes.includes(b.id)).sort((a, b) => a.min - b.min);
  const out: CapInterval[] = [];
  for (const bucket of chosen) {
    const max = Number.isFinite(bucket.max) ? bucket.max : undefined;
    const last = out.at(-1);
    if (last && last.max === bucket.min) last.max = max;
    else out.push({ min: bucket.min, max });
  }
  return out.reverse();
}

/** How densely each story is drawn: a card, or one headline line (`view=` in the URL). */
export const FEED_DENSITIES = ["cards", "headlines"] as const;
export type FeedDensity = (typeof FEED_DENSITIES)[number];
/** The cookie that remembers the density a person last chose, so the server renders it first. */
export const DENSITY_COOKIE = "news-view";

export function isFeedDensity(value: string | undefined): value is FeedDensity {
  return FEED_DENSITIES.some((d) => d === value);
}

/**
 * A window that moves with the data clock (`range=` in the URL): today, or the latest 3 days. The
 * latest 7 days is the API default and needs no parameter (`range=7d` is read as it).
 */
export const RELATIVE_RANGES = { today: 1, "3d": 3 } as const;
export type RelativeRange = keyof typeof RELATIVE_RANGES;

function isRelativeRange(value: string | undefined): value is RelativeRange {
  return value !== undefined && Object.hasOwn(RELATIVE_RANGES, value);
}

const RELATIVE_LABELS: Record<RelativeRange, string> = { today: "Today", "3d": "Last 3 days" };

export function describeRelative(relative: RelativeRange): string {
  return RELATIVE_LABELS[relative];
}

/** The dates a relative window covers on a given UTC day. */
export function resolveRelative(relative: RelativeRange, today: string): DateRange {
  return { start: addDays(today, -(RELATIVE_RANGES[relative] - 1)), end: today };
}

export interface DateRange {
  start: string;
  end: string;
}

export interface FeedState {
  /** Inclusive UTC dates; null is the API default, the latest 7 UTC days. */
  range: DateRange | null;
  /** Set when the range is relative to the data clock: the URL keeps the word, not the dates. */
  relative: RelativeRange | null;
  /** Empty means every event type (the API default). */
  eventTypes: EventType[];
  importance: ImportanceFilter;
  /** Undefined is the API's default $1B floor; 0 is "no floor". */
  minMarketCap: number | undefined;
  maxMarketCap: number | undefined;
  /** Chosen sizes, in vocabulary order; when any are chosen they replace the two bounds. */
  sizes: FeedSize[];
  /** Canonical companyKey; with a company the API ignores the market-cap bounds. */
  company: string | null;
  order: FeedOrder;
  group: FeedGroup;
  density: FeedDensity;
}

export const DEFAULT_FEED_STATE: FeedState = {
  range: null,
  relative: null,
  eventTypes: [],
  importance: DEFAULT_IMPORTANCE,
  minMarketCap: undefined,
  maxMarketCap: undefined,
  sizes: [],
  company: null,
  order: "rank",
  group: "ranked",
  density: "cards",
};

/** Every filter back to its default; how the stories are ordered, grouped and drawn is not a filter. */
export const withoutFilters = (state: FeedState): FeedState => ({
  ...DEFAULT_FEED_STATE,
  order: state.order,
  group: state.group,
  density: state.density,
});

/** The API's default window: the latest 7 UTC days up to today. */
export function defaultRange(today: string): DateRange {
  return { start: addDays(today, -(MAX_RANGE_DAYS - 1)), end: today };
}

/** The window the feed shows: the explicit range or the default one. */
export function effectiveRange(state: FeedState, today: string): DateRange {
  return state.range ?? defaultRange(today);
}

// ---- market cap ----------------------------------------------------------------------------

const SUFFIXES: [string, number][] = [
  ["T", 1e12],
  ["B", 1e9],
  ["M", 1e6],
  ["K", 1e3],
];

/** "10B", "300M", "0": a USD amount written compactly for a URL. */
export function formatCapParam(value: number): string {
  for (const [suffix, size] of SUFFIXES) {
    if (value < size) continue;
    const scaled = Math.round((value / size) * 1000) / 1000;
    if (scaled * size === value) return `${scaled}${suffix}`;
  }
  return String(value);
}

/** Accepts 1000000000, 1e9, 1B, 2.5T, 300m; undefined for anything else (or negative). */
export function parseCapParam(raw: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?(?:e\+?\d+)?)\s*([kmbt])?$/i.exec(raw.trim());
  if (!match) return undefined;
  const base = Number(match[1]);
  const size = match[2] ? (SUFFIXES.find(([s]) => s === match[2]?.toUpperCase())?.[1] ?? 1) : 1;
  const value = base * size;
  return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

/**
 * What the market-cap filter is set to: the API's $1B floor, a choice of sizes (every size is no
 * floor at all), or custom bounds.
 */
export type CapMode = "default" | "sizes" | "custom";

export function capModeOf(state: Pick<FeedState, "minMarketCap" | "maxMarketCap" | "sizes">): CapMode {
  if (state.sizes.length > 0 || (state.minMarketCap === 0 && state.maxMarketCap === undefined))
    return "sizes";
  return state.minMarketCap === undefined && state.maxMarketCap === undefined ? "default" : "custom";
}

/** The sizes shown as chosen: every one when there is no floor. */
export function chosenSizes(state: Pick<FeedState, "minMarketCap" | "maxMarketCap" | "sizes">): FeedSize[] {
  if (state.sizes.length > 0) return state.sizes;
  return state.minMarketCap === 0 && state.maxMarketCap === undefined ? [...FEED_SIZES] : [];
}

// ---- URL <-> state -------------------------------------------------------------------------

export type RawParams = URLSearchParams | Readonly<Record<string, string | string[] | undefined>>;

function reader(raw: RawParams): (name: string) => string | undefined {
  return (name) => {
    const value = raw instanceof URLSearchParams ? raw.get(name) : raw[name];
    const first = Array.isArray(value) ? value[0] : value;
    const trimmed = first?.trim();
    return trimmed ? trimmed : undefined;
  };
}

function levelOf(value: string | undefined): Level | undefined {
  if (value === undefined || !/^[1-5]$/.test(value)) return undefined;
  return Number(value) as Level;
}

/**
 * Reads the feed state from a URL's parameters. Anything unusable is dropped or corrected, never
 * an error: each correction is described in `notes` so the page can say what it changed. Without
 * `view=` in the URL, the density is the one the person last chose (`preferredDensity`).
 */
export function parseFeedParams(
  raw: RawParams,
  today: string,
  preferredDensity: FeedDensity = "cards",
): { state: FeedState; notes: string[] } {
  const get = reader(raw);
  const notes: string[] = [];

  const rawRange = get("range");
  let relative: RelativeRange | null = null;
  if (rawRange !== undefined && rawRange !== "7d") {
    if (isRelativeRange(rawRange)) relative = rawRange;
    else notes.push(`Ignored the range “${rawRange.slice(0, 20)}”: use today, 3d or 7d.`);
  }
  const relativeWins = rawRange === "7d" || relative !== null;
  if (relativeWins && (get("startDate") || get("endDate")))
    notes.push("A relative range and fixed dates cannot be combined: using the relative range.");

  let start = relativeWins ? undefined : get("startDate");
  let end = relativeWins ? undefined : get("endDate");
  for (const [name, value] of [
    ["start date", start],
    ["end date", end],
  ] as const) {
    if (value !== undefined && !isIsoDate(value)) notes.push(`Ignored the ${name} “${value.slice(0, 20)}”.`);
  }
  if (start !== undefined && !isIsoDate(start)) start = undefined;
  if (end !== undefined && !isIsoDate(end)) end = undefined;
  let range: DateRange | null = null;
  if (start && end) {
    if (end < start) {
      [start, end] = [end, start];
      notes.push("The dates were reversed; swapped them.");
    }
    if (daysBetween(start, end) > MAX_RANGE_DAYS) {
      start = addDays(end, -(MAX_RANGE_DAYS - 1));
      notes.push(`The feed covers at most ${MAX_RANGE_DAYS} days: showing ${start} to ${end}.`);
    }
    range = { start, end };
  } else if (start) {
    const latest = addDays(start, MAX_RANGE_DAYS - 1);
    range = { start, end: latest < today ? latest : today < start ? start : today };
    notes.push(`A start date needs an end date: showing ${range.start} to ${range.end}.`);
  } else if (end) {
    range = { start: addDays(end, -(MAX_RANGE_DAYS - 1)), end };
    notes.push(`An end date needs a start date: showing ${range.start} to ${range.end}.`);
  }

  const eventTypes: EventType[] = [];
  for (const value of (get("eventType") ?? "").split(",")) {
    const type = value.trim();
    if (!type) continue;
    if (isKnownEventType(type)) eventTypes.push(type);
    else notes.push(`Ignored the unknown event type “${type.slice(0, 30)}”.`);
  }

  const exact = levelOf(get("importance"));
  const minLevel = levelOf(get("minImportance"));
  const maxLevel = levelOf(get("maxImportance"));
  for (const name of ["importance", "minImportance", "maxImportance"]) {
    const value = get(name);
    if (value !== undefined && levelOf(value) === undefined)
      notes.push(`Ignored ${name} “${value.slice(0, 10)}”: importance runs from 1 to 5.`);
  }
  let importance: ImportanceFilter = DEFAULT_IMPORTANCE;
  if (exact !== undefined) {
    importance = { kind: "exact", level: exact };
    if (minLevel !== undefined || maxLevel !== undefined)
      notes.push("An exact importance and a range cannot be combined: using the exact level.");
  } else if (minLevel !== undefined || maxLevel !== undefined) {
    let min: Level = minLevel ?? 1;
    let max: Level = maxLevel ?? 5;
    if (min > max) {
      [min, max] = [max, min];
      notes.push("The importance range was reversed; swapped it.");
    }
    importance = { kind: "range", min, max };
  }

  let minMarketCap: number | undefined;
  let maxMarketCap: number | undefined;
  for (const name of ["minMarketCap", "maxMarketCap"] as const) {
    const value = get(name);
    if (value === undefined) continue;
    const parsed = parseCapParam(value);
    if (parsed === undefined) notes.push(`Ignored ${name} “${value.slice(0, 20)}”: not an amount in USD.`);
    else if (name === "minMarketCap") minMarketCap = parsed;
    else maxMarketCap = parsed;
  }
  if (minMarketCap !== undefined && maxMarketCap !== undefined && minMarketCap > maxMarketCap) {
    [minMarketCap, maxMarketCap] = [maxMarketCap, minMarketCap];
    notes.push("The market-cap bounds were reversed; swapped them.");
  }

  const sizes: FeedSize[] = [];
  for (const value of (get("size") ?? "").split(",")) {
    const size = value.trim().toLowerCase();
    if (!size) continue;
    if (isFeedSize(size)) sizes.push(size);
    else notes.push(`Ignored the size “${size.slice(0, 20)}”: use ${FEED_SIZES.join(", ")}.`);
  }
  if (sizes.length > 0 && (minMarketCap !== undefined || maxMarketCap !== undefined)) {
    notes.push("Sizes and market-cap bounds cannot be combined: using the sizes.");
    minMarketCap = undefined;
    maxMarketCap = undefined;
  }

  const rawOrder = get("sort");
  const order = FEED_ORDERS.find((o) => o === rawOrder) ?? "rank";
  if (rawOrder !== undefined && rawOrder !== order)
    notes.push(`Ignored the order “${rawOrder.slice(0, 20)}”: use rank or newest.`);

  let company: string | null = null;
  const rawCompany = get("company");
  if (rawCompany !== undefined) {
    if (COMPANY_KEY_PATTERN.test(rawCompany)) company = rawCompany.toUpperCase();
    else notes.push(`Ignored the company “${rawCompany.slice(0, 40)}”: not a company key.`);
  }

  // `view=` names the density; before the headline view it named the grouping, so an old link's
  // `view=day` or `view=company` still groups (and takes the person's density).
  const rawView = get("view");
  const rawGroup = get("group") ?? rawView;
  const group = FEED_GROUPS.find((g) => g === rawGroup) ?? "ranked";
  const density = isFeedDensity(rawView) ? rawView : preferredDensity;
  const isGroup = (value: string) => FEED_GROUPS.some((g) => g === value);
  if (rawView !== undefined && !isFeedDensity(rawView) && !isGroup(rawView))
    notes.push(`Ignored the view “${rawView.slice(0, 20)}”: use cards or headlines.`);
  const groupParam = get("group");
  if (groupParam !== undefined && !isGroup(groupParam))
    notes.push(`Ignored the grouping “${groupParam.slice(0, 20)}”: use day or company, or none to rank.`);
  if (relative) range = resolveRelative(relative, today);

  const state = normalizeFeedState(
    {
      range,
      relative,
      eventTypes,
      importance,
      minMarketCap,
      maxMarketCap,
      sizes,
      company,
      order,
      group,
      density,
    },
    today,
  );
  return { state, notes };
}

/**
 * The canonical form of a state: event types deduplicated in vocabulary order (all of them is the
 * same as none), a relative window kept only while the range is still
 * what it resolves to (a patch that sets other dates makes them fixed), and a ceiling below the
 * default floor with no floor of its own given the floor 0 (otherwise it could never match anything).
 */
export function normalizeFeedState(state: FeedState, today: string): FeedState {
  // Bounds that are exactly one size's (a link from before sizes could be combined) are that size.
  const bucket =
    state.sizes.length === 0
      ? CAP_BUCKETS.find(
          (b) =>
            b.min === state.minMarketCap &&
            (Number.isFinite(b.max) ? b.max : undefined) === state.maxMarketCap,
        )
      : undefined;
  const chosen = new Set<FeedSize>(bucket ? [bucket.id] : state.sizes);
  const sizes = chosen.size === FEED_SIZES.length ? [] : FEED_SIZES.filter((s) => chosen.has(s));
  // Every size is "no floor"; a size replaces the bounds.
  const everySize = chosen.size === FEED_SIZES.length;
  const selected = new Set(state.eventTypes);
  const eventTypes = selected.size === EVENT_TYPES.length ? [] : EVENT_TYPES.filter((t) => selected.has(t));
  // Fixed dates stay fixed, even when they are today's default window: a shared link or a bookmark
  // of them must not drift a day at a time.
  const range = state.range;
  const resolved = state.relative ? resolveRelative(state.relative, today) : null;
  const relative =
    resolved && range && range.start === resolved.start && range.end === resolved.end ? state.relative : null;
  const minMarketCap = everySize
    ? 0
    : sizes.length > 0 || bucket
      ? undefined
      : state.minMarketCap === undefined &&
          state.maxMarketCap !== undefined &&
          state.maxMarketCap < DEFAULT_MIN_MARKET_CAP
        ? 0
        : state.minMarketCap;
  const maxMarketCap = everySize || sizes.length > 0 || bucket ? undefined : state.maxMarketCap;
  return { ...state, eventTypes, range, relative, minMarketCap, maxMarketCap, sizes };
}

/** The URL parameters of a state, defaults omitted, in a stable order (lib/news/search-params.ts writes them). */
export function feedQueryOf(state: FeedState): Record<string, string> {
  const params: Record<string, string> = {};
  if (state.relative) params.range = state.relative;
  else if (state.range) {
    params.startDate = state.range.start;
    params.endDate = state.range.end;
  }
  if (state.eventTypes.length > 0) params.eventType = state.eventTypes.join(",");
  for (const [name, level] of Object.entries(importanceQuery(state.importance))) params[name] = String(level);
  if (state.minMarketCap !== undefined) params.minMarketCap = formatCapParam(state.minMarketCap);
  if (state.maxMarketCap !== undefined) params.maxMarketCap = formatCapParam(state.maxMarketCap);
  if (state.sizes.length > 0) params.size = state.sizes.join(",");
  if (state.company) params.company = state.company;
  if (state.order !== "rank") params.sort = state.order;
  if (state.density !== "cards") params.view = state.density;
  if (state.group !== "ranked") params.group = state.group;
  return params;
}

export function isDefaultImportance(
  importance: ImportanceFilter,
  fallback: ImportanceFilter = DEFAULT_IMPORTANCE,
): boolean {
  return (
    importance.kind === "range" &&
    fallback.kind === "range" &&
    importance.min === fallback.min &&
    importance.max === fallback.max
  );
}

/**
 * The API's parameters for an importance filter: an exact level, or a range's ends; none for
 * `fallback`, the range that applies when none is sent.
 */
export function importanceQuery(
  importance: ImportanceFilter,
  fallback: ImportanceFilter = DEFAULT_IMPORTANCE,
): { importance?: Level; minImportance?: Level; maxImportance?: Level } {
  if (importance.kind === "exact") return { importance: importance.level };
  if (isDefaultImportance(importance, fallback)) return {};
  return { minImportance: importance.min, maxImportance: importance.max };
}

export type ApiParams = Record<string, string | number>;

/**
 * The /api/top-news query of a state (without page and pageSize). Defaults are left to the API;
 * a range is always sent with both ends; the market-cap bounds are not sent with a company, since
 * the API ignores them there (and the cache key stays the same).
 */
export function toApiParams(state: FeedState): ApiParams {
  const params: ApiParams = {};
  if (state.company) params.companyKey = state.company;
  if (state.range) {
    params.startDate = state.range.start;
    params.endDate = state.range.end;
  }
  if (state.eventTypes.length > 0) params.eventType = state.eventTypes.join(",");
  Object.assign(params, importanceQuery(state.importance));
  if (!state.company) {
    if (state.minMarketCap !== undefined) params.minMarketCap = state.minMarketCap;
    if (state.maxMarketCap !== undefined) params.maxMarketCap = state.maxMarketCap;
    if (state.sizes.length > 0) params.size = state.sizes.join(",");
  }
  if (state.order !== "rank") params.order = state.order;
  return params;
}

// ---- words ---------------------------------------------------------------------------------

const usd = (value: number) => formatUsdCompact(value, 2);

export function describeImportance(importance: ImportanceFilter): string {
  if (importance.kind === "exact") return `importance ${importance.level} only`;
  return importance.min === importance.max
    ? `importance ${importance.min}`
    : `importance ${importance.min}–${importance.max}`;
}

/** "every event type", "Earnings, M&A" (up to three by name), "5 event types". */
export function describeEventTypes(types: readonly EventType[]): string {
  if (types.length === 0) return "every event type";
  if (types.length <= 3) return types.map((t) => EVENT_TYPE_LABELS[t]).join(", ");
  return `${types.length} event types`;
}

/**
 * What a view narrows to beyond the defaults, as a feed reader's title shows it: "Acme Corp ·
 * today · importance 1–2 · Earnings" (`company`: the company's name, when the view has one).
 * Importance is always said; the market cap only when no company is picked, as on the page.
 */
export function describeFeedView(state: FeedState, company?: string): string {
  const parts: string[] = [];
  if (company) parts.push(company);
  if (state.relative) parts.push(describeRelative(state.relative).toLowerCase());
  else if (state.range) parts.push(describeRange(state.range));
  parts.push(describeImportance(state.importance));
  if (!company && capModeOf(state) !== "default") parts.push(describeCapFilter(state));
  if (state.eventTypes.length > 0) parts.push(describeEventTypes(state.eventTypes));
  return parts.join(" · ");
}

/** The market-cap filter in words: "market cap ≥ $1B", "mega and large caps", "any market cap". */
export function describeCapFilter(state: Pick<FeedState, "minMarketCap" | "maxMarketCap" | "sizes">): string {
  return state.sizes.length > 0
    ? describeSizes(state.sizes)
    : describeMarketCap(state.minMarketCap, state.maxMarketCap);
}

/** "mega and large caps", "small caps", "mega, mid and micro caps". */
export function describeSizes(sizes: readonly FeedSize[]): string {
  const names = [...sizes];
  const list =
    names.length <= 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${list} caps`;
}

export function describeMarketCap(min: number | undefined, max: number | undefined): string {
  const floor = min ?? DEFAULT_MIN_MARKET_CAP;
  if (floor === 0 && max === undefined) return "any market cap";
  if (max === undefined) return `market cap ≥ ${usd(floor)}`;
  if (floor === 0) return `market cap ≤ ${usd(max)}`;
  return `market cap ${usd(floor)}–${usd(max)}`;
}

/**
 * "Nov 14 – Nov 20, 2026", "Dec 30, 2025 – Jan 2, 2026", "Nov 20, 2026" (UTC days). Always with its
 * year: a link or bookmark to last year's week must not read as this week's.
 */
export function describeRange(range: DateRange): string {
  const [startYear, endYear] = [range.start.slice(0, 4), range.end.slice(0, 4)];
  const day = (date: string) => formatUtcDay(Date.parse(`${date}T00:00:00Z`), "day");
  if (range.start === range.end) return `${day(range.start)}, ${startYear}`;
  const start = startYear === endYear ? day(range.start) : `${day(range.start)}, ${startYear}`;
  return `${start} – ${day(range.end)}, ${endYear}`;
}

export type FilterId = "company" | "eventTypes" | "importance" | "marketCap" | "dates";

export interface Relaxation {
  filter: FilterId;
  /** What widening does, e.g. "Any importance (1–5)". */
  label: string;
  state: FeedState;
}

/**
 * One-step widenings of a state, one per filter that narrows the feed beyond what widening can
 * undo: the empty state asks the API how many stories each would find.
 */
export function relaxations(state: FeedState): Relaxation[] {
  const out: Relaxation[] = [];
  if (state.company)
    out.push({ filter: "company", label: "Every company", state: { ...state, company: null } });
  if (state.eventTypes.length > 0)
    out.push({ filter: "eventTypes", label: "Every event type", state: { ...state, eventTypes: [] } });
  const imp = state.importance;
  if (imp.kind === "exact" || imp.min !== 1 || imp.max !== 5)
    out.push({
      filter: "importance",
      label: "Any importance (1–5)",
      state: { ...state, importance: { kind: "range", min: 1, max: 5 } },
    });
  if (
    !state.company &&
    (state.minMarketCap !== 0 || state.maxMarketCap !== undefined || state.sizes.length > 0)
  )
    out.push({
      filter: "marketCap",
      label: "Any market cap (no floor)",
      state: { ...state, minMarketCap: 0, maxMarketCap: undefined, sizes: [] },
    });
  if (state.range)
    out.push({
      filter: "dates",
      label: "The latest 7 days",
      state: { ...state, range: null, relative: null },
    });
  return out;
}
