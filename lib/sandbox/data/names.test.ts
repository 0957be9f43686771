import { describe, expect, it } from "vitest";
import type { NameCulture, Script } from "./geo-types";
import { BRAND_STEMS, LEGAL_FORMS, LEGAL_FORMS_BY_COUNTRY, NATIVE_NAMES, PERSON_NAMES } from "./names";

const CULTURES: readonly NameCulture[] = [
  "anglo",
  "de",
  "fr",
  "es",
  "pt",
  "it",
  "nl",
  "nordic",
  "ja",
  "zh",
  "ko",
  "in",
  "ar",
  "ru",
  "he",
  "tr",
  "pl",
  "id",
];
const SCRIPT_CHARS: Record<Exclude<Script, "latin">, RegExp> = {
  ja: /[\u3040-\u30ff\u4e00-\u9fff]/,
  zh: /[\u4e00-\u9fff]/,
  ko: /[\uac00-\ud7af]/,
  ar: /[\u0600-\u06ff]/,
  ru: /[\u0400-\u04ff]/,
};
const ASCII = /^[\x20-\x7e]+$/;
const LATIN_NAME = /^\p{Script=Latin}[\p{Script=Latin}' .-]*$/u;

const dupes = (xs: readonly string[]): string[] => xs.filter((x, i) => xs.indexOf(x) !== i);

describe("BRAND_STEMS", () => {
  it("has 400+ unique, simple word-shaped stems", () => {
    expect(BRAND_STEMS.length).toBeGreaterThanOrEqual(400);
    expect(dupes(BRAND_STEMS)).toEqual([]);
    expect(dupes(BRAND_STEMS.map((x) => x.toLowerCase()))).toEqual([]);
    for (const stem of BRAND_STEMS) expect(stem).toMatch(/^[A-Z][a-z]+([A-Z][a-z]+)?$/);
  });
});

describe("LEGAL_FORMS", () => {
  it("has at least one form per culture", () => {
    for (const c of CULTURES) expect(LEGAL_FORMS[c].length, c).toBeGreaterThanOrEqual(1);
    expect(Object.keys(LEGAL_FORMS).sort()).toEqual([...CULTURES].sort());
  });
  it("country overrides are keyed by ISO alpha-2 and non-empty", () => {
    for (const [code, forms] of Object.entries(LEGAL_FORMS_BY_COUNTRY)) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(forms.length).toBeGreaterThanOrEqual(1);
      for (const f of forms) expect(f.suffix.trim()).toBe(f.suffix);
    }
    expect(LEGAL_FORMS_BY_COUNTRY.SE?.map((f) => f.suffix)).toContain("AB (publ)");
    expect(LEGAL_FORMS.id[0]).toEqual({ prefix: "PT", suffix: "Tbk" });
  });
});

describe("NATIVE_NAMES", () => {
  const scripts = Object.keys(SCRIPT_CHARS) as Exclude<Script, "latin">[];
  it.each(scripts)("%s has enough unique parts in the right script", (script) => {
    const t = NATIVE_NAMES[script];
    const re = SCRIPT_CHARS[script];
    expect(t.stems.length).toBeGreaterThanOrEqual(60);
    expect(t.activities.length).toBeGreaterThanOrEqual(20);
    expect(t.forms.length).toBeGreaterThanOrEqual(1);
    expect(dupes(t.stems.map((p) => p.en))).toEqual([]);
    expect(dupes(t.stems.map((p) => p.native))).toEqual([]);
    expect(dupes(t.activities.map((p) => p.en))).toEqual([]);
    expect(dupes(t.activities.map((p) => p.native))).toEqual([]);
    for (const p of [...t.stems, ...t.activities, ...t.forms]) {
      expect(p.en, p.native).toMatch(ASCII);
      expect(p.en.trim()).toBe(p.en);
      expect(p.native, p.en).toMatch(re);
    }
    for (const p of [...t.stems, ...t.activities]) expect(p.native.trim()).toBe(p.native);
  });
  it("composes natural native names", () => {
    const compose = (script: Exclude<Script, "latin">, s: number, a: number, f: number): string => {
      const t = NATIVE_NAMES[script];
      const stem = t.stems[s];
      const act = t.activities[a];
      const form = t.forms[f];
      if (!stem || !act || !form) throw new Error("missing");
      const core = `${stem.native}${t.joiner}${act.native}`;
      return form.nativePosition === "prefix"
        ? `${form.native}${t.joiner}${core}`
        : `${core}${t.joiner}${form.native}`;
    };
    expect(compose("ja", 0, 0, 0)).toBe("桜電機株式会社");
    expect(compose("zh", 0, 0, 0)).toBe("华信科技股份有限公司");
    expect(compose("ko", 0, 0, 0)).toBe("주식회사 한일화학");
    expect(compose("ar", 0, 0, 0)).toBe("شركة النور للأسمنت");
    expect(compose("ru", 0, 0, 0)).toBe("ПАО Северный металлургический комбинат");
  });
});

describe("PERSON_NAMES", () => {
  it.each(CULTURES)("%s has 30+ first and 40+ unique Latin-script names", (c) => {
    const { first, last } = PERSON_NAMES[c];
    expect(first.length).toBeGreaterThanOrEqual(30);
    expect(last.length).toBeGreaterThanOrEqual(40);
    expect(dupes(first)).toEqual([]);
    expect(dupes(last)).toEqual([]);
    for (const n of [...first, ...last]) expect(n).toMatch(LATIN_NAME);
  });
});
