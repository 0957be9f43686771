import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, type BarItem } from "./bar-chart";

const bars = (...values: number[]): BarItem[] =>
  values.map((value, i) => ({ key: `k${i}`, label: `Company ${i}`, value }));

/** The axis's tick labels, in order, as the server renders them (the column not yet measured). */
function axis(items: BarItem[], options: { counts?: boolean; format?: (v: number) => string } = {}) {
  const format = options.format ?? String;
  const html = renderToStaticMarkup(
    createElement(BarChart, { items, format, counts: options.counts, label: "chart" }),
  );
  return [...html.matchAll(/<span class="mt-0\.5 whitespace-nowrap">([^<]*)<\/span>/g)].map((m) => m[1]);
}

describe("BarChart's axis", () => {
  it("ends on a tick at the domain's round end", () => {
    // A count of 3 drew ticks 0 and 2 under a bar that ran past the last.
    expect(axis(bars(3, 2, 1), { counts: true }).at(-1)).toBe("3");
    expect(axis(bars(77.1, 35.2, 13.2), { format: (v) => `$${v}B` }).at(-1)).toBe("$80B");
  });

  it("spaces its ticks evenly", () => {
    for (const values of [
      [17, 3],
      [13, 2],
      [1234, 5],
      [3, 1],
      [77.1, 35.2],
    ]) {
      const ticks = axis(bars(...values), { counts: Number.isInteger(values[0]) }).map(Number);
      const steps = new Set(ticks.slice(1).map((t, i) => t - (ticks[i] ?? 0)));
      expect(steps.size, `${ticks}`).toBe(1);
    }
  });

  it("has whole numbers only for counts", () => {
    const ticks = axis(bars(2, 1, 1), { counts: true });
    expect(ticks).toEqual(["0", "1", "2"]);
    expect(axis(bars(14, 3), { counts: true }).every((t) => Number.isInteger(Number(t)))).toBe(true);
  });
});
