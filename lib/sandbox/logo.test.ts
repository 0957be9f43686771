import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { LOGO_VARIANTS, type LogoVariant } from "@/lib/upstream/vocabulary";
import { brandFromSeed, type LogoSpec, renderLogo } from "./logo";
import { encodePng } from "./png";

const SIZES: Record<LogoVariant, [number, number]> = {
  icon: [128, 128],
  logo: [480, 128],
  "logo-dark": [480, 128],
  tile: [256, 256],
};

const NORVEX: LogoSpec = {
  initials: "NV",
  wordmark: "NORVEX",
  brand: [37, 99, 235],
  accent: [251, 191, 36],
  shape: 0,
};
const KESTREL: LogoSpec = { initials: "K&S", wordmark: "KESTREL & SONS", ...brandFromSeed(2) };
const ALDERWAY: LogoSpec = { initials: "A", wordmark: "ALDERWAY 3", ...brandFromSeed(3) };

/** Bitwise CRC-32, deliberately independent of the table-driven encoder implementation. */
function referenceCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

interface Chunk {
  type: string;
  data: Uint8Array;
  crc: number;
  body: Uint8Array;
}

function chunks(png: Uint8Array): Chunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out: Chunk[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = view.getUint32(offset);
    const body = png.subarray(offset + 4, offset + 8 + length);
    out.push({
      type: String.fromCharCode(...png.subarray(offset + 4, offset + 8)),
      data: png.subarray(offset + 8, offset + 8 + length),
      crc: view.getUint32(offset + 8 + length),
      body,
    });
    offset += 12 + length;
  }
  expect(offset).toBe(png.length);
  return out;
}

interface Decoded {
  width: number;
  height: number;
  raw: Uint8Array;
  rgba: Uint8Array;
}

/** Decodes an 8-bit RGBA, non-interlaced PNG (all five scanline filter types). */
function decode(png: Uint8Array): Decoded {
  const all = chunks(png);
  const ihdr = all[0];
  if (ihdr?.type !== "IHDR") throw new Error("missing IHDR");
  const header = new DataView(ihdr.data.buffer, ihdr.data.byteOffset, ihdr.data.byteLength);
  const width = header.getUint32(0);
  const height = header.getUint32(4);
  const raw = inflateSync(Buffer.concat(all.filter((c) => c.type === "IDAT").map((c) => c.data)));
  const stride = width * 4;
  const rgba = new Uint8Array(stride * height);
  for (let y = 0; y < height && raw.length === height * (stride + 1); y++) {
    const filter = raw[y * (stride + 1)] ?? 0;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i] ?? 0;
      const a = i >= 4 ? (rgba[y * stride + i - 4] ?? 0) : 0;
      const b = y > 0 ? (rgba[(y - 1) * stride + i] ?? 0) : 0;
      const c = i >= 4 && y > 0 ? (rgba[(y - 1) * stride + i - 4] ?? 0) : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      rgba[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  return { width, height, raw, rgba };
}

function pixel(img: Decoded, x: number, y: number): [number, number, number, number] {
  const i = (y * img.width + x) * 4;
  return [img.rgba[i] ?? 0, img.rgba[i + 1] ?? 0, img.rgba[i + 2] ?? 0, img.rgba[i + 3] ?? 0];
}

function luma(r: number, g: number, b: number): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function relativeLuminance(rgb: readonly [number, number, number]): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
}

/** Opaque pixels right of the mark (x >= 136), i.e. the wordmark's ink. */
function wordmarkInk(img: Decoded): [number, number, number][] {
  const ink: [number, number, number][] = [];
  for (let y = 0; y < img.height; y++) {
    for (let x = 136; x < img.width; x++) {
      const [r, g, b, a] = pixel(img, x, y);
      if (a >= 250) ink.push([r, g, b]);
    }
  }
  return ink;
}

describe("encodePng", () => {
  it("encodes a tiny image that round-trips exactly", () => {
    const rgba = Uint8Array.from({ length: 3 * 2 * 4 }, (_, i) => (i * 37) & 0xff);
    const img = decode(encodePng(3, 2, rgba));
    expect(img.width).toBe(3);
    expect(img.height).toBe(2);
    expect([...img.rgba]).toEqual([...rgba]);
  });

  it("rejects mismatched buffers and invalid sizes", () => {
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(RangeError);
    expect(() => encodePng(0, 2, new Uint8Array(0))).toThrow(RangeError);
  });
});

describe("renderLogo", () => {
  it("lists the variants in order", () => {
    expect(LOGO_VARIANTS).toEqual(["icon", "logo", "logo-dark", "tile"]);
  });

  for (const variant of LOGO_VARIANTS) {
    it(`produces a well-formed ${variant} PNG`, () => {
      const [width, height] = SIZES[variant];
      const png = renderLogo(KESTREL, variant);
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

      const all = chunks(png);
      expect(all[0]?.type).toBe("IHDR");
      expect(all.at(-1)?.type).toBe("IEND");
      expect(all.at(-1)?.data.length).toBe(0);
      expect(all.some((c) => c.type === "IDAT")).toBe(true);
      for (const chunk of all) expect(chunk.crc, `${chunk.type} CRC`).toBe(referenceCrc32(chunk.body));

      const ihdr = all[0]?.data ?? new Uint8Array(0);
      const view = new DataView(ihdr.buffer, ihdr.byteOffset, ihdr.byteLength);
      expect(ihdr.length).toBe(13);
      expect(view.getUint32(0)).toBe(width);
      expect(view.getUint32(4)).toBe(height);
      expect([...ihdr.subarray(8)]).toEqual([8, 6, 0, 0, 0]); // 8-bit RGBA, deflate, no interlace

      const img = decode(png);
      expect(img.raw.length).toBe(height * (1 + width * 4));
      for (let y = 0; y < height; y++) expect(img.raw[y * (1 + width * 4)]).toBeLessThanOrEqual(4);
    });
  }

  it("is deterministic", () => {
    for (const variant of LOGO_VARIANTS) {
      const a = renderLogo(NORVEX, variant);
      const b = renderLogo({ ...NORVEX, brand: [...NORVEX.brand], accent: [...NORVEX.accent] }, variant);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    }
  });

  it("changes with the initials, colours, shape and wordmark", () => {
    for (const variant of LOGO_VARIANTS) {
      const base = Buffer.from(renderLogo(NORVEX, variant));
      const variants: LogoSpec[] = [
        { ...NORVEX, initials: "NX" },
        { ...NORVEX, brand: [220, 38, 38] },
        { ...NORVEX, accent: [52, 211, 153] },
      ];
      // The tile is always a full-bleed rounded square; the other variants draw the mark's shape.
      if (variant !== "tile") variants.push({ ...NORVEX, shape: 2 });
      for (const spec of variants) {
        expect(
          base.equals(Buffer.from(renderLogo(spec, variant))),
          `${variant} ${JSON.stringify(spec)}`,
        ).toBe(false);
      }
    }
    for (const variant of ["logo", "logo-dark"] as const) {
      const base = Buffer.from(renderLogo(NORVEX, variant));
      expect(base.equals(Buffer.from(renderLogo({ ...NORVEX, wordmark: "NORVEX 2" }, variant)))).toBe(false);
    }
  });

  it("leaves the corners transparent and fills the mark", () => {
    for (const shape of [0, 1, 2, 3] as const) {
      const spec = { ...ALDERWAY, shape };
      for (const variant of ["icon", "logo", "logo-dark", "tile"] as const) {
        const img = decode(renderLogo(spec, variant));
        const w = img.width - 1;
        const h = img.height - 1;
        for (const [x, y] of [
          [0, 0],
          [w, 0],
          [0, h],
          [w, h],
        ] as const) {
          expect(pixel(img, x, y)[3], `${variant} shape ${shape} corner ${x},${y}`).toBe(0);
        }
      }
      const icon = decode(renderLogo(spec, "icon"));
      expect(pixel(icon, 64, 16)[3], `icon shape ${shape}`).toBe(255);
      expect(pixel(icon, 64, 64)[3]).toBe(255);
      const logo = decode(renderLogo(spec, "logo"));
      expect(pixel(logo, 64, 28)[3], `logo shape ${shape}`).toBe(255);
      expect(pixel(logo, 64, 64)[3]).toBe(255);
      const tile = decode(renderLogo(spec, "tile"));
      expect(pixel(tile, 128, 2)[3]).toBe(255);
      expect(pixel(tile, 2, 128)[3]).toBe(255);
    }
  });

  it("paints the mark in the brand colour with white initials", () => {
    const img = decode(renderLogo(NORVEX, "icon"));
    const [r, g, b] = pixel(img, 64, 14);
    // The fill is a gentle gradient around the brand colour.
    expect(Math.abs(r - NORVEX.brand[0])).toBeLessThan(40);
    expect(Math.abs(g - NORVEX.brand[1])).toBeLessThan(40);
    expect(Math.abs(b - NORVEX.brand[2])).toBeLessThan(40);
    let white = 0;
    for (let y = 32; y < 96; y++) {
      for (let x = 16; x < 112; x++) {
        const [pr, pg, pb, pa] = pixel(img, x, y);
        if (pa === 255 && pr > 245 && pg > 245 && pb > 245) white++;
      }
    }
    expect(white).toBeGreaterThan(300);
  });

  it("sets the wordmark dark on the light logo and light on the dark logo", () => {
    const specs: LogoSpec[] = [
      NORVEX,
      KESTREL,
      ALDERWAY,
      { initials: "O", wordmark: "OBSIDIAN", brand: [10, 10, 12], accent: [30, 30, 30], shape: 1 },
      { initials: "SUN", wordmark: "SUNNYSIDE", brand: [250, 204, 21], accent: [255, 255, 255], shape: 2 },
    ];
    for (const spec of specs) {
      const light = wordmarkInk(decode(renderLogo(spec, "logo")));
      const dark = wordmarkInk(decode(renderLogo(spec, "logo-dark")));
      expect(light.length, spec.wordmark).toBeGreaterThan(500);
      expect(dark.length, spec.wordmark).toBeGreaterThan(500);
      for (const [r, g, b] of light) expect(luma(r, g, b)).toBeLessThan(70);
      for (const [r, g, b] of dark) expect(luma(r, g, b)).toBeGreaterThan(220);
    }
  });

  it("lightens a near-black mark on the dark logo", () => {
    const spec: LogoSpec = {
      initials: "O",
      wordmark: "OBSIDIAN",
      brand: [8, 8, 10],
      accent: [40, 40, 40],
      shape: 1,
    };
    const [r, g, b] = pixel(decode(renderLogo(spec, "logo-dark")), 64, 24);
    const [lr, lg, lb] = pixel(decode(renderLogo(spec, "logo")), 64, 24);
    expect(luma(r, g, b)).toBeGreaterThan(luma(lr, lg, lb) + 30);
  });

  it("tolerates odd input", () => {
    const odd: LogoSpec = {
      initials: "",
      wordmark: "lower ?!",
      brand: [300, -5, Number.NaN],
      accent: [0, 0, 0],
      shape: 3,
    };
    for (const variant of LOGO_VARIANTS)
      expect(decode(renderLogo(odd, variant)).width).toBe(SIZES[variant][0]);
    const lower = Buffer.from(renderLogo({ ...NORVEX, wordmark: "norvex" }, "logo"));
    expect(lower.equals(Buffer.from(renderLogo(NORVEX, "logo")))).toBe(true);
  });

  it("renders quickly", () => {
    // Informational only: timing depends on the machine.
    const timings: string[] = [];
    for (const variant of LOGO_VARIANTS) {
      renderLogo(KESTREL, variant);
      const start = performance.now();
      const runs = 10;
      for (let i = 0; i < runs; i++) renderLogo({ ...KESTREL, initials: i % 2 ? "KS" : "K&S" }, variant);
      timings.push(`${variant} ${((performance.now() - start) / runs).toFixed(2)} ms`);
    }
    console.log(`renderLogo average: ${timings.join(", ")}`);
  });
});

describe("brandFromSeed", () => {
  it("is deterministic and varied", () => {
    expect(brandFromSeed(42)).toEqual(brandFromSeed(42));
    const brands = new Set<string>();
    const shapes = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const { brand, accent, shape } = brandFromSeed(seed);
      brands.add(brand.join(","));
      shapes.add(shape);
      for (const c of [...brand, ...accent]) {
        expect(Number.isInteger(c)).toBe(true);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(255);
      }
    }
    expect(brands.size).toBeGreaterThan(150);
    expect([...shapes].sort()).toEqual([0, 1, 2, 3]);
  });

  it("produces saturated brand colours that carry white initials", () => {
    for (let seed = 0; seed < 200; seed++) {
      const { brand, accent } = brandFromSeed(seed);
      const contrastWithWhite = 1.05 / (relativeLuminance(brand) + 0.05);
      expect(contrastWithWhite, `seed ${seed}`).toBeGreaterThanOrEqual(4);
      const max = Math.max(...brand);
      const min = Math.min(...brand);
      expect(max - min, `seed ${seed} saturation`).toBeGreaterThan(60);
      expect(accent).not.toEqual(brand);
    }
  });
});
