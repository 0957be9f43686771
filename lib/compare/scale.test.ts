import { scaleLinear, scaleLog } from "d3-scale";
import { describe, expect, it } from "vitest";
import { linearScale, logScale } from "./scale";

// The charts' scales against d3-scale, which they replace: the same positions and the same ticks
// over the magnitudes the charts meet (market caps from thousands to trillions, counts, ratios).
const MAXIMA = [
  0.004, 0.37, 1, 1.5, 7, 9.99, 10, 12, 45, 99, 100, 101, 640, 1234, 5e4, 98_765, 2.5e6, 1.23e9, 4.56e11,
  2.95e12, 3.1e12, 1e13,
];
const COUNTS = [1, 2, 3, 4, 5, 7, 10];
const WIDTHS = [40, 333, 1000];

describe("linearScale", () => {
  it("places values and ticks as d3's linear scale does, with and without nice", () => {
    for (const max of MAXIMA)
      for (const width of WIDTHS)
        for (const nice of [false, true]) {
          const ours = linearScale(max, width, { nice });
          const d3 = scaleLinear().domain([0, max]).range([0, width]);
          if (nice) d3.nice();
          for (const v of [0, max / 3, max / 2, max])
            expect(ours(v), `${v} of ${max} over ${width}`).toBeCloseTo(d3(v), 9);
          for (const count of COUNTS)
            expect(ours.ticks(count), `${count} ticks to ${max}`).toEqual(d3.ticks(count));
        }
  });

  it("keeps a zero domain as d3 does: every value in the middle, one tick", () => {
    const ours = linearScale(0, 100, { nice: true });
    const d3 = scaleLinear().domain([0, 0]).range([0, 100]).nice();
    expect(ours(0)).toBe(50);
    expect(d3(0)).toBe(50);
    expect(ours.ticks(3)).toEqual(d3.ticks(3));
  });

  it("rounds the end up only with nice", () => {
    expect(linearScale(1234, 100, { nice: true })(1300)).toBe(100);
    expect(linearScale(1234, 100)(1234)).toBe(100);
  });
});

describe("logScale", () => {
  it("places values and ticks as d3's clamped log scale does", () => {
    for (const max of MAXIMA)
      for (const ratio of [1.5, 3, 20, 1000, 1e6])
        for (const width of WIDTHS) {
          const min = max / ratio;
          const ours = logScale(min, max, width);
          const d3 = scaleLog().domain([min, max]).range([0, width]).clamp(true);
          for (const v of [min / 10, min, Math.sqrt(min * max), max, max * 10])
            expect(ours(v), `${v} in ${min}..${max}`).toBeCloseTo(d3(v), 9);
          for (const count of COUNTS)
            expect(ours.ticks(count), `${count} ticks over ${min}..${max}`).toEqual(d3.ticks(count));
        }
  });

  it("keeps a value out of the domain at its edge", () => {
    const scale = logScale(10, 1000, 200);
    expect(scale(1)).toBe(0);
    expect(scale(1e6)).toBe(200);
    expect(scale(100)).toBeCloseTo(100, 9);
  });
});
