import { describe, expect, it } from "vitest";
import {
  clampWidth,
  constantColumns,
  MAX_COLUMN_PX,
  MIN_COLUMN_PX,
  parseColumnWidth,
  withWidth,
} from "./column-layout";

describe("column widths", () => {
  it("reads only known columns with finite widths, clamped", () => {
    expect(parseColumnWidth({ id: "name", px: 320 })).toEqual({ id: "name", px: 320 });
    expect(parseColumnWidth({ id: "name", px: 5 })).toEqual({ id: "name", px: MIN_COLUMN_PX });
    expect(parseColumnWidth({ id: "sector", px: 1e9 })).toEqual({ id: "sector", px: MAX_COLUMN_PX });
    expect(parseColumnWidth({ id: "nope", px: 100 })).toBeNull();
    expect(parseColumnWidth({ id: "name", px: Number.NaN })).toBeNull();
    expect(parseColumnWidth("name")).toBeNull();
    expect(clampWidth(100.4)).toBe(100);
  });

  it("keeps one entry per column, and drops it to give the default back", () => {
    const once = withWidth([], "name", 300);
    const twice = withWidth(once, "name", 340);
    expect(twice).toEqual([{ id: "name", px: 340 }]);
    expect(withWidth(withWidth(twice, "sector", 200), "name", null)).toEqual([{ id: "sector", px: 200 }]);
  });
});

describe("constantColumns", () => {
  it("hides the column of a facet filtered to one value, and what that value fixes", () => {
    expect(constantColumns({ filters: { country: ["Germany"] } })).toEqual(["country", "region"]);
    expect(constantColumns({ filters: { industry: ["Banks"] } })).toEqual([
      "industry",
      "industryGroup",
      "sector",
    ]);
  });

  it("keeps columns with two or more values, and the ticker's exchange code", () => {
    expect(constantColumns({ filters: { country: ["Germany", "France"], exchange: ["XETRA"] } })).toEqual([]);
    expect(constantColumns({ filters: {} })).toEqual([]);
  });
});
