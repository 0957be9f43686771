// Company news, generated per (company, UTC day) from the seed. A day's articles are cheap
// stubs (type, importance, time); the prose is written only for articles that are served.
import { companyFacts, peerCompanies } from "./derive";
import { hash32, Rng, WeightedTable } from "./rng";
import { EVENT_TYPES, type EventType, newsText } from "./text";
import type { CompanyRec, Universe } from "./universe";

export const DAY_MS = 86_400_000;
/** How far back the sandbox keeps news. */
export const NEWS_HISTORY_DAYS = 400;
const SALT = { day: 21, text: 22 } as const;

export type Importance = 1 | 2 | 3 | 4 | 5;

export interface ArticleStub {
  company: CompanyRec;
  day: number; // days since the Unix epoch (UTC)
  seq: number;
  eventType: EventType;
  importance: Importance;
  collectedAtMs: number;
}

export interface Article {
  date: string;
  title: string;
  description: string;
  summary: string;
  eventType: EventType;
  importance: Importance;
  sourceUrl: string;
  collectedAt: string;
}

const EVENT_WEIGHTS: Record<EventType, number> = {
  earnings: 12,
  guidance: 5,
  dividend: 6,
  stock_split: 0.6,
  buyback: 3,
  ma: 5,
  partnership: 7,
  product_launch: 8,
  expansion: 5,
  regulatory: 4,
  legal: 3,
  executive: 5,
  restructuring: 2,
  financing: 4,
  technology: 5,
  esg: 3,
  analyst: 9,
  market_commentary: 10,
  other: 4,
};
const eventTable = new WeightedTable(EVENT_TYPES, (t) => EVENT_WEIGHTS[t]);

/** Importance mix: events that move markets are rare; some types skew more material. */
function importanceFor(eventType: EventType, capLog: number, rng: Rng): Importance {
  const materialTypes: EventType[] = ["ma", "earnings", "guidance", "legal", "regulatory", "restructuring"];
  const shift =
    (materialTypes.includes(eventType) ? -0.35 : 0) + (eventType === "market_commentary" ? 0.5 : 0);
  const r = rng.next() + shift * 0.3 - Math.max(0, capLog - 10) * 0.03;
  if (r < 0.045) return 1;
  if (r < 0.17) return 2;
  if (r < 0.45) return 3;
  if (r < 0.75) return 4;
  return 5;
}

function articlesPerDay(c: CompanyRec): number {
  const capLog = Math.log10(c.marketCapUsd ?? 3e8);
  return Math.min(3.5, Math.max(0.08, 0.12 + (capLog - 8.5) * 0.55));
}

export function hasNews(c: CompanyRec): boolean {
  return c.datasets.includes("news");
}

/** The stubs of one company on one UTC day, in collection order. */
export function dayStubs(universe: Universe, c: CompanyRec, day: number): ArticleStub[] {
  const rng = new Rng(hash32(universe.seed, c.index, SALT.day, day));
  // Poisson draw by inversion (rates are small).
  const lambda = articlesPerDay(c) * (new Date(day * DAY_MS).getUTCDay() % 6 === 0 ? 0.35 : 1);
  let count = 0;
  let p = Math.exp(-lambda);
  let cumulative = p;
  const u = rng.next();
  while (u > cumulative && count < 9) {
    count++;
    p *= lambda / count;
    cumulative += p;
  }
  const capLog = Math.log10(c.marketCapUsd ?? 3e8);
  const stubs: ArticleStub[] = [];
  for (let seq = 0; seq < count; seq++) {
    const eventType = eventTable.pick(rng);
    stubs.push({
      company: c,
      day,
      seq,
      eventType,
      importance: importanceFor(eventType, capLog, rng),
      collectedAtMs: day * DAY_MS + rng.int(0, 86_399) * 1000 + rng.int(0, 999),
    });
  }
  return stubs.sort((a, b) => a.collectedAtMs - b.collectedAtMs);
}

const OUTLETS = [
  "marketledger",
  "capitalwire",
  "thetradingdesk",
  "boardroomdaily",
  "globalmarketsreport",
  "sectorwatch",
  "equitybrief",
  "financialherald",
];

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .slice(0, 80)
    .replace(/-+$/, "");
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

const articleCache = new Map<string, Article>();

/** Writes the article for a stub. Deterministic, so rendered articles are memoised. */
export function renderArticle(universe: Universe, stub: ArticleStub): Article {
  const cacheKey = `${universe.seed}:${stub.company.index}:${stub.day}:${stub.seq}`;
  let article = articleCache.get(cacheKey);
  if (!article) {
    article = writeArticle(universe, stub);
    if (articleCache.size >= 20_000) articleCache.delete(articleCache.keys().next().value as string);
    articleCache.set(cacheKey, article);
  }
  return article;
}

function writeArticle(universe: Universe, stub: ArticleStub): Article {
  const c = stub.company;
  const rng = new Rng(hash32(universe.seed, c.index, SALT.text, stub.day * 16 + stub.seq));
  const facts = companyFacts(
    universe,
    c,
    peerCompanies(universe, c).map((p) => p.company),
  );
  const date = dateOfDay(stub.day);
  const text = newsText(facts, stub.eventType, stub.importance, date, rng.next);
  const outlet = OUTLETS[hash32(c.index, stub.day, stub.seq) % OUTLETS.length];
  return {
    date,
    title: text.title,
    description: text.description,
    summary: text.summary,
    eventType: stub.eventType,
    importance: stub.importance,
    sourceUrl: `https://www.${outlet}.example/${date.replaceAll("-", "/")}/${slugify(text.title)}-${(hash32(c.index, stub.day, stub.seq, 9) % 900_000) + 100_000}`,
    collectedAt: new Date(stub.collectedAtMs).toISOString(),
  };
}

/** The first day with news: a company's news and the cross-company feed both start there. */
export function firstNewsDay(nowMs: number): number {
  return Math.floor(nowMs / DAY_MS) - NEWS_HISTORY_DAYS;
}

/** One company's stubs over [fromDay, toDay], collected at or before now. */
export function companyStubs(
  universe: Universe,
  c: CompanyRec,
  fromDay: number,
  toDay: number,
  nowMs: number,
): ArticleStub[] {
  const out: ArticleStub[] = [];
  for (let day = Math.max(fromDay, firstNewsDay(nowMs)); day <= toDay; day++) {
    for (const stub of dayStubs(universe, c, day)) if (stub.collectedAtMs <= nowMs) out.push(stub);
  }
  return out;
}

const marketDayCache = new Map<string, ArticleStub[]>();

/** Every news-covered company's stubs on one day (cached: past days never change). */
export function marketDayStubs(
  universe: Universe,
  pool: readonly CompanyRec[],
  poolName: string,
  day: number,
): ArticleStub[] {
  const key = `${poolName}:${day}`;
  let stubs = marketDayCache.get(key);
  if (!stubs) {
    stubs = [];
    for (const c of pool) if (hasNews(c)) for (const s of dayStubs(universe, c, day)) stubs.push(s);
    if (marketDayCache.size > 120) marketDayCache.clear();
    marketDayCache.set(key, stubs);
  }
  return stubs;
}
