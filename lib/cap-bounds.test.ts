import { describe, expect, it } from "vitest";
import { parseCapBounds, toBillionsText } from "./cap-bounds";

describe("cap bounds", () => {
  it("shows a bound in billions, and no bound as an empty field", () => {
    expect(toBillionsText(2_500_000_000)).toBe("2.5");
    expect(toBillionsText(0)).toBe("0");
    expect(toBillionsText(undefined)).toBe("");
    // A bound of a few dollars (a link's) in plain digits, not "5e-7", and read back the same.
    expect(toBillionsText(500)).toBe("0.0000005");
    expect(toBillionsText(1e12)).toBe("1000");
    expect(parseCapBounds(toBillionsText(500), toBillionsText(10))).toEqual({
      ok: false,
      message: "The minimum is above the maximum.",
    });
    expect(parseCapBounds(toBillionsText(10), toBillionsText(500))).toEqual({ ok: true, min: 10, max: 500 });
  });

  it("reads billions as whole USD, an empty field as no bound", () => {
    expect(parseCapBounds("2", "0.3e1")).toEqual({ ok: true, min: 2e9, max: 3e9 });
    expect(parseCapBounds(" 1.005 ", "")).toEqual({ ok: true, min: 1_005_000_000, max: undefined });
    expect(parseCapBounds("", "  ")).toEqual({ ok: true, min: undefined, max: undefined });
    expect(parseCapBounds("0", "0")).toEqual({ ok: true, min: 0, max: 0 });
    expect(parseCapBounds(toBillionsText(1_234_567_890), "")).toMatchObject({ min: 1_234_567_890 });
  });

  it("refuses what is not an amount of 0 or more", () => {
    const refused = { ok: false, message: "Enter amounts in billions of USD, such as 2 or 0.3." };
    for (const text of ["abc", "-1", "1B", "Infinity", "1e400", "NaN"]) {
      expect(parseCapBounds(text, "")).toEqual(refused);
      expect(parseCapBounds("", text)).toEqual(refused);
    }
  });

  it("refuses a minimum above the maximum, after checking both are amounts", () => {
    expect(parseCapBounds("9", "6")).toEqual({ ok: false, message: "The minimum is above the maximum." });
    expect(parseCapBounds("9", "x")).toMatchObject({ message: /^Enter amounts/ });
  });
});
