import { describe, expect, it } from "vitest";
import { changedParams, feedHref, feedParamsOf, serializeFeedState } from "@/lib/news/search-params";
import {
  capModeOf,
  chosenSizes,
  DEFAULT_FEED_STATE,
  describeFeedView,
  describeMarketCap,
  describeRange,
  type FeedSize,
  type FeedState,
  feedQueryOf,
  formatCapParam,
  normalizeFeedState,
  parseCapParam,
  parseFeedParams,
  relaxations,
  sizeIntervals,
  toApiParams,
  withoutFilters,
} from "./feed-state";

const TODAY = "2026-11-20";
const parse = (query: string) => parseFeedParams(new URLSearchParams(query), TODAY);
const state = (partial: Partial<FeedState>) =>
  normalizeFeedState({ ...DEFAULT_FEED_STATE, ...partial }, TODAY);

describe("market-cap parameters", () => {
  it("writes amounts compactly and reads them back", () => {
    for (const value of [0, 300e6, 2e9, 10e9, 200e9, 1.5e12, 1234567]) {
      expect(parseCapParam(formatCapParam(value))).toBe(value);
    }
    expect(formatCapParam(10e9)).toBe("10B");
    expect(formatCapParam(300e6)).toBe("300M");
    expect(formatCapParam(0)).toBe("0");
  });

  it("accepts plain numbers, exponents and suffixes, and refuses the rest", () => {
    expect(parseCapParam("1000000000")).toBe(1e9);
    expect(parseCapParam("1e9")).toBe(1e9);
    expect(parseCapParam("2.5t")).toBe(2.5e12);
    expect(parseCapParam("-5")).toBeUndefined();
    expect(parseCapParam("lots")).toBeUndefined();
  });

  it("recognises the presets", () => {
    const mode = (
      minMarketCap: number | undefined,
      maxMarketCap: number | undefined,
      sizes: FeedSize[] = [],
    ) => capModeOf({ minMarketCap, maxMarketCap, sizes });
    expect(mode(undefined, undefined)).toBe("default");
    expect(mode(undefined, undefined, ["mega"])).toBe("sizes");
    expect(mode(0, undefined)).toBe("sizes");
    expect(mode(5e9, undefined)).toBe("custom");
    expect(chosenSizes({ minMarketCap: 0, maxMarketCap: undefined, sizes: [] })).toHaveLength(5);
    // An old link's bounds of exactly one size read as that size.
    expect(parse("minMarketCap=200B").state).toMatchObject({ sizes: ["mega"], minMarketCap: undefined });
    expect(parse("minMarketCap=10B&maxMarketCap=200B").state.sizes).toEqual(["large"]);
    expect(describeMarketCap(undefined, undefined)).toBe("market cap ≥ $1B");
    expect(describeMarketCap(0, undefined)).toBe("any market cap");
    expect(describeMarketCap(10e9, 200e9)).toBe("market cap $10B–$200B");
  });
});

describe("parseFeedParams", () => {
  it("reads an empty URL as the API's defaults", () => {
    expect(parse("")).toEqual({ state: DEFAULT_FEED_STATE, notes: [] });
  });

  it("reads every filter", () => {
    const { state: s, notes } = parse(
      "startDate=2026-11-16&endDate=2026-11-18&eventType=ma,earnings&minImportance=1&maxImportance=3&minMarketCap=10B&maxMarketCap=150000000000&company=nasdaq_abc&view=company",
    );
    expect(notes).toEqual([]);
    expect(s).toEqual({
      range: { start: "2026-11-16", end: "2026-11-18" },
      relative: null,
      eventTypes: ["earnings", "ma"],
      importance: { kind: "range", min: 1, max: 3 },
      minMarketCap: 10e9,
      maxMarketCap: 150e9,
      sizes: [],
      company: "NASDAQ_ABC",
      order: "rank",
      group: "company",
      density: "cards",
    });
  });

  it("reads several sizes and the order, and writes them back", () => {
    const { state: s, notes } = parse("size=small,MEGA,large&sort=newest");
    expect(notes).toEqual([]);
    expect(s.sizes).toEqual(["mega", "large", "small"]);
    expect(s.order).toBe("newest");
    expect(feedQueryOf(s)).toEqual({ size: "mega,large,small", sort: "newest" });
    expect(toApiParams(s)).toEqual({ size: "mega,large,small", order: "newest" });
    expect(describeFeedView(s)).toBe("importance 1–2 · mega, large and small caps");
  });

  it("prefers sizes over bounds, reads every size as no floor, and notes what it ignores", () => {
    const both = parse("size=mid&minMarketCap=5B&sort=biggest&size=huge");
    expect(both.state.sizes).toEqual(["mid"]);
    expect(both.state.minMarketCap).toBeUndefined();
    expect(both.state.order).toBe("rank");
    expect(both.notes.join(" ")).toMatch(/Sizes and market-cap bounds cannot be combined/);
    expect(both.notes.join(" ")).toMatch(/Ignored the order “biggest”/);
    const every = parse("size=mega,large,mid,small,micro").state;
    expect(every.sizes).toEqual([]);
    expect(every.minMarketCap).toBe(0);
  });

  it("joins adjacent sizes into one market-cap range, largest first", () => {
    expect(sizeIntervals(["mega", "large", "small"])).toEqual([
      { min: 10e9, max: undefined },
      { min: 300e6, max: 2e9 },
    ]);
    expect(sizeIntervals(["micro"])).toEqual([{ min: 0, max: 300e6 }]);
  });

  it("enforces the 7-day limit by keeping the end date", () => {
    const { state: s, notes } = parse("startDate=2026-11-01&endDate=2026-11-20");
    expect(parse("startDate=2026-11-01&endDate=2026-11-18").state.range).toEqual({
      start: "2026-11-12",
      end: "2026-11-18",
    });
    expect(notes.join(" ")).toMatch(/at most 7 days: showing 2026-11-14 to 2026-11-20/);
    // Clamped to the latest 7 days: still fixed dates, which a shared link keeps as the days go by.
    expect(s.range).toEqual({ start: "2026-11-14", end: "2026-11-20" });
  });

  it("completes a lone date and swaps reversed dates", () => {
    expect(parse("startDate=2026-11-02").state.range).toEqual({ start: "2026-11-02", end: "2026-11-08" });
    expect(parse("startDate=2026-11-18").state.range).toEqual({ start: "2026-11-18", end: "2026-11-20" });
    expect(parse("endDate=2026-11-10").state.range).toEqual({ start: "2026-11-04", end: "2026-11-10" });
    const reversed = parse("startDate=2026-11-12&endDate=2026-11-10");
    expect(reversed.state.range).toEqual({ start: "2026-11-10", end: "2026-11-12" });
    expect(reversed.notes).toHaveLength(1);
    expect(parse("startDate=2026-02-30&endDate=2026-03-01").notes[0]).toMatch(/start date/);
  });

  it("completes a lone date at the ends of the calendar with a date the API takes", () => {
    expect(parse("endDate=0000-01-03").state.range).toEqual({ start: "0000-01-01", end: "0000-01-03" });
    expect(parse("startDate=9999-12-30").state.range).toEqual({ start: "9999-12-30", end: "9999-12-30" });
  });

  it("never combines an exact importance with a range", () => {
    const { state: s, notes } = parse("importance=3&minImportance=1&maxImportance=4");
    expect(s.importance).toEqual({ kind: "exact", level: 3 });
    expect(notes[0]).toMatch(/cannot be combined/);
    expect(parse("minImportance=3").state.importance).toEqual({ kind: "range", min: 3, max: 5 });
    expect(parse("maxImportance=3").state.importance).toEqual({ kind: "range", min: 1, max: 3 });
    expect(parse("minImportance=4&maxImportance=2").state.importance).toEqual({
      kind: "range",
      min: 2,
      max: 4,
    });
    expect(parse("importance=9").state.importance).toEqual(DEFAULT_FEED_STATE.importance);
  });

  it("drops unknown event types and bad values with a note each", () => {
    const { state: s, notes } = parse("eventType=ma,gossip&minMarketCap=lots&company=../etc&view=grid");
    expect(s).toEqual({ ...DEFAULT_FEED_STATE, eventTypes: ["ma"] });
    expect(notes).toHaveLength(4);
    expect(notes).toContain("Ignored the view “grid”: use cards or headlines.");
  });

  it("says when it ignores a grouping or a view, not for an old link's view=day", () => {
    expect(parse("view=headlines&group=sector")).toEqual({
      state: { ...DEFAULT_FEED_STATE, density: "headlines" },
      notes: ["Ignored the grouping “sector”: use day or company, or none to rank."],
    });
    expect(parse("view=day")).toEqual({ state: { ...DEFAULT_FEED_STATE, group: "day" }, notes: [] });
    expect(parse("group=ranked&view=cards").notes).toEqual([]);
  });

  it("reads every event type as none, and a low ceiling as no floor", () => {
    const all =
      "earnings,guidance,dividend,stock_split,buyback,ma,partnership,product_launch,expansion,regulatory,legal,executive,restructuring,financing,technology,esg,analyst,market_commentary,other";
    expect(parse(`eventType=${all}`).state.eventTypes).toEqual([]);
    expect(parse("maxMarketCap=500M").state).toMatchObject({ minMarketCap: 0, maxMarketCap: 500e6 });
    expect(parse("maxMarketCap=5B").state).toMatchObject({ minMarketCap: undefined, maxMarketCap: 5e9 });
  });

  it("accepts a Next searchParams record with repeated values", () => {
    const { state: s } = parseFeedParams({ eventType: ["dividend", "ma"], importance: "2" }, TODAY);
    expect(s.eventTypes).toEqual(["dividend"]);
    expect(s.importance).toEqual({ kind: "exact", level: 2 });
  });
});

describe("serializeFeedState", () => {
  it("resets the filters, not how the stories are grouped and drawn", () => {
    const busy = state({
      importance: { kind: "exact", level: 3 },
      company: "NYSE_A",
      group: "day",
      density: "headlines",
    });
    expect(withoutFilters(busy)).toEqual({ ...DEFAULT_FEED_STATE, group: "day", density: "headlines" });
  });

  it("omits every default", () => {
    expect(serializeFeedState(DEFAULT_FEED_STATE)).toBe("");
    // Fixed dates are no default, even today's window: the link stays on those days.
    expect(serializeFeedState(state({ range: { start: "2026-11-14", end: "2026-11-20" } }))).toBe(
      "startDate=2026-11-14&endDate=2026-11-20",
    );
    expect(serializeFeedState(state({ importance: { kind: "range", min: 1, max: 2 } }))).toBe("");
  });

  it("round-trips through the URL", () => {
    const queries = [
      "startDate=2026-11-16&endDate=2026-11-18",
      "eventType=earnings,ma",
      "importance=1",
      "minImportance=1&maxImportance=5",
      "minMarketCap=0",
      "minMarketCap=10B&maxMarketCap=150B",
      "size=mega,small",
      "sort=newest&group=day",
      "company=NASDAQ_ABC&group=day",
      "view=headlines",
      "view=headlines&group=company",
      "range=today",
      "range=3d&eventType=earnings",
    ];
    for (const query of queries) {
      const { state: s } = parse(query);
      expect(serializeFeedState(s)).toBe(query);
      expect(parse(serializeFeedState(s)).state).toEqual(s);
    }
  });
});

describe("density and grouping in the URL", () => {
  it("reads view=headlines as the density and group= as the grouping", () => {
    expect(parse("view=headlines").state).toMatchObject({ density: "headlines", group: "ranked" });
    expect(parse("view=headlines&group=day").state).toMatchObject({ density: "headlines", group: "day" });
    expect(parse("view=cards&group=company").state).toMatchObject({ density: "cards", group: "company" });
  });

  it("keeps an old link's view=day or view=company as the grouping, in the remembered density", () => {
    const old = parseFeedParams(new URLSearchParams("view=day"), TODAY, "headlines");
    expect(old.state).toMatchObject({ group: "day", density: "headlines" });
    expect(old.notes).toEqual([]);
    expect(serializeFeedState(old.state)).toBe("view=headlines&group=day");
    expect(serializeFeedState(parse("view=company").state)).toBe("group=company");
  });

  it("uses the remembered density only when the URL names none", () => {
    const remembered = (query: string) =>
      parseFeedParams(new URLSearchParams(query), TODAY, "headlines").state.density;
    expect(remembered("")).toBe("headlines");
    expect(remembered("view=cards")).toBe("cards");
    expect(parse("").state.density).toBe("cards");
  });

  it("names the cards in the URL for a reader whose remembered density is headlines", () => {
    const cards = parse("view=cards").state;
    expect(feedParamsOf(cards, "headlines").view).toBe("cards");
    expect(feedParamsOf(cards, "cards").view).toBeNull();
    expect(feedParamsOf(parse("view=headlines").state, "headlines").view).toBe("headlines");
  });

  it("writes only the parameters a change changes, the corrections among them", () => {
    const opening = feedParamsOf(parse("eventType=ma").state);
    const withMega = feedParamsOf({ ...parse("eventType=ma").state, minMarketCap: 200e9 });
    expect(changedParams(opening, withMega)).toEqual({ minMarketCap: "200B" });
    expect(changedParams(opening, opening)).toEqual({});
    // A non-canonical value differs from its canonical text, and is written.
    expect(changedParams({ ...opening, minMarketCap: "200000000000" }, withMega)).toEqual({
      minMarketCap: "200B",
    });
  });
});

describe("relative ranges", () => {
  it("resolves range=today and range=3d against the data clock and keeps the word", () => {
    const today = parse("range=today").state;
    expect(today).toMatchObject({ relative: "today", range: { start: TODAY, end: TODAY } });
    expect(serializeFeedState(today)).toBe("range=today");
    expect(toApiParams(today)).toEqual({ startDate: TODAY, endDate: TODAY });
    const later = parseFeedParams(new URLSearchParams("range=3d"), "2026-12-02").state;
    expect(later.range).toEqual({ start: "2026-11-30", end: "2026-12-02" });
  });

  it("reads range=7d as the default window and an unknown range as a note", () => {
    expect(parse("range=7d")).toEqual({ state: DEFAULT_FEED_STATE, notes: [] });
    const bad = parse("range=fortnight");
    expect(bad.state.range).toBeNull();
    expect(bad.notes).toEqual(["Ignored the range “fortnight”: use today, 3d or 7d."]);
  });

  it("prefers a relative range over fixed dates given with it, and says so", () => {
    const both = parse("range=today&startDate=2026-11-01&endDate=2026-11-02");
    expect(both.state.relative).toBe("today");
    expect(both.notes).toHaveLength(1);
  });

  it("keeps fixed dates fixed, even when they equal today", () => {
    const fixed = parse(`startDate=${TODAY}&endDate=${TODAY}`).state;
    expect(fixed.relative).toBeNull();
    expect(serializeFeedState(fixed)).toBe(`startDate=${TODAY}&endDate=${TODAY}`);
  });

  it("drops the relative word once other dates are set, or the dates are removed", () => {
    const today = parse("range=today").state;
    const moved = normalizeFeedState({ ...today, range: { start: "2026-11-18", end: "2026-11-20" } }, TODAY);
    expect(moved.relative).toBeNull();
    expect(serializeFeedState(moved)).toBe("startDate=2026-11-18&endDate=2026-11-20");
    expect(normalizeFeedState({ ...today, range: null }, TODAY)).toEqual(DEFAULT_FEED_STATE);
  });
});

describe("toApiParams", () => {
  it("sends nothing for the defaults: the API applies its own", () => {
    expect(toApiParams(DEFAULT_FEED_STATE)).toEqual({});
  });

  it("sends an exact level alone and a range with both ends", () => {
    expect(toApiParams(state({ importance: { kind: "exact", level: 4 } }))).toEqual({ importance: 4 });
    expect(toApiParams(state({ importance: { kind: "range", min: 3, max: 5 } }))).toEqual({
      minImportance: 3,
      maxImportance: 5,
    });
  });

  it("sends minMarketCap=0 for no floor, and no market cap at all with a company", () => {
    expect(toApiParams(state({ minMarketCap: 0 }))).toEqual({ minMarketCap: 0 });
    expect(
      toApiParams(
        state({ minMarketCap: 10e9, maxMarketCap: 200e9, company: "NYSE_ABC", eventTypes: ["ma"] }),
      ),
    ).toEqual({ companyKey: "NYSE_ABC", eventType: "ma" });
  });

  it("sends the dates and the event types as the API names them", () => {
    expect(
      toApiParams(
        state({ range: { start: "2026-11-10", end: "2026-11-12" }, eventTypes: ["ma", "earnings"] }),
      ),
    ).toEqual({ startDate: "2026-11-10", endDate: "2026-11-12", eventType: "earnings,ma" });
  });
});

describe("relaxations and links", () => {
  it("offers one widening per narrowing filter", () => {
    const narrow = state({
      range: { start: "2026-11-10", end: "2026-11-10" },
      eventTypes: ["stock_split"],
      importance: { kind: "exact", level: 1 },
      minMarketCap: 200e9,
    });
    expect(relaxations(narrow).map((r) => r.filter)).toEqual([
      "eventTypes",
      "importance",
      "marketCap",
      "dates",
    ]);
    expect(relaxations(DEFAULT_FEED_STATE).map((r) => r.filter)).toEqual(["importance", "marketCap"]);
    // With a company the market cap does not apply, so it is not offered.
    expect(relaxations(state({ company: "NYSE_ABC" })).map((r) => r.filter)).toEqual([
      "company",
      "importance",
    ]);
  });

  it("builds links into the feed", () => {
    expect(feedHref({}, TODAY)).toBe("/news");
    expect(feedHref({ eventTypes: ["ma"] }, TODAY)).toBe("/news?eventType=ma");
  });
});

describe("describeRange", () => {
  it("always says the year, once when the range is within one", () => {
    expect(describeRange({ start: "2026-11-14", end: "2026-11-20" })).toBe("Nov 14 – Nov 20, 2026");
    expect(describeRange({ start: "2025-12-30", end: "2026-01-02" })).toBe("Dec 30, 2025 – Jan 2, 2026");
    expect(describeRange({ start: "2020-01-01", end: "2020-01-01" })).toBe("Jan 1, 2020");
  });
});

describe("describeFeedView", () => {
  it("says only what the view narrows beyond the defaults, and always the importance", () => {
    expect(describeFeedView(state({}))).toBe("importance 1–2");
    expect(describeFeedView(state({ eventTypes: ["earnings", "ma", "legal", "esg"] }))).toBe(
      "importance 1–2 · 4 event types",
    );
    expect(
      describeFeedView(state({ range: { start: "2026-11-01", end: "2026-11-03" }, minMarketCap: 0 })),
    ).toBe("Nov 1 – Nov 3, 2026 · importance 1–2 · any market cap");
    // A company's view: its name, and no market cap (a company's own news has none).
    expect(describeFeedView(state({ company: "XSHE_300980", minMarketCap: 0 }), "Ruihua")).toBe(
      "Ruihua · importance 1–2",
    );
  });
});
