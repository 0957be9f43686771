// The names a profile shows beside its display name, and the language and direction of a
// native-script name, so that browsers pick the right font and lay right-to-left text out.
import type { Profile } from "@/lib/upstream/schemas";

export interface OtherName {
  label: string;
  value: string;
  /** BCP 47 language of a native-script name, when the script tells it. */
  lang?: string;
  rtl?: boolean;
}

const SCRIPTS: [RegExp, string | ((country: string) => string)][] = [
  [/[\u3040-\u30ff]/, "ja"], // kana: Japanese even when mixed with kanji
  [/[\uac00-\ud7af\u1100-\u11ff]/, "ko"],
  [
    /[\u4e00-\u9fff]/,
    (country) => ({ JP: "ja", KR: "ko", TW: "zh-Hant", HK: "zh-Hant", MO: "zh-Hant" })[country] ?? "zh",
  ],
  [/[\u0590-\u05ff]/, "he"],
  [/[\u0600-\u06ff\u0750-\u077f]/, (country) => (country === "IR" ? "fa" : "ar")],
  [/[\u0400-\u04ff]/, (country) => ({ UA: "uk", BG: "bg", KZ: "kk", RS: "sr" })[country] ?? "ru"],
  [/[\u0e00-\u0e7f]/, "th"],
  [/[\u0370-\u03ff]/, "el"],
  [/[\u0900-\u097f]/, "hi"],
];
const RTL_LANGS = new Set(["ar", "fa", "he"]);

/** The language a native-script name is written in, judged by its script (and the country). */
export function nativeLanguage(text: string, countryCode?: string | null): { lang?: string; rtl: boolean } {
  for (const [pattern, lang] of SCRIPTS) {
    if (!pattern.test(text)) continue;
    const code = typeof lang === "string" ? lang : lang((countryCode ?? "").toUpperCase());
    return { lang: code, rtl: RTL_LANGS.has(code) };
  }
  return { rtl: /[\u0590-\u08ff]/.test(text) };
}

type Names = Pick<
  Profile,
  "displayNameEnglish" | "legalNameEnglish" | "tradeNameEnglish" | "legalNameNative" | "tradeNameNative"
> & { headquartersCountryCode?: string | null };

/** Legal, trade and native names that differ from the display name (and from each other). */
export function otherNames(p: Names): OtherName[] {
  const seen = new Set([(p.displayNameEnglish ?? "").trim().toLowerCase()]);
  const out: OtherName[] = [];
  const add = (label: string, value: string | null | undefined, native: boolean) => {
    const v = value?.trim();
    if (!v || seen.has(v.toLowerCase())) return;
    seen.add(v.toLowerCase());
    out.push(
      native ? { label, value: v, ...nativeLanguage(v, p.headquartersCountryCode) } : { label, value: v },
    );
  };
  add("Legal name", p.legalNameEnglish, false);
  add("Trade name", p.tradeNameEnglish, false);
  add("Native legal name", p.legalNameNative, true);
  add("Native trade name", p.tradeNameNative, true);
  return out;
}
