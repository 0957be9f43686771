import { describe, expect, it } from "vitest";
import { DEFAULT_COLUMNS, toggleColumn } from "./view-state";

describe("toggleColumn", () => {
  const columns = DEFAULT_COLUMNS.full;

  it("keeps the order the columns stand in: market cap stays after the ticker", () => {
    expect(toggleColumn(columns, "isin")).toEqual([...columns, "isin"]);
    expect(toggleColumn(columns, "industryGroup")).toEqual([
      "name",
      "ticker",
      "marketCap",
      "sector",
      "industryGroup",
      "industry",
      "country",
      "companyStatus",
    ]);
  });

  it("hides a column where it stands, and never the name", () => {
    expect(toggleColumn(columns, "sector")).toEqual(columns.filter((c) => c !== "sector"));
    expect(toggleColumn(columns, "name")).toEqual(columns);
    expect(toggleColumn(toggleColumn(columns, "ticker"), "ticker")).toEqual(columns);
  });
});
