// The two scales the comparison's bar charts draw with, and their axis ticks: d3's linear and
// base-10 log scales, reduced to what a horizontal bar needs (a domain from zero or a positive
// minimum, a range from zero). d3-scale itself (with the interpolators, colours and number formats
// it carries) was most of the compare page's chart code; `scale.test.ts` holds these to its output.

export interface Scale {
  (value: number): number;
  /** About `count` round values across the domain, as d3's `scale.ticks(count)` gives them. */
  ticks(count: number): number[];
}

/** 10 to an integer power, written as d3 writes it: `10 ** 23` is not `1e23` in floating point. */
const pow10 = (exponent: number) => Number(`1e${exponent}`);

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

/** d3-array's `tickSpec`: the first and last tick as multiples of an increment (negative: 1/inc). */
function tickSpec(start: number, stop: number, count: number): [number, number, number] {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / 10 ** power;
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  let i1: number;
  let i2: number;
  let inc: number;
  if (power < 0) {
    inc = 10 ** -power / factor;
    i1 = Math.round(start * inc);
    i2 = Math.round(stop * inc);
    if (i1 / inc < start) ++i1;
    if (i2 / inc > stop) --i2;
    inc = -inc;
  } else {
    inc = 10 ** power * factor;
    i1 = Math.round(start / inc);
    i2 = Math.round(stop / inc);
    if (i1 * inc < start) ++i1;
    if (i2 * inc > stop) --i2;
  }
  if (i2 < i1 && 0.5 <= count && count < 2) return tickSpec(start, stop, count * 2);
  return [i1, i2, inc];
}

/** d3-array's `ticks` for `start <= stop`: round values, about `count` of them. */
export function ticks(start: number, stop: number, count: number): number[] {
  if (!(count > 0)) return [];
  if (start === stop) return [start];
  const [i1, i2, inc] = tickSpec(start, stop, count);
  if (!(i2 >= i1)) return [];
  return Array.from({ length: i2 - i1 + 1 }, (_, i) => (inc < 0 ? (i1 + i) / -inc : (i1 + i) * inc));
}

/** d3's `linear.nice()`: the domain widened to round ends, as its ten ticks would have them. */
function nice(start: number, stop: number): [number, number] {
  if (!(stop > start)) return [start, stop];
  let previous: number | undefined;
  for (let i = 0; i < 10; i++) {
    const step = tickSpec(start, stop, 10)[2];
    if (step === previous) break;
    if (step > 0) {
      start = Math.floor(start / step) * step;
      stop = Math.ceil(stop / step) * step;
    } else if (step < 0) {
      start = Math.ceil(start * step) / step;
      stop = Math.floor(stop * step) / step;
    } else break;
    previous = step;
  }
  return [start, stop];
}

/** A linear scale from `[0, max]` (widened to a round end with `nice`) onto `[0, width]`; `max >= 0`. */
export function linearScale(max: number, width: number, { nice: round = false } = {}): Scale {
  const [d0, d1] = round ? nice(0, max) : [0, max];
  const scale = (value: number) => (d1 === d0 ? width / 2 : ((value - d0) / (d1 - d0)) * width);
  scale.ticks = (count: number) => ticks(d0, d1, count);
  return scale;
}

/** A base-10 log scale from `[min, max]` (`0 < min <= max`) onto `[0, width]`, clamped to its ends. */
export function logScale(min: number, max: number, width: number): Scale {
  const l0 = Math.log10(min);
  const l1 = Math.log10(max);
  const scale = (value: number) => {
    if (l1 === l0) return width / 2;
    const t = (Math.log10(value) - l0) / (l1 - l0);
    return Math.max(0, Math.min(1, t)) * width;
  };
  // d3's log ticks: every 1–9 multiple of a power of ten while the domain spans fewer decades than
  // `count` (thinned to round values if that leaves too few), else powers of ten.
  scale.ticks = (count: number) => {
    if (l1 - l0 >= count) return ticks(l0, l1, Math.min(l1 - l0, count)).map(pow10);
    const found: number[] = [];
    for (let e = Math.floor(l0); e <= Math.ceil(l1); e++) {
      for (let k = 1; k < 10; k++) {
        const t = e < 0 ? k / pow10(-e) : k * pow10(e);
        if (t < min) continue;
        if (t > max) break;
        found.push(t);
      }
    }
    return found.length * 2 < count ? ticks(min, max, count) : found;
  };
  return scale;
}
