// Deterministic company logos for the sandbox universe, rendered to PNG without any native or
// npm dependency. Shapes are drawn from signed distance functions and the lettering from a
// hand-designed stroke font (a geometric, rounded sans); both are anti-aliased analytically by
// turning each pixel's distance to the outline into coverage, which is equivalent to heavy
// supersampling but costs one evaluation per pixel.

import type { LogoVariant } from "@/lib/upstream/vocabulary";
import { encodePng } from "./png";
import { Rng } from "./rng";

type Rgb = readonly [number, number, number];

export interface LogoSpec {
  /** 1-3 characters from A-Z, 0-9 and "&". */
  initials: string;
  /** Short brand name for the wide variants (A-Z, 0-9, space, &, ., -). */
  wordmark: string;
  /** Brand colour, RGB 0-255. */
  brand: Rgb;
  /** Secondary colour, RGB 0-255. */
  accent: Rgb;
  /** Mark shape: 0 circle, 1 rounded square, 2 hexagon, 3 diamond. */
  shape: 0 | 1 | 2 | 3;
}

// ---------------------------------------------------------------------------------------------
// Colour

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const INK: Rgb = [17, 24, 39]; // #111827

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const hue = (((h % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((hue % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hue < 1
      ? [c, x, 0]
      : hue < 2
        ? [x, c, 0]
        : hue < 3
          ? [0, c, x]
          : hue < 4
            ? [0, x, c]
            : hue < 5
              ? [x, 0, c]
              : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

function rgbToHsl(rgb: Rgb): [number, number, number] {
  const r = rgb[0] / 255;
  const g = rgb[1] / 255;
  const b = rgb[2] / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function channelLinear(v: number): number {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance(rgb: Rgb): number {
  return 0.2126 * channelLinear(rgb[0]) + 0.7152 * channelLinear(rgb[1]) + 0.0722 * channelLinear(rgb[2]);
}

function contrast(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [
    Math.round(a[0] + (b[0] - a[0]) * t),
    Math.round(a[1] + (b[1] - a[1]) * t),
    Math.round(a[2] + (b[2] - a[2]) * t),
  ];
}

function sanitizeRgb(rgb: Rgb): Rgb {
  const c = (v: number) => (Number.isFinite(v) ? clamp(Math.round(v), 0, 255) : 0);
  return [c(rgb[0]), c(rgb[1]), c(rgb[2])];
}

/** Raises HSL lightness until the colour's relative luminance reaches `target`. */
function lightenTo(rgb: Rgb, target: number): Rgb {
  if (luminance(rgb) >= target) return rgb;
  const [h, s, l0] = rgbToHsl(rgb);
  for (let l = l0; l <= 1; l += 0.02) {
    const c = hslToRgb(h, s, l);
    if (luminance(c) >= target) return c;
  }
  return WHITE;
}

/** Accent colours as HSL: amber, coral, mint, sky, aqua, lavender, orange, teal, pink, gold. */
const ACCENTS: readonly [readonly [number, number, number], ...(readonly [number, number, number])[]] = [
  [43, 0.96, 0.56],
  [351, 0.95, 0.71],
  [158, 0.64, 0.52],
  [198, 0.93, 0.6],
  [186, 0.85, 0.66],
  [255, 0.92, 0.76],
  [27, 0.96, 0.61],
  [172, 0.66, 0.5],
  [330, 0.86, 0.7],
  [48, 0.96, 0.64],
];

function hueDistance(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
}

/**
 * Deterministic brand palette: a well-saturated brand colour dark enough to carry white
 * lettering (WCAG contrast >= 4), a brighter accent from a harmonious hue offset, and a shape.
 */
export function brandFromSeed(seed: number): Pick<LogoSpec, "brand" | "accent" | "shape"> {
  const rand = new Rng((Number.isFinite(seed) ? Math.trunc(seed) : 0) ^ 0x5bd1e995).next;
  const hue = rand() * 360;
  const sat = 0.6 + rand() * 0.25;
  let light = 0.4 + rand() * 0.1;
  let brand = hslToRgb(hue, sat, light);
  while (contrast(brand, WHITE) < 4 && light > 0.18) {
    light -= 0.02;
    brand = hslToRgb(hue, sat, light);
  }
  // Accent: a bright tint from a curated set of HSL hues, far enough round the colour wheel from
  // the brand hue to read as a second colour.
  const candidates = ACCENTS.filter(([h]) => hueDistance(h, hue) >= 60);
  const [ah, as, al] = candidates[Math.floor(rand() * candidates.length)] ?? ACCENTS[0];
  let accent = hslToRgb(ah, as, al);
  // The accent sits on the brand colour, so it must stand out from it.
  for (let l = al; contrast(accent, brand) < 2.5 && l < 0.9; l += 0.03) accent = hslToRgb(ah, as, l);
  const shape = Math.floor(rand() * 4) as LogoSpec["shape"];
  return { brand, accent, shape };
}

// ---------------------------------------------------------------------------------------------
// Stroke font. Glyphs are centre-line polylines on a grid where the cap height spans y = 0 (top)
// to y = 10 (baseline) and x runs from 0 to the glyph width `w`; angles are in degrees with y
// pointing down (90 = bottom of an arc). Strokes are drawn as round-capped capsules, so joints
// and terminals are round.

interface Glyph {
  readonly w: number;
  readonly strokes: readonly (readonly number[])[];
}

function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number): number[] {
  const steps = Math.max(2, Math.ceil(Math.abs(a1 - a0) / 6));
  const pts: number[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((a0 + ((a1 - a0) * i) / steps) * Math.PI) / 180;
    pts.push(cx + rx * Math.cos(a), cy + ry * Math.sin(a));
  }
  return pts;
}

const cat = (...parts: number[][]): number[] => parts.flat();

function rotate180(g: Glyph): Glyph {
  return { w: g.w, strokes: g.strokes.map((s) => s.map((v, i) => (i % 2 === 0 ? g.w - v : 10 - v))) };
}

const BOWL_P = cat([0, 10, 0, 0, 3.6, 0], arc(3.6, 2.8, 3, 2.8, -90, 90), [0, 5.6]);
const SIX: Glyph = {
  w: 6.8,
  strokes: [arc(3.4, 6.75, 3.4, 3.25, 0, 360), arc(4.6, 6.75, 4.6, 6.75, 180, 292)],
};

const GLYPHS: Readonly<Record<string, Glyph>> = {
  A: {
    w: 8.2,
    strokes: [
      [0, 10, 4.1, 0, 8.2, 10],
      [1.56, 6.2, 6.64, 6.2],
    ],
  },
  B: {
    w: 6.9,
    strokes: [
      [0, 0, 0, 10],
      cat([0, 0, 3.6, 0], arc(3.6, 2.4, 2.7, 2.4, -90, 90), [0, 4.8]),
      cat([3.9, 4.8], arc(3.9, 7.4, 3, 2.6, -90, 90), [0, 10]),
    ],
  },
  C: { w: 7.6, strokes: [arc(4.5, 5, 4.5, 5.15, -44, -316)] },
  D: { w: 7.4, strokes: [cat([0, 0, 0, 10, 2.6, 10], arc(2.6, 5, 4.8, 5, 90, -90), [0, 0])] },
  E: {
    w: 6,
    strokes: [
      [6, 0, 0, 0, 0, 10, 6, 10],
      [0, 5, 5.2, 5],
    ],
  },
  F: {
    w: 5.9,
    strokes: [
      [5.9, 0, 0, 0, 0, 10],
      [0, 5.2, 5.1, 5.2],
    ],
  },
  G: { w: 8.7, strokes: [cat(arc(4.5, 5, 4.5, 5.15, -44, -360), [8.9, 5.4, 5.2, 5.4])] },
  H: {
    w: 7.2,
    strokes: [
      [0, 0, 0, 10],
      [7.2, 0, 7.2, 10],
      [0, 5, 7.2, 5],
    ],
  },
  I: { w: 0, strokes: [[0, 0, 0, 10]] },
  J: { w: 5.6, strokes: [cat([5.6, 0], arc(2.8, 7.2, 2.8, 2.8, 0, 165))] },
  K: {
    w: 6.8,
    strokes: [
      [0, 0, 0, 10],
      [6.6, 0, 0, 6.6],
      [2.5, 4.1, 6.8, 10],
    ],
  },
  L: { w: 5.6, strokes: [[0, 0, 0, 10, 5.6, 10]] },
  M: { w: 9.2, strokes: [[0, 10, 0, 0, 4.6, 7.4, 9.2, 0, 9.2, 10]] },
  N: { w: 7.4, strokes: [[0, 10, 0, 0, 7.4, 10, 7.4, 0]] },
  O: { w: 9, strokes: [arc(4.5, 5, 4.5, 5.15, 0, 360)] },
  P: { w: 6.6, strokes: [BOWL_P] },
  Q: { w: 9, strokes: [arc(4.5, 5, 4.5, 5.15, 0, 360), [5.6, 7.1, 8.9, 10.3]] },
  R: { w: 6.8, strokes: [BOWL_P, [3.3, 5.6, 6.8, 10]] },
  S: {
    w: 6.6,
    strokes: [cat(arc(3.3, 2.55, 3.1, 2.7, -24, -270), arc(3.3, 7.5, 3.3, 2.65, -90, 156))],
  },
  T: {
    w: 7.2,
    strokes: [
      [0, 0, 7.2, 0],
      [3.6, 0, 3.6, 10],
    ],
  },
  U: { w: 7.2, strokes: [cat([0, 0], arc(3.6, 6.4, 3.6, 3.6, 180, 0), [7.2, 0])] },
  V: { w: 8.2, strokes: [[0, 0, 4.1, 10, 8.2, 0]] },
  W: { w: 11.6, strokes: [[0, 0, 2.9, 10, 5.8, 0.6, 8.7, 10, 11.6, 0]] },
  X: {
    w: 7.6,
    strokes: [
      [0, 0, 7.6, 10],
      [7.6, 0, 0, 10],
    ],
  },
  Y: {
    w: 8,
    strokes: [
      [0, 0, 4, 5.4, 8, 0],
      [4, 5.4, 4, 10],
    ],
  },
  Z: { w: 7, strokes: [[0.2, 0, 7, 0, 0, 10, 7, 10]] },
  "0": { w: 7, strokes: [arc(3.5, 5, 3.5, 5.15, 0, 360)] },
  "1": { w: 3.4, strokes: [[0, 2.2, 3.4, 0, 3.4, 10]] },
  "2": { w: 6.8, strokes: [cat(arc(3.4, 3.1, 3.3, 3.1, 196, 378), [0, 10, 6.8, 10])] },
  "3": {
    w: 6.4,
    strokes: [
      cat(arc(3.2, 2.55, 3, 2.55, 200, 450), arc(3.2, 7.55, 3.2, 2.45, -90, 160)),
      [1.8, 5.1, 3.2, 5.1],
    ],
  },
  "4": { w: 7, strokes: [[5.2, 10, 5.2, 0, 0, 7, 7, 7]] },
  "5": { w: 6.5, strokes: [cat([6.1, 0, 0.9, 0, 0.6, 4.9], arc(3.2, 6.85, 3.3, 3.15, 218, 520))] },
  "6": SIX,
  "7": { w: 6.6, strokes: [[0, 0, 6.6, 0, 2.4, 10]] },
  "8": { w: 6.6, strokes: [arc(3.3, 2.6, 2.85, 2.6, 0, 360), arc(3.3, 7.55, 3.3, 2.45, 0, 360)] },
  "9": rotate180(SIX),
  "&": {
    w: 8,
    strokes: [
      arc(3.2, 2.35, 2, 2.35, 0, 360),
      [1.8, 4, 8, 10],
      cat([4.6, 4.05], arc(3.1, 7.45, 3.1, 2.55, 208, -28), [7.6, 5.2]),
    ],
  },
  ".": { w: 0, strokes: [[0, 10, 0, 10]] },
  "-": { w: 3.8, strokes: [[0, 5.8, 3.8, 5.8]] },
  " ": { w: 2, strokes: [] },
};

interface TextStyle {
  /** Stroke width as a fraction of the cap height. */
  weight: number;
  /** Extra letter spacing as a fraction of the cap height. */
  tracking: number;
}

function glyphsOf(text: string): Glyph[] {
  const out: Glyph[] = [];
  for (const ch of text.toUpperCase()) {
    const g = GLYPHS[ch];
    if (g) out.push(g);
  }
  return out;
}

/** Ink width in pixels of `glyphs` set at cap height 1 (text width scales linearly). */
function unitWidth(glyphs: readonly Glyph[], style: TextStyle): number {
  if (glyphs.length === 0) return 0;
  const k = (1 - style.weight) / 10;
  let width = -style.tracking;
  for (const g of glyphs) width += g.w * k + style.weight + style.tracking;
  return width;
}

// ---------------------------------------------------------------------------------------------
// Raster surface: premultiplied RGBA floats plus a scratch coverage mask.

type Sdf = (x: number, y: number) => number;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Vertical linear gradient (solid when top === bottom). */
interface Paint {
  top: Rgb;
  bottom: Rgb;
  y0: number;
  y1: number;
}

const solid = (c: Rgb): Paint => ({ top: c, bottom: c, y0: 0, y1: 1 });

class Surface {
  readonly px: Float32Array;
  readonly mask: Float32Array;
  private maskBox: Box | null = null;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.px = new Float32Array(width * height * 4);
    this.mask = new Float32Array(width * height);
  }

  private clip(box: Box): Box {
    return {
      x0: clamp(Math.floor(box.x0), 0, this.width),
      y0: clamp(Math.floor(box.y0), 0, this.height),
      x1: clamp(Math.ceil(box.x1), 0, this.width),
      y1: clamp(Math.ceil(box.y1), 0, this.height),
    };
  }

  private blend(i: number, a: number, r: number, g: number, b: number): void {
    const p = i * 4;
    const inv = 1 - a;
    this.px[p] = r * a + (this.px[p] ?? 0) * inv;
    this.px[p + 1] = g * a + (this.px[p + 1] ?? 0) * inv;
    this.px[p + 2] = b * a + (this.px[p + 2] ?? 0) * inv;
    this.px[p + 3] = a + (this.px[p + 3] ?? 0) * inv;
  }

  /** Composites paint wherever the signed distance (in pixels, negative inside) is below zero. */
  fillSdf(sdf: Sdf, bounds: Box, paint: Paint, opacity = 1): void {
    const { x0, y0, x1, y1 } = this.clip({
      x0: bounds.x0 - 1,
      y0: bounds.y0 - 1,
      x1: bounds.x1 + 1,
      y1: bounds.y1 + 1,
    });
    for (let y = y0; y < y1; y++) {
      const [r, g, b] = paintAt(paint, y + 0.5);
      for (let x = x0; x < x1; x++) {
        const cov = clamp(0.5 - sdf(x + 0.5, y + 0.5), 0, 1) * opacity;
        if (cov > 0) this.blend(y * this.width + x, cov, r, g, b);
      }
    }
  }

  /** Adds a round-capped stroke from (ax, ay) to (bx, by) to the coverage mask (union by max). */
  strokeToMask(ax: number, ay: number, bx: number, by: number, halfWidth: number): void {
    const box = this.clip({
      x0: Math.min(ax, bx) - halfWidth - 1,
      y0: Math.min(ay, by) - halfWidth - 1,
      x1: Math.max(ax, bx) + halfWidth + 1,
      y1: Math.max(ay, by) + halfWidth + 1,
    });
    const m = this.maskBox;
    this.maskBox = m
      ? {
          x0: Math.min(m.x0, box.x0),
          y0: Math.min(m.y0, box.y0),
          x1: Math.max(m.x1, box.x1),
          y1: Math.max(m.y1, box.y1),
        }
      : box;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const outer = (halfWidth + 0.5) ** 2;
    const inner = halfWidth > 0.5 ? (halfWidth - 0.5) ** 2 : -1;
    for (let y = box.y0; y < box.y1; y++) {
      const py = y + 0.5 - ay;
      for (let x = box.x0; x < box.x1; x++) {
        const px = x + 0.5 - ax;
        const t = len2 > 0 ? clamp((px * dx + py * dy) / len2, 0, 1) : 0;
        const ex = px - t * dx;
        const ey = py - t * dy;
        const d2 = ex * ex + ey * ey;
        if (d2 >= outer) continue;
        const i = y * this.width + x;
        const cov = d2 <= inner ? 1 : clamp(halfWidth + 0.5 - Math.sqrt(d2), 0, 1);
        if (cov > (this.mask[i] ?? 0)) this.mask[i] = cov;
      }
    }
  }

  /** Composites the accumulated mask with `paint`, then clears it. */
  flushMask(paint: Paint): void {
    const box = this.maskBox;
    if (!box) return;
    for (let y = box.y0; y < box.y1; y++) {
      const [r, g, b] = paintAt(paint, y + 0.5);
      for (let x = box.x0; x < box.x1; x++) {
        const i = y * this.width + x;
        const cov = this.mask[i] ?? 0;
        if (cov > 0) {
          this.blend(i, cov, r, g, b);
          this.mask[i] = 0;
        }
      }
    }
    this.maskBox = null;
  }

  toRgba(): Uint8Array {
    const n = this.width * this.height;
    const out = new Uint8Array(n * 4);
    for (let i = 0; i < n * 4; i += 4) {
      const a = this.px[i + 3] ?? 0;
      if (a <= 1 / 512) continue;
      out[i] = Math.round(clamp((this.px[i] ?? 0) / a, 0, 1) * 255);
      out[i + 1] = Math.round(clamp((this.px[i + 1] ?? 0) / a, 0, 1) * 255);
      out[i + 2] = Math.round(clamp((this.px[i + 2] ?? 0) / a, 0, 1) * 255);
      out[i + 3] = Math.round(clamp(a, 0, 1) * 255);
    }
    return out;
  }
}

/** Paint colour at row y, as 0-1 floats. */
function paintAt(paint: Paint, y: number): [number, number, number] {
  const t = paint.y1 > paint.y0 ? clamp((y - paint.y0) / (paint.y1 - paint.y0), 0, 1) : 0;
  return [
    (paint.top[0] + (paint.bottom[0] - paint.top[0]) * t) / 255,
    (paint.top[1] + (paint.bottom[1] - paint.top[1]) * t) / 255,
    (paint.top[2] + (paint.bottom[2] - paint.top[2]) * t) / 255,
  ];
}

/** Draws text with its ink box's left edge at x and its baseline at `baseline`. */
function drawText(
  surface: Surface,
  glyphs: readonly Glyph[],
  x: number,
  baseline: number,
  cap: number,
  style: TextStyle,
  paint: Paint,
): void {
  const sw = style.weight * cap;
  const hw = sw / 2;
  const k = (cap - sw) / 10;
  const top = baseline - cap + hw;
  let pen = x + hw;
  for (const g of glyphs) {
    for (const stroke of g.strokes) {
      if (stroke.length === 2) {
        const sx = pen + (stroke[0] ?? 0) * k;
        const sy = top + (stroke[1] ?? 0) * k;
        surface.strokeToMask(sx, sy, sx, sy, hw * 1.12);
        continue;
      }
      for (let i = 0; i + 3 < stroke.length; i += 2) {
        surface.strokeToMask(
          pen + (stroke[i] ?? 0) * k,
          top + (stroke[i + 1] ?? 0) * k,
          pen + (stroke[i + 2] ?? 0) * k,
          top + (stroke[i + 3] ?? 0) * k,
          hw,
        );
      }
    }
    pen += g.w * k + sw + style.tracking * cap;
  }
  surface.flushMask(paint);
}

// ---------------------------------------------------------------------------------------------
// Shapes (signed distance functions in pixels; negative inside)

function sdRoundBox(px: number, py: number, hx: number, hy: number, r: number): number {
  const qx = Math.abs(px) - hx + r;
  const qy = Math.abs(py) - hy + r;
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  return Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - r;
}

/** Hexagon with flat top and bottom edges at ±apothem (vertices left and right). */
function sdHexagon(px: number, py: number, apothem: number): number {
  const kx = -0.8660254037844387;
  const ky = 0.5;
  const kz = 0.5773502691896257;
  let x = Math.abs(px);
  let y = Math.abs(py);
  const d = Math.min(kx * x + ky * y, 0) * 2;
  x -= d * kx;
  y -= d * ky;
  x -= clamp(x, -kz * apothem, kz * apothem);
  y -= apothem;
  return Math.sqrt(x * x + y * y) * Math.sign(y);
}

interface MarkGeometry {
  sdf: Sdf;
  box: Box;
  /** Distance in pixels the initials' bounding box keeps from the shape's edge. */
  pad: number;
  /** Scales the largest cap height (as a fraction of the mark size) the initials may use. */
  capScale?: number;
}

function markGeometry(shape: LogoSpec["shape"], cx: number, cy: number, size: number): MarkGeometry {
  const r = size / 2;
  const box = { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r };
  switch (shape) {
    case 1: {
      const rr = size * 0.24;
      return { sdf: (x, y) => sdRoundBox(x - cx, y - cy, r, r, rr), box, pad: size * 0.12 };
    }
    case 2: {
      const apothem = r * 0.9;
      const round = size * 0.07;
      return {
        sdf: (x, y) => sdHexagon(x - cx, y - cy, apothem - round) - round,
        box,
        pad: size * 0.1,
      };
    }
    case 3: {
      const round = size * 0.1;
      const half = (r + round * (Math.SQRT2 - 1)) / Math.SQRT2;
      const c = Math.SQRT1_2;
      return {
        sdf: (x, y) => {
          const dx = x - cx;
          const dy = y - cy;
          return sdRoundBox(c * (dx + dy), c * (dy - dx), half, half, round);
        },
        box,
        pad: size * 0.06,
      };
    }
    default:
      return { sdf: (x, y) => Math.hypot(x - cx, y - cy) - r, box, pad: size * 0.08 };
  }
}

const INITIALS_STYLE: TextStyle = { weight: 0.17, tracking: 0.06 };
const WORDMARK_STYLE: TextStyle = { weight: 0.155, tracking: 0.16 };

/** Accent bar under the initials, as fractions of their cap height. */
const BAR_HEIGHT = 0.13;
const BAR_GAP = 0.2;
const GROUP_HEIGHT = 1 + BAR_GAP + BAR_HEIGHT;

interface Palette {
  brand: Rgb;
  accent: Rgb;
  initials: Rgb;
}

function palette(spec: LogoSpec, forDarkSurface: boolean): Palette {
  let brand = sanitizeRgb(spec.brand);
  let accent = sanitizeRgb(spec.accent);
  if (forDarkSurface) {
    // A near-black mark would vanish on a dark surface.
    brand = lightenTo(brand, 0.06);
    accent = lightenTo(accent, 0.12);
  }
  const initials = contrast(brand, WHITE) >= 2.4 ? WHITE : INK;
  // The accent bar sits on the brand colour: push it towards the initials colour until visible.
  for (let t = 0.1; contrast(accent, brand) < 1.8 && t <= 1; t += 0.1) accent = mix(accent, initials, t);
  return { brand, accent, initials };
}

/**
 * Draws the mark: the shape filled with a subtle vertical brand gradient, the initials centred in
 * the initials colour and a short accent bar under them.
 */
function drawMark(
  surface: Surface,
  spec: LogoSpec,
  colors: Palette,
  geo: MarkGeometry,
  cx: number,
  cy: number,
  size: number,
): void {
  const fill: Paint = {
    top: mix(colors.brand, WHITE, 0.12),
    bottom: mix(colors.brand, BLACK, 0.12),
    y0: geo.box.y0,
    y1: geo.box.y1,
  };
  surface.fillSdf(geo.sdf, geo.box, fill);

  const glyphs = glyphsOf(spec.initials).slice(0, 3);
  if (glyphs.length === 0) return;
  const unit = unitWidth(glyphs, INITIALS_STYLE);
  // The initials and bar form a group of height cap * GROUP_HEIGHT; find the largest cap (up to a
  // ceiling that depends on the number of glyphs) whose bounding box stays inside the shape.
  const fits = (cap: number): boolean => {
    const hx = (cap * unit) / 2;
    const hy = (cap * GROUP_HEIGHT) / 2;
    return (
      geo.sdf(cx - hx, cy - hy) <= -geo.pad &&
      geo.sdf(cx + hx, cy - hy) <= -geo.pad &&
      geo.sdf(cx - hx, cy + hy) <= -geo.pad &&
      geo.sdf(cx + hx, cy + hy) <= -geo.pad
    );
  };
  let lo = 0;
  let hi = size * (geo.capScale ?? 1) * (glyphs.length === 1 ? 0.46 : glyphs.length === 2 ? 0.36 : 0.28);
  if (fits(hi)) lo = hi;
  for (let i = 0; i < 16 && hi - lo > 0.05; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  const cap = lo;
  const textWidth = cap * unitWidth(glyphs, INITIALS_STYLE);
  const barHeight = cap * BAR_HEIGHT;
  const gap = cap * BAR_GAP;
  const groupHeight = cap * GROUP_HEIGHT;
  const top = cy - groupHeight / 2;
  drawText(surface, glyphs, cx - textWidth / 2, top + cap, cap, INITIALS_STYLE, solid(colors.initials));

  const barWidth = Math.max(cap * 0.9, textWidth * 0.34);
  const barY = top + cap + gap + barHeight / 2;
  surface.strokeToMask(
    cx - barWidth / 2 + barHeight / 2,
    barY,
    cx + barWidth / 2 - barHeight / 2,
    barY,
    barHeight / 2,
  );
  surface.flushMask(solid(colors.accent));
}

function renderIcon(spec: LogoSpec): Surface {
  const size = 128;
  const surface = new Surface(size, size);
  const mark = size - 8;
  drawMark(surface, spec, palette(spec, false), markGeometry(spec.shape, 64, 64, mark), 64, 64, mark);
  return surface;
}

function renderTile(spec: LogoSpec): Surface {
  const size = 256;
  const surface = new Surface(size, size);
  const colors = palette(spec, false);
  const radius = 44;
  const geo: MarkGeometry = {
    sdf: (x, y) => sdRoundBox(x - 128, y - 128, 128, 128, radius),
    box: { x0: 0, y0: 0, x1: size, y1: size },
    pad: size * 0.16,
    capScale: 0.8,
  };
  drawMark(surface, spec, colors, geo, 128, 128, size);
  return surface;
}

function renderWide(spec: LogoSpec, dark: boolean): Surface {
  const width = 480;
  const height = 128;
  const surface = new Surface(width, height);
  const colors = palette(spec, dark);
  const mark = 96;
  const cy = height / 2;
  const mx = 16 + mark / 2;
  drawMark(surface, spec, colors, markGeometry(spec.shape, mx, cy, mark), mx, cy, mark);

  const glyphs = glyphsOf(spec.wordmark.trim());
  if (glyphs.length === 0) return surface;
  const textX = mx + mark / 2 + 22;
  const available = width - textX - 14;
  const cap = Math.min(36, available / unitWidth(glyphs, WORDMARK_STYLE));
  const [h, s] = rgbToHsl(colors.brand);
  const ink = dark ? hslToRgb(h, Math.min(s, 0.3), 0.96) : hslToRgb(h, Math.min(s, 0.5), 0.15);
  drawText(surface, glyphs, textX, cy + cap / 2, cap, WORDMARK_STYLE, solid(ink));
  return surface;
}

/** Renders `variant` of the logo described by `spec` as PNG bytes (deterministic). */
export function renderLogo(spec: LogoSpec, variant: LogoVariant): Uint8Array {
  const surface =
    variant === "icon"
      ? renderIcon(spec)
      : variant === "tile"
        ? renderTile(spec)
        : renderWide(spec, variant === "logo-dark");
  return encodePng(surface.width, surface.height, surface.toRgba());
}
