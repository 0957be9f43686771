import { describe, expect, it } from "vitest";
import { csvCell } from "./csv";

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("Acme, Inc.", "text")).toBe('"Acme, Inc."');
    expect(csvCell('The "Best" Co', "text")).toBe('"The ""Best"" Co"');
    expect(csvCell("two\nlines", "text")).toBe('"two\nlines"');
    expect(csvCell("Plain", "text")).toBe("Plain");
    expect(csvCell(null, "text")).toBe("");
  });

  it("keeps identifiers a spreadsheet would turn into numbers as text", () => {
    expect(csvCell("0000320193", "identifier")).toBe('="0000320193"');
    expect(csvCell("037833100", "identifier")).toBe('="037833100"');
    expect(csvCell("12345E10", "identifier")).toBe('="12345E10"');
    expect(csvCell("US0378331005", "identifier")).toBe("US0378331005");
  });

  it("defuses text that a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")', "text")).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1", "text")).toBe("'+1");
    expect(csvCell("@SUM(A1)", "text")).toBe("'@SUM(A1)");
  });

  it("writes plain cells as they are, quoted only where RFC 4180 needs it (for pandas and R)", () => {
    expect(csvCell("0000320193", "identifier", "plain")).toBe("0000320193");
    expect(csvCell("6236", "identifier", "plain")).toBe("6236");
    expect(csvCell("+1", "text", "plain")).toBe("+1");
    expect(csvCell("Acme, Inc.", "text", "plain")).toBe('"Acme, Inc."');
    expect(csvCell(2495200000000, "number", "plain")).toBe("2495200000000");
  });

  it("writes numbers plainly and drops non-finite ones", () => {
    expect(csvCell(2495200000000, "number")).toBe("2495200000000");
    expect(csvCell(Number.NaN, "number")).toBe("");
  });
});
