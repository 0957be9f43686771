import { existsSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { generateStaticParams } from "@/app/api/flag/[file]/route";
import { ListingsTable } from "@/components/profile/listings-table";
import { COUNTRIES, EXCHANGES } from "@/lib/sandbox/data/geo";
import { CountryFlag } from "./country-flag";

// Regional-indicator symbols, the code points emoji flags are made of.
const EMOJI_FLAG = /[\u{1F1E6}-\u{1F1FF}]/u;

describe("CountryFlag", () => {
  it("renders every country the data has as an image from this app, never an emoji", async () => {
    const served = new Set((await generateStaticParams()).map((p) => p.file));
    const codes = new Set([...COUNTRIES.map((c) => c.code), ...EXCHANGES.map((e) => e.countryCode)]);
    for (const code of codes) {
      const html = renderToStaticMarkup(createElement(CountryFlag, { code }));
      expect(html).not.toMatch(EMOJI_FLAG);
      expect(html).toContain(`src="/api/flag/${code.toLowerCase()}.svg"`);
      expect(served.has(`${code.toLowerCase()}.svg`), code).toBe(true);
    }
    expect(existsSync(path.join("node_modules", "flag-icons", "flags", "4x3", "gb.svg"))).toBe(true);
  });

  it("renders nothing for a code that is not two letters", () => {
    expect(renderToStaticMarkup(createElement(CountryFlag, { code: "USA" }))).toBe("");
    expect(renderToStaticMarkup(createElement(CountryFlag, { code: null }))).toBe("");
  });

  it("leaves no emoji flag in a rendered listing", () => {
    const listing = {
      ticker: "VOD",
      exchangeCode: "LSE",
      exchangeCountryCode: "GB",
      exchangeCountryName: "United Kingdom",
      tradingCurrency: "GBX",
    };
    const html = renderToStaticMarkup(createElement(ListingsTable, { primary: listing, secondaries: [] }));
    expect(html).toContain("United Kingdom");
    expect(html).toContain('data-flag="GB"');
    expect(html).not.toMatch(EMOJI_FLAG);
  });
});
