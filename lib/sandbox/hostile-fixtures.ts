// Hostile and odd upstream data: a few companies, their peers and news whose text carries HTML,
// script, bidirectional overrides, very long words, non-http(s) links, nulls, missing optional
// fields, unknown enum values and extra fields. The sandbox adds them to its answers when
// SANDBOX_HOSTILE=1 (hostile.ts), so every page meets them through its real code paths; the
// browser test (e2e/hostile.spec.ts) imports the same constants to check how they are shown.

import { COMPACT_DROPPED } from "@/lib/directory/fields";
import { fiscalIdentifier } from "@/lib/identifiers";

/** Every hostile name starts with this word, so one directory search finds them all. */
export const HOSTILE_WORD = "Zyxhostile";

/** A script that would set this window flag, were any of it ever run. */
export const SCRIPT_FLAG = "__hostileScriptRan";
const RUN = `window.${SCRIPT_FLAG}=1`;

export const SCRIPT_NAME = `${HOSTILE_WORD} <script>${RUN}</script><img src=x onerror="${RUN}"> & Co`;
export const SCRIPT_LEGAL_NAME = `${HOSTILE_WORD} "><svg onload=${RUN}> Holdings`;
export const SCRIPT_DESCRIPTION = `<b>Bold claims</b><iframe src="javascript:${RUN}"></iframe> {{constructor.constructor('${RUN}')()}} <style>body{display:none}</style>`;
export const SCRIPT_CEO = `<a href="javascript:${RUN}">Mallory</a>`;
export const SCRIPT_REASONING = `<script>${RUN}</script>Competes <u>everywhere</u>`;
export const SCRIPT_TITLE = `<img src=x onerror=${RUN}>${HOSTILE_WORD} beats <b>estimates</b>`;
export const SCRIPT_SUMMARY = `</div><script>${RUN}</script><p onclick="${RUN}">Summary</p>`;

/**
 * The script company's logo: an SVG that would run script (a script element, event handlers, a
 * javascript: link, an iframe) and load from elsewhere (an image, a stylesheet) if it were ever
 * let to. Served as bytes labelled application/octet-stream: the app tells it is an SVG by them.
 */
export const HOSTILE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64" viewBox="0 0 64 64" onload="${RUN};alert('svg onload')">
<script>${RUN};alert('svg script')</script>
<style>@import url("http://127.0.0.1:9/hostile.css");</style>
<rect width="64" height="64" rx="12" fill="#7c3aed" onmouseover="${RUN}"/>
<image href="http://127.0.0.1:9/tracker.png" width="1" height="1"/>
<a xlink:href="javascript:${RUN}"><text x="14" y="42" fill="#ffffff" font-size="24" font-family="sans-serif">ZX</text></a>
<foreignObject width="1" height="1"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:${RUN}"></iframe></foreignObject>
</svg>
`;

/** Right-to-left override, never closed: unisolated, it would reverse the UI after it. */
export const BIDI_NAME = `${HOSTILE_WORD} \u202Eevil.exe Bidi\u202C Corp`;
export const BIDI_TRADE_NAME = `${HOSTILE_WORD} \u202EUnterminated override`;
export const BIDI_CEO = `\u2067\u202EOverride\u200F Isolate`;
export const BIDI_TITLE = `${HOSTILE_WORD} \u202Eseton laicnanif\u202C and \u2066more`;

/** A 300-character name with no space or hyphen to break at. */
export const LONG_NAME = `${HOSTILE_WORD}${"Incorporated".repeat(24)}Ltd`;
export const LONG_WORD = `${"Supercalifragilistic".repeat(60)}`;

export const ODD_NAME = `${HOSTILE_WORD} Odd Data`;

/** Enum values no build of this app knows. */
export const UNKNOWN = {
  companyType: "sovereign_wealth_vehicle",
  companyStatus: "hibernating",
  dataset: "quantum_telemetry",
  securityType: "tokenized_share",
  tradingStatus: "halted_by_exchange",
  peerRelationship: "frenemy",
  eventType: "space_weather",
  period: "biennial",
} as const;

/** A value a plain `table[value]` finds on Object.prototype (a function, not a label). */
export const PROTOTYPE_NAME = "constructor";

/** sourceUrl values that must never become links. */
export const UNSAFE_URLS = [
  `javascript:${RUN}`,
  `JaVaScRiPt:${RUN}`,
  `data:text/html,<script>${RUN}</script>`,
  "/relative/path",
  "//evil.example/protocol-relative",
  "vbscript:msgbox(1)",
] as const;

export const HOSTILE_KEYS = {
  script: "NASDAQ_ZZXSS",
  bidi: "NASDAQ_ZZBIDI",
  long: "NASDAQ_ZZLONG",
  odd: "NASDAQ_ZZODD",
} as const;

/** Every odd-key company's name starts with this word, so one directory search finds them all. */
export const ODD_KEY_WORD = "Zyxoddkey";

/**
 * Company keys of real-world shapes that need encoding in a URL (class shares with `/` or `.`,
 * Stockholm's spaces, `&`, `+`, `%`, `#`, `?` and `,`), and one that holds a percent-escape of
 * its own: decoded twice, it would name another company.
 */
export const ODD_KEYS = {
  slash: "NYSE_BRK/B",
  symbols: "XPAR_A&B+C%",
  dot: "XLON_BT.A",
  space: "XSTO_ERIC B",
  marks: "XTAE_Q#1?,2",
  escape: "OTC_AB%2FC",
} as const;

/** The key of a secondary listing of ODD_KEYS.slash (resolves to it, as the contract's lookups do). */
export const ODD_KEY_SECONDARY = "XMEX_BRK/B";

/** The ordinary sandbox company whose peers, first of all, are the odd-key companies. */
export const ODD_KEY_PEER_HOST = "XSHE_300980";

type Json = Record<string, unknown>;

interface Fixture {
  key: string;
  index: number;
  ticker: string;
  profile: Json;
}

function listing(ticker: string, index: number, extra: Json = {}): Json {
  return {
    listingFiscalIdentifier: fiscalIdentifier("listing", 900_000 + index),
    ticker,
    exchangeCode: "NASDAQ",
    exchangeName: "Nasdaq Stock Market",
    exchangeCountryCode: "US",
    exchangeCountryName: "United States",
    operatingMic: "XNAS",
    segmentMic: "XNGS",
    segmentName: "Nasdaq Global Select Market",
    securityFiscalIdentifier: fiscalIdentifier("security", 900_000 + index),
    securityType: "common_stock",
    tradingCurrency: "USD",
    tradingStatus: "active",
    figi: null,
    ...extra,
  };
}

/** The peers of a hostile company: the other hostile companies, with hostile reasons. */
function peersOf(self: string, all: readonly Fixture[]): Json[] {
  return all
    .filter((f) => f.key !== self)
    .map((f, i) => {
      const p = f.profile;
      const relationship =
        i === 0 ? UNKNOWN.peerRelationship : i === 1 ? "direct_competitor" : "industry_peer";
      return {
        peerRelationship: relationship,
        peerMarketSegment: i === 0 ? null : i === 1 ? `<em>${HOSTILE_WORD} segment</em>` : BIDI_TRADE_NAME,
        peerReasoning: i === 0 ? SCRIPT_REASONING : i === 1 ? LONG_WORD : BIDI_TITLE,
        companyId: p.companyId,
        companyFiscalIdentifier: p.companyFiscalIdentifier,
        companyKey: f.key,
        displayNameEnglish: p.displayNameEnglish,
        companyType: p.companyType,
        headquartersCountryCode: p.headquartersCountryCode,
        headquartersCountryName: p.headquartersCountryName,
        sector: p.sector,
        marketCapUsd: p.marketCapUsd,
        primaryListing: { ticker: f.ticker, exchangeCode: "NASDAQ", unexpectedListingField: [1, 2] },
        peerScore: 0.42,
      };
    });
}

const ODD_LISTING: Json = {
  ticker: "ZZODD",
  exchangeCode: "NASDAQ",
  securityType: UNKNOWN.securityType,
  tradingStatus: UNKNOWN.tradingStatus,
  isin: null,
  futureListingField: { nested: ["x"] },
};

function base(key: string, index: number, ticker: string, nowMs: number): Json {
  return {
    companyId: 9_000_000 + index,
    companyFiscalIdentifier: fiscalIdentifier("company", 900_000 + index),
    companyKey: key,
    companyType: "operating_company",
    companyStatus: "active",
    headquartersCountryCode: "US",
    headquartersCountryName: "United States",
    headquartersRegion: "North America",
    legalDomicileCountryCode: "US",
    legalDomicileCountryName: "United States",
    sector: "Information Technology",
    industryGroup: "Software & Services",
    industry: "Software",
    subIndustry: "Application Software",
    reportingTemplate: "Standard",
    // Mega caps: their stories lead the feed in the rank order (importance, then size) too.
    marketCapUsd: 2_000_000_000_000 - index * 1_000_000_000,
    reportingCurrency: "USD",
    updatedAt: Math.floor(nowMs / 1000) - 60 * (index + 1),
    earningsFilingDate: "2026-10-30T21:05:00Z",
    availableDatasets: ["news", "financials"],
    primaryListing: listing(ticker, index),
    descriptionShort: `${HOSTILE_WORD} test company ${index}.`,
    descriptionLong: `A fixture company for the hostile-data tests.`,
    chiefExecutiveOfficer: "Alex Example",
    foundingYear: 1999,
    ipoYear: 2010,
    secondaryListings: [],
    financialPeriodsAvailable: ["annual", "quarterly"],
  };
}

/** The hostile companies as v3 profiles, with "now" in ms for updatedAt. */
export function hostileProfiles(nowMs: number): Json[] {
  const fixtures: Fixture[] = [
    {
      key: HOSTILE_KEYS.script,
      index: 0,
      ticker: "ZZXSS",
      profile: {
        ...base(HOSTILE_KEYS.script, 0, "ZZXSS", nowMs),
        availableDatasets: ["news", "financials", "logos"],
        displayNameEnglish: SCRIPT_NAME,
        legalNameEnglish: SCRIPT_LEGAL_NAME,
        tradeNameEnglish: `<marquee>${HOSTILE_WORD}</marquee>`,
        legalNameNative: `<script>${RUN}</script>`,
        tradeNameNative: null,
        industry: `<i>Software</i>`,
        descriptionShort: SCRIPT_DESCRIPTION,
        descriptionLong: `${SCRIPT_DESCRIPTION}\n\n<script>${RUN}</script>`,
        chiefExecutiveOfficer: SCRIPT_CEO,
        primaryListing: listing("ZZXSS", 0, {
          exchangeName: `<b>Nasdaq</b><script>${RUN}</script>`,
          segmentName: `<img src=x onerror=${RUN}>`,
        }),
      },
    },
    {
      key: HOSTILE_KEYS.bidi,
      index: 1,
      ticker: "ZZBIDI",
      profile: {
        ...base(HOSTILE_KEYS.bidi, 1, "ZZBIDI", nowMs),
        displayNameEnglish: BIDI_NAME,
        legalNameEnglish: `${BIDI_NAME} Inc.`,
        tradeNameEnglish: BIDI_TRADE_NAME,
        legalNameNative: "\u202Bשם משפטי\u202C",
        tradeNameNative: null,
        chiefExecutiveOfficer: BIDI_CEO,
        descriptionShort: `${BIDI_TITLE}. ${HOSTILE_WORD} text after the override.`,
      },
    },
    {
      key: HOSTILE_KEYS.long,
      index: 2,
      ticker: "ZZLONG",
      profile: {
        ...base(HOSTILE_KEYS.long, 2, "ZZLONG", nowMs),
        displayNameEnglish: LONG_NAME,
        legalNameEnglish: `${LONG_NAME}Legal`,
        tradeNameEnglish: LONG_NAME.slice(0, 120),
        industry: LONG_WORD.slice(0, 200),
        descriptionShort: LONG_WORD,
        descriptionLong: `${LONG_WORD} ${LONG_WORD}`,
        chiefExecutiveOfficer: LONG_WORD.slice(0, 150),
        primaryListing: listing("ZZLONG", 2, { exchangeName: LONG_WORD.slice(0, 180) }),
      },
    },
    {
      key: HOSTILE_KEYS.odd,
      index: 3,
      ticker: "ZZODD",
      profile: {
        // Only what the contract requires, nulls where it allows them, unknown enum values and
        // fields no version of the contract has.
        companyId: 9_000_003,
        companyKey: HOSTILE_KEYS.odd,
        displayNameEnglish: ODD_NAME,
        legalNameEnglish: null,
        legalNameNative: null,
        companyType: UNKNOWN.companyType,
        companyStatus: UNKNOWN.companyStatus,
        marketCapUsd: null,
        // A Unix time in seconds past what a date can hold (±8.64e12 s): every "updated" shown must
        // survive it.
        updatedAt: 9_999_999_999_999,
        availableDatasets: [UNKNOWN.dataset, "news"],
        // The contract allows a profile without a primary listing; its list row has ODD_LISTING.
        primaryListing: null,
        secondaryListings: [
          ODD_LISTING,
          // A currency named like a property every plain object has.
          {
            ticker: "ZZODD.X",
            exchangeCode: "XLON",
            securityType: null,
            tradingStatus: null,
            tradingCurrency: PROTOTYPE_NAME,
          },
        ],
        descriptionShort: null,
        foundingYear: null,
        financialPeriodsAvailable: [UNKNOWN.period],
        peers: [],
        esgRating: { score: 7, "<script>": RUN },
        experimentalFlags: null,
      },
    },
  ];
  return [
    ...fixtures.map((f) => ({ ...f.profile, peers: f.profile.peers ?? peersOf(f.key, fixtures) })),
    ...oddKeyProfiles(nowMs),
  ];
}

const ODD_KEY_EXCHANGES: Readonly<Record<string, Json>> = {
  NYSE: {
    exchangeName: "New York Stock Exchange",
    operatingMic: "XNYS",
    segmentMic: "XNYS",
    country: "US",
    countryName: "United States",
  },
  XPAR: {
    exchangeName: "Euronext Paris",
    operatingMic: "XPAR",
    segmentMic: "XPAR",
    country: "FR",
    countryName: "France",
  },
  XLON: {
    exchangeName: "London Stock Exchange",
    operatingMic: "XLON",
    segmentMic: "XLON",
    country: "GB",
    countryName: "United Kingdom",
  },
  XSTO: {
    exchangeName: "Nasdaq Stockholm",
    operatingMic: "XSTO",
    segmentMic: "XSTO",
    country: "SE",
    countryName: "Sweden",
  },
  XTAE: {
    exchangeName: "Tel Aviv Stock Exchange",
    operatingMic: "XTAE",
    segmentMic: "XTAE",
    country: "IL",
    countryName: "Israel",
  },
  OTC: {
    exchangeName: "OTC Markets",
    operatingMic: "OTCM",
    segmentMic: "PINX",
    country: "US",
    countryName: "United States",
  },
};

/** Names of the odd-key companies, by key. */
export const ODD_KEY_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ODD_KEYS).map(([what, key]) => [
    key,
    `${ODD_KEY_WORD} ${what[0]?.toUpperCase()}${what.slice(1)} Class`,
  ]),
);

/** The odd-key companies' profiles: ordinary companies but for their keys, each others' peers. */
function oddKeyProfiles(nowMs: number): Json[] {
  const keys = Object.values(ODD_KEYS);
  const profiles = keys.map((key, i) => {
    const index = 10 + i;
    // The fixture's own keys: their parts are the listing's exchange code and ticker.
    const exchangeCode = key.slice(0, key.indexOf("_"));
    const ticker = key.slice(key.indexOf("_") + 1);
    const venue = ODD_KEY_EXCHANGES[exchangeCode] ?? {};
    const name = ODD_KEY_NAMES[key] as string;
    return {
      ...base(key, index, ticker, nowMs),
      displayNameEnglish: name,
      legalNameEnglish: `${name} Inc.`,
      tradeNameEnglish: name,
      legalNameNative: null,
      tradeNameNative: null,
      sector: "Financials",
      industryGroup: "Insurance",
      industry: "Insurance",
      subIndustry: "Multi-line Insurance",
      reportingTemplate: "Insurance",
      availableDatasets: ["news", "financials", "logos"],
      descriptionShort: `${name} is a fixture company whose key, ${key}, needs encoding in a URL.`,
      primaryListing: listing(ticker, index, {
        exchangeCode,
        exchangeName: venue.exchangeName,
        exchangeCountryCode: venue.country,
        exchangeCountryName: venue.countryName,
        operatingMic: venue.operatingMic,
        segmentMic: venue.segmentMic,
        segmentName: venue.exchangeName,
      }),
      secondaryListings:
        key === ODD_KEYS.slash
          ? [
              listing("BRK/B", 20, {
                exchangeCode: "XMEX",
                exchangeName: "Bolsa Mexicana de Valores",
                exchangeCountryCode: "MX",
                exchangeCountryName: "Mexico",
                operatingMic: "XMEX",
                segmentMic: "XMEX",
                segmentName: "Bolsa Mexicana de Valores",
                tradingCurrency: "MXN",
              }),
            ]
          : [],
    } as Json;
  });
  return profiles.map((p) => ({
    ...p,
    peers: profiles.filter((q) => q !== p).map((q) => oddKeyPeer(q)),
  }));
}

/** A profile as a peer entry, as the contract shapes it. */
export function oddKeyPeer(profile: Json): Json {
  const listing = profile.primaryListing as Json;
  return {
    peerRelationship: "industry_peer",
    peerMarketSegment: null,
    peerReasoning: "Shares a key that needs encoding.",
    companyId: profile.companyId,
    companyFiscalIdentifier: profile.companyFiscalIdentifier,
    companyKey: profile.companyKey,
    displayNameEnglish: profile.displayNameEnglish,
    companyType: profile.companyType,
    headquartersCountryCode: profile.headquartersCountryCode,
    headquartersCountryName: profile.headquartersCountryName,
    headquartersRegion: profile.headquartersRegion,
    sector: profile.sector,
    industryGroup: profile.industryGroup,
    industry: profile.industry,
    subIndustry: profile.subIndustry,
    marketCapUsd: profile.marketCapUsd,
    primaryListing: {
      listingFiscalIdentifier: listing.listingFiscalIdentifier,
      ticker: listing.ticker,
      exchangeCode: listing.exchangeCode,
      exchangeName: listing.exchangeName,
      operatingMic: listing.operatingMic,
      securityFiscalIdentifier: listing.securityFiscalIdentifier,
    },
  };
}

const PROFILE_ONLY = [
  "descriptionShort",
  "descriptionLong",
  "chiefExecutiveOfficer",
  "foundingYear",
  "ipoYear",
  "secondaryListings",
  "peers",
  "financialPeriodsAvailable",
];

/** A profile as a v3 list row (full or compact). */
export function hostileListRow(profile: Json, compact: boolean): Json {
  const row: Json = { ...profile, primaryListing: profile.primaryListing ?? ODD_LISTING };
  for (const field of PROFILE_ONLY) delete row[field];
  if (compact) for (const field of COMPACT_DROPPED) delete row[field];
  return row;
}

/** A profile in the deprecated v2 shape (row, or profile with its descriptions). */
export function hostileV2(profile: Json, withProfileFields: boolean): Json {
  const listing = (profile.primaryListing ?? ODD_LISTING) as Json;
  const row: Json = {
    companyKey: profile.companyKey,
    name: profile.displayNameEnglish ?? String(profile.companyKey),
    ticker: listing.ticker,
    exchangeName: listing.exchangeName ?? "",
    micCode: listing.operatingMic ?? null,
    exchangeSymbol: listing.exchangeCode,
    tradingStatus: listing.tradingStatus === "active" ? "Active" : "Inactive",
    isPreIpo: false,
    countryName: profile.headquartersCountryName ?? "",
    countryCode: profile.headquartersCountryCode ?? "",
    reportingCurrency: profile.reportingCurrency ?? "",
    sector: profile.sector ?? "",
    industryGroup: profile.industryGroup ?? "",
    industry: profile.industry ?? "",
    subIndustry: profile.subIndustry ?? "",
    reportingTemplate: profile.reportingTemplate ?? "",
    availableDatasets: ["financials"],
    updatedAt: profile.updatedAt ?? null,
  };
  if (!withProfileFields) return row;
  return {
    ...row,
    description: profile.descriptionLong ?? null,
    shortDescription: profile.descriptionShort ?? null,
    financialPeriodsAvailable: profile.financialPeriodsAvailable ?? null,
  };
}

export interface HostileArticle {
  companyKey: string;
  article: Json;
}

/** The hostile companies' news: all dated "today", importance 1, so they lead the feed. */
export function hostileNews(nowMs: number): HostileArticle[] {
  const date = new Date(nowMs).toISOString().slice(0, 10);
  const at = (minutesAgo: number) => new Date(nowMs - minutesAgo * 60_000).toISOString();
  const article = (
    companyKey: string,
    minutesAgo: number,
    fields: Partial<Record<"title" | "description" | "summary" | "eventType" | "sourceUrl", string>>,
    extra: Json = {},
  ): HostileArticle => ({
    companyKey,
    article: {
      date,
      title: `${HOSTILE_WORD} headline`,
      description: `${HOSTILE_WORD} description`,
      summary: `${HOSTILE_WORD} summary`,
      eventType: "earnings",
      importance: 1,
      sourceUrl: "https://news.example/hostile",
      collectedAt: at(minutesAgo),
      ...fields,
      ...extra,
    },
  });
  const { script, bidi, long, odd } = HOSTILE_KEYS;
  return [
    article(script, 1, {
      title: SCRIPT_TITLE,
      description: SCRIPT_DESCRIPTION,
      summary: SCRIPT_SUMMARY,
      sourceUrl: UNSAFE_URLS[0],
    }),
    article(script, 2, { title: `${HOSTILE_WORD} data link`, sourceUrl: UNSAFE_URLS[2] }),
    article(script, 3, {
      title: `${HOSTILE_WORD} mixed-case javascript link`,
      eventType: UNKNOWN.eventType,
      sourceUrl: UNSAFE_URLS[1],
    }),
    article(bidi, 4, { title: BIDI_TITLE, summary: BIDI_NAME, sourceUrl: UNSAFE_URLS[3] }),
    article(bidi, 5, { title: `${HOSTILE_WORD} protocol-relative`, sourceUrl: UNSAFE_URLS[4] }),
    article(long, 6, {
      title: LONG_NAME,
      description: LONG_WORD,
      summary: LONG_WORD,
      sourceUrl: UNSAFE_URLS[5],
    }),
    article(odd, 7, { title: "", description: "", summary: "", sourceUrl: "" }, { sentiment: "<b>?</b>" }),
    ...Object.values(ODD_KEYS).map((key, i) =>
      article(key, 8 + i, {
        title: `${ODD_KEY_NAMES[key]} reports results`,
        sourceUrl: `https://news.example/odd-key/${i}`,
      }),
    ),
  ];
}
