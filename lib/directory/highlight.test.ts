import { describe, expect, it } from "vitest";
import { highlightRanges } from "./highlight";

const marked = (text: string, query: string) =>
  highlightRanges(text, query).map(([a, b]) => text.slice(a, b));

describe("highlightRanges", () => {
  it("marks each query word where a word of the name starts with it", () => {
    expect(marked("Nordic Bank Holdings", "nord ban")).toEqual(["Nord", "Ban"]);
    expect(marked("Abnormal Nordics", "nord")).toEqual(["Nord"]);
  });

  it("ignores case, accents and punctuation, and indexes the original text", () => {
    expect(marked("Société Générale", "societe gen")).toEqual(["Société", "Gén"]);
    expect(marked("AT&T Inc.", "at&t")).toEqual(["AT", "T"]);
  });

  it("marks native-script names", () => {
    expect(marked("トヨタ自動車株式会社", "トヨタ")).toEqual(["トヨタ"]);
  });

  it("marks nothing for an empty query or no match", () => {
    expect(highlightRanges("Acme", "")).toEqual([]);
    expect(highlightRanges("Acme", "zeta")).toEqual([]);
  });
});
