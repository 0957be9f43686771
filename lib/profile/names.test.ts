import { describe, expect, it } from "vitest";
import { nativeLanguage, otherNames } from "./names";

describe("nativeLanguage", () => {
  it("tells the language from the script, with the country where the script is shared", () => {
    expect(nativeLanguage("株式会社第一製薬", "JP")).toEqual({ lang: "ja", rtl: false });
    expect(nativeLanguage("さくら株式会社", "JP")).toEqual({ lang: "ja", rtl: false });
    expect(nativeLanguage("瑞华机械控股有限公司", "CN")).toEqual({ lang: "zh", rtl: false });
    expect(nativeLanguage("台灣積體電路", "TW")).toEqual({ lang: "zh-Hant", rtl: false });
    expect(nativeLanguage("삼성전자", "KR")).toEqual({ lang: "ko", rtl: false });
    expect(nativeLanguage("مجموعة الفارس للأدوية", "EG")).toEqual({ lang: "ar", rtl: true });
    expect(nativeLanguage("טבע תעשיות", "IL")).toEqual({ lang: "he", rtl: true });
    expect(nativeLanguage("Газпром", "RU")).toEqual({ lang: "ru", rtl: false });
    expect(nativeLanguage("Société Générale", "FR")).toEqual({ rtl: false });
  });
});

describe("otherNames", () => {
  it("lists the names that differ from the display name, native ones with language and direction", () => {
    expect(
      otherNames({
        displayNameEnglish: "Al Faris Pharmaceuticals",
        legalNameEnglish: "Al Faris Pharmaceuticals Group",
        tradeNameEnglish: "al faris pharmaceuticals",
        legalNameNative: "مجموعة الفارس للأدوية",
        tradeNameNative: "الفارس للأدوية",
        headquartersCountryCode: "EG",
      }),
    ).toEqual([
      { label: "Legal name", value: "Al Faris Pharmaceuticals Group" },
      { label: "Native legal name", value: "مجموعة الفارس للأدوية", lang: "ar", rtl: true },
      { label: "Native trade name", value: "الفارس للأدوية", lang: "ar", rtl: true },
    ]);
  });

  it("shows nothing when every name is the display name or missing", () => {
    expect(
      otherNames({
        displayNameEnglish: "Ember Partners plc",
        legalNameEnglish: "Ember Partners plc",
        tradeNameEnglish: null,
        legalNameNative: null,
        tradeNameNative: undefined,
      }),
    ).toEqual([]);
  });
});
