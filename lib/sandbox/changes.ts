// Scheduled reference-data changes: the generated universe is the state at CHANGES_EPOCH_MS; from
// then on, every UTC day a few companies rename, change ticker, move exchange, delist, list a new
// line, gain or lose a dataset, get a new CIK, leave the list, or IPO into it. The schedule is a
// function of the seed and the clock only, so every instance and every test sees the same changes
// at the same time, and the v2 and v3 shapes (both built from these records) agree.
import { formatCik } from "@/lib/identifiers";
import { exchangeByCode } from "./data/geo";
import { BRAND_STEMS } from "./data/names";
import { DAY_MS } from "./news";
import { hash32 } from "./rng";
import {
  type CompanyRec,
  type DatasetName,
  ListingRec,
  OUTSIDE_LIST_DATASETS,
  type Universe,
} from "./universe";

/** The day the schedule starts: the browser tests' pinned clock (2026-11-20) sees the universe as generated. */
export const CHANGES_EPOCH_MS = Date.UTC(2026, 10, 21);

type ScheduledKind =
  | "rename"
  | "ticker"
  | "exchange"
  | "delist"
  | "ipo"
  | "listing"
  | "dataset"
  | "identifier"
  | "removal";

/** One of each a day, at a time of day drawn per day and kind. */
export const DAILY_KINDS: readonly ScheduledKind[] = [
  "rename",
  "ticker",
  "exchange",
  "delist",
  "ipo",
  "listing",
  "dataset",
  "identifier",
  "removal",
];

interface AppliedChange {
  atMs: number;
  kind: ScheduledKind;
  companyIndex: number;
}

/** The universe as of one moment: changed companies replace their generated records. */
export interface UniverseState {
  /** How many scheduled changes are due: a version for caches. */
  version: number;
  /** The API-enabled list, in list order (new listings last). */
  enabled: readonly CompanyRec[];
  /** A company as of this moment. */
  current(c: CompanyRec): CompanyRec;
  /** Every changed company, as of this moment. */
  changed: readonly CompanyRec[];
  applied: readonly AppliedChange[];
}

const SALT = { pool: 31, time: 32, pick: 33, detail: 34 } as const;
const POOL_SHARE = 8;
const US_TRANSFER: Record<string, string> = { NYSE: "NASDAQ", NASDAQ: "NYSE" };
const ADDABLE_DATASETS: readonly DatasetName[] = [
  "segments_and_kpis",
  "ownership",
  "events_calendar",
  "investor_relations",
  "adjusted_numbers",
];
/** Fresh serials for new lines, far above the generated ones, so identifiers never collide. */
const NEW_LISTING_SERIAL = 5_000_000;
const NEW_FIGI_SERIAL = 400_000_000;
const NEW_CIK = 2_100_000;

function isUsMajor(c: CompanyRec): boolean {
  const code = c.listings[0]?.exchange.code;
  return code === "NYSE" || code === "NASDAQ";
}

function primaryActive(c: CompanyRec): boolean {
  return c.listings[0]?.status === "active";
}

/** The companies that may change: one in eight API-enabled ones, never a free-plan company. */
function changePool(universe: Universe): CompanyRec[] {
  return universe.enabled.filter(
    (c) => !c.freePlan && hash32(universe.seed, c.index, SALT.pool) % POOL_SHARE === 0,
  );
}

/** The scheduled changes' times up to `nowMs`, in order (which company is decided as they apply). */
function scheduleUntil(seed: number, nowMs: number): { atMs: number; kind: ScheduledKind; day: number }[] {
  const out: { atMs: number; kind: ScheduledKind; day: number }[] = [];
  if (nowMs < CHANGES_EPOCH_MS) return out;
  const days = Math.floor((nowMs - CHANGES_EPOCH_MS) / DAY_MS);
  for (let day = 0; day <= days; day++) {
    const dayStart = CHANGES_EPOCH_MS + day * DAY_MS;
    const today: { atMs: number; kind: ScheduledKind; day: number }[] = [];
    DAILY_KINDS.forEach((kind, slot) => {
      const atMs = dayStart + (hash32(seed, day, SALT.time, slot) % (DAY_MS / 1000)) * 1000;
      if (atMs <= nowMs) today.push({ atMs, kind, day });
    });
    out.push(...today.sort((a, b) => a.atMs - b.atMs));
  }
  return out;
}

class StateBuilder {
  private readonly overrides = new Map<number, CompanyRec>();
  private readonly removed = new Set<number>();
  private readonly added: number[] = [];
  /** Companies the schedule delisted, oldest first: a removal takes the oldest from the list. */
  private readonly delisted: number[] = [];
  private readonly usedKeys = new Set<string>();
  private serial = 0;
  readonly applied: AppliedChange[] = [];

  constructor(
    private readonly universe: Universe,
    private readonly pool: readonly CompanyRec[],
    private readonly ipoCandidates: readonly number[],
  ) {
    for (const c of universe.enabled) for (const l of c.listings) this.usedKeys.add(l.key);
  }

  current = (c: CompanyRec): CompanyRec => this.overrides.get(c.index) ?? c;

  private set(c: CompanyRec, atMs: number, kind: ScheduledKind): void {
    this.overrides.set(c.index, { ...c, changedAt: Math.floor(atMs / 1000) });
    this.applied.push({ atMs, kind, companyIndex: c.index });
  }

  /**
   * The company's primary line replaced by `line` (a new ticker or exchange): its key follows, the
   * old one is kept as former. With `keepFormer` the old line stays on as a delisted secondary.
   */
  private movePrimary(
    c: CompanyRec,
    line: CompanyRec["listings"][number],
    atMs: number,
    kind: ScheduledKind,
    { keepFormer = false } = {},
  ): void {
    const primary = c.listings[0];
    if (!primary) return;
    this.usedKeys.add(line.key);
    this.set(
      {
        ...c,
        companyKey: line.key,
        formerTicker: primary.ticker,
        formerKey: primary.key,
        earlierKeys: c.formerKey ? [...c.earlierKeys, c.formerKey] : c.earlierKeys,
        listings: [
          line,
          ...(keepFormer ? [primary.with({ status: "delisted" })] : []),
          ...c.listings.slice(1),
        ],
      },
      atMs,
      kind,
    );
  }

  /** The first company of the pool, from a drawn start, that the change applies to. */
  private pick(day: number, kind: ScheduledKind, fits: (c: CompanyRec) => boolean): CompanyRec | undefined {
    const start = hash32(this.universe.seed, day, SALT.pick, DAILY_KINDS.indexOf(kind));
    for (let i = 0; i < 50; i++) {
      const base = this.pool[(start + i * 7919) % this.pool.length];
      if (!base || this.removed.has(base.index)) continue;
      const c = this.current(base);
      if (fits(c)) return c;
    }
    return undefined;
  }

  /** A company listed on a major US venue, with the other major venue and its first segment. */
  private pickUsTransfer(day: number, kind: ScheduledKind) {
    const c = this.pick(day, kind, (x) => isUsMajor(x) && primaryActive(x));
    const primary = c?.listings[0];
    const target = primary && exchangeByCode.get(US_TRANSFER[primary.exchange.code] ?? "");
    const segment = target?.segments[0];
    return c && primary && target && segment ? { c, primary, target, segment } : undefined;
  }

  /** A US ticker no line uses yet: four letters drawn for the company and change. */
  private newTicker(c: CompanyRec, salt: number): string {
    for (let attempt = 0; ; attempt++) {
      let h = hash32(this.universe.seed, c.index, SALT.detail, salt, attempt);
      let ticker = "";
      for (let i = 0; i < 4; i++) {
        ticker += String.fromCharCode(65 + (h % 26));
        h = Math.floor(h / 26);
      }
      if (!["NYSE", "NASDAQ", "NYSEAM", "NYSEARCA"].some((code) => this.usedKeys.has(`${code}_${ticker}`))) {
        return ticker;
      }
    }
  }

  apply(atMs: number, kind: ScheduledKind, day: number): void {
    const seed = this.universe.seed;
    const n = this.applied.length;
    switch (kind) {
      case "rename": {
        const c = this.pick(day, kind, primaryActive);
        if (!c) return;
        const stem = BRAND_STEMS[hash32(seed, c.index, SALT.detail, n) % BRAND_STEMS.length] as string;
        const renamed = `${stem} ${c.shortName}`;
        const tradeName = renamed === c.tradeName ? `${renamed} Group` : renamed;
        const legalName = c.legalName.includes(c.tradeName)
          ? c.legalName.replace(c.tradeName, tradeName)
          : `${tradeName} ${c.legalName}`;
        const displayName = c.displayName === c.tradeName ? tradeName : legalName;
        this.set(
          { ...c, tradeName, legalName, displayName, legalNameNative: null, tradeNameNative: null },
          atMs,
          kind,
        );
        return;
      }
      case "ticker": {
        const c = this.pick(day, kind, (x) => isUsMajor(x) && primaryActive(x));
        const primary = c?.listings[0];
        if (!c || !primary) return;
        const line = primary.with({ ticker: this.newTicker(c, n) });
        this.movePrimary(c, line, atMs, kind);
        return;
      }
      case "exchange": {
        const move = this.pickUsTransfer(day, kind);
        if (!move) return;
        const { c, primary, target, segment } = move;
        const line = primary.with({ exchange: target, segment });
        if (this.usedKeys.has(line.key)) return;
        this.movePrimary(c, line, atMs, kind);
        return;
      }
      case "delist": {
        const c = this.pick(day, kind, primaryActive);
        if (!c) return;
        this.set(
          {
            ...c,
            listings: c.listings.map((l) => (l.status === "active" ? l.with({ status: "delisted" }) : l)),
          },
          atMs,
          kind,
        );
        this.delisted.push(c.index);
        return;
      }
      case "listing": {
        // A new primary line on the other major US venue; the old one is delisted and kept as secondary.
        const move = this.pickUsTransfer(day, kind);
        if (!move) return;
        const { c, primary, target, segment } = move;
        const k = this.serial++;
        const line = new ListingRec(
          NEW_LISTING_SERIAL + k,
          this.newTicker(c, n + 1000),
          target,
          segment,
          primary.security,
          primary.currency,
          "active",
          NEW_FIGI_SERIAL + 2 * k,
          NEW_FIGI_SERIAL + 2 * k + 1,
        );
        this.movePrimary(c, line, atMs, kind, { keepFormer: true });
        return;
      }
      case "dataset": {
        // Even days a dataset is added, odd days one is withdrawn.
        if (day % 2 === 0) {
          const c = this.pick(day, kind, (x) => ADDABLE_DATASETS.some((d) => !x.datasets.includes(d)));
          const dataset = c && ADDABLE_DATASETS.find((d) => !c.datasets.includes(d));
          if (!c || !dataset) return;
          this.set({ ...c, datasets: [...c.datasets, dataset] }, atMs, kind);
        } else {
          const c = this.pick(day, kind, (x) => ADDABLE_DATASETS.some((d) => x.datasets.includes(d)));
          const dataset = c && ADDABLE_DATASETS.find((d) => c.datasets.includes(d));
          if (!c || !dataset) return;
          this.set({ ...c, datasets: c.datasets.filter((d) => d !== dataset) }, atMs, kind);
        }
        return;
      }
      case "identifier": {
        const c = this.pick(day, kind, (x) => x.cik !== undefined);
        if (!c) return;
        this.set(
          {
            ...c,
            predecessorCik: c.cik,
            earlierCiks: c.predecessorCik ? [...c.earlierCiks, c.predecessorCik] : c.earlierCiks,
            cik: formatCik(NEW_CIK + n),
          },
          atMs,
          kind,
        );
        return;
      }
      case "removal": {
        const index = this.delisted.shift();
        const c = index === undefined ? undefined : this.overrides.get(index);
        if (!c) return;
        this.removed.add(c.index);
        this.set(
          { ...c, apiEnabled: false, datasets: c.datasets.filter((d) => OUTSIDE_LIST_DATASETS.has(d)) },
          atMs,
          kind,
        );
        return;
      }
      case "ipo": {
        const index = this.ipoCandidates[this.added.length];
        if (index === undefined) return;
        const base = this.universe.record(index);
        const primary = base?.listings[0];
        if (!base || !primary) return;
        const datasets: DatasetName[] = ["filings", "stock_prices", "news", "logos"];
        this.added.push(index);
        this.set(
          {
            ...base,
            apiEnabled: true,
            datasets: [...datasets, ...base.datasets.filter((d) => !datasets.includes(d))],
            listings: [primary.with({ status: "active" }), ...base.listings.slice(1)],
          },
          atMs,
          kind,
        );
        return;
      }
    }
  }

  state(version: number): UniverseState {
    const current = this.current;
    const enabled: CompanyRec[] = [];
    for (const c of this.universe.enabled) if (!this.removed.has(c.index)) enabled.push(current(c));
    for (const index of this.added) {
      const base = this.universe.record(index);
      if (base && !this.removed.has(index)) enabled.push(current(base));
    }
    return {
      version,
      enabled,
      current,
      changed: [...this.overrides.values()],
      applied: this.applied,
    };
  }
}

const cache = new WeakMap<Universe, UniverseState>();

/** The universe as of `nowMs`: the generated records with every scheduled change up to then applied. */
export function universeAt(universe: Universe, nowMs: number): UniverseState {
  const schedule = scheduleUntil(universe.seed, nowMs);
  const cached = cache.get(universe);
  if (cached?.version === schedule.length) return cached;
  const builder = new StateBuilder(
    universe,
    changePool(universe),
    // Each IPO takes the next pre-IPO company from outside the list, in generation order, so only
    // the details up to it are generated (the rest complete in the background as before).
    universe.preIpoOutsideList(),
  );
  for (const { atMs, kind, day } of schedule) builder.apply(atMs, kind, day);
  const state = builder.state(schedule.length);
  cache.set(universe, state);
  return state;
}
