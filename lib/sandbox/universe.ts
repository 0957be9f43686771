// The sandbox's generated universe: every company with its names, classification, geography,
// listings and identifiers, generated eagerly (it is small) from one seed. Prose, peers and
// news are derived on demand elsewhere (derive.ts, news.ts) from the same seed.

import {
  cusipCheckDigit,
  FIGI_CHARS,
  figiCheckDigit,
  fiscalIdentifier,
  formatCik,
  isinCheckDigit,
} from "@/lib/identifiers";
import { processWide } from "@/lib/process-wide";
import {
  COUNTRIES,
  type Country,
  countryByCode,
  DOMICILE_ALTERNATIVES,
  EXCHANGES,
  type Exchange,
  type ExchangeSegment,
  exchangeByCode,
} from "./data/geo";
import { GICS_SUB_INDUSTRIES, type SubIndustry } from "./data/gics";
import {
  BRAND_STEMS,
  LEGAL_FORMS,
  LEGAL_FORMS_BY_COUNTRY,
  type LegalForm,
  NATIVE_NAMES,
  type NativePair,
} from "./data/names";
import { hash32, hashString, Rng, WeightedTable } from "./rng";
import type { CompanyType } from "./text";

export const UNIVERSE_SEED = 20_260_101;
export const UNIVERSE_SIZE = 55_240;
export const API_ENABLED_COUNT = 12_180;
export const FREE_PLAN_COUNT = 25;

export type CompanyStatus = "active" | "defunct" | "dormant" | "reorganizing" | "shell";
export type SecurityType = "common_stock" | "preferred_stock" | "depositary_receipt" | "unit";
export type TradingStatus = "active" | "delisted" | "pre_ipo" | "suspended";
export type DatasetName =
  | "filings"
  | "financials"
  | "adjusted_numbers"
  | "stock_prices"
  | "ownership"
  | "news"
  | "logos"
  | "segments_and_kpis"
  | "events_calendar"
  | "investor_relations"
  | "fund_letters";
/** The datasets a company outside the API-enabled set still lists, when covered (contract rule 3). */
export const OUTSIDE_LIST_DATASETS: ReadonlySet<DatasetName> = new Set(["segments_and_kpis", "fund_letters"]);

/**
 * One security. Identifier strings are derived on demand from serial numbers: the universe
 * holds 70,000 securities and 75,000 listings, and eager strings would double its start-up time.
 */
export class SecurityRec {
  constructor(
    readonly serial: number,
    readonly type: SecurityType,
    readonly isin: string | undefined,
    readonly cusip: string | undefined,
    private readonly shareClassSerial: number,
  ) {}
  get fiscalId(): string {
    return fiscalIdentifier("security", this.serial);
  }
  get figiShareClass(): string {
    return figiFromSerial(this.shareClassSerial);
  }
}

/** One exchange line of a company. */
export class ListingRec {
  constructor(
    readonly serial: number,
    readonly ticker: string,
    readonly exchange: Exchange,
    readonly segment: ExchangeSegment,
    readonly security: SecurityRec,
    readonly currency: string,
    readonly status: TradingStatus,
    private readonly figiSerial: number,
    /** Composite FIGIs are per security and exchange country: shared by lines in one country. */
    readonly compositeSerial: number,
  ) {}
  get fiscalId(): string {
    return fiscalIdentifier("listing", this.serial);
  }
  get figi(): string {
    return figiFromSerial(this.figiSerial);
  }
  get figiComposite(): string {
    return figiFromSerial(this.compositeSerial);
  }
  /** `<exchangeCode>_<ticker>` of this line. */
  get key(): string {
    return `${this.exchange.code}_${this.ticker}`;
  }
  /** The same line (same identifiers) after a change of ticker, venue or status (changes.ts). */
  with(change: { ticker?: string; exchange?: Exchange; segment?: ExchangeSegment; status?: TradingStatus }) {
    return new ListingRec(
      this.serial,
      change.ticker ?? this.ticker,
      change.exchange ?? this.exchange,
      change.segment ?? this.segment,
      this.security,
      this.currency,
      change.status ?? this.status,
      this.figiSerial,
      this.compositeSerial,
    );
  }
}

export interface CompanyRec {
  index: number;
  companyId: number;
  fiscalId: string;
  companyKey: string;
  shortName: string;
  tradeName: string;
  legalName: string;
  displayName: string;
  legalNameNative: string | null;
  tradeNameNative: string | null;
  type: CompanyType;
  status: CompanyStatus;
  hq: Country;
  hqCity: string;
  domicile: Country;
  sub: SubIndustry;
  segments: string[];
  marketCapUsd: number | null;
  reportingCurrency: string;
  cik: string | undefined;
  predecessorCik: string | undefined;
  formerTicker: string | undefined;
  /** `<exchangeCode>_<formerTicker>`, resolvable to this company. */
  formerKey: string | undefined;
  /**
   * Keys and CIKs the company had before `formerKey` and `predecessorCik` (a second ticker change,
   * a second new CIK), oldest first: they resolve to it as well.
   */
  earlierKeys: readonly string[];
  earlierCiks: readonly string[];
  listings: ListingRec[];
  apiEnabled: boolean;
  freePlan: boolean;
  datasets: DatasetName[];
  financialPeriods: ("annual" | "quarterly" | "ltm" | "semi-annual")[];
  brandSeed: number;
  /** Unix seconds of the last scheduled reference-data change (changes.ts); its updatedAt is never older. */
  changedAt?: number;
}

const US_CODES = new Set(["NYSE", "NYSEAM", "NYSEARCA", "NASDAQ"]);
// Constant tables used in the per-company loop live here: literals in the loop allocate anew.
const STATE_HEAVY_MARKETS = new Set(["CN", "SA", "AE", "QA", "RU", "IN", "KW", "NO", "ID", "MY"]);
/** Markets whose companies sometimes list only in the US, through depositary receipts. */
const US_LISTED_FOREIGN_MARKETS = new Set(["CN", "IL", "GR", "AR", "BR", "KY", "BM"]);
const OFFSHORE_DOMICILES = new Set(["KY", "BM", "VG"]);
const DORMANT_STATUSES: readonly TradingStatus[] = ["delisted", "suspended"];
const SECONDARY_VENUES = ["XFRA", "XETR", "XSWX", "XMEX", "XSTU", "XBER", "XLON", "XAMS"];

function exchangesByCountry(): Map<string, WeightedTable<Exchange>> {
  const grouped = new Map<string, Exchange[]>();
  for (const exchange of EXCHANGES) {
    if (exchange.weight <= 0) continue;
    const list = grouped.get(exchange.countryCode) ?? [];
    list.push(exchange);
    grouped.set(exchange.countryCode, list);
  }
  const tables = new Map<string, WeightedTable<Exchange>>();
  for (const [code, list] of grouped) tables.set(code, new WeightedTable(list, (e) => e.weight));
  return tables;
}

/**
 * Tracks used names by a 32-bit hash in a Set of numbers: lookups of small integers are several
 * times cheaper than of freshly concatenated strings, and a rare false "taken" only costs a retry.
 */
class NameSet {
  private readonly hashes = new Set<number>();
  // 30 bits keep the keys small integers (Smis), which V8 hashes without boxing.
  has(name: string): boolean {
    return this.hashes.has(hashString(name) & 0x3fffffff);
  }
  add(name: string): void {
    this.hashes.add(hashString(name) & 0x3fffffff);
  }
}

/** Allocates unique tickers per namespace (all US venues share one). */
class TickerBook {
  private readonly used = new Map<string, NameSet>();
  private space(exchange: Exchange): NameSet {
    const ns = US_CODES.has(exchange.code) ? "US" : exchange.code;
    let set = this.used.get(ns);
    if (!set) {
      set = new NameSet();
      this.used.set(ns, set);
    }
    return set;
  }
  allocate(exchange: Exchange, name: string, rng: Rng): string {
    const set = this.space(exchange);
    const take = (candidate: string) => {
      if (set.has(candidate)) return false;
      set.add(candidate);
      return true;
    };
    const style = exchange.tickerStyle;
    if (style === "num4" || style === "hk" || style === "num6" || style === "num4sa") {
      for (let i = 0; i < 400; i++) {
        const candidate = numericTicker(exchange, rng);
        if (take(candidate)) return candidate;
      }
      for (let n = 1; n < 1_000_000; n++) {
        const candidate = numericTickerAt(exchange, n);
        if (take(candidate)) return candidate;
      }
    } else {
      const bases = letterBases(exchange, name, rng);
      for (const base of bases) if (take(base)) return base;
      const first = (bases[0] ?? "X").charCodeAt(0);
      for (let attempt = 0; attempt < 100_000; attempt++) {
        const candidate = randomTicker(first, attempt, rng);
        if (take(candidate)) return candidate;
      }
    }
    throw new Error(`ticker space exhausted on ${exchange.code}`);
  }
}

function lettersOf(name: string): string {
  // Unicode normalisation is costly: only names with non-ASCII letters need it.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  const ascii = /^[\x00-\x7f]*$/.test(name) ? name : name.normalize("NFD");
  return ascii.replace(/[^A-Za-z]/g, "").toUpperCase();
}

/** Letter tickers to try for a name, best first: prefixes, consonant forms, initials. */
function letterBases(exchange: Exchange, name: string, rng: Rng): string[] {
  const style = exchange.tickerStyle;
  const letters = lettersOf(name);
  let initials = "";
  for (const word of name.split(" ")) {
    const first = word.charCodeAt(0);
    if ((first >= 65 && first <= 90) || (first >= 97 && first <= 122))
      initials += word.charAt(0).toUpperCase();
  }
  const consonants = letters.charAt(0) + letters.slice(1).replace(/[AEIOU]/g, "");
  const maxLen = exchange.code === "XNSE" ? 10 : 4;
  const minLen = style === "us" || style === "ca" ? 1 : 2;
  const bases = [
    letters.slice(0, 4),
    consonants.slice(0, 4),
    letters.slice(0, 3),
    initials,
    consonants.slice(0, 3),
  ];
  if (exchange.code === "XNSE") bases.unshift(letters.slice(0, 10));
  if (style === "us" && rng.chance(0.03)) bases.unshift(letters.slice(0, 1), letters.slice(0, 2));
  return bases.filter((base) => base.length >= minLen && base.length <= maxLen);
}

/** The n-th fallback candidate: the name's first letter and random letters, later 5 random letters. */
function randomTicker(first: number, attempt: number, rng: Rng): string {
  const letter = () => 65 + Math.floor(rng.next() * 26);
  if (attempt >= 2000) return String.fromCharCode(letter(), letter(), letter(), letter(), letter());
  return rng.next() < 0.5
    ? String.fromCharCode(first, letter(), letter())
    : String.fromCharCode(first, letter(), letter(), letter());
}

function numericTicker(exchange: Exchange, rng: Rng): string {
  switch (exchange.tickerStyle) {
    case "hk":
      return String(rng.int(1, 9999)).padStart(4, "0");
    case "num4sa":
      return String(rng.int(1010, 8313));
    case "num6":
      if (exchange.code === "XSHG")
        return String(rng.chance(0.8) ? rng.int(600000, 605999) : rng.int(688000, 688799));
      if (exchange.code === "XSHE") {
        const r = rng.next();
        return String(
          r < 0.4 ? rng.int(1, 3099) : r < 0.8 ? rng.int(300001, 301599) : rng.int(2001, 2999),
        ).padStart(6, "0");
      }
      return `${String(rng.int(100, 39999)).padStart(5, "0")}0`;
    default:
      return String(rng.int(1301, 9997));
  }
}

function numericTickerAt(exchange: Exchange, n: number): string {
  return exchange.tickerStyle === "num6"
    ? String(100000 + n).padStart(6, "0")
    : String(1000 + n).padStart(4, "0");
}

/**
 * FIGI number n: "BBG" + 8 characters of the FIGI alphabet + check digit. An affine map modulo
 * 31^8 spreads consecutive serials over the space and is a bijection, so serials never collide.
 */
export function figiFromSerial(serial: number): string {
  let v = (serial * 477_211_307 + 91_111) % 31 ** 8;
  let body = "";
  for (let i = 0; i < 8; i++) {
    body = FIGI_CHARS[v % 31] + body;
    v = Math.floor(v / 31);
  }
  const first11 = `BBG${body}`;
  return first11 + figiCheckDigit(first11);
}

const ALNUM_CHARS = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";

function alnum(rng: Rng, length: number, digitsOnly = false): string {
  const size = digitsOnly ? 10 : ALNUM_CHARS.length;
  let out = "";
  for (let i = 0; i < length; i++) out += ALNUM_CHARS.charAt(Math.floor(rng.next() * size));
  return out;
}

class SecurityMint {
  private counter = 0;
  private readonly usedIssuers = new Set<string>();
  constructor(private readonly nextFigi: () => number) {}
  /** A new security; CUSIP-based ISIN for North American issues and US depositary receipts. */
  create(type: SecurityType, isinCountry: string, rng: Rng): SecurityRec {
    const northAmerican = isinCountry === "US" || isinCountry === "CA";
    let cusip: string | undefined;
    let nsin: string;
    if (northAmerican) {
      let issuer: string;
      do {
        issuer = rng.chance(0.7) ? alnum(rng, 6, true) : alnum(rng, 5, true) + alnum(rng, 1);
      } while (this.usedIssuers.has(issuer));
      this.usedIssuers.add(issuer);
      const issue =
        type === "common_stock" ? "10" : type === "depositary_receipt" ? "20" : rng.pick(["30", "40", "11"]);
      cusip = issuer + issue + cusipCheckDigit(issuer + issue);
      nsin = cusip;
    } else {
      nsin = alnum(rng, 2, true) + alnum(rng, 7, rng.chance(0.7));
    }
    const isinBody = isinCountry + nsin;
    return new SecurityRec(this.counter++, type, isinBody + isinCheckDigit(isinBody), cusip, this.nextFigi());
  }
}

function legalFormsFor(country: Country): readonly LegalForm[] {
  return LEGAL_FORMS_BY_COUNTRY[country.code] ?? LEGAL_FORMS[country.culture];
}

function withForm(name: string, form: LegalForm): string {
  return `${form.prefix ? `${form.prefix} ` : ""}${name} ${form.suffix}`.trim();
}

interface Names {
  shortName: string;
  tradeName: string;
  legalName: string;
  legalNameNative: string | null;
  tradeNameNative: string | null;
}

const REGION_WORDS: Record<string, readonly string[]> = {
  "North America": ["American", "Continental", "Pacific", "Atlantic", "Great Lakes", "Northern"],
  Europe: ["Euro", "Nordic", "Baltic", "Alpine", "Atlantic", "Continental"],
  "Asia-Pacific": ["Pacific", "Asia", "Orient", "Eastern", "Pan-Asia", "Jade"],
  "Middle East": ["Gulf", "Arabian", "Levant", "Crescent", "Oasis"],
  Africa: ["African", "Cape", "Savanna", "Sahel", "Kalahari"],
  "Latin America": ["Andes", "Austral", "Pampa", "Caribe", "Amazonia"],
  Oceania: ["Southern Cross", "Tasman", "Coral", "Austral", "Outback"],
};

function makeNames(country: Country, sub: SubIndustry, type: CompanyType, rng: Rng, taken: NameSet): Names {
  for (let attempt = 0; attempt < 40; attempt++) {
    const names =
      country.script !== "latin" && rng.chance(0.92)
        ? nativeNames(country, sub, rng, attempt > 1)
        : latinNames(country, sub, type, rng, attempt);
    if (!taken.has(names.legalName) && !taken.has(names.tradeName)) {
      taken.add(names.legalName);
      taken.add(names.tradeName);
      return names;
    }
  }
  // Very crowded corner of the name space: disambiguate with a city-free numeral.
  const base = latinNames(country, sub, type, rng, 99);
  let n = 2;
  while (taken.has(`${base.tradeName} ${n}`)) n++;
  const tradeName = `${base.tradeName} ${toRoman(n)}`;
  const legalName = withForm(tradeName, rng.pick(legalFormsFor(country)));
  taken.add(legalName);
  taken.add(tradeName);
  return { ...base, tradeName, legalName };
}

function toRoman(n: number): string {
  const table: [number, string][] = [
    [10, "X"],
    [9, "IX"],
    [5, "V"],
    [4, "IV"],
    [1, "I"],
  ];
  let out = "";
  for (const [value, symbol] of table) {
    while (n >= value) {
      out += symbol;
      n -= value;
    }
  }
  return out;
}

function latinNames(country: Country, sub: SubIndustry, type: CompanyType, rng: Rng, attempt: number): Names {
  const stem = rng.pick(BRAND_STEMS);
  const word = rng.pick(sub.nameWords);
  let trade: string;
  let shortName = stem;
  const r = rng.next();
  if (type === "spac") {
    trade = `${stem} ${rng.pick(["Acquisition", "Capital Acquisition", "Growth Acquisition", "Merger"])}${attempt > 5 ? ` ${rng.pick(["II", "III", "IV"])}` : ""}`;
  } else if (type === "investment_company") {
    trade = `${stem} ${rng.pick(["Capital", "Investment Trust", "Investments", "Partners", "Equity"])}`;
  } else if (type === "reit") {
    trade = `${stem} ${word}`;
    if (!/\b(REIT|Properties|Realty|Trust)$/i.test(trade)) trade += rng.chance(0.5) ? " REIT" : " Properties";
  } else if (r < 0.45) {
    trade = `${stem} ${word}`;
  } else if (r < 0.7) {
    trade = stem;
  } else if (r < 0.85) {
    const regionWord = rng.pick(REGION_WORDS[country.region] ?? ["Global"]);
    trade = `${regionWord} ${word}`;
    shortName = trade;
  } else {
    const second = rng.pick(BRAND_STEMS);
    trade = `${stem} ${second} ${word}`;
  }
  const legalName = withForm(trade, rng.pick(legalFormsFor(country)));
  return { shortName, tradeName: trade, legalName, legalNameNative: null, tradeNameNative: null };
}

const GENERIC_ACTIVITY =
  /^(Industries|Industrial|Trading|Trading House|Systems|Engineering|Technologies|Technology)$/;
const IGNORED_ACTIVITY_WORDS = new Set([
  "plant",
  "works",
  "house",
  "industries",
  "new",
  "smart",
  "fire",
  "and",
]);
const activityCache = new Map<string, readonly NativePair[]>();

/** Native activity words that fit a sub-industry ("Pharmaceutical" for a drug maker), or generic ones. */
function activitiesFor(script: Exclude<Country["script"], "latin">, sub: SubIndustry): readonly NativePair[] {
  const cacheKey = `${script}:${sub.code}`;
  const cached = activityCache.get(cacheKey);
  if (cached) return cached;
  const all = NATIVE_NAMES[script].activities;
  const text = [sub.name, sub.industry, sub.industryGroup, ...sub.nameWords, ...sub.products]
    .join(" ")
    .toLowerCase();
  const fitting = all.filter((activity) =>
    activity.en
      .toLowerCase()
      .split(/[\s&-]+/)
      .filter((word) => word.length >= 3 && !IGNORED_ACTIVITY_WORDS.has(word))
      .some((word) => text.includes(word.slice(0, 6))),
  );
  const generic = all.filter((activity) => GENERIC_ACTIVITY.test(activity.en));
  const result = fitting.length > 0 ? fitting : generic.length > 0 ? generic : all;
  activityCache.set(cacheKey, result);
  return result;
}

function nativeNames(country: Country, sub: SubIndustry, rng: Rng, compound: boolean): Names {
  const script = country.script as Exclude<Country["script"], "latin">;
  const table = NATIVE_NAMES[script];
  let stem = rng.pick(table.stems);
  if (compound) {
    // Two stems ("Tokai Sakura", "东方华信") widen a crowded name space the way real names do.
    const second = rng.pick(table.stems);
    if (second.en !== stem.en) {
      stem = { en: `${stem.en} ${second.en}`, native: `${stem.native}${table.joiner}${second.native}` };
    }
  }
  const activity = rng.pick(activitiesFor(script, sub));
  const form = rng.pick(table.forms);
  const tradeName = `${stem.en} ${activity.en}`;
  const tradeNative = `${stem.native}${table.joiner}${activity.native}`;
  const legalNative =
    form.nativePosition === "prefix"
      ? `${form.native}${table.joiner}${tradeNative}`
      : `${tradeNative}${table.joiner}${form.native}`;
  return {
    shortName: stem.en,
    tradeName,
    legalName: `${tradeName} ${form.en}`,
    legalNameNative: legalNative,
    tradeNameNative: tradeNative,
  };
}

function companyTypeFor(sub: SubIndustry, country: Country, rng: Rng): CompanyType {
  if (/REITs/.test(sub.industry) || /REITs/.test(sub.industryGroup))
    return rng.chance(0.9) ? "reit" : "operating_company";
  if (sub.name === "Asset Management & Custody Banks" || sub.name === "Multi-Sector Holdings") {
    if (rng.chance(0.35)) return "investment_company";
  }
  if (sub.name === "Diversified Financial Services" && rng.chance(country.code === "US" ? 0.6 : 0.15))
    return "spac";
  if (sub.sector === "Financials" && rng.chance(0.015)) return "investment_company";
  const stateHeavy = STATE_HEAVY_MARKETS.has(country.code);
  if (
    (sub.sector === "Utilities" || sub.sector === "Energy" || sub.industry === "Banks") &&
    rng.chance(stateHeavy ? 0.12 : 0.01)
  ) {
    return "government";
  }
  return "operating_company";
}

function statusFor(type: CompanyType, rng: Rng): CompanyStatus {
  if (type === "spac") return rng.chance(0.85) ? "shell" : "active";
  const r = rng.next();
  if (r < 0.86) return "active";
  if (r < 0.91) return "defunct";
  if (r < 0.945) return "dormant";
  if (r < 0.97) return "reorganizing";
  return "shell";
}

/** log10 market cap: heavy-tailed, with the largest companies in the largest markets. */
const CAP_SHIFT: Record<string, number> = {
  US: 0.35,
  JP: 0.05,
  CH: 0.45,
  NL: 0.4,
  GB: 0.1,
  CA: -0.35,
  AU: -0.45,
};
const CAP_CEILING: Record<string, number> = {
  US: 12.62,
  CN: 12.1,
  TW: 12.0,
  SA: 12.25,
  JP: 11.7,
  GB: 11.5,
  FR: 11.6,
  DE: 11.5,
  CH: 11.5,
  NL: 11.5,
  KR: 11.6,
  IN: 11.6,
  DK: 11.6,
  HK: 11.5,
};

function logMarketCap(country: Country, type: CompanyType, rng: Rng): number {
  const typeShift = type === "spac" ? -0.2 : type === "government" ? 1.1 : 0;
  const v = 8.15 + (CAP_SHIFT[country.code] ?? 0) + typeShift + rng.normal() * 1.02;
  // Above the ceiling the excess is compressed rather than clipped, so no pile-up at the limit.
  const ceiling = CAP_CEILING[country.code] ?? 11.1;
  const soft = v > ceiling - 0.6 ? ceiling - 0.6 + (1 - Math.exp(-(v - ceiling + 0.6) / 0.6)) * 0.6 : v;
  return Math.max(5.7, soft);
}

/** Rounds to three significant figures of millions, as a data vendor's figure would look. */
function roundCap(logCap: number): number {
  const value = 10 ** logCap;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 4);
  return Math.round(value / magnitude) * magnitude;
}

/** What is decided for every company up front: enough to choose the API-enabled set. */
interface Core {
  hq: Country;
  sub: SubIndustry;
  type: CompanyType;
  status: CompanyStatus;
  preIpo: boolean;
  logCap: number | null;
}

/** Tables and counters shared by every company's details, in generation order. */
class DetailBuilder {
  private readonly byCountry = exchangesByCountry();
  private readonly usTable: WeightedTable<Exchange>;
  private readonly secondaryVenues: Exchange[];
  private readonly tickers = new TickerBook();
  private readonly domicileChoices = new Map<string, [Country, number][]>();
  private figiSerial = 0;
  private readonly securities = new SecurityMint(() => this.figiSerial++);
  private readonly takenNames = new NameSet();
  private readonly usedCiks = new Set<number>();
  private listingCounter = 0;
  private readonly interned = new Map<string, DatasetName[]>();
  private readonly rng = new Rng(0);

  constructor(private readonly seed: number) {
    const usTable = this.byCountry.get("US");
    if (!usTable) throw new Error("no US exchanges in the exchange table");
    this.usTable = usTable;
    this.secondaryVenues = SECONDARY_VENUES.map((code) => exchangeByCode.get(code)).filter(
      (e): e is Exchange => e !== undefined,
    );
    for (const [from, to, p] of DOMICILE_ALTERNATIVES) {
      const target = countryByCode.get(to);
      if (!target || to === from) continue;
      const list = this.domicileChoices.get(from) ?? [];
      list.push([target, p]);
      this.domicileChoices.set(from, list);
    }
  }

  private newCik(): string {
    const rng = this.rng;
    let n: number;
    do n = rng.int(1_000_050, 2_010_000) - (rng.chance(0.3) ? rng.int(0, 950_000) : 0);
    while (this.usedCiks.has(n));
    this.usedCiks.add(n);
    return formatCik(n);
  }

  private addListing(
    listings: ListingRec[],
    exchange: Exchange,
    security: SecurityRec,
    status: TradingStatus,
    tickerName: string,
  ): ListingRec {
    const rng = this.rng;
    const sameCountry = listings.find(
      (l) => l.security === security && l.exchange.countryCode === exchange.countryCode,
    );
    const segments = exchange.segments;
    const segment = segments.length > 1 && rng.chance(0.35) ? rng.pick(segments.slice(1)) : segments[0];
    if (!segment) throw new Error(`exchange ${exchange.code} has no segments`);
    const ticker = this.tickers.allocate(exchange, tickerName, rng);
    let currency = exchange.tradingCurrency;
    if (exchange.code === "XLON" && security.type === "depositary_receipt") currency = "USD";
    else if (exchange.code === "XLON" && rng.chance(0.06)) currency = "USD";
    const listing = new ListingRec(
      this.listingCounter++,
      ticker,
      exchange,
      segment,
      security,
      currency,
      status,
      this.figiSerial++,
      sameCountry ? sameCountry.compositeSerial : this.figiSerial++,
    );
    listings.push(listing);
    return listing;
  }

  build(index: number, core: Core, apiEnabled: boolean): CompanyRec {
    const { seed, rng, securities } = this;
    const { hq, sub, type, status, preIpo, logCap } = core;
    rng.reset(hash32(seed, index, 6));
    const names = makeNames(hq, sub, type, rng, this.takenNames);

    let domicile = hq;
    for (const [to, p] of this.domicileChoices.get(hq.code) ?? []) {
      if (rng.chance(p)) {
        domicile = to;
        break;
      }
    }

    // Primary venue: the home market, except foreign private issuers listed only in the US.
    const homeTable = this.byCountry.get(hq.code);
    const usPrimary =
      !homeTable || (US_LISTED_FOREIGN_MARKETS.has(hq.code) && rng.chance(hq.code === "IL" ? 0.35 : 0.07));
    const primaryExchange = usPrimary
      ? this.usTable.pick(rng)
      : (homeTable as WeightedTable<Exchange>).pick(rng);
    const foreignInUs = usPrimary && hq.code !== "US";

    const primaryStatus: TradingStatus = preIpo
      ? "pre_ipo"
      : status === "defunct"
        ? "delisted"
        : status === "dormant"
          ? rng.pick(DORMANT_STATUSES)
          : status === "reorganizing" && rng.chance(0.5)
            ? "suspended"
            : rng.chance(0.012)
              ? "suspended"
              : "active";

    const homeSecurity = securities.create(
      foreignInUs ? "depositary_receipt" : "common_stock",
      foreignInUs ? "US" : domicile.code,
      rng,
    );
    const listings: ListingRec[] = [];
    const primary = this.addListing(listings, primaryExchange, homeSecurity, primaryStatus, names.tradeName);

    // Secondary lines grow with size: foreign venues for the same security, US depositary
    // receipts for large foreign companies, preferred lines for banks, utilities and REITs.
    const cap = logCap ?? 7;
    if (!preIpo) {
      const extra =
        cap > 11.3
          ? rng.int(2, 6)
          : cap > 10.3
            ? rng.int(1, 3)
            : cap > 9.3
              ? rng.int(0, 2)
              : rng.chance(0.12)
                ? 1
                : 0;
      const otherStatus = (): TradingStatus =>
        primaryStatus === "delisted"
          ? "delisted"
          : rng.chance(0.1)
            ? "delisted"
            : rng.chance(0.03)
              ? "suspended"
              : "active";
      for (let k = 0; k < extra; k++) {
        const r = rng.next();
        if (
          !foreignInUs &&
          hq.code !== "US" &&
          r < 0.35 &&
          cap > 9.6 &&
          !listings.some((l) => l.security.type === "depositary_receipt")
        ) {
          const adr = securities.create("depositary_receipt", "US", rng);
          this.addListing(listings, this.usTable.pick(rng), adr, otherStatus(), names.tradeName);
        } else if (hq.code === "CA" && r < 0.6 && !listings.some((l) => US_CODES.has(l.exchange.code))) {
          this.addListing(listings, this.usTable.pick(rng), homeSecurity, otherStatus(), names.tradeName);
        } else if (
          r < 0.7 &&
          (sub.sector === "Utilities" || sub.industry === "Banks" || type === "reit") &&
          !listings.some((l) => l.security.type === "preferred_stock")
        ) {
          const pref = securities.create(
            "preferred_stock",
            domicile.code === "US" || foreignInUs ? "US" : domicile.code,
            rng,
          );
          this.addListing(listings, primaryExchange, pref, otherStatus(), `${names.tradeName} P`);
        } else {
          const venue = rng.pick(this.secondaryVenues);
          if (listings.some((l) => l.exchange.code === venue.code)) continue;
          this.addListing(listings, venue, homeSecurity, otherStatus(), names.tradeName);
        }
      }
      if (type === "spac") {
        const unit = securities.create("unit", "US", rng);
        this.addListing(listings, primaryExchange, unit, primaryStatus, `${names.tradeName} U`);
      }
    }

    const hasUsLine = listings.some((l) => US_CODES.has(l.exchange.code));
    const cik = hasUsLine || hq.code === "US" || rng.chance(0.02) ? this.newCik() : undefined;
    const predecessorCik = cik && rng.chance(0.04) ? this.newCik() : undefined;

    let formerTicker: string | undefined;
    if (!preIpo && rng.chance(0.045)) {
      formerTicker = this.tickers.allocate(
        primaryExchange,
        `${rng.pick(BRAND_STEMS)} ${names.tradeName}`,
        rng,
      );
    }

    let reportingCurrency = hq.currency;
    if (rng.chance(hq.code === "US" ? 0.002 : 0.05)) reportingCurrency = "USD";
    if (OFFSHORE_DOMICILES.has(domicile.code) && hq.code === "CN" && rng.chance(0.5))
      reportingCurrency = "CNY";

    const company: CompanyRec = {
      index,
      companyId: 1000 + index * 3 + (hash32(seed, index, 2) % 3),
      fiscalId: fiscalIdentifier("company", index),
      companyKey: primary.key,
      ...names,
      displayName: rng.chance(0.15) ? names.tradeName : names.legalName,
      type,
      status,
      hq,
      hqCity: rng.pick(hq.cities),
      domicile,
      sub,
      segments: rng.sample(sub.segments, rng.int(2, Math.min(4, sub.segments.length))),
      marketCapUsd: logCap === null ? null : roundCap(logCap),
      reportingCurrency,
      cik,
      predecessorCik,
      formerTicker,
      formerKey: formerTicker ? `${primaryExchange.code}_${formerTicker}` : undefined,
      earlierKeys: [],
      earlierCiks: [],
      listings,
      apiEnabled,
      freePlan: false,
      datasets: [],
      financialPeriods: [],
      brandSeed: hash32(seed, index, 3),
    };
    assignDatasets(company, rng.reset(hash32(seed, index, 5)));
    // Most companies share one of a few dataset lists: keep one array per distinct list.
    const key = company.datasets.join(",");
    const shared = this.interned.get(key);
    if (shared) company.datasets = shared;
    else this.interned.set(key, company.datasets);
    return company;
  }
}

/**
 * The generated universe. Every company's core (country, classification, type, status, size)
 * is drawn up front, which decides the API-enabled set; the details (names, listings,
 * identifiers) are generated for the API-enabled companies first and for the rest on demand or
 * in the background, always in the same order, so the data never depends on timing.
 */
export class Universe {
  readonly enabled: CompanyRec[];
  readonly free: CompanyRec[];
  private readonly records: (CompanyRec | undefined)[];
  private readonly cores: Core[];
  /** Indexes of the companies outside the API-enabled set, in generation order. */
  private readonly pending: number[];
  private cursor = 0;
  private readonly builder: DetailBuilder;

  constructor(
    readonly seed: number,
    readonly size: number,
  ) {
    const countryTable = new WeightedTable(
      COUNTRIES.filter((c) => c.weight > 0),
      (c) => c.weight,
    );
    const subTable = new WeightedTable(GICS_SUB_INDUSTRIES, (s) => s.weight);
    const miningTable = new WeightedTable(
      GICS_SUB_INDUSTRIES.filter(
        (s) => s.industry === "Metals & Mining" || s.industry === "Oil, Gas & Consumable Fuels",
      ),
      (s) => s.weight,
    );
    const rng = new Rng(0);
    this.cores = new Array(size);
    const scores = new Float64Array(size);
    for (let index = 0; index < size; index++) {
      rng.reset(hash32(seed, index, 1));
      const hq = countryTable.pick(rng);
      const sub =
        (hq.code === "CA" || hq.code === "AU") && rng.chance(0.3)
          ? miningTable.pick(rng)
          : subTable.pick(rng);
      const type = companyTypeFor(sub, hq, rng);
      const status = statusFor(type, rng);
      const preIpo = status === "active" && type !== "spac" && rng.chance(0.009);
      const logCap = preIpo || rng.chance(0.028) ? null : logMarketCap(hq, type, rng);
      this.cores[index] = { hq, sub, type, status, preIpo, logCap };
      // Coverage (the API-enabled set) skews to the largest companies.
      rng.reset(hash32(seed, index, 4));
      const penalty = status === "defunct" ? 1.2 : status === "shell" ? 0.8 : 0;
      scores[index] = (logCap ?? (preIpo ? 9.2 : 7.5)) - penalty + rng.normal() * 0.45;
    }
    const byScore = Array.from(scores.keys()).sort(
      (a, b) => (scores[b] as number) - (scores[a] as number) || a - b,
    );
    const enabledFlags = new Uint8Array(size);
    for (let i = 0; i < API_ENABLED_COUNT && i < size; i++) enabledFlags[byScore[i] as number] = 1;

    this.builder = new DetailBuilder(seed);
    this.records = new Array(size);
    this.enabled = [];
    this.pending = [];
    for (let index = 0; index < size; index++) {
      if (enabledFlags[index]) {
        const company = this.builder.build(index, this.cores[index] as Core, true);
        this.records[index] = company;
        this.enabled.push(company);
      } else {
        this.pending.push(index);
      }
    }
    const free = this.enabled
      .filter((c) => c.status === "active" && c.listings[0]?.status === "active" && c.marketCapUsd !== null)
      .sort((a, b) => (b.marketCapUsd ?? 0) - (a.marketCapUsd ?? 0))
      .slice(0, FREE_PLAN_COUNT);
    for (const c of free) c.freePlan = true;
    this.free = free.sort((a, b) => a.companyId - b.companyId);
  }

  get isComplete(): boolean {
    return this.cursor >= this.pending.length;
  }

  /** Generates the details of up to `count` more companies; returns whether all are done. */
  step(count: number): boolean {
    const end = Math.min(this.pending.length, this.cursor + count);
    for (; this.cursor < end; this.cursor++) {
      const index = this.pending[this.cursor] as number;
      this.records[index] = this.builder.build(index, this.cores[index] as Core, false);
    }
    return this.isComplete;
  }

  /** The companies outside the API-enabled set that have not IPO'd yet, in generation order (changes.ts). */
  preIpoOutsideList(): number[] {
    return this.pending.filter((index) => this.cores[index]?.preIpo);
  }

  /** One company, generating the details in order up to it when they are not there yet. */
  record(index: number): CompanyRec | undefined {
    while (this.records[index] === undefined && !this.isComplete) this.step(500);
    return this.records[index];
  }

  /** Every company in list order (completes the generation first). */
  get companies(): CompanyRec[] {
    this.step(Number.POSITIVE_INFINITY);
    return this.records as CompanyRec[];
  }
}

export function generateUniverse(seed = UNIVERSE_SEED, size = UNIVERSE_SIZE): Universe {
  return new Universe(seed, size);
}

const SEMI_ANNUAL_PERIODS: CompanyRec["financialPeriods"] = ["annual", "semi-annual"];
const QUARTERLY_PERIODS: CompanyRec["financialPeriods"] = ["annual", "quarterly", "ltm"];

function assignDatasets(c: CompanyRec, rng: Rng): void {
  const primary = c.listings[0];
  const trading = primary !== undefined && primary.status !== "pre_ipo";
  const semiAnnualMarkets = ["GB", "AU", "HK", "ZA", "NZ", "FR", "DE", "IT", "ES", "NL", "CH", "SG"];
  const semiAnnual = semiAnnualMarkets.includes(c.hq.code);
  const datasets: DatasetName[] = [];
  if (c.apiEnabled) {
    if (c.cik || rng.chance(0.85)) datasets.push("filings");
    const financials = c.type !== "spac" || rng.chance(0.5);
    if (financials && trading) datasets.push("financials");
    if (financials && trading && rng.chance(0.72)) datasets.push("adjusted_numbers");
    if (trading) datasets.push("stock_prices");
    if (trading && rng.chance(0.62)) datasets.push("ownership");
    if (rng.chance(0.93)) datasets.push("news");
    if (rng.chance(0.94)) datasets.push("logos");
    if (c.type === "operating_company" && financials && rng.chance(0.55)) datasets.push("segments_and_kpis");
    if (trading && rng.chance(0.7)) datasets.push("events_calendar");
    if (rng.chance(0.6)) datasets.push("investor_relations");
    if (c.type === "investment_company" && rng.chance(0.7)) datasets.push("fund_letters");
  } else {
    // Outside the API-enabled set only OUTSIDE_LIST_DATASETS are listed, when covered.
    if (c.type === "operating_company" && rng.chance(0.04)) datasets.push("segments_and_kpis");
    if (c.type === "investment_company" && rng.chance(0.25)) datasets.push("fund_letters");
  }
  c.datasets = datasets;
  if (datasets.includes("financials")) {
    c.financialPeriods = semiAnnual ? SEMI_ANNUAL_PERIODS : QUARTERLY_PERIODS;
  }
}

/**
 * The process-wide universe, generated on first use. The companies outside the API-enabled set
 * are completed in the background in small slices, so the event loop keeps serving meanwhile.
 */
export function getUniverse(): Universe {
  return processWide("sandbox.universe", () => {
    const created = generateUniverse();
    const slice = () => {
      if (!created.step(2500)) setTimeout(slice, 0).unref?.();
    };
    setTimeout(slice, 0).unref?.();
    return created;
  });
}

export { countryByCode, exchangeByCode };
