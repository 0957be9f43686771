// Deterministic prose for the sandbox universe: news headlines/summaries, company
// descriptions and peer rationales. Every choice flows from the `rand` passed in.

import { MONTHS } from "@/lib/format";
import type { COMPANY_TYPES, EventType, PEER_RELATIONSHIPS } from "@/lib/upstream/vocabulary";

export { EVENT_TYPES, type EventType } from "@/lib/upstream/vocabulary";

export type CompanyType = (typeof COMPANY_TYPES)[number];
export type PeerRelationship = (typeof PEER_RELATIONSHIPS)[number];

export interface CompanyFacts {
  displayName: string;
  shortName: string;
  ticker: string;
  exchangeCode: string;
  companyType: CompanyType;
  sector: string;
  industryGroup: string;
  industry: string;
  subIndustry: string;
  products: readonly string[];
  customers: readonly string[];
  segments: readonly string[];
  hqCity: string;
  hqCountryName: string;
  legalDomicileCountryName: string;
  ceo: string;
  foundingYear: number;
  ipoYear: number | null;
  marketCapUsd: number | null;
  reportingCurrency: string;
  listingCount: number;
  peerShortNames: readonly string[];
}

export interface ArticleText {
  title: string;
  description: string;
  summary: string;
}

// ---------------------------------------------------------------------------
// Generic helpers
// ---------------------------------------------------------------------------

/** Picks one element of a non-empty list. */
export function pick<T>(rand: () => number, list: readonly T[]): T {
  if (list.length === 0) throw new Error("pick() from an empty list");
  const i = Math.min(list.length - 1, Math.floor(rand() * list.length));
  return list[i] as T;
}

/** Picks `n` distinct elements (fewer if the list is shorter). */
export function pickMany<T>(rand: () => number, list: readonly T[], n: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) {
    const i = Math.min(pool.length - 1, Math.floor(rand() * pool.length));
    out.push(pool.splice(i, 1)[0] as T);
  }
  return out;
}

function between(rand: () => number, lo: number, hi: number): number {
  return lo + (hi - lo) * rand();
}

function intBetween(rand: () => number, lo: number, hi: number): number {
  return Math.floor(between(rand, lo, hi + 1));
}

/** Replaces `{name}` placeholders; an unknown placeholder throws. */
export function fill(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, key: string) => {
    const v = Object.hasOwn(vars, key) ? vars[key] : undefined;
    if (v === undefined) throw new Error(`Unknown placeholder {${key}} in template: ${template}`);
    return v;
  });
}

/** Groups thousands with commas: 1234567.8 -> "1,234,567.8". */
export function formatNumber(n: number, decimals = 0): string {
  const fixed = Math.abs(n).toFixed(decimals);
  const [intPart = "0", frac] = fixed.split(".");
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${n < 0 ? "-" : ""}${grouped}${frac !== undefined ? `.${frac}` : ""}`;
}

/** "18%", "4.6%", "0.8%". */
export function formatPct(n: number): string {
  const a = Math.abs(n);
  if (a >= 10) return `${Math.round(a)}%`;
  return `${trimZero(a.toFixed(1))}%`;
}

function trimZero(s: string): string {
  return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
}

const SYMBOLS: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  JPY: "¥",
  CNY: "CN¥",
  KRW: "₩",
  INR: "₹",
};

/** Approximate units of currency per US dollar, good enough for sizing prose. */
const FX_PER_USD: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  JPY: 150,
  CNY: 7.2,
  KRW: 1350,
  INR: 83,
  CHF: 0.88,
  CAD: 1.36,
  AUD: 1.52,
  NZD: 1.65,
  HKD: 7.8,
  TWD: 32,
  SGD: 1.34,
  MYR: 4.7,
  IDR: 15700,
  THB: 36,
  KZT: 450,
  SEK: 10.5,
  NOK: 10.6,
  DKK: 6.9,
  PLN: 4,
  TRY: 32,
  RUB: 90,
  ILS: 3.7,
  SAR: 3.75,
  AED: 3.67,
  QAR: 3.64,
  KWD: 0.31,
  ZAR: 18.5,
  EGP: 48,
  NGN: 1500,
  BRL: 5,
  MXN: 17,
  CLP: 930,
  ARS: 900,
  COP: 3900,
  PEN: 3.7,
};

const NO_DECIMAL_CURRENCIES = new Set(["JPY", "KRW", "IDR", "CLP", "COP", "NGN", "KZT", "TWD", "ARS"]);

function fxRate(currency: string): number {
  return FX_PER_USD[currency] ?? 1;
}

function withSymbol(currency: string, body: string): string {
  const sym = SYMBOLS[currency];
  return sym !== undefined ? `${sym}${body}` : `${currency} ${body}`;
}

/** Formats an amount already expressed in `currency`: "$1.2 billion", "¥84.3 billion", "CHF 120 million". */
export function formatMoney(amount: number, currency: string): string {
  const a = Math.abs(amount);
  const scaled = (v: number, unit: string): string => {
    const s = v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
    return `${trimZero(s)} ${unit}`;
  };
  let body: string;
  if (a >= 1e12) body = scaled(a / 1e12, "trillion");
  else if (a >= 1e9) body = scaled(a / 1e9, "billion");
  else if (a >= 1e6) body = scaled(a / 1e6, "million");
  else body = formatNumber(Math.max(1000, Math.round(a / 1000) * 1000));
  return withSymbol(currency, body);
}

/** Converts a US-dollar amount to the reporting currency and formats it. */
export function formatUsdAs(amountUsd: number, currency: string): string {
  return formatMoney(amountUsd * fxRate(currency), currency);
}

/** Per-share amounts: "$245.10", "¥3,850", "CHF 84.20". */
export function formatPerShare(amountUsd: number, currency: string): string {
  const v = amountUsd * fxRate(currency);
  if (NO_DECIMAL_CURRENCIES.has(currency) || v >= 1000) {
    const rounded = v >= 1000 ? Math.round(v / 10) * 10 : Math.round(v);
    return withSymbol(currency, formatNumber(Math.max(1, rounded)));
  }
  // Small per-share amounts need a third decimal to stay distinct (a cut from 0.034 to 0.021).
  return withSymbol(currency, formatNumber(v, v < 0.1 ? 3 : 2));
}

const ABBREVIATIONS = [
  "Inc",
  "Co",
  "Corp",
  "Ltd",
  "Mr",
  "Mrs",
  "Ms",
  "Dr",
  "St",
  "No",
  "Jr",
  "Sr",
  "vs",
  "Plc",
  "plc",
  "Bhd",
  "Pte",
  "Cos",
];

/**
 * Splits prose into sentences on /(?<=[.!?])\s+(?=[A-Z"“])/, first shielding
 * abbreviations ("Inc.", "Co.") and initials ("J. Smith", "U.S.") so they do not
 * count as sentence ends.
 */
export function splitSentences(text: string): string[] {
  const abbr = new RegExp(`\\b(${ABBREVIATIONS.join("|")})\\.(?=\\s)`, "g");
  const shielded = text.replace(abbr, "$1\uE000").replace(/\b([A-Z])\.(?=\s|[A-Z])/g, "$1\uE000");
  return shielded
    .split(/(?<=[.!?])\s+(?=[A-Z"“])/)
    .map((s) => s.replace(/\uE000/g, ".").trim())
    .filter((s) => s.length > 0);
}

export function countSentences(text: string): number {
  return splitSentences(text).length;
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => w.length > 0).length;
}

function cap(s: string): string {
  return s.length === 0 ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

/** Capitalizes the first letter of every sentence (templates may start with a lowercase variable). */
function capSentences(s: string): string {
  const abbr = new RegExp(`\\b(${ABBREVIATIONS.join("|")})\\.(?=\\s)`, "g");
  return cap(s)
    .replace(abbr, "$1\uE000")
    .replace(/\b([A-Z])\.(?=\s|[A-Z])/g, "$1\uE000")
    .replace(/([.!?]\s+)([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase())
    .replace(/\uE000/g, ".");
}

/** Stable 32-bit hash, used to keep per-company quantities (share price, margins) consistent. */
function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function hashUnit(s: string): number {
  return hashString(s) / 4294967296;
}

function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Lowercases a category name but keeps acronyms: "Industrial REITs" -> "industrial REITs". */
function lowerName(s: string): string {
  return s
    .split(" ")
    .map((w) => ((w.match(/[A-Z]/g)?.length ?? 0) >= 2 ? w : w.toLowerCase()))
    .join(" ");
}

/** "Sakura Logistics's" -> "Sakura Logistics'". */
function fixPossessives(s: string): string {
  return s.replace(/([A-Za-z]s)'s\b/g, "$1'");
}

function stripTrailingDot(s: string): string {
  return s.replace(/\.+$/, "");
}

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------

const QUARTER_WORDS = ["first", "second", "third", "fourth"];

interface Ymd {
  y: number;
  m: number; // 1-12
  d: number;
}

function parseDate(date: string): Ymd {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return { y: 2024, m: 6, d: 15 };
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
}

function addDays(date: Ymd, days: number): Ymd {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

function monthDay(date: Ymd): string {
  return `${MONTHS[date.m - 1] ?? "June"} ${date.d}`;
}

/** The most recently completed quarter that a company reporting on `date` would publish. */
function reportedQuarter(date: Ymd): { q: number; year: number } {
  if (date.m <= 3) return { q: 4, year: date.y - 1 };
  return { q: Math.floor((date.m - 1) / 3), year: date.y };
}

// ---------------------------------------------------------------------------
// Names, places and institutions
// ---------------------------------------------------------------------------

interface NamePool {
  first: readonly string[];
  last: readonly string[];
  surnameFirst: boolean;
}

const NAME_POOLS: Readonly<Record<string, NamePool>> = {
  anglo: {
    first: [
      "Sarah",
      "Michael",
      "Jennifer",
      "David",
      "Emily",
      "James",
      "Rachel",
      "Daniel",
      "Laura",
      "Christopher",
      "Megan",
      "Andrew",
      "Olivia",
      "Marcus",
      "Nadia",
      "Thomas",
      "Catherine",
      "Gregory",
    ],
    last: [
      "Mitchell",
      "Carter",
      "Hughes",
      "Bennett",
      "Reyes",
      "Coleman",
      "Sullivan",
      "Harper",
      "Brooks",
      "Foster",
      "Grant",
      "Ellis",
      "Porter",
      "Walsh",
      "Nguyen",
      "Patel",
      "Okafor",
      "Lindqvist",
    ],
    surnameFirst: false,
  },
  japan: {
    first: ["Hiroshi", "Takeshi", "Yuko", "Kenji", "Naoko", "Satoshi", "Akira", "Mariko", "Daisuke", "Emi"],
    last: [
      "Tanaka",
      "Suzuki",
      "Watanabe",
      "Sato",
      "Nakamura",
      "Kobayashi",
      "Yamamoto",
      "Ito",
      "Mori",
      "Fujita",
    ],
    surnameFirst: false,
  },
  korea: {
    first: ["Min-jun", "Ji-woo", "Seo-yeon", "Hyun-woo", "Eun-ji", "Jae-sung", "Soo-min", "Dong-hyun"],
    last: ["Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Yoon", "Han"],
    surnameFirst: true,
  },
  china: {
    first: ["Wei", "Lina", "Jun", "Xiaoming", "Hui", "Yan", "Jianguo", "Mei"],
    last: ["Zhang", "Wang", "Chen", "Liu", "Zhao", "Huang", "Zhou", "Lin"],
    surnameFirst: true,
  },
  india: {
    first: ["Priya", "Rahul", "Anil", "Kavita", "Sanjay", "Meera", "Vikram", "Ananya"],
    last: ["Sharma", "Iyer", "Mehta", "Reddy", "Gupta", "Nair", "Kapoor", "Menon"],
    surnameFirst: false,
  },
  german: {
    first: ["Katrin", "Matthias", "Stefan", "Julia", "Andreas", "Sabine", "Florian", "Anja"],
    last: ["Weber", "Fischer", "Becker", "Hoffmann", "Schulz", "Krüger", "Vogel", "Brandt"],
    surnameFirst: false,
  },
  french: {
    first: ["Claire", "Julien", "Sophie", "Antoine", "Isabelle", "Thomas", "Camille", "Olivier"],
    last: ["Martin", "Lefèvre", "Moreau", "Girard", "Dubois", "Laurent", "Rousseau", "Fontaine"],
    surnameFirst: false,
  },
  nordic: {
    first: ["Erik", "Ingrid", "Lars", "Astrid", "Mikael", "Sofia", "Henrik", "Maja"],
    last: ["Lindberg", "Johansson", "Nielsen", "Virtanen", "Halvorsen", "Berg", "Dahl", "Eklund"],
    surnameFirst: false,
  },
  iberian: {
    first: ["Lucía", "Javier", "Marta", "Alejandro", "Beatriz", "Rafael", "Carmen", "Diego"],
    last: ["García", "Fernández", "Oliveira", "Santos", "Moreno", "Rossi", "Ferrari", "Costa"],
    surnameFirst: false,
  },
};

const COUNTRY_CULTURE: Readonly<Record<string, string>> = {
  Japan: "japan",
  "South Korea": "korea",
  China: "china",
  "Hong Kong": "china",
  Taiwan: "china",
  Singapore: "china",
  India: "india",
  Germany: "german",
  Austria: "german",
  Switzerland: "german",
  France: "french",
  Belgium: "french",
  Luxembourg: "french",
  Sweden: "nordic",
  Norway: "nordic",
  Denmark: "nordic",
  Finland: "nordic",
  Spain: "iberian",
  Portugal: "iberian",
  Italy: "iberian",
  Brazil: "iberian",
  Mexico: "iberian",
  Chile: "iberian",
  Argentina: "iberian",
  Colombia: "iberian",
  Peru: "iberian",
};

function personName(rand: () => number, country: string): string {
  const pool = NAME_POOLS[COUNTRY_CULTURE[country] ?? "anglo"] ?? NAME_POOLS.anglo;
  if (!pool) return "Alex Morgan";
  const first = pick(rand, pool.first);
  const last = pick(rand, pool.last);
  return pool.surnameFirst ? `${last} ${first}` : `${first} ${last}`;
}

const NAME_ROOTS = [
  "Aster",
  "Bracken",
  "Calder",
  "Dunmore",
  "Everly",
  "Fenwick",
  "Galloway",
  "Halden",
  "Ironbridge",
  "Juniper",
  "Kestrel",
  "Larchmont",
  "Meridian",
  "Northgate",
  "Oakhurst",
  "Pemberton",
  "Quillon",
  "Redwater",
  "Silverline",
  "Thornbury",
  "Upland",
  "Vantor",
  "Westmark",
  "Yarrow",
  "Brightwater",
  "Cobalt Ridge",
  "Harwood",
  "Lumen",
  "Solace",
  "Tidewell",
];

const COMPANY_SUFFIXES = [
  "Systems",
  "Technologies",
  "Industries",
  "Group",
  "Holdings",
  "Solutions",
  "Analytics",
  "Labs",
  "Networks",
];

const BROKER_SUFFIXES = ["Securities", "Capital Markets", "Partners", "Research", "Capital", "Markets"];
const BROKER_ROOTS = [
  "Harborview",
  "Kingsbridge",
  "Ashcombe",
  "Crestline",
  "Baird Lane",
  "Stonegate",
  "Whitmore",
  "Redfern",
  "Lakeshore",
  "Castlegate",
  "Morrow & Finch",
  "Greyfield",
];

function inventCompany(rand: () => number, exclude: string): string {
  for (let i = 0; i < 5; i++) {
    const name = `${pick(rand, NAME_ROOTS)} ${pick(rand, COMPANY_SUFFIXES)}`;
    if (!name.startsWith(exclude)) return name;
  }
  return "Halden Group";
}

const INDEX_BY_COUNTRY: Readonly<Record<string, readonly [number, string, string]>> = {
  // [market-cap threshold in USD, large-cap index, broader index]
  "United States": [15e9, "the S&P 500", "the Russell 2000"],
  "United Kingdom": [6e9, "the FTSE 100", "the FTSE 250"],
  Japan: [10e9, "the Nikkei 225", "the Topix"],
  Germany: [10e9, "the DAX", "the MDAX"],
  France: [10e9, "the CAC 40", "the SBF 120"],
  China: [5e9, "the CSI 300", "the Shanghai Composite"],
  "Hong Kong": [5e9, "the Hang Seng Index", "the Hang Seng Composite"],
  "South Korea": [5e9, "the Kospi", "the Kosdaq"],
  India: [10e9, "the Nifty 50", "the BSE 500"],
  Canada: [0, "the S&P/TSX Composite", "the S&P/TSX Composite"],
  Australia: [0, "the S&P/ASX 200", "the S&P/ASX 200"],
  Switzerland: [10e9, "the SMI", "the SPI"],
  Netherlands: [5e9, "the AEX", "the AMX"],
  Taiwan: [0, "the Taiex", "the Taiex"],
  Singapore: [0, "the Straits Times Index", "the Straits Times Index"],
  Sweden: [5e9, "the OMX Stockholm 30", "the OMX Stockholm All-Share"],
  Spain: [5e9, "the Ibex 35", "the Ibex 35"],
  Italy: [5e9, "the FTSE MIB", "the FTSE Italia All-Share"],
  Brazil: [0, "the Ibovespa", "the Ibovespa"],
  "South Africa": [0, "the JSE All Share index", "the JSE All Share index"],
};

function benchmarkIndex(country: string, capUsd: number): string {
  const row = INDEX_BY_COUNTRY[country];
  if (!row) return "the local benchmark index";
  return capUsd >= row[0] ? row[1] : row[2];
}

const EXCHANGE_NAMES: Readonly<Record<string, string>> = {
  NASDAQ: "Nasdaq",
  NYSE: "New York Stock Exchange",
  NYSEAM: "NYSE American",
  NYSEARCA: "NYSE Arca",
  TSX: "Toronto Stock Exchange",
  TSXV: "TSX Venture Exchange",
  XLON: "London Stock Exchange",
  XETR: "Xetra",
  XFRA: "Frankfurt Stock Exchange",
  XPAR: "Euronext Paris",
  XAMS: "Euronext Amsterdam",
  XBRU: "Euronext Brussels",
  XLIS: "Euronext Lisbon",
  XDUB: "Euronext Dublin",
  XMIL: "Euronext Milan",
  XOSL: "Oslo Børs",
  BMEX: "Spanish stock exchange",
  XSWX: "SIX Swiss Exchange",
  XSTO: "Nasdaq Stockholm",
  XCSE: "Nasdaq Copenhagen",
  XHEL: "Nasdaq Helsinki",
  XWBO: "Vienna Stock Exchange",
  XWAR: "Warsaw Stock Exchange",
  XIST: "Borsa Istanbul",
  XJPX: "Tokyo Stock Exchange",
  XSHG: "Shanghai Stock Exchange",
  XSHE: "Shenzhen Stock Exchange",
  XHKG: "Hong Kong Stock Exchange",
  XKRX: "Korea Exchange",
  XTAI: "Taiwan Stock Exchange",
  XNSE: "National Stock Exchange of India",
  XBOM: "BSE",
  XSES: "Singapore Exchange",
  XASX: "Australian Securities Exchange",
};

const THE_COUNTRIES = new Set([
  "United States",
  "United Kingdom",
  "Netherlands",
  "Cayman Islands",
  "British Virgin Islands",
  "United Arab Emirates",
  "Philippines",
  "Czech Republic",
  "Bahamas",
  "Marshall Islands",
  "Channel Islands",
  "Isle of Man",
]);

/** "the United States", "Japan". */
function theCountry(name: string): string {
  return THE_COUNTRIES.has(name) ? `the ${name}` : name;
}

/** "on the Nasdaq", "on Xetra", "on its home exchange in Peru". */
function exchangeOn(code: string, country: string): string {
  const name = EXCHANGE_NAMES[code];
  if (name === undefined) return `on its home exchange in ${theCountry(country)}`;
  const article = /exchange$/i.test(name) || name === "Nasdaq" || name === "BSE" ? "the " : "";
  return `on ${article}${name}`;
}

interface Regulators {
  competition: string;
  markets: string;
  health: string;
  court: string;
}

const REGULATORS: Readonly<Record<string, Regulators>> = {
  "United States": {
    competition: "the Federal Trade Commission",
    markets: "the Securities and Exchange Commission",
    health: "the Food and Drug Administration",
    court: "a federal court in Delaware",
  },
  "United Kingdom": {
    competition: "the Competition and Markets Authority",
    markets: "the Financial Conduct Authority",
    health: "the Medicines and Healthcare products Regulatory Agency",
    court: "the High Court in London",
  },
  Japan: {
    competition: "the Japan Fair Trade Commission",
    markets: "the Financial Services Agency",
    health: "the Ministry of Health, Labour and Welfare",
    court: "the Tokyo District Court",
  },
  China: {
    competition: "the State Administration for Market Regulation",
    markets: "the China Securities Regulatory Commission",
    health: "the National Medical Products Administration",
    court: "a people's court in Beijing",
  },
  "South Korea": {
    competition: "the Korea Fair Trade Commission",
    markets: "the Financial Services Commission",
    health: "the Ministry of Food and Drug Safety",
    court: "the Seoul Central District Court",
  },
  India: {
    competition: "the Competition Commission of India",
    markets: "the Securities and Exchange Board of India",
    health: "the Central Drugs Standard Control Organisation",
    court: "the Bombay High Court",
  },
  Germany: {
    competition: "the Federal Cartel Office",
    markets: "BaFin",
    health: "the European Medicines Agency",
    court: "a regional court in Munich",
  },
  France: {
    competition: "the French competition authority",
    markets: "the Autorité des marchés financiers",
    health: "the European Medicines Agency",
    court: "the Paris commercial court",
  },
  Canada: {
    competition: "the Competition Bureau",
    markets: "the Ontario Securities Commission",
    health: "Health Canada",
    court: "the Ontario Superior Court of Justice",
  },
  Australia: {
    competition: "the Australian Competition and Consumer Commission",
    markets: "the Australian Securities and Investments Commission",
    health: "the Therapeutic Goods Administration",
    court: "the Federal Court of Australia",
  },
};

function regulatorsFor(country: string, city: string): Regulators {
  const r = REGULATORS[country];
  if (r) return r;
  const eu = [
    "Austria",
    "Belgium",
    "Denmark",
    "Finland",
    "Ireland",
    "Italy",
    "Luxembourg",
    "Netherlands",
    "Portugal",
    "Spain",
    "Sweden",
  ].includes(country);
  return {
    competition: eu ? "the European Commission" : `competition authorities in ${theCountry(country)}`,
    markets: `the securities regulator in ${theCountry(country)}`,
    health: eu ? "the European Medicines Agency" : `health regulators in ${theCountry(country)}`,
    court: `a commercial court in ${city}`,
  };
}

const EXPANSION_CITIES = [
  ["Singapore", "Singapore"],
  ["Dallas", "the United States"],
  ["Monterrey", "Mexico"],
  ["Warsaw", "Poland"],
  ["Dublin", "Ireland"],
  ["Bengaluru", "India"],
  ["Ho Chi Minh City", "Vietnam"],
  ["São Paulo", "Brazil"],
  ["Riyadh", "Saudi Arabia"],
  ["Rotterdam", "the Netherlands"],
  ["Osaka", "Japan"],
  ["Melbourne", "Australia"],
  ["Toronto", "Canada"],
  ["Frankfurt", "Germany"],
  ["Penang", "Malaysia"],
  ["Manchester", "the United Kingdom"],
] as const;

const TECH_TERMS = [
  "generative AI",
  "machine-learning",
  "cloud-native",
  "edge computing",
  "automation",
  "digital twin",
  "predictive analytics",
  "cybersecurity",
];

const EXEC_ROLES = [
  "chief financial officer",
  "chief operating officer",
  "chief technology officer",
  "chief commercial officer",
  "general counsel",
  "chief strategy officer",
];

const RATING_SCHEMES: readonly (readonly [string, string, string])[] = [
  ["buy", "hold", "sell"],
  ["overweight", "equal-weight", "underweight"],
  ["outperform", "market perform", "underperform"],
  ["buy", "neutral", "sell"],
];

const FINANCING_INSTRUMENTS = [
  "senior unsecured notes",
  "senior notes",
  "green bonds",
  "a syndicated term loan",
  "convertible notes",
];

type Tier = "major" | "notable" | "minor";

function tierOf(importance: number): Tier {
  if (importance <= 2) return "major";
  if (importance === 3) return "notable";
  return "minor";
}

/** Picks a magnitude that shrinks with importance (1 = biggest). */
function byImportance(
  rand: () => number,
  importance: number,
  ranges: readonly [
    readonly [number, number],
    readonly [number, number],
    readonly [number, number],
    readonly [number, number],
  ],
): number {
  const idx = importance <= 1 ? 0 : importance === 2 ? 1 : importance === 3 ? 2 : 3;
  const r = ranges[idx] ?? ranges[3];
  return between(rand, r[0], r[1]);
}

function roundSig(v: number, sig: number): number {
  if (v <= 0) return 0;
  const p = 10 ** (Math.floor(Math.log10(v)) - sig + 1);
  return Math.round(v / p) * p;
}

function countText(n: number): string {
  const r = Math.round(n);
  return r <= 10 ? numberWord(r) : formatNumber(r);
}

function numberWord(n: number): string {
  const r = Math.round(n);
  const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
  return words[r] ?? formatNumber(r);
}

/** Builds every template variable for one article. All randomness comes from `rand`. */
function newsVars(
  c: CompanyFacts,
  importance: number,
  date: string,
  rand: () => number,
): Record<string, string> {
  const cur = c.reportingCurrency || "USD";
  const capUsd = c.marketCapUsd !== null && c.marketCapUsd > 0 ? c.marketCapUsd : 3e8;
  const key = `${c.ticker}|${c.displayName}`;
  const money = (usd: number, sig = 3): string => formatMoney(roundSig(usd * fxRate(cur), sig), cur);
  const perShare = (usd: number): string => formatPerShare(usd, cur);

  // Per-company constants (hash based so they agree across articles).
  const priceUsd =
    c.companyType === "spac" ? 10.1 + hashUnit(`${key}|px`) * 0.6 : 12 + hashUnit(`${key}|px`) * 240;
  const revRatio =
    c.companyType === "reit"
      ? 0.08 + hashUnit(`${key}|rev`) * 0.06
      : c.companyType === "investment_company"
        ? 0.04 + hashUnit(`${key}|rev`) * 0.04
        : 0.15 + hashUnit(`${key}|rev`) * 0.55;
  const annualRev = capUsd * revRatio;
  const marginBase = 8 + hashUnit(`${key}|margin`) * 24;
  const headcount = Math.min(
    Math.max(60, roundSig(annualRev / (220e3 + hashUnit(`${key}|rpe`) * 200e3), 2)),
    roundSig(90e3 + hashUnit(`${key}|staff`) * 210e3, 2),
  );
  // Very large companies do smaller deals relative to their size.
  const sizeFactor = capUsd >= 200e9 ? 0.15 : capUsd >= 50e9 ? 0.3 : capUsd >= 10e9 ? 0.6 : 1;
  const stateStake = 51 + Math.floor(hashUnit(`${key}|state`) * 30);

  const d = parseDate(date);
  const rq = reportedQuarter(d);
  const report = addDays(d, intBetween(rand, 9, 30));
  const nq = reportedQuarter(report);
  const soon = addDays(d, intBetween(rand, 6, 40));
  const later = addDays(d, intBetween(rand, 25, 60));
  const closeAt = addDays(d, intBetween(rand, 120, 300));
  const deadline = addDays(d, intBetween(rand, 150, 540));

  const peers = c.peerShortNames.filter((p) => p && p !== c.shortName);
  const invented = inventCompany(rand, c.shortName);
  const rival = peers.length > 0 ? pick(rand, peers) : invented;
  const partner =
    c.companyType === "operating_company" && rand() < 0.3 && peers.length > 0
      ? rival
      : inventCompany(rand, c.shortName);
  const target = inventCompany(rand, c.shortName);
  const acquirer = peers.length > 0 && rand() < 0.6 ? rival : inventCompany(rand, c.shortName);
  const [product = "core products", product2 = product, product3 = product2] = pickMany(rand, c.products, 3);
  const [customer = "customers", customer2 = customer] = pickMany(rand, c.customers, 2);
  const segment = pick(rand, c.segments.length > 0 ? c.segments : ["Core"]);
  const [expCity, expCountry] = pick(
    rand,
    EXPANSION_CITIES.filter(([city]) => city !== c.hqCity),
  );
  const regs = regulatorsFor(c.hqCountryName, c.hqCity);
  const sectorLower = c.sector.toLowerCase();
  const regulator = sectorLower.includes("health")
    ? regs.health
    : sectorLower.includes("financ")
      ? regs.markets
      : regs.competition;
  const scheme = pick(rand, RATING_SCHEMES);
  const tech = pick(rand, TECH_TERMS);
  const broker = `${pick(rand, BROKER_ROOTS)} ${pick(rand, BROKER_SUFFIXES)}`;
  let broker2 = `${pick(rand, BROKER_ROOTS)} ${pick(rand, BROKER_SUFFIXES)}`;
  if (broker2 === broker) broker2 = "Ashcombe Research";

  const pct = byImportance(rand, importance, [
    [11, 24],
    [5.5, 11],
    [2.2, 5.5],
    [0.4, 2.2],
  ]);
  const growth = byImportance(rand, importance, [
    [14, 32],
    [8, 16],
    [4, 9],
    [2, 6],
  ]);
  const decline = byImportance(rand, importance, [
    [9, 22],
    [5, 11],
    [2, 6],
    [1, 3],
  ]);
  const qRev = (annualRev / 4) * between(rand, 0.94, 1.06);
  const margin = marginBase * between(rand, 0.9, 1.1);
  const marginPts = between(rand, 0.6, 3.2);
  const buybackPct = byImportance(rand, importance, [
    [6, 11],
    [3.5, 6],
    [1.5, 3.5],
    [0.5, 1.5],
  ]);
  const dealFrac = byImportance(rand, importance, [
    [0.2, 0.6],
    [0.08, 0.2],
    [0.02, 0.08],
    [0.004, 0.02],
  ]);
  const premium = between(rand, 18, 46);
  const investFrac = byImportance(rand, importance, [
    [0.05, 0.12],
    [0.02, 0.05],
    [0.008, 0.02],
    [0.002, 0.008],
  ]);
  const investUsd = capUsd * investFrac * sizeFactor;
  const cutPct = byImportance(rand, importance, [
    [9, 16],
    [5, 9],
    [2, 5],
    [0.8, 2],
  ]);
  const cutsCap = importance <= 1 ? 40000 : importance === 2 ? 15000 : importance === 3 ? 4000 : 500;
  const jobCuts = Math.min(cutsCap, Math.max(12, roundSig((headcount * cutPct) / 100, 2)));
  const savingsUsd = jobCuts * between(rand, 110e3, 190e3) * (annualRev / headcount > 1e6 ? 1.5 : 1);
  const yieldPct = c.companyType === "reit" ? between(rand, 3.8, 6.5) : between(rand, 1.1, 4.2);
  const dpsUsd = (priceUsd * yieldPct) / 100 / 4;
  const dpsInc = byImportance(rand, importance, [
    [12, 25],
    [7, 12],
    [3, 7],
    [1, 4],
  ]);
  const splitN = priceUsd > 150 ? pick(rand, [3, 4, 5, 10]) : pick(rand, [2, 3]);
  const ptUpUsd = priceUsd * between(rand, 1.15, 1.45);
  const ptDownUsd = priceUsd * between(rand, 0.68, 0.9);
  const coupon = Math.round(between(rand, 3.25, 7.5) * 8) / 8;
  const occupancy = between(rand, 91, 98.8);
  const navUsd = priceUsd * between(rand, 1.06, 1.24);
  const trustUsd = capUsd * between(rand, 0.98, 1.03);
  const jobsCap = importance <= 1 ? 3000 : importance === 2 ? 1500 : importance === 3 ? 400 : 60;
  const newJobs = Math.min(jobsCap, Math.max(12, roundSig(investUsd / between(rand, 250e3, 900e3), 2)));
  const dealUsd = capUsd * dealFrac * sizeFactor;

  const vars: Record<string, string> = {
    name: c.shortName,
    fullName: stripTrailingDot(c.displayName),
    ticker: c.ticker,
    exchangeOn: exchangeOn(c.exchangeCode, c.hqCountryName),
    ceo: c.ceo,
    city: c.hqCity,
    country: c.hqCountryName,
    sector: sectorLower,
    industry: lowerName(c.industry),
    subIndustry: lowerName(c.subIndustry),
    product,
    product2,
    product3,
    customer,
    customer2,
    segment,
    rival,
    partner,
    target,
    acquirer,
    regulator,
    marketsRegulator: regs.markets,
    court: regs.court,
    index: benchmarkIndex(c.hqCountryName, capUsd),
    expCity,
    expCountry,
    tech,
    aTech: `${/^[aeiou]/.test(tech) ? "an" : "a"} ${tech}`,
    person: personName(rand, c.hqCountryName),
    person2: personName(rand, c.hqCountryName),
    analyst: personName(rand, "United States"),
    broker,
    broker2,
    execRole: pick(rand, EXEC_ROLES),
    instrument: pick(rand, FINANCING_INSTRUMENTS),
    ratingBuy: scheme[0],
    aRatingBuy: `${/^[aeiou]/.test(scheme[0]) ? "an" : "a"} ${scheme[0]}`,
    ratingMid: scheme[1],
    ratingSell: scheme[2],
    // Time
    q: `Q${rq.q}`,
    qWord: `${QUARTER_WORDS[rq.q - 1] ?? "first"}-quarter`,
    qName: `${QUARTER_WORDS[rq.q - 1] ?? "first"} quarter`,
    qYear: String(rq.year),
    fy: String(d.y),
    lastFy: String(d.y - 1),
    nextQ: `Q${nq.q}`,
    nextQWord: `${QUARTER_WORDS[nq.q - 1] ?? "first"}-quarter`,
    nextQYear: String(nq.year),
    reportDate: monthDay(report),
    soonDate: monthDay(soon),
    laterDate: monthDay(later),
    closeBy: `the ${closeAt.m <= 6 ? "first" : "second"} half of ${closeAt.y}`,
    deadline: `${MONTHS[deadline.m - 1] ?? "June"} ${deadline.y}`,
    year: String(d.y),
    nextYear: String(d.y + 1),
    maturity: String(d.y + intBetween(rand, 4, 10)),
    targetYear: String(pick(rand, [2030, 2030, 2032, 2035])),
    netZeroYear: String(pick(rand, [2040, 2045, 2050, 2050])),
    baseYear: String(pick(rand, [2019, 2020, 2021, 2022])),
    // Markets
    pct: formatPct(pct),
    pctSmall: formatPct(pct * between(rand, 0.3, 0.6)),
    idxPct: formatPct(between(rand, 0.1, 1.4)),
    ytdPct: formatPct(between(rand, 6, 38)),
    volMult: pick(rand, ["twice", "three times", "four times", "nearly five times"]),
    price: perShare(priceUsd),
    // Earnings
    rev: money(qRev),
    annualRev: money(annualRev * between(rand, 0.97, 1.03)),
    consBeat: money(qRev * between(rand, 0.93, 0.97)),
    consMiss: money(qRev * between(rand, 1.04, 1.09)),
    growth: formatPct(growth),
    decline: formatPct(decline),
    segGrowth: formatPct(growth * between(rand, 1.2, 1.8)),
    netIncome: money(qRev * (margin / 100) * 0.76),
    margin: formatPct(margin),
    marginPts: marginPts.toFixed(1),
    hiLow: money(annualRev * 1.06),
    hiHigh: money(annualRev * 1.1),
    loLow: money(annualRev * 0.95),
    loHigh: money(annualRev * 0.99),
    // Capital returns
    dps: perShare(dpsUsd),
    dpsPrior: perShare(dpsUsd / (1 + dpsInc / 100)),
    dpsCut: perShare(dpsUsd * between(rand, 0.4, 0.7)),
    dpsInc: formatPct(dpsInc),
    yield: formatPct(yieldPct),
    specialDps: perShare(priceUsd * between(rand, 0.02, 0.06)),
    payDate: monthDay(later),
    recordDate: monthDay(soon),
    splitRatio: `${splitN}-for-1`,
    splitN: numberWord(splitN),
    postSplitPrice: perShare(priceUsd / splitN),
    buyback: money(capUsd * (buybackPct / 100), 2),
    buybackPct: formatPct(buybackPct),
    // Deals
    deal: money(dealUsd, 2),
    premium: formatPct(premium),
    offerPrice: perShare(priceUsd * (1 + premium / 100)),
    takeoverValue: money(capUsd * (1 + premium / 100), 2),
    stake: formatPct(between(rand, 10, 45)),
    contract: money(dealUsd * 0.5, 2),
    contractYears: numberWord(intBetween(rand, 3, 7)),
    invest: money(investUsd, 2),
    newJobs: formatNumber(newJobs),
    sites: numberWord(intBetween(rand, 2, 6)),
    // Legal / regulatory
    fine: money(dealUsd * 0.12, 2),
    damages: money(dealUsd * 0.4, 2),
    // Restructuring
    headcount: formatNumber(headcount),
    jobCuts: formatNumber(jobCuts),
    cutPct: formatPct((jobCuts / headcount) * 100),
    savings: money(savingsUsd, 2),
    charge: money(savingsUsd * between(rand, 0.7, 1.4), 2),
    // Financing
    raise: money(
      capUsd *
        sizeFactor *
        byImportance(rand, importance, [
          [0.08, 0.2],
          [0.04, 0.08],
          [0.015, 0.04],
          [0.005, 0.015],
        ]),
      2,
    ),
    coupon: `${trimZero(coupon.toFixed(3))}%`,
    // ESG
    emissionsPct: `${intBetween(rand, 6, 12) * 5}%`,
    renewPct: `${intBetween(rand, 8, 20) * 5}%`,
    // Analyst
    ptUp: perShare(ptUpUsd),
    ptUpOld: perShare(ptUpUsd * between(rand, 0.78, 0.9)),
    ptDown: perShare(ptDownUsd),
    ptDownOld: perShare(ptDownUsd * between(rand, 1.15, 1.35)),
    upside: formatPct((ptUpUsd / priceUsd - 1) * 100),
    downside: formatPct((1 - ptDownUsd / priceUsd) * 100),
    // Company-type specifics
    occupancy: `${occupancy.toFixed(1)}%`,
    occupancyPts: between(rand, 0.4, 2.1).toFixed(1),
    properties: countText(Math.max(8, roundSig(capUsd / between(rand, 25e6, 80e6), 2))),
    ffo: perShare((priceUsd * between(rand, 0.06, 0.085)) / 4),
    nav: perShare(navUsd),
    discount: formatPct((1 - priceUsd / navUsd) * 100),
    navReturn: formatPct(
      byImportance(rand, importance, [
        [9, 18],
        [5, 9],
        [2, 5],
        [0.5, 2],
      ]),
    ),
    holdings: String(intBetween(rand, 28, 85)),
    trust: money(trustUsd, 3),
    trustPerShare: perShare(10 + between(rand, 0.15, 0.7)),
    redemptionPct: formatPct(between(rand, 35, 92)),
    stateStake: `${stateStake}%`,
    sponsor: `${pick(rand, NAME_ROOTS)} ${pick(rand, ["Capital Partners", "Sponsor", "Acquisition Partners", "Holdings"])}`,
  };
  return vars;
}

// ---------------------------------------------------------------------------
// News templates
// ---------------------------------------------------------------------------

/** One coherent storyline: any title, any description and the body sentences agree with each other. */
interface Scenario {
  titles: readonly string[];
  descs: readonly string[];
  /** Sentences in story order; the first is always used, the others fill up to the target length. */
  body: readonly (string | readonly string[])[];
}

type Bank = Readonly<Record<Tier, readonly Scenario[]>>;

const EARNINGS: Bank = {
  major: [
    {
      titles: [
        "{name} shares jump {pct} after {q} results beat forecasts and outlook is raised",
        "{name} beats {qWord} estimates as demand for {product} accelerates",
        "{name} posts {growth} revenue growth in {q}, lifts full-year forecast",
        "{name} surges {pct} on blowout {qWord} results",
      ],
      descs: [
        "{name} reported {qWord} revenue of {rev}, ahead of analyst expectations, and raised its outlook for fiscal {fy}.",
        "Strong demand from {customer} drove a {growth} increase in quarterly revenue at {name}, sending its shares up {pct}.",
      ],
      body: [
        [
          "{name} said {qWord} revenue rose {growth} from a year earlier to {rev}, comfortably ahead of the {consBeat} analysts had expected.",
          "{name} reported {qWord} revenue of {rev}, up {growth} year on year and well above the consensus estimate of {consBeat}.",
        ],
        "Operating margin widened by {marginPts} percentage points to {margin}, helped by firmer pricing and a richer mix of {product}.",
        "The {segment} segment was the standout, with sales up {segGrowth} on strong orders from {customer}.",
        "Management now expects full-year revenue of {hiLow} to {hiHigh}, up from a previous range of {loLow} to {loHigh}.",
        "The shares closed up {pct}, their biggest one-day gain in more than a year.",
      ],
    },
    {
      titles: [
        "{name} shares plunge {pct} after {q} revenue miss and guidance cut",
        "{name} misses {qWord} forecasts, cuts full-year outlook",
        "{name} slumps as weaker demand for {product} hits {q} sales",
        "{name} sinks {pct} after warning on spending by {customer}",
      ],
      descs: [
        "{name} reported {qWord} revenue of {rev}, short of the {consMiss} analysts expected, and lowered its fiscal {fy} forecast.",
        "Softer orders from {customer} pushed {name}'s quarterly sales down {decline}, prompting a cut to its full-year outlook.",
      ],
      body: [
        [
          "{name} said {qWord} revenue fell {decline} from a year earlier to {rev}, missing the consensus estimate of {consMiss}.",
          "{name} reported a {decline} drop in {qWord} revenue to {rev}, well below the {consMiss} analysts had forecast.",
        ],
        "The company blamed weaker spending by {customer} and an inventory correction in its {segment} segment.",
        "Operating margin contracted by {marginPts} percentage points to {margin} as fixed costs were spread over lower volumes.",
        "It now expects full-year revenue of {loLow} to {loHigh}, down from {hiLow} to {hiHigh} previously.",
        "The shares fell {pct}, their steepest one-day decline in more than a year.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} {qWord} revenue rises {growth} to {rev}",
        "{name} results in line as {segment} growth offsets softer margins",
        "{name} reports {q} {qYear} results, reaffirms full-year outlook",
      ],
      descs: [
        "{name} reported {qWord} revenue of {rev}, broadly in line with expectations, and kept its fiscal {fy} guidance unchanged.",
        "Revenue at {name} grew {growth} in the {qName}, with the {segment} business leading the gains.",
      ],
      body: [
        "{name} reported {qWord} revenue of {rev}, up {growth} from a year earlier and close to the {consBeat} analysts had pencilled in.",
        "Net income came to {netIncome}, while operating margin held at {margin}.",
        "The company reaffirmed its full-year revenue guidance of {loHigh} to {hiLow}.",
        "The stock ended the session little changed.",
      ],
    },
    {
      titles: [
        "{name} profit slips as costs weigh on {qWord} margins",
        "{name} {q} margins narrow despite steady demand for {product}",
        "{name} shares ease {pct} after mixed {qWord} report",
      ],
      descs: [
        "{name} posted steady {qWord} sales of {rev}, but higher costs trimmed its operating margin to {margin}.",
        "Cost pressure in the {segment} segment weighed on {name}'s {qWord} profit even as revenue edged higher.",
      ],
      body: [
        "{name} said {qWord} revenue edged up to {rev}, but operating margin narrowed by {marginPts} percentage points to {margin}.",
        "Higher input and labour costs offset firmer pricing in the {segment} segment.",
        "Net income was {netIncome}, slightly below the prior-year quarter.",
        "The shares eased {pct} in the session after the release.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} to report {nextQWord} results on {reportDate}",
        "{name} sets date for {nextQ} {nextQYear} earnings release",
        "{name} schedules {nextQWord} earnings call for {reportDate}",
      ],
      descs: [
        "{name} will publish its {nextQWord} {nextQYear} results on {reportDate} and host a conference call for investors and analysts.",
        "{name} said it will release {nextQ} figures on {reportDate}, followed by a webcast with management.",
      ],
      body: [
        "{name} said it will publish {nextQWord} {nextQYear} results on {reportDate}.",
        "Chief executive {ceo} and the finance team will host a conference call and webcast for analysts the same day.",
        "Analysts on average expect quarterly revenue of around {rev}.",
        "Investors are likely to focus on demand for {product} and on spending trends among {customer}.",
      ],
    },
    {
      titles: [
        "{name} files {q} {qYear} quarterly report",
        "{name} {qWord} sales edge up {growth}",
        "{name} publishes {qWord} figures with no change to outlook",
      ],
      descs: [
        "{name} filed its {qWord} report, showing revenue of {rev} and no change to its full-year outlook.",
        "{name}'s {qWord} filing showed modest sales growth and steady margins.",
      ],
      body: [
        "{name} filed its report for the {qName} of {qYear}, showing revenue of {rev}, up {growth} from a year earlier.",
        "Operating margin was {margin}, roughly in line with the previous quarter.",
        "The company made no change to its full-year outlook.",
      ],
    },
  ],
};

const GUIDANCE: Bank = {
  major: [
    {
      titles: [
        "{name} raises {fy} revenue forecast on strong {product} demand",
        "{name} shares climb {pct} after upbeat full-year outlook",
        "{name} lifts annual guidance as orders from {customer} surge",
      ],
      descs: [
        "{name} raised its fiscal {fy} revenue forecast to {hiLow} to {hiHigh}, citing stronger-than-expected demand.",
        "{name} lifted its full-year outlook, sending the shares up {pct}.",
      ],
      body: [
        "{name} now expects fiscal {fy} revenue of {hiLow} to {hiHigh}, up from its earlier forecast of {loLow} to {loHigh}.",
        "The company said order intake from {customer} had run well ahead of plan, particularly for {product}.",
        "It also guided to an operating margin of about {margin} for the year, helped by better utilisation in {segment}.",
        "The shares rose {pct} as analysts moved to raise their own estimates.",
      ],
    },
    {
      titles: [
        "{name} cuts {fy} outlook, shares tumble {pct}",
        "{name} warns on full-year sales as {customer} pull back",
        "{name} issues profit warning, blames weak demand for {product}",
      ],
      descs: [
        "{name} cut its fiscal {fy} revenue forecast to {loLow} to {loHigh}, citing a slowdown in orders.",
        "{name} warned that full-year sales would fall short of previous guidance, sending its shares down {pct}.",
      ],
      body: [
        "{name} said it now expects fiscal {fy} revenue of {loLow} to {loHigh}, down from {hiLow} to {hiHigh} previously.",
        "The company pointed to delayed purchasing decisions among {customer} and pricing pressure from {rival}.",
        "It expects the {segment} segment to bear the brunt of the shortfall.",
        "The shares fell {pct} on the news, wiping out their gains for the year.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} reaffirms {fy} guidance at investor day",
        "{name} sticks to full-year forecast despite softer {segment} trends",
        "{name} narrows {fy} revenue outlook to {loHigh}-{hiLow}",
      ],
      descs: [
        "{name} reiterated its fiscal {fy} outlook and narrowed its revenue range to {loHigh} to {hiLow}.",
        "{name} kept its full-year targets unchanged, saying demand from {customer} remains stable.",
      ],
      body: [
        "{name} said it still expects fiscal {fy} revenue of {loHigh} to {hiLow}, narrowing the range it gave earlier in the year.",
        "Chief executive {ceo} said demand for {product} remained stable, although visibility in the {segment} segment was lower than usual.",
        "The company also set a medium-term goal of lifting operating margin above {margin}.",
        "Shares moved {pctSmall} in afternoon trading.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} confirms outlook ahead of {nextQWord} results",
        "{name} to update investors on {fy} targets on {reportDate}",
        "{name} keeps full-year guidance unchanged in trading update",
      ],
      descs: [
        "{name} said trading was in line with its expectations and confirmed its fiscal {fy} guidance.",
        "{name} issued a brief trading update, leaving its full-year outlook unchanged.",
      ],
      body: [
        "{name} said trading so far in the period had been in line with management expectations.",
        "The company confirmed its fiscal {fy} revenue guidance of {loHigh} to {hiLow}.",
        "It will give a fuller update alongside its results on {reportDate}.",
      ],
    },
  ],
};

const DIVIDEND: Bank = {
  major: [
    {
      titles: [
        "{name} raises dividend {dpsInc} and unveils special payout",
        "{name} lifts dividend to {dps} a share",
        "{name} boosts shareholder returns with {dpsInc} dividend hike",
      ],
      descs: [
        "{name} raised its regular dividend by {dpsInc} to {dps} per share and declared a special dividend of {specialDps}.",
        "{name} increased its payout to {dps} per share, citing strong cash generation.",
      ],
      body: [
        "{name} raised its regular dividend by {dpsInc} to {dps} per share, from {dpsPrior} previously.",
        "The board also declared a one-off special dividend of {specialDps} per share, funded from surplus cash.",
        "The new payout implies a yield of about {yield} at the current share price of {price}.",
        "The dividends will be paid on {payDate} to shareholders on record as of {recordDate}.",
        "The shares rose {pctSmall} on the announcement.",
      ],
    },
    {
      titles: [
        "{name} cuts dividend to preserve cash, shares fall {pct}",
        "{name} slashes payout as earnings come under pressure",
        "{name} suspends special dividend and trims regular payout",
      ],
      descs: [
        "{name} reduced its dividend to {dpsCut} per share from {dps}, saying it wants to protect its balance sheet.",
        "{name} cut its shareholder payout, sending the stock down {pct}.",
      ],
      body: [
        "{name} cut its dividend to {dpsCut} per share from {dps}, the first reduction in more than a decade.",
        "The company said it would prioritise debt reduction and investment in {segment} while conditions among {customer} remain weak.",
        "Income-focused investors reacted badly, and the shares fell {pct}.",
        "The board said it would review the payout again once earnings recover.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} raises dividend {dpsInc} to {dps} per share",
        "{name} increases payout for another year",
        "{name} board approves higher dividend",
      ],
      descs: [
        "{name} increased its dividend by {dpsInc} to {dps} per share.",
        "{name} raised its payout, extending its record of annual dividend increases.",
      ],
      body: [
        "{name} raised its dividend by {dpsInc} to {dps} per share, from {dpsPrior} a year earlier.",
        "The payout is equivalent to a yield of about {yield} at the current share price.",
        "It will be paid on {payDate} to shareholders on record as of {recordDate}.",
        "The company said the increase reflects confidence in cash flow from its {segment} business.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} declares regular dividend of {dps} per share",
        "{name} maintains dividend at {dps}",
        "{name} sets record date for next dividend payment",
      ],
      descs: [
        "{name} declared a regular dividend of {dps} per share, unchanged from the previous payment.",
        "{name} will pay its next dividend of {dps} per share on {payDate}.",
      ],
      body: [
        "{name} declared a regular dividend of {dps} per share, in line with its previous payment.",
        "The dividend is payable on {payDate} to shareholders on record as of {recordDate}.",
        "At the current share price of {price}, the payout implies an annual yield of roughly {yield}.",
      ],
    },
  ],
};

const STOCK_SPLIT: Bank = {
  major: [
    {
      titles: [
        "{name} announces {splitRatio} stock split after strong rally",
        "{name} shares rise {pctSmall} on {splitRatio} split plan",
        "{name} to split stock {splitN} ways to broaden investor base",
      ],
      descs: [
        "{name} announced a {splitRatio} stock split, aiming to make its shares more accessible to retail investors.",
        "{name}'s board approved a {splitRatio} split after the shares gained {ytdPct} this year.",
      ],
      body: [
        "{name}'s board approved a {splitRatio} stock split, with shareholders receiving {splitN} shares for each share they hold.",
        "The shares have risen {ytdPct} so far this year and last traded at {price}, which would imply about {postSplitPrice} after the split.",
        "The company said the move is intended to make the stock more accessible to employees and individual investors.",
        "Trading on a split-adjusted basis is expected to begin on {laterDate}.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} seeks shareholder approval for {splitRatio} stock split",
        "{name} proposes {splitRatio} share split",
        "{name} to vote on stock split at annual meeting",
      ],
      descs: [
        "{name} will ask shareholders to approve a {splitRatio} stock split at its annual meeting.",
        "{name} proposed a {splitRatio} split of its ordinary shares.",
      ],
      body: [
        "{name} said it will ask shareholders to approve a {splitRatio} split of its shares at a meeting on {laterDate}.",
        "The stock last closed at {price}, and the split would bring the price to roughly {postSplitPrice}.",
        "The company said the split would not change its market value or any shareholder's proportional stake.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} shares begin trading on split-adjusted basis",
        "{name} completes {splitRatio} stock split",
        "{name} stock split takes effect",
      ],
      descs: [
        "{name}'s previously announced {splitRatio} stock split took effect, and the shares now trade on a split-adjusted basis.",
        "{name} completed its {splitRatio} share split.",
      ],
      body: [
        "{name}'s {splitRatio} stock split took effect, and the shares began trading on a split-adjusted basis.",
        "Shareholders of record received {splitN} shares for each share held.",
        "Per-share figures such as earnings and dividends will be restated accordingly.",
      ],
    },
  ],
};

const BUYBACK: Bank = {
  major: [
    {
      titles: [
        "{name} unveils {buyback} share buyback, stock rises {pctSmall}",
        "{name} launches record {buyback} repurchase programme",
        "{name} to buy back up to {buybackPct} of its shares",
      ],
      descs: [
        "{name} authorised a {buyback} share repurchase programme, equal to about {buybackPct} of its market value.",
        "{name} said it will return {buyback} to shareholders through buybacks, citing strong free cash flow.",
      ],
      body: [
        "{name}'s board authorised a new share repurchase programme of up to {buyback}, equivalent to about {buybackPct} of its market capitalisation.",
        "The buyback will run over the next two years and will be funded from cash on hand and free cash flow.",
        "Chief executive {ceo} said the shares do not reflect the long-term value of the {segment} business.",
        "The stock rose {pctSmall} after the announcement.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} authorises {buyback} share repurchase",
        "{name} renews buyback programme",
        "{name} expands share buyback by {buyback}",
      ],
      descs: [
        "{name} approved a {buyback} share repurchase programme.",
        "{name} renewed its buyback authorisation, allowing it to repurchase up to {buybackPct} of its shares.",
      ],
      body: [
        "{name} said its board approved the repurchase of up to {buyback} of its shares, about {buybackPct} of its market value.",
        "The programme replaces a previous authorisation that is nearly exhausted.",
        "The company said it would continue to prioritise investment in {product} before returning surplus cash.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} reports progress on share buyback",
        "{name} cancels repurchased shares",
        "{name} buys back shares under existing programme",
      ],
      descs: [
        "{name} disclosed the latest purchases under its existing share buyback programme.",
        "{name} cancelled shares bought back under its current programme.",
      ],
      body: [
        "{name} said it repurchased shares worth {buyback} under its existing buyback programme during the period.",
        "The repurchased shares will be cancelled, reducing the number of shares in issue.",
        "The programme is being carried out by {broker} on the company's behalf.",
      ],
    },
  ],
};

const MA: Bank = {
  major: [
    {
      titles: [
        "{name} to buy {target} for {deal} in push into {product2}",
        "{name} agrees {deal} deal for {target}",
        "{name} bets big on {product2} with {deal} acquisition of {target}",
      ],
      descs: [
        "{name} agreed to acquire {target} for {deal}, its largest acquisition to date.",
        "{name} will buy {target} in a {deal} deal that deepens its reach among {customer}.",
      ],
      body: [
        "{name} agreed to acquire {target} for {deal} in cash and stock, its largest deal to date.",
        "The purchase adds a portfolio of {product2} and brings {name} closer to {customer2}.",
        "{name} expects annual cost savings within three years and said the deal would add to earnings in the first full year after closing.",
        "The transaction is subject to approval by {regulator} and is expected to close in {closeBy}.",
        "The shares fell {pctSmall} as some investors questioned the price.",
      ],
    },
    {
      titles: [
        "{acquirer} agrees to buy {name} for {takeoverValue}, shares soar {pct}",
        "{name} accepts {takeoverValue} takeover offer from {acquirer}",
        "{name} jumps {pct} on agreed bid at {premium} premium",
      ],
      descs: [
        "{name} agreed to be acquired by {acquirer} for {offerPrice} per share, a {premium} premium to its last closing price.",
        "{acquirer} will buy {name} in a deal valuing the company at {takeoverValue}.",
      ],
      body: [
        "{name} agreed to be acquired by {acquirer} for {offerPrice} per share in cash, valuing the company at about {takeoverValue}.",
        "The offer represents a premium of {premium} to {name}'s closing price before the announcement.",
        "{name}'s board unanimously recommended the offer, and {ceo} is expected to stay on to run the combined {segment} business.",
        "The deal requires shareholder and regulatory approval and is expected to close in {closeBy}.",
        "{name} shares jumped {pct} to trade just below the offer price.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} acquires {target} to strengthen {segment} unit",
        "{name} buys {target} for {deal}",
        "{name} snaps up {product2} specialist {target}",
      ],
      descs: [
        "{name} acquired {target} for {deal}, adding capabilities in {product2}.",
        "{name} bought {target}, a supplier of {product2}, to bolster its {segment} segment.",
      ],
      body: [
        "{name} said it acquired {target}, a specialist in {product2}, for {deal}.",
        "The business will be folded into {name}'s {segment} segment and sold to its existing base of {customer}.",
        "The deal is not expected to have a material effect on {name}'s earnings this year.",
        "Separately, {name} said it continues to look for bolt-on acquisitions in fragmented parts of the {industry} market.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} completes acquisition of {target}",
        "{name} closes purchase of {target}",
        "{name} finalises {target} deal",
      ],
      descs: [
        "{name} completed its previously announced acquisition of {target}.",
        "{name} said it had closed a small transaction involving {target}.",
      ],
      body: [
        "{name} said it completed a small transaction with {target}, valued at about {deal}.",
        "All required approvals have been received, and integration work is under way.",
        "The company does not expect the deal to change its financial guidance.",
      ],
    },
  ],
};

const PARTNERSHIP: Bank = {
  major: [
    {
      titles: [
        "{name} signs {contract} multi-year deal with {partner}",
        "{name} shares rise {pct} on landmark {partner} agreement",
        "{name} and {partner} form alliance to supply {product} to {customer}",
      ],
      descs: [
        "{name} signed a {contractYears}-year agreement worth about {contract} with {partner} covering {product}.",
        "{name} and {partner} agreed a strategic partnership that could reshape competition among suppliers to {customer}.",
      ],
      body: [
        "{name} signed a {contractYears}-year agreement with {partner} that it valued at roughly {contract}.",
        "Under the deal, {name} will supply {product} and related services, while {partner} will market the combined offering to {customer}.",
        "The two companies also plan to co-develop {product2} over the life of the contract.",
        "Analysts said the agreement strengthens {name}'s position against {rival}.",
        "The shares rose {pct} on the news.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} partners with {partner} on {product}",
        "{name} and {partner} sign distribution agreement",
        "{name} teams up with {partner} to reach {customer2}",
      ],
      descs: [
        "{name} signed a partnership with {partner} to expand sales of {product} to {customer2}.",
        "{name} and {partner} agreed to jointly develop and market {product}.",
      ],
      body: [
        "{name} and {partner} signed an agreement to jointly market {product} to {customer2}.",
        "The partnership gives {name} access to {partner}'s sales channels, particularly in markets where it has little presence today.",
        "Financial terms were not disclosed.",
        "The first joint offerings are expected to be available by {laterDate}.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} extends supply agreement with {partner}",
        "{name} and {partner} renew agreement on {product}",
        "{name} renews contract with {partner}",
      ],
      descs: [
        "{name} renewed an existing agreement with {partner}.",
        "{name} extended its supply relationship with {partner} for another {contractYears} years.",
      ],
      body: [
        "{name} said it had renewed its agreement with {partner} for another {contractYears} years.",
        "The contract covers the supply of {product} and associated support services.",
        "Terms were not disclosed, and the renewal was described as routine.",
      ],
    },
  ],
};

const PRODUCT_LAUNCH: Bank = {
  major: [
    {
      titles: [
        "{name} unveils next-generation {product}, targeting {customer}",
        "{name} shares climb {pct} after launch of new {product} line",
        "{name} launches {tech} platform in challenge to {rival}",
      ],
      descs: [
        "{name} launched a new generation of {product} that it says cuts costs for {customer} significantly.",
        "{name} unveiled {aTech} offering aimed squarely at customers of {rival}.",
      ],
      body: [
        "{name} unveiled a new generation of {product} at an event in {city}, its most significant launch in several years.",
        "The company said the range uses {tech} features to lower operating costs for {customer}.",
        "{name} expects the new line to contribute meaningfully to {segment} revenue from next year and has already signed several launch customers.",
        "The launch puts {name} in more direct competition with {rival}.",
        "The shares rose {pct} as analysts raised their medium-term revenue forecasts.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} launches new range of {product}",
        "{name} updates {product} line with {tech} features",
        "{name} introduces {tech} features for {customer}",
      ],
      descs: [
        "{name} launched an updated range of {product} designed for {customer}.",
        "{name} added {tech} features to its {product2}.",
      ],
      body: [
        "{name} introduced an updated line of {product} with {tech} capabilities.",
        "The products are aimed at {customer} and will be sold through the {segment} segment.",
        "The company said early customer trials had shown clear efficiency gains.",
        "Pricing was not disclosed.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} releases software update for {product}",
        "{name} rolls out update to {product}",
        "{name} adds features to {product} at customers' request",
      ],
      descs: [
        "{name} released an incremental update to its {product}.",
        "{name} added new features to its {product} for existing customers.",
      ],
      body: [
        "{name} released an incremental update to its {product}, adding features requested by {customer}.",
        "The update is available to existing customers at no additional cost.",
        "The company said it plans further releases over the coming months.",
      ],
    },
  ],
};

const EXPANSION: Bank = {
  major: [
    {
      titles: [
        "{name} to invest {invest} in new {expCity} hub",
        "{name} commits {invest} to expand capacity for {product}",
        "{name} announces major expansion into {expCountry}",
      ],
      descs: [
        "{name} plans to invest {invest} in a new site in {expCity}, creating about {newJobs} jobs.",
        "{name} unveiled a {invest} expansion plan to meet rising demand for {product}.",
      ],
      body: [
        "{name} said it will invest {invest} over the next three years to build a new facility in {expCity}, {expCountry}.",
        "The site will add capacity for {product} and is expected to create around {newJobs} jobs once fully operational.",
        "The company said demand from {customer} in the region has outgrown what it can serve from {city}.",
        "Construction is scheduled to begin in {closeBy}.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} opens new office in {expCity}",
        "{name} expands {segment} operations in {expCountry}",
        "{name} opens regional base in {expCity}",
      ],
      descs: [
        "{name} opened a new regional base in {expCity} to serve {customer}.",
        "{name} is expanding its {segment} footprint in {expCountry}.",
      ],
      body: [
        "{name} opened a regional base in {expCity} to serve {customer} across {expCountry}.",
        "The company plans to hire about {newJobs} people there over the next two years.",
        "The expansion is part of a broader push to grow {segment} revenue outside its home market.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} opens {expCity} office to support customers",
        "{name} opens sales office in {expCity}",
        "{name} sets up small team in {expCountry}",
      ],
      descs: [
        "{name} opened a small sales office in {expCity}.",
        "{name} set up a small local team in {expCountry} to support existing customers.",
      ],
      body: [
        "{name} said it opened a sales office in {expCity} to support existing customers in the region.",
        "The office will initially have a small team focused on {product}.",
        "The company described the move as part of its normal growth plans.",
      ],
    },
  ],
};

const REGULATORY: Bank = {
  major: [
    {
      titles: [
        "{name} shares slide {pct} as {regulator} opens investigation",
        "{regulator} launches probe into {name}'s {segment} business",
        "{name} faces regulatory scrutiny over {product} practices",
      ],
      descs: [
        "{regulator} opened a formal investigation into {name}'s {segment} business, sending the shares down {pct}.",
        "{name} said it is cooperating with a regulatory probe into how it sells {product}.",
      ],
      body: [
        "{name} disclosed that {regulator} has opened a formal investigation into practices in its {segment} business.",
        "The inquiry focuses on the company's commercial practices with {customer}.",
        "{name} said it is cooperating fully and believes it has complied with all applicable rules.",
        "Analysts said a finding against the company could lead to penalties or changes to its commercial terms.",
        "The shares fell {pct} on the disclosure.",
      ],
    },
    {
      titles: [
        "{name} wins regulatory approval for {product}, shares rise {pct}",
        "{regulator} clears {name}'s {product2}",
        "{name} gets green light from {regulator}",
      ],
      descs: [
        "{name} received approval from {regulator}, clearing the way to sell {product} more widely.",
        "{regulator} cleared {name}'s application, removing a key uncertainty for investors.",
      ],
      body: [
        "{name} said it received approval from {regulator} covering its {product}.",
        "The decision clears the way for a broader commercial rollout to {customer} over the coming months.",
        "Analysts had viewed the approval as a key milestone for the {segment} segment.",
        "The shares rose {pct} on the news.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} fined {fine} by {regulator}",
        "{name} settles with {regulator} over reporting lapses",
        "{name} agrees to pay {fine} to resolve regulatory inquiry",
      ],
      descs: [
        "{name} agreed to pay {fine} to settle an inquiry by {regulator}.",
        "{regulator} fined {name} {fine}, citing shortcomings in its compliance controls.",
      ],
      body: [
        "{name} agreed to pay {fine} to settle an inquiry by {regulator} into its compliance controls.",
        "The company neither admitted nor denied the findings, and said the matter related to past practices that have since been corrected.",
        "The amount had already been provisioned for in its accounts.",
        "The shares were little changed.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} receives routine regulatory clearance",
        "{name} cleared to sell {product} in {expCountry}",
        "{name} obtains new operating licence in {expCountry}",
      ],
      descs: [
        "{name} obtained a routine regulatory clearance for its operations.",
        "{name} received a routine licence to operate in {expCountry}.",
      ],
      body: [
        "{name} said it received a routine regulatory clearance needed to operate in {expCountry}.",
        "The approval covers its activities serving {customer} in the country.",
        "The company does not expect the matter to affect its financial results.",
      ],
    },
  ],
};

const LEGAL: Bank = {
  major: [
    {
      titles: [
        "{name} ordered to pay {damages} in case brought by {rival}",
        "{name} shares fall {pct} after court loss",
        "{name} hit with {damages} verdict over {product}",
      ],
      descs: [
        "A court ordered {name} to pay {damages} in damages, a ruling the company said it would appeal.",
        "{name} lost a high-profile lawsuit over its {product}, sending the shares down {pct}.",
      ],
      body: [
        "{court} ordered {name} to pay {damages} in a dispute with {rival} over contracts and intellectual property relating to its {product}.",
        "{name} said it strongly disagrees with the verdict and plans to appeal.",
        "The company said it does not expect the ruling to affect its relationships with {customer} while the appeal is pending.",
        "The shares fell {pct} following the decision.",
      ],
    },
    {
      titles: [
        "{name} wins dismissal of {damages} lawsuit",
        "{name} shares rise after court rejects claims from {rival}",
        "{name} prevails in long-running dispute over {product}",
      ],
      descs: [
        "A court dismissed a lawsuit seeking {damages} from {name}, removing a long-standing overhang on the shares.",
        "{name} won a legal battle with {rival} over {product}.",
      ],
      body: [
        "{court} dismissed a lawsuit against {name} that had sought about {damages} in damages.",
        "The case, brought by {rival}, concerned the design of {name}'s {product}.",
        "{name} said the ruling vindicated its position and allowed it to focus on serving {customer}.",
        "The shares rose {pct} after the decision.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} settles dispute with {rival}",
        "{name} agrees {damages} settlement to end litigation",
        "{name} to pay {damages} to resolve {product} lawsuit",
      ],
      descs: [
        "{name} agreed to pay {damages} to settle litigation.",
        "{name} resolved a legal dispute relating to its {product}.",
      ],
      body: [
        "{name} agreed to pay {damages} to settle a lawsuit brought by {rival} relating to its {product}.",
        "The settlement does not include any admission of wrongdoing.",
        "The company said the cost is covered by existing provisions and insurance.",
        "The agreement still requires approval by {court}.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} responds to lawsuit filing",
        "{name} comments on litigation update",
        "Court schedules hearing in {name} contract dispute",
      ],
      descs: [
        "{name} said a recently filed lawsuit is without merit.",
        "{name} provided a brief update on a pending legal matter.",
      ],
      body: [
        "{name} said a lawsuit filed against it in {court} is without merit and that it will defend itself vigorously.",
        "The claim relates to a contract with a former business partner.",
        "The company does not consider the matter material to its financial position.",
      ],
    },
  ],
};

const EXECUTIVE: Bank = {
  major: [
    {
      titles: [
        "{name} CEO {ceo} to step down; {person} named successor",
        "{name} shares drop {pct} on surprise CEO departure",
        "{name} names {person} chief executive as {ceo} retires",
      ],
      descs: [
        "{name} said chief executive {ceo} will step down and be succeeded by {person}.",
        "{name} announced an unexpected leadership change at the top, with {person} taking over as chief executive.",
      ],
      body: [
        "{name} said chief executive {ceo} will step down at the end of {closeBy}, to be succeeded by {person}.",
        "{person} currently runs the {segment} segment and previously held senior roles at {rival}.",
        "{ceo} will remain as an adviser to the board to ensure an orderly transition.",
        "The board said the change follows a long-planned succession process.",
        "Investors were caught off guard, and the shares fell {pct}.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} appoints {person} as {execRole}",
        "{name} hires {rival} veteran {person} as {execRole}",
        "{name} {execRole} {person2} to leave",
      ],
      descs: [
        "{name} appointed {person} as {execRole}, succeeding {person2}.",
        "{name} announced a senior management change, naming {person} its new {execRole}.",
      ],
      body: [
        "{name} appointed {person} as its new {execRole}, effective {laterDate}.",
        "{person} joins from {rival}, where they most recently oversaw operations serving {customer}.",
        "{person2}, who held the role for the past six years, is leaving to pursue other opportunities.",
        "Chief executive {ceo} said the appointment would strengthen the leadership team as the company expands its {segment} business.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} appoints {person} to board of directors",
        "{name} adds {person} as independent director",
        "{name} announces board changes",
      ],
      descs: [
        "{name} appointed {person} as an independent non-executive director.",
        "{name} made a routine change to its board of directors.",
      ],
      body: [
        "{name} appointed {person} to its board as an independent director, effective {soonDate}.",
        "{person} brings experience in {industry} and will join the board's audit committee.",
        "{person2} will retire from the board at the next annual meeting after nine years of service.",
      ],
    },
  ],
};

const RESTRUCTURING: Bank = {
  major: [
    {
      titles: [
        "{name} to cut {jobCuts} jobs in sweeping overhaul",
        "{name} unveils restructuring to save {savings} a year",
        "{name} to shed {cutPct} of workforce as demand for {product} slows",
      ],
      descs: [
        "{name} plans to eliminate about {jobCuts} jobs, or {cutPct} of its workforce, as part of a restructuring.",
        "{name} launched a cost-cutting programme targeting {savings} in annual savings.",
      ],
      body: [
        "{name} said it will cut about {jobCuts} jobs, or roughly {cutPct} of its {headcount}-strong workforce, over the next 18 months.",
        "The plan targets annual cost savings of {savings} and will result in restructuring charges of about {charge}.",
        "The company will consolidate sites in its {segment} segment and exit some lower-margin lines of {product3}.",
        "Chief executive {ceo} said the changes were needed to protect margins as competition from {rival} intensifies.",
        "The shares rose {pctSmall} as investors welcomed the cost discipline.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} to reorganise {segment} division",
        "{name} to close site and consolidate operations",
        "{name} launches efficiency programme",
      ],
      descs: [
        "{name} announced a reorganisation of its {segment} division that will affect around {jobCuts} roles.",
        "{name} is consolidating operations to reduce costs by {savings} a year.",
      ],
      body: [
        "{name} said it will reorganise its {segment} division, affecting around {jobCuts} roles.",
        "The changes are expected to save about {savings} a year from {nextYear}.",
        "The company will take a one-off charge of roughly {charge}.",
        "It said service to {customer} would not be affected.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} streamlines reporting structure",
        "{name} merges two regional units",
        "{name} completes previously announced reorganisation",
      ],
      descs: [
        "{name} made small changes to its internal organisation.",
        "{name} completed a reorganisation announced earlier in the year.",
      ],
      body: [
        "{name} said it has combined two regional units to simplify its management structure.",
        "The change affects a small number of roles and carries no material costs.",
        "Financial reporting by segment will remain unchanged.",
      ],
    },
  ],
};

const FINANCING: Bank = {
  major: [
    {
      titles: [
        "{name} raises {raise} in share sale to fund growth",
        "{name} shares fall {pctSmall} after {raise} equity offering",
        "{name} taps investors for {raise}",
      ],
      descs: [
        "{name} raised {raise} through a placing of new shares, priced at a discount to the last close.",
        "{name} sold new shares worth {raise} to fund expansion, diluting existing holders.",
      ],
      body: [
        "{name} raised {raise} by selling new shares to institutional investors at a discount to the previous close.",
        "The company said the proceeds will fund growth in its {segment} business and reduce borrowings.",
        "{broker} and {broker2} acted as joint bookrunners on the offering.",
        "The shares fell {pctSmall} as investors digested the dilution.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} sells {raise} of bonds due {maturity}",
        "{name} prices {raise} debt offering at {coupon}",
        "{name} refinances debt with {raise} issue",
      ],
      descs: [
        "{name} priced {raise} of {instrument} due {maturity} with a coupon of {coupon}.",
        "{name} raised {raise} in debt markets to refinance existing borrowings.",
      ],
      body: [
        "{name} priced {raise} of {instrument} maturing in {maturity}, carrying a coupon of {coupon}.",
        "Demand was strong, with the order book several times covered, according to people familiar with the deal.",
        "Proceeds will be used to refinance existing debt and for general corporate purposes.",
        "{broker} led the offering.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} extends revolving credit facility",
        "{name} amends loan agreement",
        "{name} extends {raise} credit line to {maturity}",
      ],
      descs: [
        "{name} extended the maturity of its revolving credit facility.",
        "{name} made routine amendments to its bank financing.",
      ],
      body: [
        "{name} said it extended its {raise} revolving credit facility by two years to {maturity}.",
        "The facility remains undrawn and provides backup liquidity.",
        "Pricing and covenants are broadly unchanged.",
      ],
    },
  ],
};

const TECHNOLOGY: Bank = {
  major: [
    {
      titles: [
        "{name} unveils {tech} breakthrough for {product}",
        "{name} shares jump {pct} on {tech} push",
        "{name} to spend {invest} on {tech} over three years",
      ],
      descs: [
        "{name} outlined a {invest} investment in {tech} capabilities across its {product}.",
        "{name} said a new {tech} system could sharply reduce costs for {customer}.",
      ],
      body: [
        "{name} said it will invest {invest} over three years to build {tech} capabilities into its {product}.",
        "The company demonstrated early results at its technology day in {city}, showing faster deployment and lower running costs for {customer}.",
        "Management said the investment should help the {segment} segment win share from {rival}.",
        "The shares rose {pct} as analysts highlighted the potential for higher recurring revenue.",
      ],
    },
    {
      titles: [
        "{name} hit by cyberattack, some systems offline",
        "{name} shares fall {pct} after IT outage disrupts operations",
        "{name} investigates data breach",
      ],
      descs: [
        "{name} said a cyberattack disrupted parts of its operations and that it is working to restore systems.",
        "{name} disclosed an IT security incident that temporarily halted some services to {customer}.",
      ],
      body: [
        "{name} said it detected unauthorised access to parts of its IT network and took some systems offline as a precaution.",
        "The incident disrupted order processing in its {segment} segment, and some deliveries to {customer} were delayed.",
        "The company has engaged outside specialists and notified the relevant authorities.",
        "The shares fell {pct} on the disclosure.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} opens new research centre in {expCity}",
        "{name} to hire {newJobs} engineers for {tech} research",
        "{name} invests in {tech} research for {product}",
      ],
      descs: [
        "{name} opened a research and development centre focused on {tech}.",
        "{name} is expanding its research into {tech} applications for {product}.",
      ],
      body: [
        "{name} opened a research centre in {expCity} focused on {tech} applications for {product}.",
        "The centre will employ around {newJobs} engineers when fully staffed.",
        "The company said the work would feed into new products for {customer} over the next few years.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} publishes technology roadmap",
        "{name} outlines plans to add {tech} to {product2}",
        "{name} sets out technology priorities for {nextYear}",
      ],
      descs: [
        "{name} outlined its technology priorities for the coming year.",
        "{name} said it plans to add {tech} features to its {product2}.",
      ],
      body: [
        "{name} published an update on its technology roadmap, including plans to add {tech} features to {product2}.",
        "The company said most development will take place at its engineering teams in {city}.",
        "No change to capital spending plans was announced.",
      ],
    },
  ],
};

const ESG: Bank = {
  major: [
    {
      titles: [
        "{name} pledges net-zero emissions by {netZeroYear}",
        "{name} sets science-based target to cut emissions {emissionsPct} by {targetYear}",
        "{name} commits {invest} to decarbonisation plan",
      ],
      descs: [
        "{name} committed to reaching net-zero emissions by {netZeroYear} and cutting direct emissions {emissionsPct} by {targetYear}.",
        "{name} set out a {invest} plan to decarbonise its operations and supply chain.",
      ],
      body: [
        "{name} committed to cutting its scope 1 and 2 greenhouse gas emissions by {emissionsPct} by {targetYear}, compared with {baseYear} levels.",
        "The company also aims to reach net-zero emissions across its value chain by {netZeroYear}.",
        "It will invest about {invest} in energy efficiency and on-site renewables, and expects {renewPct} of its electricity to come from renewable sources by {targetYear}.",
        "The plan was partly driven by {customer}, many of whom now require suppliers to report and reduce their emissions.",
      ],
    },
    {
      titles: [
        "{name} misses interim emissions target, shares slip",
        "{name} faces investor pressure over climate strategy",
        "Shareholders rebel against {name} on climate vote",
      ],
      descs: [
        "{name} acknowledged it is behind on its interim emissions goals, drawing criticism from investors.",
        "A group of shareholders pushed {name} to set tougher climate targets.",
      ],
      body: [
        "{name} said its emissions fell less than planned last year, leaving it behind its goal of a {emissionsPct} cut by {targetYear}.",
        "The company blamed higher production volumes and delays in securing renewable power near {city}.",
        "Several institutional shareholders have asked the board to publish a more detailed transition plan.",
        "The shares slipped {pctSmall}.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} publishes annual sustainability report",
        "{name} signs renewable power deal with {partner}",
        "{name} says renewables supply {renewPct} of its power",
      ],
      descs: [
        "{name} reported progress towards its {targetYear} emissions target in its annual sustainability report.",
        "{name} signed a long-term renewable power purchase agreement.",
      ],
      body: [
        "{name} said renewable sources supplied {renewPct} of its electricity last year, up from the year before.",
        "The company remains on track to cut operational emissions by {emissionsPct} by {targetYear}.",
        "It has also signed a long-term power purchase agreement with {partner} covering several of its sites.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} receives improved sustainability rating",
        "{name} sustainability rating upgraded",
        "{name} reaffirms {targetYear} emissions goal",
      ],
      descs: [
        "{name} received an upgraded rating from a sustainability research provider.",
        "{name} reaffirmed its emissions goal for {targetYear}.",
      ],
      body: [
        "{name} said its sustainability rating was upgraded following improved disclosure of emissions data.",
        "The company reports against its goal of a {emissionsPct} emissions cut by {targetYear}.",
        "It plans to publish its next sustainability report alongside its annual results.",
      ],
    },
  ],
};

const ANALYST: Bank = {
  major: [
    {
      titles: [
        "{name} jumps {pct} after {broker} upgrades to {ratingBuy}",
        "{broker} upgrades {name}, sees {upside} upside",
        "{name} gets double upgrade at {broker} on {product} outlook",
      ],
      descs: [
        "{broker} upgraded {name} to {ratingBuy} from {ratingMid} and raised its price target to {ptUp}.",
        "{name} shares rose {pct} after {broker} turned bullish, citing demand for {product}.",
      ],
      body: [
        "{broker} upgraded {name} to {ratingBuy} from {ratingMid} and raised its price target to {ptUp} from {ptUpOld}.",
        "Analyst {analyst} said the market is underestimating demand for {product} from {customer}.",
        "The new target implies upside of about {upside} from the previous close of {price}.",
        "The shares rose {pct}, their biggest gain in several months.",
      ],
    },
    {
      titles: [
        "{name} falls {pct} after {broker} downgrade to {ratingSell}",
        "{broker} cuts {name} to {ratingSell}, warns on {segment}",
        "{name} downgraded at {broker} on valuation concerns",
      ],
      descs: [
        "{broker} downgraded {name} to {ratingSell} and cut its price target to {ptDown}.",
        "{name} shares slid {pct} after {broker} turned bearish on the stock.",
      ],
      body: [
        "{broker} downgraded {name} to {ratingSell} from {ratingMid} and cut its price target to {ptDown} from {ptDownOld}.",
        "Analyst {analyst} wrote that competition from {rival} is likely to squeeze margins in the {segment} segment.",
        "The new target implies downside of about {downside} from the last close of {price}.",
        "The shares fell {pct} on heavy volume.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{broker} starts {name} at {ratingBuy} with {ptUp} target",
        "{broker} bullish on {name} in new coverage, sees {upside} upside",
        "{name} initiated at {ratingBuy} by {broker}",
      ],
      descs: [
        "{broker} initiated coverage of {name} with {aRatingBuy} rating and a {ptUp} price target.",
        "{broker} began covering {name} with {aRatingBuy} rating, citing strength in {segment}.",
      ],
      body: [
        "{broker} initiated coverage of {name} with {aRatingBuy} rating and a price target of {ptUp}.",
        "Analyst {analyst} said {name} is well placed to gain share among {customer}.",
        "The target implies about {upside} upside from the current price of {price}.",
        "Of the analysts covering the stock, most now rate it a buy.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{broker} reiterates {ratingMid} on {name}",
        "{broker} trims {name} price target to {ptUpOld}",
        "{name}: {broker} keeps rating unchanged after meeting management",
      ],
      descs: [
        "{broker} kept its {ratingMid} rating on {name} after a meeting with management.",
        "{broker} made a small adjustment to its price target on {name}.",
      ],
      body: [
        "{broker} reiterated its {ratingMid} rating on {name} with a price target of {ptUpOld}.",
        "Analyst {analyst} said recent meetings with management pointed to stable demand for {product}.",
        "The shares last traded at {price}.",
      ],
    },
  ],
};

const MARKET_COMMENTARY: Bank = {
  major: [
    {
      titles: [
        "{name} shares soar {pct} to record high",
        "{name} leads {index} gainers with {pct} jump",
        "{name} rallies {pct} as investors pile into the sector",
      ],
      descs: [
        "{name} shares jumped {pct} to a record high, outpacing a {idxPct} move in {index}.",
        "{name} was the top performer in {index}, rising {pct} on heavy volume.",
      ],
      body: [
        "{name} shares jumped {pct} to a record high of {price}, far outpacing a {idxPct} gain in {index}.",
        "Trading volume was {volMult} the 30-day average.",
        "Traders pointed to renewed enthusiasm for the {industry} industry and expectations of strong demand from {customer}.",
        "The stock has now gained {ytdPct} since the start of the year.",
      ],
    },
    {
      titles: [
        "{name} shares tumble {pct} in broad sector sell-off",
        "{name} sinks {pct}, biggest drop in {index}",
        "{name} stock hit by {pct} slide as sentiment sours",
      ],
      descs: [
        "{name} shares fell {pct}, among the worst performers in {index}.",
        "A sector-wide sell-off dragged {name} shares down {pct}.",
      ],
      body: [
        "{name} shares fell {pct} to {price}, while {index} slipped {idxPct}.",
        "Trading volume was {volMult} the 30-day average.",
        "Traders cited worries about slowing orders from {customer} and a cautious comment from {rival} on the sector outlook.",
        "The decline erased much of the stock's gain for the year.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} shares rise {pct} as sector rallies",
        "{name} outperforms {index} on sector optimism",
        "{name} climbs {pct} on heavy volume",
      ],
      descs: [
        "{name} shares rose {pct}, outperforming {index}, which gained {idxPct}.",
        "{name} gained {pct} alongside other companies in the {industry} industry.",
      ],
      body: [
        "{name} shares rose {pct} to {price}, compared with a {idxPct} gain in {index}.",
        "The move came as investors rotated into the {industry} industry following upbeat comments from {rival}.",
        "Trading volume was {volMult} the daily average.",
      ],
    },
    {
      titles: [
        "{name} shares slip {pct} in line with peers",
        "{name} underperforms {index} in weak session",
        "{name} falls {pct} as investors take profits",
      ],
      descs: [
        "{name} shares fell {pct} as investors locked in gains.",
        "{name} declined {pct}, underperforming {index}.",
      ],
      body: [
        "{name} shares fell {pct} to {price}, while {index} eased {idxPct}.",
        "There was no company-specific news, and traders attributed the move to profit-taking after a strong run.",
        "The stock remains up {ytdPct} so far this year.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} shares little changed in quiet trading",
        "{name} edges {pctSmall} higher with {index}",
        "{name} stock drifts ahead of {nextQWord} results",
      ],
      descs: [
        "{name} shares moved in a narrow range in light trading.",
        "{name} stock tracked the wider market ahead of its next results.",
      ],
      body: [
        "{name} shares moved by about {pctSmall} to {price} in light trading, broadly tracking {index}.",
        "Volume was below its recent average.",
        "Investors are awaiting the company's results on {reportDate}.",
      ],
    },
  ],
};

const OTHER: Bank = {
  major: [
    {
      titles: [
        "{name} to join {index}, shares rise {pct}",
        "{name} added to {index} in quarterly rebalance",
        "{name} shares jump {pct} on index inclusion",
      ],
      descs: [
        "{name} will be added to {index}, triggering buying from index-tracking funds.",
        "{name} shares rose {pct} after it was selected for inclusion in {index}.",
      ],
      body: [
        "{name} will be added to {index} as part of the quarterly rebalance, effective before trading on {soonDate}.",
        "Index-tracking funds will need to buy the shares, and analysts estimate the demand at several days of average volume.",
        "The inclusion reflects growth in {name}'s market value over the past year.",
        "The shares rose {pct} in after-hours trading.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} to hold capital markets day on {laterDate}",
        "{name} to set out medium-term targets at investor day",
        "{name} schedules investor day for {laterDate}",
      ],
      descs: [
        "{name} will hold a capital markets day to update investors on strategy.",
        "{name} will present medium-term financial targets to investors on {laterDate}.",
      ],
      body: [
        "{name} said it will hold a capital markets day on {laterDate}, where management will present medium-term targets.",
        "Chief executive {ceo} and the heads of the {segment} segment will present.",
        "Investors will be looking for detail on growth in {product} and on capital allocation.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} to present at {broker} conference on {soonDate}",
        "{name} management to speak at {broker} investor conference",
        "{name} to webcast presentation at investor conference",
      ],
      descs: [
        "{name} will take part in an investor conference hosted by {broker}.",
        "{name} management will present at an investor conference on {soonDate}.",
      ],
      body: [
        "{name} said members of its management team will present at an investor conference hosted by {broker} on {soonDate}.",
        "A webcast of the presentation will be available on the company's investor relations website.",
        "No new financial information is expected to be disclosed.",
      ],
    },
  ],
};

// Company-type specific storylines replace the generic ones where the generic prose would not fit.
type PartialBank = Partial<Record<Tier, readonly Scenario[]>>;

const REIT_EARNINGS: PartialBank = {
  major: [
    {
      titles: [
        "{name} lifts FFO guidance as occupancy climbs to {occupancy}",
        "{name} shares rise {pct} after strong {qWord} leasing",
        "{name} beats {q} estimates on higher rents",
      ],
      descs: [
        "{name} reported {qWord} funds from operations of {ffo} per share and raised its full-year outlook as occupancy improved.",
        "Strong leasing across its {product} pushed {name}'s occupancy to {occupancy}.",
      ],
      body: [
        "{name} reported {qWord} funds from operations of {ffo} per share, ahead of market expectations.",
        "Rental revenue rose {growth} from a year earlier to {rev}, helped by rent increases on lease renewals.",
        "Portfolio occupancy improved by {occupancyPts} percentage points to {occupancy} across its {properties} properties.",
        "Management raised its full-year FFO guidance, citing steady demand from {customer}.",
        "The units rose {pct} on the results.",
      ],
    },
    {
      titles: [
        "{name} cuts outlook as occupancy slips to {occupancy}",
        "{name} shares fall {pct} after weak {qWord} leasing",
        "{name} misses {q} forecasts on higher vacancies",
      ],
      descs: [
        "{name} lowered its full-year FFO guidance after occupancy fell to {occupancy}.",
        "Rising vacancies in its {product} weighed on {name}'s {qWord} results.",
      ],
      body: [
        "{name} reported {qWord} funds from operations of {ffo} per share, below market expectations.",
        "Occupancy fell by {occupancyPts} percentage points to {occupancy} as several large tenants did not renew.",
        "Rental revenue declined {decline} from a year earlier to {rev}, and higher interest costs weighed on distributable income.",
        "The trust cut its full-year guidance and said it would consider selling non-core assets.",
        "The units fell {pct}.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} {qWord} FFO steady at {ffo} per share",
        "{name} reports stable occupancy of {occupancy}",
        "{name} keeps distribution forecast after {q} results",
      ],
      descs: [
        "{name} reported steady {qWord} results with occupancy of {occupancy}.",
        "{name} kept its distribution forecast unchanged after in-line results.",
      ],
      body: [
        "{name} reported {qWord} funds from operations of {ffo} per share, in line with expectations.",
        "Rental revenue was {rev}, and portfolio occupancy stood at {occupancy}.",
        "The trust kept its distribution forecast for the year unchanged.",
        "Its loan-to-value ratio remained within its target range.",
      ],
    },
  ],
};

const FUND_EARNINGS: PartialBank = {
  major: [
    {
      titles: [
        "{name} NAV jumps {navReturn} as portfolio holdings rally",
        "{name} posts strong {qWord} NAV return, narrows discount",
        "{name} shares rise {pct} after upbeat portfolio update",
      ],
      descs: [
        "{name} reported a net asset value total return of {navReturn} for the {qName}, well ahead of its benchmark.",
        "Gains across its largest holdings lifted {name}'s net asset value to {nav} per share.",
      ],
      body: [
        "{name} said its net asset value per share rose to {nav} at the end of the {qName}, a total return of {navReturn}.",
        "Performance was driven by its holdings in {product}, several of which reported strong results.",
        "The shares trade at a discount of about {discount} to net asset value, narrower than a year ago.",
        "The board said it would continue buying back shares while the discount remains wide.",
      ],
    },
    {
      titles: [
        "{name} NAV falls {navReturn} as holdings slump",
        "{name} shares drop {pct} after portfolio writedowns",
        "{name} discount widens after weak {qWord} performance",
      ],
      descs: [
        "{name} reported a {navReturn} fall in net asset value for the {qName}.",
        "Writedowns in its portfolio cut {name}'s net asset value to {nav} per share.",
      ],
      body: [
        "{name} said its net asset value per share fell {navReturn} during the {qName} to {nav}.",
        "The decline reflected writedowns in its exposure to {product} and weaker currency translation.",
        "The shares now trade at a discount of about {discount} to net asset value.",
        "The manager said it had used the weakness to add to several of its {holdings} holdings.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} reports {qWord} NAV of {nav} per share",
        "{name} NAV edges up {navReturn} in {q}",
        "{name} publishes quarterly portfolio update",
      ],
      descs: [
        "{name} reported a net asset value of {nav} per share at the end of the {qName}.",
        "{name} said its portfolio returned {navReturn} in the {qName}.",
      ],
      body: [
        "{name} reported a net asset value of {nav} per share at the end of the {qName}, a total return of {navReturn}.",
        "The portfolio holds {holdings} positions, with its largest exposure to {product}.",
        "The shares trade at a discount of around {discount} to net asset value.",
      ],
    },
  ],
};

const SPAC_EARNINGS: PartialBank = {
  major: [
    {
      titles: [
        "{name} shareholders redeem {redemptionPct} of shares in extension vote",
        "{name} wins extension but trust shrinks after heavy redemptions",
        "{name} extends deal deadline to {deadline}",
      ],
      descs: [
        "{name} shareholders approved extending the blank-check company's deadline to {deadline}, but holders of {redemptionPct} of shares redeemed.",
        "Heavy redemptions cut the cash in {name}'s trust account as it extended its search for a target.",
      ],
      body: [
        "{name} shareholders voted to extend the deadline for completing a business combination to {deadline}.",
        "Holders of about {redemptionPct} of the public shares chose to redeem, at roughly {trustPerShare} per share.",
        "{sponsor}, the sponsor, agreed to make monthly contributions to the trust account during the extension.",
        "The company said it remains in talks with potential targets in {industry}.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} reports {qWord} trust income",
        "{name} holds {trust} in trust as target search continues",
        "{name} files quarterly report, no deal yet",
      ],
      descs: [
        "{name} reported its {qWord} results, with its trust account holding about {trust}.",
        "{name} said it continues to evaluate acquisition targets.",
      ],
      body: [
        "{name} said its trust account held about {trust}, or roughly {trustPerShare} per public share, at the end of the {qName}.",
        "Interest earned on the trust offset the company's operating and search costs.",
        "The blank-check company has until {deadline} to complete a business combination.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} files {q} {qYear} quarterly report",
        "{name} reports trust account balance",
        "{name} to hold meeting on deadline extension",
      ],
      descs: [
        "{name} filed its quarterly report and disclosed its trust account balance.",
        "{name} gave a routine update on its trust account.",
      ],
      body: [
        "{name} filed its quarterly report for the {qName} of {qYear}.",
        "The trust account held about {trust} at the end of the period.",
        "The company has until {deadline} to complete a business combination.",
      ],
    },
  ],
};

const SPAC_MA: PartialBank = {
  major: [
    {
      titles: [
        "{name} agrees to merge with {target} in {takeoverValue} deal",
        "{target} to go public through merger with {name}",
        "{name} strikes deal to take {target} public",
      ],
      descs: [
        "Blank-check company {name} agreed to combine with {target} in a deal valuing the business at {takeoverValue}.",
        "{target} will become a listed company through a merger with {name}.",
      ],
      body: [
        "Blank-check company {name} agreed to merge with {target}, a provider of {product}, in a deal that values the combined business at {takeoverValue}.",
        "The transaction will be funded with the {trust} held in {name}'s trust account, subject to redemptions, and a private placement from institutional investors.",
        "{target}'s management team will lead the combined company, which will trade under a new ticker after closing.",
        "The deal is expected to close in {closeBy}, ahead of {name}'s {deadline} deadline.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} signs letter of intent with {target}",
        "{name} in talks to merge with {target}",
        "{name} shareholders to vote on {target} deal",
      ],
      descs: [
        "{name} signed a non-binding letter of intent for a business combination with {target}.",
        "{name} is in advanced talks with {target} about a merger.",
      ],
      body: [
        "{name} signed a non-binding letter of intent to combine with {target}, a company focused on {product}.",
        "A definitive agreement would be subject to due diligence, financing and shareholder approval.",
        "{name} holds about {trust} in its trust account and faces a deadline of {deadline}.",
      ],
    },
  ],
};

const SPAC_ROUTINE: PartialBank = {
  major: [
    {
      titles: [
        "{name} sponsor injects capital to keep search alive",
        "{name} faces {deadline} deadline with no target",
        "{name} warns it may liquidate trust if no deal by {deadline}",
      ],
      descs: [
        "{name}'s sponsor, {sponsor}, added capital to the trust as the blank-check company searches for a target.",
        "{name} said it may return trust cash to shareholders if it cannot agree a deal by {deadline}.",
      ],
      body: [
        "{name} said it may liquidate and return about {trustPerShare} per share to public shareholders if it cannot complete a business combination by {deadline}.",
        "Its sponsor, {sponsor}, has deposited additional funds into the trust account to support the search.",
        "Management said it has reviewed dozens of potential targets in {industry} but has not yet reached an agreement.",
        "The shares traded close to their trust value.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} units begin separate trading",
        "{name} narrows search to companies in {industry}",
        "{name} shares and warrants to trade separately",
      ],
      descs: [
        "{name}'s units split into shares and warrants that now trade separately.",
        "{name} said it is focusing its target search on {industry}.",
      ],
      body: [
        "{name} said holders of its units can now trade the underlying shares and warrants separately.",
        "The blank-check company holds about {trust} in trust and is looking for targets in {industry}.",
        "It has until {deadline} to complete a business combination.",
      ],
    },
    {
      titles: [
        "{name} secures sponsor loan to fund search",
        "{name} sponsor lends {raise} to cover working capital",
        "{name} to seek vote on extending deadline beyond {deadline}",
      ],
      descs: [
        "{name} secured a loan from its sponsor to fund its search for a merger partner.",
        "{name}'s sponsor, {sponsor}, is providing extra funding as the search continues.",
      ],
      body: [
        "{name} said its sponsor, {sponsor}, agreed to lend it {raise} to cover working capital and extension costs.",
        "The blank-check company has until {deadline} to complete a business combination and may ask shareholders for more time.",
        "About {trust} remains in its trust account.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} files routine update",
        "{name} confirms trust account balance",
        "{name} notes deadline of {deadline}",
      ],
      descs: [
        "{name} filed a routine update with regulators.",
        "{name} confirmed the balance of its trust account.",
      ],
      body: [
        "{name} filed a routine update confirming that about {trust} remains in its trust account.",
        "The funds are invested in short-term government securities.",
        "The company has until {deadline} to complete a business combination.",
      ],
    },
  ],
};

const REIT_PORTFOLIO: PartialBank = {
  major: [
    {
      titles: [
        "{name} buys {deal} portfolio of {product} from {target}",
        "{name} expands portfolio with {deal} acquisition",
        "{name} units rise {pct} after accretive {product} deal",
      ],
      descs: [
        "{name} agreed to acquire a portfolio of {product} from {target} for {deal}, funded by new units and debt.",
        "{name} is buying a {deal} portfolio that it says will lift distributions per unit.",
      ],
      body: [
        "{name} agreed to buy a portfolio of {product} from {target} for {deal}.",
        "The properties are fully let to {customer} on leases averaging more than eight years.",
        "The trust will fund the purchase with a mix of new units and borrowings, and expects the deal to add to distributions per unit from the first year.",
        "The acquisition lifts its portfolio to more than {properties} properties.",
        "The units rose {pct} on the announcement.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} completes development of new {product}",
        "{name} signs long-term lease with {partner}",
        "{name} sells mature asset to recycle capital",
      ],
      descs: [
        "{name} completed a development project that is already largely let to {customer}.",
        "{name} signed a long-term lease that lifts occupancy across its portfolio.",
      ],
      body: [
        "{name} completed the development of a new property within its portfolio of {product}, at a total cost of about {invest}.",
        "The building is already largely pre-let, including a long-term lease with {partner}.",
        "The trust said the project should lift portfolio occupancy above {occupancy} once fully let.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} renews lease with {partner}",
        "{name} reports monthly occupancy update",
        "{name} completes refurbishment of a property",
      ],
      descs: [
        "{name} renewed a lease with an existing tenant.",
        "{name} gave a routine update on leasing across its portfolio.",
      ],
      body: [
        "{name} said it renewed a lease with {partner}, one of its existing tenants.",
        "Portfolio occupancy stands at about {occupancy}.",
        "The renewal was agreed at a modest rent increase.",
      ],
    },
  ],
};

const FUND_PORTFOLIO: PartialBank = {
  major: [
    {
      titles: [
        "{name} makes {deal} investment in {target}",
        "{name} sells stake in {target} at premium to book value",
        "{name} shares rise {pct} after portfolio realisation",
      ],
      descs: [
        "{name} sold its stake in {target} for {deal}, well above the carrying value in its last NAV.",
        "A profitable exit from {target} will lift {name}'s net asset value.",
      ],
      body: [
        "{name} agreed to sell its holding in {target} for about {deal}, a premium to the value at which it was carried in the last published NAV.",
        "The sale will add to net asset value per share and leaves the portfolio with {holdings} holdings.",
        "The manager said it would recycle the proceeds into {product} and may return part of the gain to shareholders.",
        "The shares rose {pct}, narrowing the discount to NAV.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} adds {target} to portfolio",
        "{name} increases exposure to {product}",
        "{name} raises allocation to {product2}",
      ],
      descs: [
        "{name} made a new investment in {target}, increasing its exposure to {product}.",
        "{name} is shifting more of its portfolio towards {product}.",
      ],
      body: [
        "{name} said it invested {deal} in {target}, adding to its exposure to {product}.",
        "The position will be one of the larger holdings in a portfolio of {holdings} investments.",
        "The manager said valuations in the area are attractive relative to long-term growth prospects.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} publishes monthly factsheet",
        "{name} reports net asset value of {nav}",
        "{name} updates top holdings",
      ],
      descs: [
        "{name} published its latest net asset value and portfolio data.",
        "{name} reported its monthly net asset value.",
      ],
      body: [
        "{name} reported an unaudited net asset value of {nav} per share.",
        "The portfolio is spread across {holdings} holdings, with the largest exposure to {product}.",
        "The shares trade at a discount of about {discount} to NAV.",
      ],
    },
  ],
};

const FUND_OUTLOOK: PartialBank = {
  major: [
    {
      titles: [
        "{name} raises dividend target after strong portfolio income",
        "{name} sets higher payout goal, shares rise {pct}",
        "{name} lifts income outlook for {fy}",
      ],
      descs: [
        "{name} raised its dividend target for {fy} after income from its holdings came in ahead of plan.",
        "{name} said stronger portfolio income supports a higher payout this year.",
      ],
      body: [
        "{name} raised its target for total dividends in {fy} by {dpsInc}, citing higher income from its holdings.",
        "The board said dividends received from its investments in {product} had grown faster than expected.",
        "The company also has revenue reserves it can draw on to smooth payouts in weaker years.",
        "The shares rose {pct}, narrowing the discount to net asset value to about {discount}.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} manager says portfolio positioned for slower growth",
        "{name} keeps dividend target unchanged",
        "{name} trims exposure to {product2} in outlook update",
      ],
      descs: [
        "{name}'s manager said the portfolio is positioned defensively and left its dividend target unchanged.",
        "{name} gave an update on portfolio positioning and income prospects.",
      ],
      body: [
        "{name}'s manager said the portfolio is positioned for slower economic growth, with a tilt towards {product}.",
        "Exposure to {product2} has been reduced over the past quarter.",
        "The board kept its dividend target for {fy} unchanged.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} to publish results on {reportDate}",
        "{name} sets date for annual results",
        "{name} confirms next NAV publication date",
      ],
      descs: [
        "{name} will publish its next results on {reportDate}.",
        "{name} confirmed the timetable for its next results announcement.",
      ],
      body: [
        "{name} said it will publish its next results, including an updated net asset value, on {reportDate}.",
        "The manager will host a presentation for shareholders the same day.",
        "The shares currently trade at a discount of about {discount} to net asset value.",
      ],
    },
  ],
};

const FUND_MA: PartialBank = {
  major: [
    {
      titles: [
        "{name} agrees to combine with {rival} in trust merger",
        "{name} and {rival} to merge, creating {takeoverValue} trust",
        "{name} shares jump {pct} on merger agreement with {rival}",
      ],
      descs: [
        "{name} agreed to combine with {rival}, creating a larger investment company with lower costs per share.",
        "{name} and {rival} will merge on a NAV-for-NAV basis.",
      ],
      body: [
        "{name} agreed to combine with {rival} on a NAV-for-NAV basis, creating a trust with net assets of about {takeoverValue}.",
        "The boards said the larger vehicle would benefit from lower ongoing charges and better liquidity in its shares.",
        "Shareholders in both companies will be offered a partial cash exit at a small discount to NAV.",
        "The deal requires approval from shareholders and is expected to complete in {closeBy}.",
      ],
    },
  ],
  notable: FUND_PORTFOLIO.notable ?? [],
  minor: FUND_PORTFOLIO.minor ?? [],
};

const FUND_GOVERNANCE: PartialBank = {
  major: [
    {
      titles: [
        "{name} board launches strategic review amid wide discount",
        "{name} to review management arrangements after activist pressure",
        "{name} shares rise {pct} as board puts manager under review",
      ],
      descs: [
        "{name}'s board started a strategic review to address the persistent discount to net asset value.",
        "Under pressure from an activist shareholder, {name} said it will review its management arrangements.",
      ],
      body: [
        "{name}'s board launched a strategic review, including its management arrangements, after the shares traded at a discount of about {discount} to net asset value.",
        "Options include a tender offer, a change of manager or a combination with another trust.",
        "An activist investor has built a stake in the company and called for action on the discount.",
        "The shares rose {pct} on the announcement.",
      ],
    },
  ],
  notable: [
    {
      titles: [
        "{name} cuts management fee",
        "{name} agrees lower fees with its manager",
        "{name} introduces tiered fee structure",
      ],
      descs: [
        "{name} agreed a lower management fee with its investment manager.",
        "{name} said it will move to a tiered fee that falls as assets grow.",
      ],
      body: [
        "{name} agreed a new fee arrangement with its investment manager that lowers charges for shareholders.",
        "The fee will be calculated on the lower of market value and net asset value.",
        "The board said the change should help narrow the discount of about {discount} at which the shares trade.",
      ],
    },
  ],
  minor: [
    {
      titles: [
        "{name} announces board changes",
        "{name} publishes annual report",
        "{name} confirms AGM results",
      ],
      descs: ["{name} made a routine governance announcement.", "{name} published its annual report."],
      body: [
        "{name} published its annual report, confirming a net asset value of {nav} per share at the year end.",
        "The portfolio is spread across {holdings} holdings.",
        "All resolutions are expected to be put to shareholders at the annual meeting.",
      ],
    },
  ],
};

const OVERRIDES: Partial<Record<CompanyType, Partial<Record<EventType, PartialBank>>>> = {
  reit: {
    earnings: REIT_EARNINGS,
    product_launch: REIT_PORTFOLIO,
    technology: REIT_PORTFOLIO,
    partnership: REIT_PORTFOLIO,
  },
  investment_company: {
    earnings: { ...FUND_EARNINGS, minor: FUND_OUTLOOK.minor ?? [] },
    guidance: FUND_OUTLOOK,
    ma: FUND_MA,
    restructuring: FUND_GOVERNANCE,
    partnership: FUND_GOVERNANCE,
    product_launch: FUND_PORTFOLIO,
    technology: FUND_PORTFOLIO,
    expansion: FUND_PORTFOLIO,
  },
  spac: {
    earnings: SPAC_EARNINGS,
    ma: SPAC_MA,
    dividend: SPAC_ROUTINE,
    stock_split: SPAC_ROUTINE,
    buyback: SPAC_ROUTINE,
    product_launch: SPAC_ROUTINE,
    expansion: SPAC_ROUTINE,
    technology: SPAC_ROUTINE,
    restructuring: SPAC_ROUTINE,
    guidance: SPAC_ROUTINE,
    partnership: SPAC_ROUTINE,
    regulatory: SPAC_ROUTINE,
    esg: SPAC_ROUTINE,
    financing: SPAC_ROUTINE,
    legal: SPAC_ROUTINE,
  },
};

const BANKS: Readonly<Record<EventType, Bank>> = {
  earnings: EARNINGS,
  guidance: GUIDANCE,
  dividend: DIVIDEND,
  stock_split: STOCK_SPLIT,
  buyback: BUYBACK,
  ma: MA,
  partnership: PARTNERSHIP,
  product_launch: PRODUCT_LAUNCH,
  expansion: EXPANSION,
  regulatory: REGULATORY,
  legal: LEGAL,
  executive: EXECUTIVE,
  restructuring: RESTRUCTURING,
  financing: FINANCING,
  technology: TECHNOLOGY,
  esg: ESG,
  analyst: ANALYST,
  market_commentary: MARKET_COMMENTARY,
  other: OTHER,
};

/** Direction-neutral background sentences that can follow any storyline of the event type. */
const CLOSERS: Readonly<Record<EventType, readonly string[]>> = {
  earnings: [
    "Management will discuss the results on a conference call with analysts later in the day.",
    "Investors have been watching {name}'s {segment} business closely for signs of how spending by {customer} is holding up.",
    "Rival {rival} is due to report its own quarterly figures in the coming weeks.",
  ],
  guidance: [
    "The outlook will be discussed in more detail at the company's results on {reportDate}.",
    "{rival} gave a similar read on demand when it last updated investors.",
  ],
  dividend: [
    "{name} has paid a dividend every year since listing.",
    "The company targets paying out a stable share of its earnings while keeping its balance sheet conservative.",
  ],
  stock_split: [
    "A stock split does not change the company's overall market value.",
    "Several large companies have split their shares in recent years after strong price gains.",
  ],
  buyback: [
    "{name} has returned a growing share of its free cash flow to shareholders in recent years.",
    "The company said the buyback leaves ample room to invest in {product}.",
  ],
  ma: [
    "{broker} is acting as financial adviser to {name}.",
    "Consolidation has picked up across the {industry} industry as companies seek scale.",
  ],
  partnership: [
    "{name} has been broadening its ecosystem of partners as {customer} ask for more integrated offerings.",
    "The agreement follows a similar arrangement between {rival} and one of its suppliers.",
  ],
  product_launch: [
    "{name} spends a significant share of its revenue on research and development.",
    "The company sells mainly to {customer} and {customer2}.",
  ],
  expansion: [
    "{name} currently serves most of its customers from its base in {city}.",
    "The investment will be funded from existing cash and operating cash flow.",
  ],
  regulatory: [
    "Regulators in several markets have stepped up scrutiny of the {industry} industry.",
    "{name} said it would provide updates as appropriate.",
  ],
  legal: [
    "{name} is represented by outside counsel in the matter.",
    "Legal disputes over contracts and intellectual property are not unusual in the {industry} industry.",
  ],
  executive: [
    "The appointment was approved unanimously by the board.",
    "{name} said its strategy and financial targets are unchanged.",
  ],
  restructuring: [
    "{name} employs about {headcount} people worldwide.",
    "Several companies in the {industry} industry have announced similar cost programmes this year.",
  ],
  financing: [
    "{name}'s balance sheet carries a solid investment-grade profile, according to analysts.",
    "The company said it has no significant debt maturities before {maturity}.",
  ],
  technology: [
    "{name} competes with {rival} for business from {customer}.",
    "Technology spending has become a key differentiator among suppliers of {product}.",
  ],
  esg: [
    "Large customers increasingly ask suppliers to disclose and reduce their emissions.",
    "{name} reports its climate data in line with international disclosure standards.",
  ],
  analyst: ["{broker2} rates the stock {ratingMid}.", "Shares of {rival} moved in sympathy."],
  market_commentary: [
    "Shares of {rival} also moved in the same direction.",
    "{name} is due to report its next results on {reportDate}.",
  ],
  other: [
    "{name} is listed {exchangeOn} under the ticker {ticker}.",
    "The company's next results are due on {reportDate}.",
  ],
};

const GLOBAL_CLOSERS: readonly string[] = [
  "Based in {city}, {name} supplies {product} and {product2} to {customer} and {customer2}.",
  "“We remain focused on disciplined execution and on the needs of {customer},” chief executive {ceo} said in a statement.",
  "“Our priorities have not changed,” chief executive {ceo} told analysts.",
  "{name} competes with {rival} in several of its core markets.",
  "The {segment} segment accounts for a large share of {name}'s revenue.",
];

const SPAC_CLOSERS: readonly string[] = [
  "{name} is a blank-check company sponsored by {sponsor}.",
  "The company raised its funds in an initial public offering and holds the proceeds in a trust account.",
  "Blank-check companies typically have two years to complete a deal or return cash to investors.",
];

const FUND_CLOSERS: readonly string[] = [
  "{name} invests in a portfolio of around {holdings} holdings, managed from {city}.",
  "The company's shares trade at a discount of about {discount} to net asset value.",
];

const REIT_CLOSERS: readonly string[] = [
  "{name} owns {properties} properties, with portfolio occupancy of {occupancy}.",
  "The trust's tenants include {customer} and {customer2}.",
];

function isOverridden(c: CompanyFacts, eventType: EventType): boolean {
  return OVERRIDES[c.companyType]?.[eventType] !== undefined;
}

function scenariosFor(c: CompanyFacts, eventType: EventType, tier: Tier): readonly Scenario[] {
  const override = OVERRIDES[c.companyType]?.[eventType]?.[tier];
  if (override && override.length > 0) return override;
  if (c.companyType === "spac" && OVERRIDES.spac?.[eventType]) {
    const routine = SPAC_ROUTINE[tier];
    if (routine) return routine;
  }
  return BANKS[eventType][tier];
}

function closersFor(c: CompanyFacts, eventType: EventType): readonly string[] {
  if (isOverridden(c, eventType)) {
    if (c.companyType === "reit") return REIT_CLOSERS;
    if (c.companyType === "investment_company") return FUND_CLOSERS;
    return SPAC_CLOSERS;
  }
  switch (c.companyType) {
    case "spac":
      return SPAC_CLOSERS;
    case "investment_company":
      return [...FUND_CLOSERS, ...CLOSERS[eventType].filter((s) => !s.includes("{product}"))];
    case "reit":
      return [...REIT_CLOSERS, ...CLOSERS[eventType]];
    default: {
      const pool = [...CLOSERS[eventType], ...GLOBAL_CLOSERS];
      // Companies do not comment on analyst notes or share-price moves.
      return eventType === "analyst" || eventType === "market_commentary"
        ? pool.filter((s) => !s.includes("“"))
        : pool;
    }
  }
}

/** Markers that should appear at most once per summary (a rival, a quote, the CEO, a customer pair). */
const ONCE_MARKERS = ["{rival}", "“", "{ceo}", "{customer2}", "{index}"];

function selectClosers(
  rand: () => number,
  pool: readonly string[],
  n: number,
  used: readonly string[],
): string[] {
  const out: string[] = [];
  const taken = (marker: string) => [...used, ...out].some((s) => s.includes(marker));
  for (const candidate of pickMany(rand, pool, pool.length)) {
    if (out.length >= n) break;
    if (used.includes(candidate)) continue;
    if (ONCE_MARKERS.some((m) => candidate.includes(m) && taken(m))) continue;
    out.push(candidate);
  }
  // Fall back to neutral filler if the pool was exhausted by the de-duplication rules.
  for (const filler of NEUTRAL_FILLERS) {
    if (out.length >= n) break;
    if (!used.includes(filler) && !out.includes(filler)) out.push(filler);
  }
  return out;
}

const NEUTRAL_FILLERS: readonly string[] = [
  "The company did not provide further details.",
  "{name} shares are listed under the ticker {ticker}.",
];

const MAX_TITLE = 120;

function chooseTitle(rand: () => number, titles: readonly string[], vars: Record<string, string>): string {
  const filled = titles.map((t) => cap(fill(t, vars)));
  const first = pick(rand, filled);
  if (first.length <= MAX_TITLE) return first;
  const fitting = filled.filter((t) => t.length <= MAX_TITLE);
  if (fitting.length > 0) return pick(rand, fitting);
  const shortest = [...filled].sort((a, b) => a.length - b.length)[0] ?? first;
  const cut = shortest.slice(0, MAX_TITLE - 1);
  return `${cut.slice(0, Math.max(40, cut.lastIndexOf(" ")))}…`;
}

/** Headline, one-to-two sentence description and a 3-5 sentence summary for one news event. */
export function newsText(
  company: CompanyFacts,
  eventType: EventType,
  importance: 1 | 2 | 3 | 4 | 5,
  date: string,
  rand: () => number,
): ArticleText {
  const tier = tierOf(importance);
  const vars = newsVars(company, importance, date, rand);
  const scenario = pick(rand, scenariosFor(company, eventType, tier));
  const title = fixPossessives(chooseTitle(rand, scenario.titles, vars));
  const description = fixPossessives(capSentences(fill(pick(rand, scenario.descs), vars)));

  const target = 3 + Math.floor(rand() * 3);
  const slots = scenario.body.map((slot) => (typeof slot === "string" ? slot : pick(rand, slot)));
  const [lead = "", ...rest] = slots;
  let chosen: string[];
  if (rest.length + 1 >= target) {
    // Keep story order; drop random middle sentences.
    const keep = new Set(
      pickMany(
        rand,
        rest.map((_s, i) => i),
        target - 1,
      ),
    );
    chosen = [lead, ...rest.filter((_s, i) => keep.has(i))];
  } else {
    chosen = [lead, ...rest];
    chosen.push(...selectClosers(rand, closersFor(company, eventType), target - chosen.length, chosen));
  }
  const summary = fixPossessives(chosen.map((s) => capSentences(fill(s, vars))).join(" "));
  return { title, description, summary };
}

// ---------------------------------------------------------------------------
// Company descriptions
// ---------------------------------------------------------------------------

function companyKey(c: CompanyFacts): string {
  return `${c.ticker}|${c.displayName}`;
}

function stateStakeOf(c: CompanyFacts): string {
  return `${51 + Math.floor(hashUnit(`${companyKey(c)}|state`) * 30)}%`;
}

function sizePhrase(capUsd: number | null): string {
  if (capUsd === null) return "a smaller company";
  if (capUsd >= 200e9) return "one of the largest companies in its industry worldwide";
  if (capUsd >= 10e9) return "a large-cap company";
  if (capUsd >= 2e9) return "a mid-sized company";
  return "a smaller company";
}

const RISKS_OPERATING = [
  "cyclical swings in demand",
  "pricing pressure from larger competitors",
  "supply chain disruption",
  "currency movements",
  "changes in regulation",
  "dependence on a small number of large customers",
  "rapid technological change",
  "input cost inflation",
  "cybersecurity incidents",
];

const SECTOR_MODELS: readonly (readonly [string, readonly string[]])[] = [
  [
    "util",
    [
      "Most of its revenue is regulated or earned under long-term contracts, which makes earnings predictable but ties returns to decisions by regulators.",
      "Its asset base is capital-intensive, and allowed returns on that base drive most of its profit.",
    ],
  ],
  [
    "financ",
    [
      "Revenue comes mainly from fees, commissions and net interest income, which makes results sensitive to market activity and interest rates.",
      "Its earnings depend on the volume of client activity and on the spread it earns on its balance sheet.",
    ],
  ],
  [
    "energy",
    [
      "Its earnings are closely tied to commodity prices, which it partly offsets through long-term supply contracts and hedging.",
      "The business is capital-intensive, with large multi-year projects driving both growth and risk.",
    ],
  ],
  [
    "material",
    [
      "Results move with the industrial cycle and raw-material prices, so cost discipline and plant utilisation are central to its returns.",
      "The business is capital-intensive, and scale in production gives it a cost advantage over smaller rivals.",
    ],
  ],
  [
    "health",
    [
      "Revenue depends on a portfolio of approved products and on reimbursement by payers, and research and development is one of its largest costs.",
      "Regulatory approvals and long product life cycles make its revenue relatively resilient once products reach the market.",
    ],
  ],
  [
    "consumer",
    [
      "It sells through retailers, distributors and its own online channels, and brand strength supports its pricing.",
      "Demand tracks household spending, so marketing, distribution reach and product freshness are key to its growth.",
    ],
  ],
  [
    "communication",
    [
      "A large share of revenue is recurring, from subscriptions, long-term contracts or advertising.",
      "Scale matters in its markets, as content, network and platform costs are largely fixed.",
    ],
  ],
];

function modelSentences(sector: string): readonly string[] {
  const s = sector.toLowerCase();
  for (const [key, sentences] of SECTOR_MODELS) if (s.includes(key)) return sentences;
  return MODEL_SENTENCES;
}

function domesticSector(sector: string): boolean {
  const s = sector.toLowerCase();
  return s.includes("util") || s.includes("real estate");
}

const MODEL_SENTENCES = [
  "A growing share of revenue comes from multi-year service and maintenance agreements, which gives management good visibility on future sales.",
  "Most revenue is generated from direct sales, supported by a network of distributors in smaller markets.",
  "The company pairs one-off product sales with recurring support and software revenue from its installed base.",
  "It keeps capital intensity moderate by outsourcing part of its production and concentrating on design, engineering and customer relationships.",
  "Long-standing relationships and high switching costs make much of its revenue repeat business.",
];

const CAPITAL_SENTENCES = [
  "Management has prioritised reinvestment in {product} while returning surplus cash through dividends and share buybacks.",
  "The company funds most of its investment from operating cash flow and keeps leverage at a conservative level.",
  "Capital allocation has favoured bolt-on acquisitions that broaden the portfolio, alongside a progressive dividend.",
  "It has committed to steady investment in research and capacity, with shareholder returns a secondary priority.",
];

function peerPhrase(c: CompanyFacts, rand: () => number): string {
  const peers = pickMany(
    rand,
    c.peerShortNames.filter((p) => p && p !== c.shortName),
    3,
  );
  if (peers.length === 0) return "a mix of global groups and regional specialists";
  return joinList(peers);
}

function listingSentence(c: CompanyFacts, rand: () => number): string {
  const ex = exchangeOn(c.exchangeCode, c.hqCountryName);
  const since = c.ipoYear !== null ? `, where it has been listed since ${c.ipoYear}` : "";
  const extra =
    c.listingCount > 1
      ? pick(rand, [
          ` and has ${numberWord(c.listingCount)} listings in total`,
          `, with ${numberWord(c.listingCount - 1)} additional ${c.listingCount - 1 === 1 ? "listing" : "listings"} elsewhere`,
        ])
      : "";
  return `Its shares trade ${ex} under the ticker ${c.ticker}${since}${extra}.`;
}

function domicileSentence(c: CompanyFacts): string {
  if (!c.legalDomicileCountryName || c.legalDomicileCountryName === c.hqCountryName) return "";
  return ` Although it is run from ${c.hqCity}, the company is legally domiciled in ${theCountry(c.legalDomicileCountryName)}.`;
}

function descVars(c: CompanyFacts, rand: () => number): Record<string, string> {
  const [p1 = "its products", p2 = p1, p3 = p2] = pickMany(rand, c.products, 3);
  const [c1 = "customers", c2 = c1] = pickMany(rand, c.customers, 2);
  const capUsd = c.marketCapUsd;
  const cur = c.reportingCurrency || "USD";
  const capUsdOr = capUsd ?? 3e8;
  return {
    fullName: c.displayName,
    name: c.shortName,
    ticker: c.ticker,
    city: c.hqCity,
    country: c.hqCountryName,
    countryThe: theCountry(c.hqCountryName),
    sector: c.sector.toLowerCase(),
    industry: lowerName(c.industry),
    subIndustry: lowerName(c.subIndustry),
    p1,
    p2,
    p3,
    product: p1,
    c1,
    c2,
    products: joinList([p1, p2, p3].filter((v, i, a) => a.indexOf(v) === i)),
    customers: joinList([c1, c2].filter((v, i, a) => a.indexOf(v) === i)),
    segments: joinList(c.segments),
    segment: c.segments[0] ?? "core",
    segCount: numberWord(c.segments.length),
    founded: String(c.foundingYear),
    ceo: c.ceo,
    cap: formatUsdAs(roundSig(capUsdOr, 2), cur),
    size: sizePhrase(capUsd),
    peers: peerPhrase(c, rand),
    stateStake: stateStakeOf(c),
    currency: cur,
    occupancy: `${(90 + hashUnit(`${companyKey(c)}|occ`) * 8.5).toFixed(1)}%`,
    properties: countText(
      Math.max(8, roundSig(capUsdOr / (25e6 + hashUnit(`${companyKey(c)}|prop`) * 55e6), 2)),
    ),
    holdings: String(28 + Math.floor(hashUnit(`${companyKey(c)}|hold`) * 57)),
    trust: formatUsdAs(roundSig(capUsdOr, 3), cur),
    sponsor: `${pick(rand, NAME_ROOTS)} ${pick(rand, ["Capital Partners", "Acquisition Partners", "Holdings"])}`,
    risks: joinList(pickMany(rand, RISKS_OPERATING, 3)),
  };
}

function segmentSentence(c: CompanyFacts): string {
  if (c.segments.length <= 1) {
    return `It reports its results as a single ${c.segments[0] ?? "operating"} segment.`;
  }
  return `The business is organised into ${numberWord(c.segments.length)} reporting segments: ${joinList(c.segments)}.`;
}

function operatingDescriptions(c: CompanyFacts, rand: () => number) {
  const gov = c.companyType === "government";
  const short = [
    pick(rand, [
      "{fullName} is a {city}-based maker of {products}.",
      "{fullName}, headquartered in {city}, {country}, offers {products}.",
      "{fullName} is based in {city} and competes in the {subIndustry} market, where its main products are {products}.",
    ]),
    pick(rand, [
      "It serves {customers}.",
      "Its customers are mainly {customers}.",
      "The company sells primarily to {customers}.",
    ]),
    gov
      ? "The government of {countryThe} is the controlling shareholder, with a stake of about {stateStake}."
      : pick(rand, [
          "Founded in {founded}, the company is led by chief executive {ceo}.",
          "The company was founded in {founded} and operates in the {industry} industry.",
        ]),
  ];
  if (rand() < 0.6) short.push(listingSentence(c, rand));
  if (rand() < 0.4) short.push(segmentSentence(c));

  const p1 = [
    `{fullName} was founded in {founded} and is headquartered in {city}, {country}.${domicileSentence(c)}`,
    "It operates in the {industry} industry within the {sector} sector, and its portfolio spans {products}.",
    segmentSentence(c),
    pick(rand, modelSentences(c.sector)),
  ];
  const p2 = [
    "Its customers are primarily {customers}, and the company has built long-standing relationships across its core markets.",
    pick(rand, [
      ...(domesticSector(c.sector)
        ? [
            "Nearly all of its revenue is generated in {countryThe}, where it has operated for decades.",
            "Its operations are concentrated in {countryThe}, which accounts for the bulk of its revenue.",
          ]
        : [
            "{countryThe} remains its most important market, although a growing share of revenue now comes from abroad.",
            "Sales are spread across several regions, with its home market of {countryThe} still the largest single contributor.",
          ]),
    ]),
    listingSentence(c, rand),
    "With a market capitalisation of about {cap}, it is {size}.",
  ];
  const p3 = [
    "{name} competes with {peers}, typically on product performance, reliability and the depth of its customer relationships.",
    pick(rand, CAPITAL_SENTENCES),
    "Key risks include {risks}, as well as currency movements because it reports in {currency}.",
  ];
  if (gov) {
    p2.push(
      "The government of {countryThe} holds about {stateStake} of the shares, and the company has a public mandate to support national supply of {p1}.",
    );
    p3[2] =
      "Key risks include {risks}, together with the possibility that policy goals of its state shareholder take precedence over returns to minority investors.";
  }
  const long = [p1, p2, p3].map((p) => p.join(" ")).join("\n\n");
  return { short: short.join(" "), long };
}

function reitDescriptions(c: CompanyFacts, rand: () => number) {
  const short = [
    pick(rand, [
      "{fullName} is a real estate investment trust based in {city}, {country}.",
      "{fullName} is a {city}-based real estate investment trust focused on {p1}.",
    ]),
    "It owns and manages a portfolio of {products}.",
    "Its tenants are mainly {customers}.",
  ];
  if (rand() < 0.6) short.push("The trust distributes most of its rental income to investors.");
  const long = [
    [
      `{fullName} is a real estate investment trust headquartered in {city}, {country}, and established in {founded}.${domicileSentence(c)}`,
      "It acquires, leases and manages income-producing property, with a portfolio of about {properties} assets spanning {products}.",
      segmentSentence(c),
      "Rental income from {customers} makes up nearly all of its revenue, and leases typically run for several years with built-in rent increases.",
    ],
    [
      "Management focuses on occupancy, rent growth on renewals and funds from operations, the standard measure of REIT earnings that excludes depreciation and gains on property sales.",
      "Portfolio occupancy has recently been around {occupancy}.",
      listingSentence(c, rand),
      "With a market capitalisation of about {cap}, it is {size}.",
    ],
    [
      "The trust competes for tenants and acquisitions with {peers}.",
      "It pays out most of its distributable income and recycles capital by selling mature properties to fund development and acquisitions.",
      "Key risks include rising interest rates, tenant defaults, falling property valuations and the need to refinance debt on acceptable terms.",
    ],
  ];
  return { short: short.join(" "), long: long.map((p) => p.join(" ")).join("\n\n") };
}

function fundDescriptions(c: CompanyFacts, rand: () => number) {
  const short = [
    pick(rand, [
      "{fullName} is a listed investment company based in {city}, {country}.",
      "{fullName} is a {city}-based closed-ended investment company.",
    ]),
    "It holds a portfolio of {products}, aiming to deliver long-term capital growth and income for shareholders.",
    "Its investors range from pension funds to {customers}.",
  ];
  if (rand() < 0.6) short.push("Performance is measured by the growth of its net asset value per share.");
  const long = [
    [
      `{fullName} is an investment company headquartered in {city}, {country}, and founded in {founded}.${domicileSentence(c)}`,
      "Rather than selling products, it invests shareholders' capital in a concentrated portfolio of around {holdings} holdings, spanning {products}.",
      "Returns come from dividends, interest and capital gains on the portfolio, and the board sets a dividend policy funded from that income and from reserves.",
    ],
    [
      "The key measure of performance is net asset value (NAV) per share, which is published regularly, and the shares can trade at a premium or a discount to NAV.",
      segmentSentence(c),
      listingSentence(c, rand),
      "Its shareholders include {customers}, and its market capitalisation is about {cap}.",
    ],
    [
      "It is often compared with {peers}, which offer investors similar exposure.",
      "The board may use modest borrowing to enhance returns and buys back shares when the discount to NAV is wide.",
      "Key risks include market falls in its largest holdings, the effect of gearing on losses, a persistently wide discount and currency movements against {currency}.",
    ],
  ];
  return { short: short.join(" "), long: long.map((p) => p.join(" ")).join("\n\n") };
}

function spacDescriptions(c: CompanyFacts, rand: () => number) {
  const short = [
    "{fullName} is a special purpose acquisition company, or blank-check company, based in {city}, {country}.",
    pick(rand, [
      "It was formed to merge with or acquire an operating business, with a focus on {industry}.",
      "It has no operations of its own and was set up to complete a business combination, with a focus on {industry}.",
    ]),
    "The proceeds of its initial public offering are held in a trust account for the benefit of public shareholders.",
  ];
  if (rand() < 0.6) short.push("The company is sponsored by {sponsor}.");
  const ipo = c.ipoYear !== null ? ` in ${c.ipoYear}` : "";
  const long = [
    [
      `{fullName} is a blank-check company headquartered in {city}, {country}.${domicileSentence(c)}`,
      `It raised its capital through an initial public offering${ipo} and has no revenue-generating operations of its own.`,
      "Its purpose is to identify and complete a merger, share exchange or similar business combination with one or more private companies, with a stated focus on {industry} businesses such as providers of {products}.",
    ],
    [
      "The IPO proceeds, about {trust}, are held in a trust account invested in short-term government securities, and public shareholders may redeem their shares for a pro rata share of the trust when a deal is put to a vote.",
      "The company is sponsored by {sponsor}, which holds founder shares and warrants, and it is led by {ceo}.",
      listingSentence(c, rand),
      "Its charter sets a deadline, typically 18 to 24 months after the listing, to complete a deal, which can be extended with shareholder approval.",
    ],
    [
      "It competes for attractive targets with other blank-check companies, private equity firms and strategic buyers.",
      "Key risks include failing to find a suitable target before the deadline, heavy redemptions that shrink the cash available, and dilution from founder shares and warrants once a deal closes.",
    ],
  ];
  return { short: short.join(" "), long: long.map((p) => p.join(" ")).join("\n\n") };
}

/** A 3-5 sentence profile and a 150-400 word, multi-paragraph profile of the company. */
export function descriptions(company: CompanyFacts, rand: () => number): { short: string; long: string } {
  const v = descVars(company, rand);
  let raw: { short: string; long: string };
  switch (company.companyType) {
    case "reit":
      raw = reitDescriptions(company, rand);
      break;
    case "investment_company":
      raw = fundDescriptions(company, rand);
      break;
    case "spac":
      raw = spacDescriptions(company, rand);
      break;
    default:
      raw = operatingDescriptions(company, rand);
  }
  const short = fixPossessives(capSentences(fill(raw.short, v)));
  const long = raw.long
    .split("\n\n")
    .map((p) => fixPossessives(capSentences(fill(p, v))))
    .join("\n\n");
  return { short, long };
}

// ---------------------------------------------------------------------------
// Peer rationale
// ---------------------------------------------------------------------------

const MAX_PEER_REASON = 240;

function businessModel(c: CompanyFacts, rand: () => number): string {
  switch (c.companyType) {
    case "reit":
      return "rental income from long leases, with most earnings paid out as distributions";
    case "investment_company":
      return "a listed portfolio valued on net asset value, with returns driven by its holdings";
    case "spac":
      return "a cash-filled trust account and a time-limited search for a merger target";
    case "government":
      return "a state-controlled shareholder base and regulated, mandate-driven returns";
    default:
      return pick(rand, [
        "recurring, contract-based revenue from a large installed base",
        "an asset-light model that outsources much of its production",
        "a broad distribution network serving many small customers",
        "high-margin service and subscription income layered on equipment sales",
        "long-term supply agreements with a concentrated group of large customers",
      ]);
  }
}

function scaleWord(a: number | null, b: number | null): string {
  if (a === null || b === null || a <= 0 || b <= 0) return "of comparable scale";
  const r = b / a;
  if (r > 3) return "a larger";
  if (r < 1 / 3) return "a smaller";
  return "of similar scale";
}

/** One sentence explaining why `peer` belongs in `company`'s peer set. */
export function peerReasoning(
  company: CompanyFacts,
  peer: CompanyFacts,
  relationship: PeerRelationship,
  segment: string | null,
  rand: () => number,
): string {
  const product = pick(rand, company.products.length > 0 ? company.products : ["similar products"]);
  const customer = pick(rand, company.customers.length > 0 ? company.customers : ["customers"]);
  const peerCustomer = pick(rand, peer.customers.length > 0 ? peer.customers : [customer]);
  const scale = scaleWord(company.marketCapUsd, peer.marketCapUsd);
  const sameCountry = company.hqCountryName === peer.hqCountryName;
  const v: Record<string, string> = {
    peer: peer.shortName,
    name: company.shortName,
    segment: segment ?? company.segments[0] ?? "its core market",
    product,
    customer,
    peerCustomer,
    peerIndustry: lowerName(peer.industry),
    industry: lowerName(company.industry),
    model: businessModel(company, rand),
    country: theCountry(company.hqCountryName),
    peerCountry: theCountry(peer.hqCountryName),
    scaleSentence:
      scale === "a larger" ? "a larger" : scale === "a smaller" ? "a smaller" : "a similarly sized",
  };
  let templates: readonly string[];
  if (relationship === "direct_competitor") {
    templates = segment
      ? [
          "{peer} competes head-on with {name}'s {segment} business, selling {product} to the same {customer}.",
          "{peer} and {name} regularly bid against each other for {customer} in the {segment} market, with overlapping ranges of {product}.",
          "In the {segment} market, {peer} is one of {name}'s closest rivals, targeting the same {customer} with comparable {product}.",
        ]
      : [
          "{peer} is one of {name}'s closest rivals, competing directly for {customer} with a comparable range of {product}.",
          "{peer} sells {product} to the same {customer}, putting it in head-to-head competition with {name}.",
          "{name} and {peer} go after the same {customer}, and their offerings of {product} overlap heavily.",
        ];
  } else if (relationship === "business_model_peer") {
    templates = [
      "Although {peer} operates in the {peerIndustry} industry, it shares {name}'s reliance on {model}, making it a useful valuation benchmark.",
      "{peer} is a business-model peer: like {name}, its economics rest on {model}.",
      "{peer} serves {peerCustomer} rather than {customer}, but it runs on the same kind of model as {name}: {model}.",
    ];
  } else {
    const geo = sameCountry ? "also based in {country}" : "based in {peerCountry}";
    templates = [
      `{peer} is ${v.scaleSentence} company in the {industry} industry, ${geo}, so investors often compare its growth and margins with {name}'s.`,
      `{peer} sits in the same {industry} industry as {name}; ${scale === "of similar scale" ? "it is of similar size and" : "it"} faces the same demand and cost cycles.`,
      `As ${v.scaleSentence} company in the {industry} industry ${geo}, {peer} is a natural reference point for {name}'s valuation and performance.`,
    ];
  }
  const sentences = templates.map((t) => fixPossessives(cap(fill(t, v))));
  const first = pick(rand, sentences);
  if (first.length <= MAX_PEER_REASON) return first;
  const fitting = sentences.filter((s) => s.length <= MAX_PEER_REASON);
  if (fitting.length > 0) return pick(rand, fitting);
  return cap(`${peer.shortName} is a ${relationship.replace(/_/g, " ")} of ${company.shortName}.`).slice(
    0,
    MAX_PEER_REASON,
  );
}
