import { describe, expect, it } from "vitest";
import { companyNewsHref, decodablePath, logoSrc, profileHref } from "./hrefs";

const ODD = ["NYSE_BRK/B", "XPAR_A&B+C%", "XLON_BT.A", "XSTO_ERIC B", "XTAE_Q#1?,2", "OTC_AB%2FC"];

describe("profileHref", () => {
  it("puts any key in one path segment that decodes once to the key", () => {
    expect(profileHref("NASDAQ_AAPL")).toBe("/companies/NASDAQ_AAPL");
    expect(profileHref("NYSE_BRK/B")).toBe("/companies/NYSE_BRK%2FB");
    for (const key of ODD) {
      const url = new URL(profileHref(key), "http://localhost");
      const segments = url.pathname.split("/");
      expect(segments, key).toHaveLength(3);
      expect(decodeURIComponent(segments[2] as string), key).toBe(key);
      expect(url.search + url.hash, key).toBe("");
    }
  });

  it("carries the identifier followed as an encoded from parameter", () => {
    for (const from of ODD) {
      const url = new URL(profileHref("NASDAQ_AAPL", from), "http://localhost");
      expect(url.pathname).toBe("/companies/NASDAQ_AAPL");
      expect([...url.searchParams]).toEqual([["from", from]]);
    }
  });
});

describe("logoSrc", () => {
  it("sends the key as one query value, safe inside a srcset (no raw comma or space)", () => {
    for (const key of ODD) {
      const src = logoSrc(key, "logo-dark");
      expect(src, key).not.toMatch(/[ ,]/);
      const url = new URL(src, "http://localhost");
      expect(url.pathname).toBe("/api/logo");
      expect([...url.searchParams]).toEqual([
        ["companyKey", key],
        ["variant", "logo-dark"],
      ]);
    }
  });
});

describe("companyNewsHref", () => {
  it("opens the feed on one company at every importance, the key as one query value", () => {
    expect(companyNewsHref("XSHE_300980")).toBe("/news?company=XSHE_300980&minImportance=1&maxImportance=5");
    const url = new URL(companyNewsHref("XPAR_A&B+C%"), "http://x");
    expect(url.searchParams.get("company")).toBe("XPAR_A&B+C%");
    expect([...url.searchParams.keys()]).toEqual(["company", "minImportance", "maxImportance"]);
  });
});

describe("decodablePath", () => {
  it("leaves a well-formed path alone", () => {
    for (const key of ODD) expect(decodablePath(profileHref(key))).toBe(profileHref(key));
    expect(decodablePath("/companies/caf%C3%A9")).toBe("/companies/caf%C3%A9");
  });

  it("takes a % that starts no decodable escape as the character itself", () => {
    expect(decodablePath("/companies/XPAR_A&B+C%")).toBe("/companies/XPAR_A&B+C%25");
    expect(decodablePath("/companies/XPAR_A%26B%2BC%")).toBe(profileHref("XPAR_A&B+C%"));
    expect(decodablePath("/companies/%E0%A4%A")).toBe("/companies/%25E0%25A4%25A");
    for (const path of ["/companies/%E0%A4", "/a%/b%zz/%FF"])
      expect(() => decodablePath(path).split("/").map(decodeURIComponent)).not.toThrow();
  });
});
