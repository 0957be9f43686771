import { describe, expect, it } from "vitest";
import {
  escapeBidiControls,
  formatAgo,
  formatCount,
  formatLocalTime,
  formatMarketCap,
  formatSince,
  formatUsdCompact,
  formatUsdExact,
  formatUtc,
  formatUtcDay,
  formatUtcTime,
  plainText,
  safeHttpUrl,
  venueLabel,
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

  it("writes a listing as text", () => {
    expect(venueLabel({ exchangeCode: "XLON", ticker: "RUIH" })).toBe("XLON: RUIH");
  });

  it("dates a past moment stamped a little after the page's now as just now, not in the future", () => {
    const now = Date.parse("2026-11-20T15:00:00Z");
    expect(formatAgo(now + 180_000, now)).toBe("in 3 minutes");
    expect(formatSince(now + 180_000, now)).toBe("just now");
    expect(formatSince(now - 180_000, now)).toBe("3 minutes ago");
  });

  it("prints numbers as Intl's en-US would, without Intl", () => {
    // Intl is the oracle here: the app formats by hand so that no browser pays Intl's first use.
    const compact = (digits: number) =>
      new Intl.NumberFormat("en-US", {
        style: "currency",
        currency: "USD",
        notation: "compact",
        minimumFractionDigits: 0,
        maximumFractionDigits: digits,
      });
    const exact = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    });
    const integer = new Intl.NumberFormat("en-US");
    const values = [
      0, 1, 5, 12, 999, 1_000, 1_049, 1_050, 1_949, 9_999, 99_949, 99_950, 999_499, 999_500, 999_949, 999_950,
      1_000_000, 8_450_000_000, 2_495_200_000_000, 999_950_000_000_000, 4.2e15, 123_456_789_012,
      5_000_000_000, 830_540_000, 1_234.5, 0.04, 0.05, 12.25,
    ];
    // Ties at every unit: 1.05K, 12.35M, 123.45B... (rounded half away from zero).
    for (let unit = 1; unit <= 4; unit++)
      for (let k = 1; k < 1000; k += 37)
        values.push((k * 100 + 5) * 10 ** (3 * unit - 3), (k * 10 + 5) * 10 ** (3 * unit - 2));
    let seed = 7;
    for (let i = 0; i < 300; i++) {
      seed = (seed * 48271) % 2147483647;
      values.push(Math.round((seed / 2147483647) * 10 ** (3 + (i % 13))));
    }
    for (const value of [...values, ...values.filter((v) => v !== 0).map((v) => -v)]) {
      expect(formatUsdCompact(value, 1), `${value}`).toBe(compact(1).format(value));
      expect(formatUsdCompact(value, 2), `${value}`).toBe(compact(2).format(value));
      expect(formatUsdExact(value), `${value}`).toBe(`${exact.format(value)} USD`);
      if (Number.isInteger(value)) expect(formatCount(value), `${value}`).toBe(integer.format(value));
    }
    expect(formatCount(1234.5678)).toBe(integer.format(1234.5678));
  });

  it("says relative times and UTC days as Intl's en-US would", () => {
    const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
    const now = Date.parse("2026-11-20T15:00:00Z");
    const cases: [number, Intl.RelativeTimeFormatUnit, number][] = [
      [-8, "second", 1],
      [-59, "second", 1],
      [-1, "minute", 60],
      [-1, "hour", 3_600],
      [-1, "day", 86_400],
      [1, "day", 86_400],
      [-1, "week", 7 * 86_400],
      [-2, "month", 30 * 86_400],
      [-1, "year", 365 * 86_400],
      [-1500, "year", 365 * 86_400],
      [3, "hour", 3_600],
      [1, "week", 7 * 86_400],
    ];
    for (const [count, unit, size] of cases)
      expect(formatAgo(now + count * size * 1000, now), `${count} ${unit}`).toBe(
        relative.format(count, unit),
      );
    const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
    const short = new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const long = new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    for (let i = 0; i < 400; i++) {
      const ms = Date.parse("2025-01-01T23:30:00Z") + i * 86_400_000 * 1.37;
      expect(formatUtcDay(ms, "day")).toBe(day.format(ms));
      expect(formatUtcDay(ms, "short")).toBe(short.format(ms));
      expect(formatUtcDay(ms, "long")).toBe(long.format(ms));
    }
  });

  it("says an instant in this machine's timezone with its offset, as Intl's en-US on a 24-hour clock would but for the zone", () => {
    for (const iso of ["2026-11-20T15:04:00Z", "2026-07-01T00:30:00Z", "2026-03-08T11:59:00Z"]) {
      const ms = Date.parse(iso);
      const local = (options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", minute: "2-digit", ...options })
          .format(ms)
          .replace(/\s/g, " ");
      const offset = -new Date(ms).getTimezoneOffset();
      const zone =
        offset === 0
          ? "UTC"
          : `UTC${offset < 0 ? "-" : "+"}${Math.trunc(Math.abs(offset) / 60)}${Math.abs(offset) % 60 ? `:${Math.abs(offset) % 60}` : ""}`;
      expect(formatLocalTime(ms)).toBe(`${local({ hour: "2-digit", hourCycle: "h23" })} ${zone}`);
    }
    // Before the reader's timezone is known: the same form in UTC.
    expect(formatUtcTime(Date.UTC(2026, 10, 20, 15, 4))).toBe("Nov 20, 15:04 UTC");
    expect(formatUtcTime(Date.UTC(2026, 0, 2, 0, 9))).toBe("Jan 2, 00:09 UTC");
    expect(formatUtcTime(Date.UTC(2026, 0, 2, 0, 9), "stamp")).toBe("Jan 2, 00:09");
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
