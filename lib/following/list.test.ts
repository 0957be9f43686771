import { describe, expect, it } from "vitest";
import { companiesOf } from "@/lib/compare/set";
import {
  applyImport,
  type FollowedCompany,
  followingFile,
  importHref,
  MAX_FILE_BYTES,
  MAX_FOLLOWING,
  MAX_NAME_LENGTH,
  normalizedKey,
  parseFollowedEntry,
  parseFollowingFile,
  parseImportParam,
  readFollowingFile,
} from "./list";

const NOW = new Date("2026-11-20T15:00:00Z");
const entry = (companyKey: string, name: string | null = null): FollowedCompany => ({
  companyKey,
  name,
  followedAt: "2026-11-19T10:00:00.000Z",
});
const ODD_KEYS = ["NYSE_BRK/B", "XPAR_A&B+C%", "XSTO_ERIC B", "XTAE_Q#1?,2", "OTC_AB%2FC"];

describe("stored entries", () => {
  it("reads a valid entry, upper-casing its key, and rejects what is not one", () => {
    expect(
      parseFollowedEntry({ companyKey: "nyse_ibm", name: "IBM", followedAt: NOW.toISOString() }),
    ).toEqual({
      companyKey: "NYSE_IBM",
      name: "IBM",
      followedAt: NOW.toISOString(),
    });
    expect(parseFollowedEntry({ companyKey: "NYSE_IBM" })?.followedAt).toBe(new Date(0).toISOString());
    for (const bad of [
      null,
      "NYSE_IBM",
      { companyKey: "" },
      { companyKey: "no-underscore" },
      { companyKey: "A_\u202eB" },
      ["NYSE_IBM"],
      { companyKey: "NYSE_IBM", name: 7 },
      { companyKey: "NYSE_IBM", followedAt: "yesterday" },
      { companyKey: "NYSE_IBM", followedAt: "2026-13-45T99:00:00Z" },
    ])
      expect(parseFollowedEntry(bad)).toBeNull();
  });

  it(`cuts a name past ${MAX_NAME_LENGTH} characters rather than dropping the entry`, () => {
    const long = parseFollowedEntry({ companyKey: "NYSE_IBM", name: "x".repeat(5000) });
    expect(long?.name).toHaveLength(MAX_NAME_LENGTH);
    expect(long?.name?.endsWith("…")).toBe(true);
    // The cut never splits a character in two (a lone surrogate).
    const astral = parseFollowedEntry({ companyKey: "NYSE_IBM", name: "😀".repeat(400) })?.name ?? "";
    expect(astral.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect(astral).toMatch(/^😀+…$/u);
    // What is kept reads back the same.
    expect(parseFollowedEntry(long)).toEqual(long);
  });

  it("normalises keys as the rest of the app does: trimmed, upper-cased", () => {
    expect(normalizedKey(" nyse_brk/b ")).toBe("NYSE_BRK/B");
    expect(parseFollowedEntry({ companyKey: " xsto_eric b " })?.companyKey).toBe("XSTO_ERIC B");
  });
});

describe("the export file", () => {
  it("round-trips, odd keys included", () => {
    const list = [entry("NYSE_IBM", "IBM"), ...ODD_KEYS.map((k) => entry(k))];
    const parsed = parseFollowingFile(followingFile(list, NOW), NOW);
    expect(parsed).toEqual({ ok: true, companies: list, skipped: 0 });
  });

  it("accepts a bare array of keys, de-duplicated, stamped now", () => {
    const parsed = parseFollowingFile(JSON.stringify(["NYSE_IBM", "nyse_ibm", "XNAS_AAPL"]), NOW);
    expect(parsed).toEqual({
      ok: true,
      skipped: 0,
      companies: [
        { companyKey: "NYSE_IBM", name: null, followedAt: NOW.toISOString() },
        { companyKey: "XNAS_AAPL", name: null, followedAt: NOW.toISOString() },
      ],
    });
  });

  it("says what is wrong with a bad file", () => {
    expect(parseFollowingFile("{oops", NOW)).toEqual({
      ok: false,
      message: "This file is not JSON. Choose a file exported from this page.",
    });
    const wrongFormat = parseFollowingFile(
      JSON.stringify({ format: "other", version: 1, companies: [] }),
      NOW,
    );
    expect(wrongFormat.ok).toBe(false);
    expect(!wrongFormat.ok && wrongFormat.message).toMatch(
      /^This is not a list of followed companies: format/,
    );
    const badKey = parseFollowingFile(
      JSON.stringify({ format: "fiscal-atlas-following", version: 1, companies: ["NYSE_IBM", "<script>"] }),
      NOW,
    );
    expect(!badKey.ok && badKey.message).toMatch(/companies\.1 is not a company key/);
    const cases: [unknown, RegExp][] = [
      [{ format: "fiscal-atlas-following", version: 2, companies: [] }, /version must be 1/],
      [{ format: "fiscal-atlas-following", version: 1, companies: "NYSE_IBM" }, /companies is not a list/],
      [
        { format: "fiscal-atlas-following", version: 1, companies: Array(201).fill("NYSE_IBM") },
        /more than 200/,
      ],
      [
        {
          format: "fiscal-atlas-following",
          version: 1,
          companies: [{ companyKey: "NYSE_IBM", followedAt: 5 }],
        },
        /companies\.0 is not a followed company/,
      ],
      [null, /not an object/],
    ];
    for (const [file, message] of cases) {
      const parsed = parseFollowingFile(JSON.stringify(file), NOW);
      expect(!parsed.ok && parsed.message).toMatch(message);
    }
  });

  it(`keeps at most ${MAX_FOLLOWING} and counts the rest`, () => {
    const keys = Array.from({ length: MAX_FOLLOWING + 7 }, (_, i) => `NYSE_C${i}`);
    const parsed = parseFollowingFile(JSON.stringify(keys), NOW);
    expect(parsed.ok && parsed.companies.length).toBe(MAX_FOLLOWING);
    expect(parsed.ok && parsed.skipped).toBe(7);
  });
});

describe("reading a chosen file", () => {
  const fileOf = (text: string, size = new TextEncoder().encode(text).length) => {
    let read = false;
    return {
      file: {
        size,
        text: async () => {
          read = true;
          return text;
        },
      },
      wasRead: () => read,
    };
  };

  it("reads a file of sane size", async () => {
    const { file } = fileOf(JSON.stringify(["NYSE_IBM"]));
    expect(await readFollowingFile(file, NOW)).toMatchObject({
      ok: true,
      companies: [{ companyKey: "NYSE_IBM" }],
    });
  });

  it("refuses a file past the limit without reading it", async () => {
    const big = fileOf("[]", MAX_FILE_BYTES + 1);
    const parsed = await readFollowingFile(big.file, NOW);
    expect(!parsed.ok && parsed.message).toMatch(/too large.*1 MB/);
    expect(big.wasRead()).toBe(false);
  });

  it("says so when the file cannot be read", async () => {
    const unreadable = {
      size: 10,
      text: () => Promise.reject(new DOMException("The file changed", "NotReadableError")),
    };
    const parsed = await readFollowingFile(unreadable, NOW);
    expect(!parsed.ok && parsed.message).toMatch(/could not be read/);
  });
});

describe("the import link", () => {
  it("carries odd keys in the compare set's encoding and reads them back", () => {
    const href = importHref("https://atlas.example", ODD_KEYS);
    const url = new URL(href);
    expect(url.pathname).toBe("/following");
    expect(url.hash).toBe("");
    expect(companiesOf(url.searchParams.get("import"))).toEqual(ODD_KEYS);
    const parsed = parseImportParam(url.searchParams.get("import"), NOW);
    expect(parsed.companies.map((c) => c.companyKey)).toEqual(ODD_KEYS);
    expect(parsed.invalid).toEqual([]);
  });

  it("names the list a named list's link goes into, whatever its characters", () => {
    const name = "Semis & co #1 + 50% “best”";
    const url = new URL(importHref("https://atlas.example", ["NYSE_A"], name));
    expect(url.searchParams.get("name")).toBe(name);
    expect(url.hash).toBe("");
    expect(companiesOf(url.searchParams.get("import"))).toEqual(["NYSE_A"]);
  });

  it("reads the parameter repeated, as one list", () => {
    const parsed = parseImportParam(["NYSE_A,NYSE_B", "nyse_b", "NYSE_C"], NOW);
    expect(parsed.companies.map((c) => c.companyKey)).toEqual(["NYSE_A", "NYSE_B", "NYSE_C"]);
  });

  it("names entries that are no company key", () => {
    const parsed = parseImportParam("NYSE_IBM,hello,NYSE_IBM,,XNAS_AAPL", NOW);
    expect(parsed.companies.map((c) => c.companyKey)).toEqual(["NYSE_IBM", "XNAS_AAPL"]);
    expect(parsed.invalid).toEqual(["hello"]);
  });

  it("shows an entry's invisible characters as escapes, so that it is never named as blank", () => {
    expect(parseImportParam("\u0000,a\u202Eb", NOW).invalid).toEqual(["\\u0000", "a\\u202Eb"]);
  });
});

describe("applying an import", () => {
  const current = [entry("NYSE_A"), entry("NYSE_B")];
  const incoming = [entry("NYSE_B"), entry("NYSE_C")];

  it("merges: keeps the list and adds the new companies first, as the most recently followed", () => {
    const result = applyImport(current, incoming, "merge");
    expect(result.list.map((c) => c.companyKey)).toEqual(["NYSE_C", "NYSE_A", "NYSE_B"]);
    expect(result).toMatchObject({ added: 1, dropped: 0 });
  });

  it("replaces: takes the incoming list", () => {
    const result = applyImport(current, incoming, "replace");
    expect(result.list.map((c) => c.companyKey)).toEqual(["NYSE_B", "NYSE_C"]);
    expect(result).toMatchObject({ added: 1, dropped: 0 });
  });

  it("stops at the limit, keeping the whole current list, and says how many did not fit", () => {
    const many = Array.from({ length: MAX_FOLLOWING }, (_, i) => entry(`NYSE_N${i}`));
    const result = applyImport(current, many, "merge");
    expect(result.list).toHaveLength(MAX_FOLLOWING);
    expect(result.list.slice(-2).map((c) => c.companyKey)).toEqual(["NYSE_A", "NYSE_B"]);
    expect(result.list[0]?.companyKey).toBe("NYSE_N0");
    expect(result).toMatchObject({ added: MAX_FOLLOWING - 2, dropped: 2 });
  });
});
