import { beforeEach, describe, expect, it } from "vitest";
import { MAX_LIST_COMPANIES, MAX_SAVED } from "@/lib/saved/views";
import { stubBrowserStorage } from "@/tests/browser-storage";
import {
  addToList,
  createList,
  findList,
  removeFromList,
  removeSaved,
  renameInList,
  renameSaved,
  saved,
  saveView,
} from "./saved";

const store = stubBrowserStorage();
const companiesOf = (name: string) => findList(name)?.companies;

describe("named lists in the browser", () => {
  beforeEach(() => store.clear());

  it("makes a list once per name, case aside, and says why one is refused", () => {
    expect(createList("  Semis ", ["nasdaq_nvda", "NASDAQ_NVDA"])).toEqual({ name: "Semis" });
    expect(companiesOf("semis")).toEqual(["NASDAQ_NVDA"]);
    expect(createList("SEMIS", [])).toEqual({ problem: expect.stringContaining("“Semis” already") });
    expect(createList("   ", [])).toEqual({ problem: expect.stringContaining("1 to 80 characters") });
    // A view may share a list's name.
    expect(saveView("screen", "Semis", "/companies?q=semis")).toBeNull();
    expect(saved.read()).toHaveLength(2);
  });

  it("refuses a list past the most entries kept", () => {
    for (let i = 0; i < MAX_SAVED; i++) createList(`L${i}`, []);
    expect(createList("One more", [])).toEqual({
      problem: expect.stringContaining(`${MAX_SAVED} views and lists`),
    });
    // Nor is a list pushed out by a view saved past the most kept.
    expect(saveView("screen", "Energy", "/companies?sector=Energy")).toMatch(/delete one to keep another/);
    expect(saved.read().filter((v) => v.kind === "list")).toHaveLength(MAX_SAVED);
  });

  it("adds the newest last, each once, as many as fit, and keeps the list's place", () => {
    createList("Semis", ["NYSE_TSM"]);
    createList("Banks", []);
    expect(addToList("Semis", ["NASDAQ_NVDA", "NYSE_TSM", "nasdaq_amd"])).toEqual({ added: 2, left: 0 });
    expect(companiesOf("Semis")).toEqual(["NYSE_TSM", "NASDAQ_NVDA", "NASDAQ_AMD"]);
    expect(saved.read().map((v) => v.name)).toEqual(["Banks", "Semis"]);
    const many = Array.from({ length: MAX_LIST_COMPANIES + 3 }, (_, i) => `NYSE_B${i}`);
    expect(addToList("Banks", many)).toEqual({ added: MAX_LIST_COMPANIES, left: 3 });
    expect(addToList("Banks", ["NYSE_C"])).toEqual({ added: 0, left: 1 });
    expect(addToList("No such list", ["NYSE_C"])).toEqual({ added: 0, left: 1 });
  });

  it("removes with an undo that puts the companies back, keeping any added meanwhile", () => {
    createList("Semis", ["NYSE_TSM", "NASDAQ_NVDA", "NASDAQ_AMD"]);
    const undo = removeFromList("semis", ["nasdaq_nvda", "NASDAQ_AMD"]);
    expect(companiesOf("Semis")).toEqual(["NYSE_TSM"]);
    addToList("Semis", ["NASDAQ_INTC"]);
    undo();
    expect(companiesOf("Semis")).toEqual(["NYSE_TSM", "NASDAQ_NVDA", "NASDAQ_AMD", "NASDAQ_INTC"]);
  });

  it("renames a list and its former tickers, and deletes it with an undo", () => {
    createList("Semis", ["NYSE_OLD", "NYSE_TSM", "NYSE_NEW"]);
    renameInList("Semis", new Map([["NYSE_OLD", "NYSE_NEW"]]));
    expect(companiesOf("Semis")).toEqual(["NYSE_NEW", "NYSE_TSM"]);
    const list = findList("Semis");
    if (!list) throw new Error("the list is kept");
    createList("Chips", []);
    expect(renameSaved(list, "chips")).toBe(false);
    expect(renameSaved(list, "Chipmakers")).toBe(true);
    const renamed = findList("Chipmakers");
    if (!renamed) throw new Error("the list is renamed");
    const undo = removeSaved(renamed);
    expect(findList("Chipmakers")).toBeUndefined();
    undo();
    expect(saved.read().map((v) => v.name)).toEqual(["Chips", "Chipmakers"]);
  });
});
