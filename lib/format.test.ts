import { describe, expect, it } from "vitest";
import {
  escapeBidiControls,
  formatAgo,
  formatMarketCap,
  formatUsdExact,
  formatUtc,
  plainText,
  safeHttpUrl,
} from "./format";

describe("format", () => {
  it("formats market caps compactly and exactly, null when missing", () => {
    expect(formatMarketCap(2_495_200_000_000)).toBe("$2.5T");
    expect(formatMarketCap(830_540_000)).toBe("$830.5M");
    expect(formatMarketCap(5_000_000_000)).toBe("$5B");
    expect(formatMarketCap(null)).toBeNull();
    expect(formatMarketCap(Number.NaN)).toBeNull();
    expect(formatUsdExact(1_234_567_890)).toBe("$1,234,567,890 USD");
  });

  it("says how long ago, in words", () => {
    const now = Date.parse("2026-11-20T15:00:00Z");
    expect(formatAgo(now - 2_000, now)).toBe("just now");
    expect(formatAgo(now - 8_000, now)).toBe("8 seconds ago");
    expect(formatAgo(now - 120_000, now)).toBe("2 minutes ago");
    expect(formatAgo(now - 3 * 3_600_000, now)).toBe("3 hours ago");
    expect(formatAgo(now - 86_400_000, now)).toBe("yesterday");
    expect(formatUtc(now)).toBe("2026-11-20 15:00 UTC");
  });

  it("keeps only http(s) links", () => {
    expect(safeHttpUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("JaVaScRiPt:alert(1)")).toBeNull();
    expect(safeHttpUrl("data:text/html,<b>x</b>")).toBeNull();
    expect(safeHttpUrl("/relative")).toBeNull();
    expect(safeHttpUrl("")).toBeNull();
    expect(safeHttpUrl("//evil.example/x")).toBeNull();
    expect(safeHttpUrl("vbscript:msgbox(1)")).toBeNull();
  });

  it("makes upstream text safe for markup-free places: no bidi controls, right-to-left text isolated", () => {
    expect(plainText("Acme \u202Eevil.exe\u202C Corp")).toBe("Acme evil.exe Corp");
    expect(plainText("\u2067\u202Eunterminated")).toBe("unterminated");
    expect(plainText("שם משפטי")).toBe("\u2068שם משפטי\u2069");
    expect(plainText(null)).toBe("");
  });

  it("shows bidi controls in source text as escapes", () => {
    expect(escapeBidiControls('{"name":"A\u202EB"}')).toBe('{"name":"A\\u202EB"}');
    expect(JSON.parse(escapeBidiControls(JSON.stringify({ name: "A\u202EB" })))).toEqual({
      name: "A\u202EB",
    });
  });
});
