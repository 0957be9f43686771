import { describe, expect, it } from "vitest";
import {
  COMPANY_KEY_PATTERN,
  cusipCheckDigit,
  FIGI_CHARS,
  figiCheckDigit,
  fiscalIdentifier,
  IDENTIFIER_PATTERN,
  isinCheckDigit,
  isValidCusip,
  isValidFigi,
  isValidFiscalIdentifier,
  isValidIsin,
  MAX_COMPANY_KEY_LENGTH,
  normalizeCik,
} from "./identifiers";

describe("published check digits", () => {
  it("computes ISIN check digits of real securities", () => {
    expect(isinCheckDigit("US037833100")).toBe("5"); // Apple
    expect(isinCheckDigit("GB000263494")).toBe("6"); // BAE Systems
    expect(isinCheckDigit("JP363340000")).toBe("1"); // Toyota (JP3633400001)
    expect(isValidIsin("DE0007164600")).toBe(true); // SAP
    expect(isValidIsin("DE0007164601")).toBe(false);
  });

  it("computes CUSIP check digits of real securities", () => {
    expect(cusipCheckDigit("03783310")).toBe("0"); // Apple 037833100
    expect(cusipCheckDigit("59491810")).toBe("4"); // Microsoft 594918104
    expect(isValidCusip("38259P508")).toBe(true); // Google class A
    expect(isValidCusip("38259P509")).toBe(false);
  });

  it("computes FIGI check digits of real FIGIs", () => {
    expect(figiCheckDigit("BBG000BLNNH")).toBe("6"); // IBM
    expect(figiCheckDigit("BBG000B9XRY")).toBe("4"); // Apple composite
    expect(isValidFigi("BBG000BLNNH6")).toBe(true);
    expect(isValidFigi("BBG000BLNNH7")).toBe(false);
    expect(FIGI_CHARS).not.toMatch(/[AEIOU]/);
  });

  it("accepts a CIK with or without leading zeros", () => {
    expect(normalizeCik("320193")).toBe("0000320193");
    expect(normalizeCik("0000320193")).toBe("0000320193");
    expect(normalizeCik("12345678901")).toBeNull();
    expect(normalizeCik("abc")).toBeNull();
  });
});

describe("companyFiscalIdentifier", () => {
  it("has the FSCLC prefix, is valid, and is distinct per company", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 60_000; i++) {
      const id = fiscalIdentifier("company", i);
      expect(id.startsWith("FSCLC")).toBe(true);
      seen.add(id);
    }
    expect(seen.size).toBe(60_000);
    expect(isValidFiscalIdentifier(fiscalIdentifier("company", 42))).toBe(true);
  });

  it("rejects every single-character substitution and adjacent transposition", () => {
    for (const index of [0, 1, 777, 54_999]) {
      const id = fiscalIdentifier("company", index);
      const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
      for (let pos = 5; pos < id.length; pos++) {
        for (const c of chars) {
          if (c === id[pos]) continue;
          const typo = id.slice(0, pos) + c + id.slice(pos + 1);
          expect(isValidFiscalIdentifier(typo), typo).toBe(false);
        }
        if (pos + 1 < id.length && id[pos] !== id[pos + 1]) {
          const swapped = id.slice(0, pos) + id[pos + 1] + id[pos] + id.slice(pos + 2);
          expect(isValidFiscalIdentifier(swapped), swapped).toBe(false);
        }
      }
    }
  });

  it("keeps kinds apart", () => {
    expect(isValidFiscalIdentifier(fiscalIdentifier("listing", 5), "company")).toBe(false);
    expect(isValidFiscalIdentifier(fiscalIdentifier("listing", 5), "listing")).toBe(true);
  });
});

describe("company keys", () => {
  // Keys of real-world shapes: the contract says any string the upstream returns.
  const ODD = ["NYSE_BRK/B", "XPAR_A&B+C%", "XLON_BT.A", "XSTO_ERIC B", "XTAE_Q#1?,2", "OTC_AB%2FC", "X_é"];

  it("accepts every key shape the upstream sends, uncased and unparsed", () => {
    for (const key of ["NASDAQ_AAPL", "nasdaq_aapl", ...ODD]) {
      expect(COMPANY_KEY_PATTERN.test(key), key).toBe(true);
      expect(IDENTIFIER_PATTERN.test(key), key).toBe(true);
    }
  });

  it("rejects control and format characters, outer spaces, dot segments and absurd lengths", () => {
    const bad = [
      "NASDAQ_AAPL\r\nX-Api-Key: x",
      "NASDAQ_AAPL\u0000",
      "NASDAQ_\u202EAAPL",
      "NASDAQ_AAPL ",
      "NASDAQ_ AAPL",
      "NASDAQ_AAPL/../../v3/companies-list",
      `NASDAQ_${"A".repeat(MAX_COMPANY_KEY_LENGTH)}`,
      "_AAPL",
      "NAS-DAQ_AAPL",
      "NASDAQAAPL",
    ];
    for (const key of bad) expect(COMPANY_KEY_PATTERN.test(key), JSON.stringify(key)).toBe(false);
    expect(COMPANY_KEY_PATTERN.test(`N_${"A".repeat(MAX_COMPANY_KEY_LENGTH - 2)}`)).toBe(true);
  });

  it("still tells a key from the other identifiers, which are no keys", () => {
    for (const id of ["US0378331005", "037833100", "BBG000B9XRY4", "320193", "FSCLC0123456789"]) {
      expect(COMPANY_KEY_PATTERN.test(id), id).toBe(false);
      expect(IDENTIFIER_PATTERN.test(id), id).toBe(true);
    }
    for (const junk of ["<script>", "a b", "http://evil.example/x", "//evil.example"])
      expect(IDENTIFIER_PATTERN.test(junk), junk).toBe(false);
  });
});
