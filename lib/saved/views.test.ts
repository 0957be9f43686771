import { describe, expect, it } from "vitest";
import {
  hrefOf,
  importSaved,
  joinSaved,
  listCompanies,
  listHref,
  MAX_SAVED,
  mergeSaved,
  newListId,
  parseSavedEntry,
  parseSavedFile,
  readSavedFile,
  replacedSaved,
  type Saved,
  type SavedList,
  type SavedView,
  savedFile,
  savedHref,
  savedName,
  withSaved,
} from "./views";

const view = (name: string, kind: SavedView["kind"] = "screen", q = name): SavedView => ({
  kind,
  name,
  href:
    kind === "screen"
      ? `/companies?q=${q}`
      : kind === "news"
        ? `/news?sort=newest`
        : "/compare?companies=NYSE_A",
  savedAt: "2026-11-20T12:00:00.000Z",
});

describe("saved views", () => {
  it("keeps only a link to the kind's own page on this site", () => {
    expect(savedHref("screen", "/companies?sector=Energy&sort=marketCap")).toBe(
      "/companies?sector=Energy&sort=marketCap",
    );
    expect(savedHref("screen", "/companies")).toBe("/companies");
    expect(savedHref("screen", "/companies?q=a#top")).toBe("/companies?q=a");
    for (const bad of [
      "https://evil.example/companies",
      "//evil.example/companies",
      "/news?x=1",
      "/companies/NYSE_IBM",
      "javascript:alert(1)",
      "companies",
      `/companies?q=${"a".repeat(5000)}`,
      42,
    ])
      expect(savedHref("screen", bad)).toBeNull();
    expect(savedHref("compare", "/compare?companies=NYSE_A,NYSE_B")).toBe("/compare?companies=NYSE_A,NYSE_B");
  });

  it("keeps a name trimmed, one space between words, 1 to 80 characters", () => {
    expect(savedName("  Big   energy ")).toBe("Big energy");
    expect(savedName("   ")).toBeNull();
    expect(savedName("x".repeat(81))).toBeNull();
    expect(savedName(7)).toBeNull();
    // Nothing that cannot go into a link or a feed, or that would turn the text around it.
    for (const bad of ["a\uD800b", "\uDC00", "tab\u0007", "evil\u202Eeman"])
      expect(savedName(bad)).toBeNull();
    expect(savedName("Semis 🇺🇸 & co")).toBe("Semis 🇺🇸 & co");
  });

  it("reads entries leniently and saves a name once per kind, the latest first", () => {
    expect(parseSavedEntry({ kind: "widget", name: "a", href: "/companies" })).toBeNull();
    expect(parseSavedEntry({ kind: "news", name: "a", href: "/news" })?.savedAt).toBe(
      new Date(0).toISOString(),
    );
    let list = withSaved([], view("Energy"));
    list = withSaved(list, view("Banks"));
    list = withSaved(list, view("energy", "screen", "oil"));
    // "energy" replaced "Energy"; the same name of another kind is another view.
    expect(list.map((v) => [v.name, hrefOf(v)])).toEqual([
      ["energy", "/companies?q=oil"],
      ["Banks", "/companies?q=Banks"],
    ]);
    expect(withSaved(list, view("Energy", "news"))).toHaveLength(3);
    const full = Array.from({ length: MAX_SAVED + 5 }, (_, i) => view(`v${i}`)).reduce(
      withSaved,
      [] as Saved[],
    );
    expect(full).toHaveLength(MAX_SAVED);
    expect(full[0]?.name).toBe(`v${MAX_SAVED + 4}`);
  });

  it("exports a file that reads back, and says what is wrong with one that is not", () => {
    const list = [view("Energy"), view("Weekly", "news"), view("Chips", "compare")];
    const text = savedFile(list, new Date("2026-11-21T00:00:00Z"));
    expect(parseSavedFile(text)).toEqual({ ok: true, views: list });
    expect(parseSavedFile("nope")).toMatchObject({ ok: false, message: expect.stringMatching(/not JSON/) });
    expect(
      parseSavedFile(JSON.stringify({ format: "fiscal-atlas-following", version: 1, views: [] })),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/format is not/),
    });
    expect(
      parseSavedFile(
        JSON.stringify({ format: "fiscal-atlas-saved-views", version: 1, views: [{ kind: "news" }] }),
      ),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/views\.0 is neither a saved view .* nor a list/),
    });
  });

  it("reads a chosen file, refusing one too large before reading it", async () => {
    const text = savedFile([view("Energy")], new Date("2026-11-21T00:00:00Z"));
    expect(await readSavedFile({ size: text.length, text: async () => text })).toMatchObject({ ok: true });
    const huge = { size: 2_000_000, text: () => Promise.reject(new Error("must not be read")) };
    expect(await readSavedFile(huge)).toEqual({
      ok: false,
      message:
        "This file is too large for saved views and lists (more than 1 MB). Choose a file exported from this page.",
    });
  });

  it("imports by joining, a same-named view replaced, and joins the account's with a browser's", () => {
    const current = [view("Energy"), view("Banks")];
    const result = importSaved(current, [view("Energy", "screen", "new"), view("Chips", "compare")]);
    expect(result.added).toBe(1);
    expect(result.replaced).toBe(1);
    expect(result.list.map((v) => v.name)).toEqual(["Chips", "Energy", "Banks"]);
    expect(result.dropped).toBe(0);
    // Past the most kept, none kept here is dropped for an import: what does not fit is counted.
    const full = Array.from({ length: MAX_SAVED }, (_, i) => view(`v${i}`));
    const over = importSaved(full, [view("v3", "screen", "new"), view("Chips", "compare")]);
    expect(over).toMatchObject({ added: 0, replaced: 1, dropped: 1 });
    expect(over.list).toHaveLength(MAX_SAVED);
    expect(hrefOf(result.list[1] as Saved)).toBe("/companies?q=new");
    expect(joinSaved([view("Energy", "screen", "mine")], current).map((v) => [v.name, hrefOf(v)])).toEqual([
      ["Energy", "/companies?q=mine"],
      ["Banks", "/companies?q=Banks"],
    ]);
  });

  it("merges a browser's changes since its last save into the account's views, losing none", () => {
    const energy = view("Energy");
    const banks = view("Banks");
    const chips = view("Chips", "compare");
    // A save that failed: the browser added Chips and renamed Banks; the account still has the base.
    const base = [energy, banks];
    const renamed = { ...banks, name: "Big banks" };
    const merged = mergeSaved(base, [chips, energy, renamed], base);
    expect(merged.map((v) => v.name).sort()).toEqual(["Big banks", "Chips", "Energy"]);
    // Meanwhile another device added a view and changed Energy: both kept, and the browser's
    // untouched Energy does not overwrite the account's newer one.
    const newer = { ...energy, href: "/companies?q=oil" };
    const other = view("Utilities");
    const both = mergeSaved([other, newer, banks], [energy, chips], base);
    expect(both.map((v) => [v.name, hrefOf(v)])).toEqual([
      ["Chips", "/compare?companies=NYSE_A"],
      ["Utilities", "/companies?q=Utilities"],
      ["Energy", "/companies?q=oil"],
    ]);
    // Without a base (the first sync on this browser), every view the browser holds goes in.
    expect(mergeSaved([energy], [chips], null).map((v) => v.name)).toEqual(["Chips", "Energy"]);
    // Nothing changed here: the account's views as they are.
    expect(mergeSaved([other, energy], base, base)).toEqual([other, energy]);
  });

  it("keeps a named list as company keys, each once, at most 50, and rejects one that is not", () => {
    expect(
      parseSavedEntry({
        kind: "list",
        name: " Semis ",
        companies: ["nasdaq_nvda", "NASDAQ_NVDA", "NYSE_TSM"],
      }),
    ).toEqual({
      kind: "list",
      name: "Semis",
      // Kept without an id: one from its name, the same in every browser.
      id: expect.stringMatching(/^named-[0-9a-f]{8}$/),
      companies: ["NASDAQ_NVDA", "NYSE_TSM"],
      savedAt: new Date(0).toISOString(),
    });
    expect(parseSavedEntry({ kind: "list", name: "SEMIS", companies: [] })).toMatchObject({
      id: (parseSavedEntry({ kind: "list", name: "Semis", companies: [] }) as SavedList).id,
    });
    expect(parseSavedEntry({ kind: "list", name: "S", id: "abcdEFGH-_12", companies: [] })).toMatchObject({
      id: "abcdEFGH-_12",
    });
    expect(newListId()).toMatch(/^[\w-]{16}$/);
    expect(parseSavedEntry({ kind: "list", name: "Empty", companies: [] })).toMatchObject({ companies: [] });
    for (const companies of [
      undefined,
      "NYSE_A",
      ["not a key!"],
      [42],
      Array.from({ length: 51 }, (_, i) => `NYSE_A${i}`),
    ])
      expect(parseSavedEntry({ kind: "list", name: "Bad", companies })).toBeNull();
    // A list is not a view: no link, and it opens on /following.
    expect(listCompanies(Array.from({ length: 50 }, (_, i) => `NYSE_A${i}`))).toHaveLength(50);
    const semis: SavedList = {
      kind: "list",
      name: "Semis & co",
      id: "list-semis-co",
      companies: ["NYSE_TSM"],
      savedAt: "2026-11-20T12:00:00.000Z",
    };
    expect(hrefOf(semis)).toBe("/following?list=Semis%20%26%20co");
    // Any name comes back whole from its page's address.
    for (const name of ["A+B", "50% off", "#1 picks", "“Best” 'ideas'", "Semis 🇺🇸 / Asia?"])
      expect(new URL(listHref(name), "http://x.invalid").searchParams.get("list")).toBe(name);
    // A list and a screen may share a name; two lists may not.
    expect(withSaved([view("Semis & co")], semis)).toHaveLength(2);
    expect(withSaved([semis], { ...semis, name: "semis & CO", companies: [] })).toHaveLength(1);
  });

  it("moves lists in the saved file beside the views, and merges a list changed in the browser", () => {
    const semis: SavedList = {
      kind: "list",
      name: "Semis",
      id: "list-semis-1",
      companies: ["NYSE_TSM"],
      savedAt: "2026-11-20T12:00:00.000Z",
    };
    const list = [view("Energy"), semis];
    expect(parseSavedFile(savedFile(list, new Date("2026-11-21T00:00:00Z")))).toEqual({
      ok: true,
      views: list,
    });
    // The browser added a company to the list since its last save: the account's copy is replaced.
    const grown = { ...semis, companies: ["NYSE_TSM", "NASDAQ_NVDA"] };
    expect(mergeSaved([semis], [grown], [semis])).toEqual([grown]);
    // Nothing changed here: the account's list (changed on another device) stays.
    expect(mergeSaved([grown], [semis], [semis])).toEqual([grown]);
    expect(replacedSaved([view("Energy"), semis], grown)).toEqual([view("Energy"), grown]);
    // Changed on both sides since the last save: both sides' additions and removals are kept.
    const base = { ...semis, companies: ["NYSE_TSM", "NYSE_A", "NYSE_B"] };
    const here = { ...semis, companies: ["NYSE_TSM", "NYSE_B", "NYSE_C"] }; // took out A, added C
    const there = { ...semis, companies: ["NYSE_TSM", "NYSE_A", "NYSE_D"] }; // took out B, added D
    expect(mergeSaved([there], [here], [base])).toEqual([
      { ...here, companies: ["NYSE_TSM", "NYSE_D", "NYSE_C"] },
    ]);
  });
});
