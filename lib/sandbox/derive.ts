// Values derived on demand from a company record: the profile's prose and people, its
// peers, and the "served live" fields that change with the clock.
import { PERSON_NAMES } from "./data/names";
import { hash32, Rng } from "./rng";
import { type CompanyFacts, descriptions, type PeerRelationship, peerReasoning } from "./text";
import type { CompanyRec, Universe } from "./universe";

const SALT = { profile: 11, peers: 12, updated: 13, earnings: 14, reasoning: 15 } as const;
const DAY_MS = 86_400_000;

export interface ProfileExtras {
  ceo: string;
  foundingYear: number;
  ipoYear: number | undefined;
  descriptionShort: string;
  descriptionLong: string;
}

export interface PeerRec {
  company: CompanyRec;
  relationship: PeerRelationship;
  segment: string | null;
  reasoning: string;
}

/** Founding and IPO years and the CEO: cheap, needed for facts and the profile. */
function people(
  universe: Universe,
  c: CompanyRec,
): { ceo: string; foundingYear: number; ipoYear: number | undefined } {
  const rng = new Rng(hash32(universe.seed, c.index, SALT.profile));
  const names = PERSON_NAMES[c.hq.culture];
  const ceo = `${rng.pick(names.first)} ${rng.pick(names.last)}`;
  const cap = c.marketCapUsd ?? 1e8;
  let foundingYear: number;
  if (c.type === "spac") foundingYear = rng.int(2019, 2025);
  else {
    const age =
      3 + Math.floor(-Math.log(Math.max(rng.next(), 1e-9)) * (18 + Math.max(0, Math.log10(cap) - 8) * 14));
    foundingYear = Math.max(1837, 2025 - Math.min(age, 185));
  }
  const preIpo = c.listings[0]?.status === "pre_ipo";
  const ipoYear = preIpo
    ? undefined
    : Math.min(
        2026,
        Math.max(
          foundingYear + (c.type === "spac" ? 0 : 1),
          foundingYear + Math.floor(rng.next() ** 1.6 * 60),
        ),
      );
  return { ceo, foundingYear, ipoYear: ipoYear !== undefined ? Math.max(ipoYear, 1880) : undefined };
}

export function companyFacts(
  universe: Universe,
  c: CompanyRec,
  peers: readonly CompanyRec[] = [],
): CompanyFacts {
  const p = people(universe, c);
  const primary = c.listings[0];
  return {
    displayName: c.displayName,
    shortName: c.shortName,
    ticker: primary?.ticker ?? "",
    exchangeCode: primary?.exchange.code ?? "",
    companyType: c.type,
    sector: c.sub.sector,
    industryGroup: c.sub.industryGroup,
    industry: c.sub.industry,
    subIndustry: c.sub.name,
    products: c.sub.products,
    customers: c.sub.customers,
    segments: c.segments,
    hqCity: c.hqCity,
    hqCountryName: c.hq.name,
    legalDomicileCountryName: c.domicile.name,
    ceo: p.ceo,
    foundingYear: p.foundingYear,
    ipoYear: p.ipoYear ?? null,
    marketCapUsd: c.marketCapUsd,
    reportingCurrency: c.reportingCurrency,
    listingCount: c.listings.length,
    peerShortNames: peers.map((peer) => peer.shortName),
  };
}

export function profileExtras(universe: Universe, c: CompanyRec): ProfileExtras {
  const p = people(universe, c);
  const peers = peerCompanies(universe, c);
  const text = descriptions(
    companyFacts(
      universe,
      c,
      peers.map((x) => x.company),
    ),
    new Rng(hash32(universe.seed, c.index, SALT.profile, 2)).next,
  );
  return { ...p, descriptionShort: text.short, descriptionLong: text.long };
}

// ---- peers ------------------------------------------------------------------------------

interface PeerBuckets {
  bySub: Map<string, CompanyRec[]>;
  byIndustry: Map<string, CompanyRec[]>;
  byGroup: Map<string, CompanyRec[]>;
}

const bucketCache = new WeakMap<readonly CompanyRec[], PeerBuckets>();

function bucketsFor(pool: readonly CompanyRec[]): PeerBuckets {
  let buckets = bucketCache.get(pool);
  if (buckets) return buckets;
  buckets = { bySub: new Map(), byIndustry: new Map(), byGroup: new Map() };
  const add = (map: Map<string, CompanyRec[]>, key: string, c: CompanyRec) => {
    const list = map.get(key);
    if (list) list.push(c);
    else map.set(key, [c]);
  };
  for (const c of pool) {
    add(buckets.bySub, c.sub.code, c);
    add(buckets.byIndustry, c.sub.industry, c);
    add(buckets.byGroup, c.sub.industryGroup, c);
  }
  const byCap = (a: CompanyRec, b: CompanyRec) =>
    (b.marketCapUsd ?? 0) - (a.marketCapUsd ?? 0) || a.index - b.index;
  for (const map of [buckets.bySub, buckets.byIndustry, buckets.byGroup])
    for (const list of map.values()) list.sort(byCap);
  bucketCache.set(pool, buckets);
  return buckets;
}

const logCap = (c: CompanyRec) => Math.log10(c.marketCapUsd ?? 5e7);

/** Up to `count` companies from `list` closest in size to `c`, skipping `exclude`. */
function nearest(
  list: readonly CompanyRec[] | undefined,
  c: CompanyRec,
  count: number,
  exclude: Set<CompanyRec>,
  rng: Rng,
  accept: (other: CompanyRec) => boolean = () => true,
): CompanyRec[] {
  if (!list || count <= 0) return [];
  // Binary search for c's size position (list is sorted by cap, descending).
  const target = c.marketCapUsd ?? 5e7;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (((list[mid] as CompanyRec).marketCapUsd ?? 0) > target) lo = mid + 1;
    else hi = mid;
  }
  const window: { other: CompanyRec; score: number }[] = [];
  for (let i = Math.max(0, lo - 25); i < Math.min(list.length, lo + 25); i++) {
    const other = list[i] as CompanyRec;
    if (other === c || exclude.has(other) || !accept(other)) continue;
    // Larger peers are favoured a little: analysts benchmark against the leaders.
    const diff = logCap(other) - logCap(c);
    window.push({ other, score: Math.abs(diff) - (diff > 0 ? 0.15 : 0) + rng.next() * 0.6 });
  }
  window.sort((a, b) => a.score - b.score);
  return window.slice(0, count).map((w) => w.other);
}

const peerCache = new Map<
  number,
  { company: CompanyRec; relationship: PeerRelationship; closeness: number }[]
>();

/** The companies that are peers of c, closest first, without reasoning text. */
export function peerCompanies(
  universe: Universe,
  c: CompanyRec,
): { company: CompanyRec; relationship: PeerRelationship }[] {
  const cached = peerCache.get(c.index);
  if (cached) return cached;
  const pool = c.apiEnabled ? universe.enabled : universe.companies;
  const buckets = bucketsFor(pool);
  const rng = new Rng(hash32(universe.seed, c.index, SALT.peers));
  const total = Math.min(
    12,
    Math.max(3, Math.round(4 + rng.normal() * 2 + Math.max(0, logCap(c) - 9) * 1.5)),
  );
  const chosen = new Set<CompanyRec>();
  const out: { company: CompanyRec; relationship: PeerRelationship; closeness: number }[] = [];
  const take = (list: CompanyRec[], relationship: PeerRelationship, base: number) => {
    list.forEach((company, i) => {
      chosen.add(company);
      out.push({
        company,
        relationship,
        closeness: base + i * 0.35 + Math.abs(logCap(company) - logCap(c)) * 0.2,
      });
    });
  };
  const nDirect = Math.max(1, Math.round(total * (0.35 + rng.next() * 0.25)));
  take(nearest(buckets.bySub.get(c.sub.code), c, nDirect, chosen, rng), "direct_competitor", 0);
  const nModel = Math.max(1, Math.round((total - out.length) * 0.4));
  take(
    nearest(
      buckets.byGroup.get(c.sub.industryGroup),
      c,
      nModel,
      chosen,
      rng,
      (o) => o.sub.industry !== c.sub.industry,
    ),
    "business_model_peer",
    1.2,
  );
  take(
    nearest(buckets.byIndustry.get(c.sub.industry), c, total - out.length, chosen, rng),
    "industry_peer",
    0.8,
  );
  if (out.length < 3) {
    // Thin corners of the market: widen to the industry group.
    take(
      nearest(buckets.byGroup.get(c.sub.industryGroup), c, 3 - out.length, chosen, rng),
      "industry_peer",
      2,
    );
  }
  out.sort((a, b) => a.closeness - b.closeness);
  if (peerCache.size > 20_000) peerCache.clear();
  peerCache.set(c.index, out);
  return out;
}

export function peers(universe: Universe, c: CompanyRec): PeerRec[] {
  const list = peerCompanies(universe, c);
  const facts = companyFacts(universe, c);
  return list.map(({ company, relationship }) => {
    const rng = new Rng(hash32(universe.seed, c.index, SALT.reasoning, company.index));
    const segment =
      relationship === "direct_competitor"
        ? rng.chance(0.85)
          ? rng.pick(c.segments)
          : null
        : relationship === "industry_peer" && rng.chance(0.3)
          ? rng.pick(c.segments)
          : null;
    const reasoning = peerReasoning(facts, companyFacts(universe, company), relationship, segment, rng.next);
    return { company, relationship, segment, reasoning };
  });
}

// ---- live fields ------------------------------------------------------------------------

const UPDATE_PERIODS_S = [6 * 3600, 12 * 3600, 86_400, 3 * 86_400, 7 * 86_400, 30 * 86_400];

function updateCadence(universe: Universe, c: CompanyRec): { period: number; phase: number } {
  const h = hash32(universe.seed, c.index, SALT.updated);
  const period = UPDATE_PERIODS_S[h % UPDATE_PERIODS_S.length] as number;
  return { period, phase: (h >>> 8) % period };
}

/** Unix seconds of the last data change: advances on a company-specific cadence. */
export function updatedAt(universe: Universe, c: CompanyRec, nowMs: number): number {
  const { period, phase } = updateCadence(universe, c);
  const now = Math.floor(nowMs / 1000);
  return now - ((((now - phase) % period) + period) % period);
}

/** When (ms) the company's updatedAt next changes. */
export function nextUpdateMs(universe: Universe, c: CompanyRec, nowMs: number): number {
  return (updatedAt(universe, c, nowMs) + updateCadence(universe, c).period) * 1000;
}

function iso(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** Latest earnings filing at or before now, on the company's fiscal calendar. */
export function earningsFilingDate(universe: Universe, c: CompanyRec, nowMs: number): string | undefined {
  if (!c.datasets.includes("financials") && !c.apiEnabled) return undefined;
  if (c.listings[0]?.status === "pre_ipo") return undefined;
  const h = hash32(universe.seed, c.index, SALT.earnings);
  const monthShift = h % 3; // fiscal quarters ending Mar/Jun/Sep/Dec, or one or two months later
  const lagDays = 20 + ((h >>> 4) % 40);
  const hour = 11 + ((h >>> 12) % 11);
  const minute = (h >>> 16) % 60;
  const step = c.financialPeriods.includes("semi-annual") ? 6 : 3;
  const now = new Date(nowMs);
  // Walk back period ends from the current month until a filing is in the past.
  for (let back = 0; back < 30; back++) {
    const monthIndex = now.getUTCFullYear() * 12 + now.getUTCMonth() - back;
    const month = monthIndex % 12; // 0-based month of the period end
    if ((month + 1 - monthShift - 3 + 12 * 4) % step !== 0) continue;
    const periodEnd = Date.UTC(Math.floor(monthIndex / 12), month + 1, 0); // last day of month
    const filed = periodEnd + lagDays * DAY_MS + hour * 3_600_000 + minute * 60_000;
    if (filed <= nowMs) return iso(filed);
  }
  return undefined;
}
