import { describe, expect, it } from "vitest";
import { checkNewsRange, rangeLimits } from "./news-range";

const today = "2026-11-20";

describe("news range", () => {
  it("accepts no dates (the API's latest 14 days) and a range of up to 31 days", () => {
    expect(checkNewsRange("", "", today)).toEqual({ ok: true, range: null });
    expect(checkNewsRange("2026-10-21", "2026-11-20", today)).toEqual({
      ok: true,
      range: { startDate: "2026-10-21", endDate: "2026-11-20" },
    });
    expect(checkNewsRange("2026-11-20", "2026-11-20", today).ok).toBe(true);
  });

  it("refuses 32 days and says the latest end allowed", () => {
    const check = checkNewsRange("2026-10-20", "2026-11-20", today);
    expect(check).toMatchObject({ ok: false, field: "endDate" });
    expect(!check.ok && check.message).toMatch(/32 days.*at most 31 days.*2026-11-19/);
  });

  it("wants both dates, real dates, in order, not after today", () => {
    expect(checkNewsRange("2026-11-01", "", today)).toMatchObject({ ok: false, field: "endDate" });
    expect(checkNewsRange("", "2026-11-01", today)).toMatchObject({ ok: false, field: "startDate" });
    expect(checkNewsRange("2026-02-30", "2026-03-01", today)).toMatchObject({
      ok: false,
      field: "startDate",
    });
    expect(checkNewsRange("2026-11-10", "2026-11-01", today)).toMatchObject({ ok: false, field: "endDate" });
    expect(checkNewsRange("2026-11-10", "2026-11-21", today)).toMatchObject({ ok: false, field: "endDate" });
  });

  it("limits the pickers to ranges the service accepts", () => {
    expect(rangeLimits("2026-09-01", "", today)).toEqual({
      start: { min: undefined, max: today },
      end: { min: "2026-09-01", max: "2026-10-01" },
    });
    expect(rangeLimits("2026-11-10", "2026-11-15", today)).toEqual({
      start: { min: "2026-10-16", max: "2026-11-15" },
      end: { min: "2026-11-10", max: today },
    });
    expect(rangeLimits("", "", today)).toEqual({
      start: { min: undefined, max: today },
      end: { min: undefined, max: today },
    });
  });
});
