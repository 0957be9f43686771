// Types shared by the geography and naming tables.
export type Region =
  | "North America"
  | "Europe"
  | "Asia-Pacific"
  | "Middle East"
  | "Africa"
  | "Latin America"
  | "Oceania";
export type Script = "latin" | "ja" | "zh" | "ko" | "ar" | "ru";
export type NameCulture =
  | "anglo"
  | "de"
  | "fr"
  | "es"
  | "pt"
  | "it"
  | "nl"
  | "nordic"
  | "ja"
  | "zh"
  | "ko"
  | "in"
  | "ar"
  | "ru"
  | "he"
  | "tr"
  | "pl"
  | "id";

export interface Country {
  /** ISO 3166-1 alpha-2 */
  code: string;
  /** English short name as commonly used ("United States", "South Korea", "Hong Kong") */
  name: string;
  region: Region;
  /** ISO 4217 national currency (reporting currency of most local companies) */
  currency: string;
  /** Script of native legal names */
  script: Script;
  /** For person names (CEOs) and legal forms */
  culture: NameCulture;
  /** 3-6 real business cities */
  cities: readonly string[];
  /** Relative number of listed companies headquartered there (0 for pure offshore domiciles) */
  weight: number;
}

export interface ExchangeSegment {
  mic: string;
  name: string;
}

export type TickerStyle = "us" | "ca" | "letters" | "num4" | "hk" | "num6" | "num4sa";

export interface Exchange {
  /** NYSE, NYSEAM, NYSEARCA, NASDAQ, TSX, TSXV in North America; elsewhere the operating MIC */
  code: string;
  name: string;
  operatingMic: string;
  countryCode: string;
  /** Order-book currency: GBX on London, ZAc on Johannesburg, ILA on Tel Aviv */
  tradingCurrency: string;
  /** Real ISO 10383 segment MICs of this operating MIC; the first is the main equity market */
  segments: readonly ExchangeSegment[];
  tickerStyle: TickerStyle;
  /** Relative number of primary listings (0: only a venue for secondary listings) */
  weight: number;
}
