import { describe, expect, it } from "vitest";
import { addDays, daysBetween, isIsoDate, utcDateOf } from "./dates";

describe("dates", () => {
  it("adds days across month and year ends and counts inclusive days", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(daysBetween("2026-11-14", "2026-11-20")).toBe(7);
    expect(daysBetween("2026-11-20", "2026-11-20")).toBe(1);
    expect(daysBetween("2026-10-21", "2026-11-20")).toBe(31);
  });

  it("stays within the years 0000 to 9999", () => {
    expect(addDays("0000-01-03", -6)).toBe("0000-01-01");
    expect(addDays("9999-12-30", 6)).toBe("9999-12-31");
    expect(addDays("0000-01-03", -2)).toBe("0000-01-01");
  });

  it("accepts only real dates in YYYY-MM-DD form", () => {
    expect(isIsoDate("2026-11-20")).toBe(true);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("yesterday")).toBe(false);
    expect(utcDateOf(Date.parse("2026-11-20T23:59:59Z"))).toBe("2026-11-20");
  });
});
