import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  clearField,
  clearFilters,
  effectiveSort,
  toggleValue,
  visibleColumns,
} from "@/lib/directory/view-state";
import {
  apiQuery,
  directoryHref,
  directoryUrlNotes,
  loadDirectorySearchParams,
  serializeDirectoryState,
  stateOf,
} from "./search-params";

/** The state of a URL's query string, as the page reads it. */
const parse = (query: string) => stateOf(loadDirectorySearchParams(new URLSearchParams(query)));
const EMPTY_STATE = parse("");

describe("directory URL state", () => {
  it("omits every default: the default view is the bare page", () => {
    expect(serializeDirectoryState(EMPTY_STATE)).toBe("");
    expect(serializeDirectoryState(parse(""))).toBe("");
    expect(serializeDirectoryState(parse("sort=marketCap&order=desc"))).toBe("?sort=marketCap");
    expect(
      serializeDirectoryState(parse("cols=name,ticker,marketCap,sector,industry,country,companyStatus")),
    ).toBe("");
    // Another order of the same columns is a choice of its own.
    expect(
      serializeDirectoryState(parse("cols=name,ticker,sector,industry,country,marketCap,companyStatus")),
    ).toBe("?cols=name,ticker,sector,industry,country,marketCap,companyStatus");
  });

  it("round-trips a full state, values with commas as repeated parameters", () => {
    const query =
      "q=nord&industry=Oil%2C+Gas+%26+Consumable+Fuels&industry=Banks&country=DE&datasets=news,logos&marketCap=mega,none&minMarketCap=1000000000&set=all&sort=name&order=desc&view=compact&cols=name,marketCap";
    const state = parse(query);
    expect(state.filters.industry).toEqual(["Oil, Gas & Consumable Fuels", "Banks"]);
    expect(state).toMatchObject({ q: "nord", set: "all", view: "compact", sort: "name", order: "desc" });
    expect(state.columns).toEqual(["name", "marketCap"]);
    expect(parse(serializeDirectoryState(state).slice(1))).toEqual(state);
  });

  it("drops what it cannot use instead of failing", () => {
    const state = parse(
      "sort=shoeSize&order=sideways&marketCap=huge,mega&minMarketCap=-5&maxMarketCap=abc&cols=bogus&view=weird&set=everything",
    );
    expect(state).toEqual({
      ...EMPTY_STATE,
      marketCap: ["mega"],
      minMarketCap: undefined,
      maxMarketCap: undefined,
      sort: undefined,
      order: undefined,
      columns: undefined,
    });
  });

  it("keeps the name column and leaves out full-only columns in compact mode", () => {
    expect(parse("cols=ticker").columns).toEqual(["name", "ticker"]);
    expect(parse("view=compact&cols=name,industry,marketCap").columns).toEqual(["name", "marketCap"]);
    expect(visibleColumns(parse("view=compact"))).not.toContain("industry");
  });

  it("sorts by relevance with a query and by market cap without one", () => {
    expect(effectiveSort(parse(""))).toEqual({ sort: "marketCap", order: "desc" });
    expect(effectiveSort(parse("q=acme"))).toEqual({ sort: "relevance", order: "asc" });
    expect(effectiveSort(parse("sort=name"))).toEqual({ sort: "name", order: "asc" });
  });

  it("builds the API query: compact rows in compact mode, no columns, filters as the API names them", () => {
    const query = new URLSearchParams(
      apiQuery(parse("q=a&sector=Energy&sector=Utilities&view=compact&cols=name")),
    );
    expect(query.getAll("sector")).toEqual(["Energy", "Utilities"]);
    expect(query.get("compact")).toBe("true");
    expect(query.has("cols")).toBe(false);
    expect(query.has("view")).toBe(false);
  });

  it("toggles values and clears filters, counting each selected value", () => {
    let state = toggleValue(EMPTY_STATE, "sector", "Energy");
    state = toggleValue(state, "marketCap", "large");
    state = toggleValue(state, "datasets", "news");
    expect(activeFilterCount(state)).toBe(3);
    expect(toggleValue(state, "sector", "Energy").filters).toEqual({});
    expect(activeFilterCount(clearFilters({ ...state, q: "x" }))).toBe(0);
    expect(clearFilters({ ...state, q: "x" }).q).toBe("x");
    const capped = { ...state, minMarketCap: 1e9 };
    expect(clearField(capped, "marketCap")).toMatchObject({ marketCap: [], minMarketCap: undefined });
    expect(clearField(capped, "sector").filters).toEqual({});
    expect(clearField(capped, "datasets")).toMatchObject({
      datasets: [],
      marketCap: ["large"],
      minMarketCap: 1e9,
    });
  });
});

describe("the no-script list's pages", () => {
  it("links a page of a view, the first page without a number", () => {
    const state = { ...EMPTY_STATE, q: "oil", filters: { sector: ["Energy"] } };
    expect(directoryHref(state)).toBe("/companies?q=oil&sector=Energy");
    expect(directoryHref(state, 3)).toBe("/companies?q=oil&sector=Energy&page=3");
    expect(directoryHref(EMPTY_STATE, 2)).toBe("/companies?page=2");
  });

  it("reads the page of a URL, 1 for anything that is not a page number", () => {
    for (const [value, page] of [
      ["4", 4],
      [null, 1],
      ["0", 1],
      ["-2", 1],
      ["1.5", 1],
      ["abc", 1],
      ["100001", 1],
    ] as const)
      expect(loadDirectorySearchParams(value === null ? "" : `?page=${value}`).page ?? 1).toBe(page);
  });
});

describe("a link the directory cannot show as it stands", () => {
  const notesOf = (query: string) => {
    const raw = new URLSearchParams(query);
    return directoryUrlNotes(raw, loadDirectorySearchParams(raw));
  };

  it("names each value it leaves out, and bounds no company can match", () => {
    expect(notesOf("sector=Energy&sort=marketCap&minMarketCap=1e9")).toEqual([]);
    expect(notesOf("sort=zzz&page=-1")).toEqual([
      "There is no sorting by “zzz”: the default order.",
      "The page is a whole number from 1, not “-1”: the first page.",
    ]);
    expect(notesOf("minMarketCap=-5&maxMarketCap=abc&marketCap=mega,xxl")).toEqual([
      "A market-cap bound is an amount in USD of 0 or more, not “-5”: no minimum.",
      "A market-cap bound is an amount in USD of 0 or more, not “abc”: no maximum.",
      "“xxl” is no market-cap range: left out.",
    ]);
    // What the page reads of a repeated parameter is its first value.
    expect(notesOf("sort=&sort=name&marketCap=mega&marketCap=large")).toEqual([]);
    expect(notesOf("view=wide&set=everything")).toEqual([
      "The view is full or compact, not “wide”: full.",
      "The company set is default or all, not “everything”: the API-enabled companies.",
    ]);
    expect(notesOf("minMarketCap=500&maxMarketCap=10")).toEqual([
      "The market-cap minimum ($500) is above the maximum ($10): no company can match.",
    ]);
  });
});
