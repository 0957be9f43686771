// The one upstream budget: at most N calls in any S seconds (UPSTREAM_RATE_LIMIT) and D per UTC
// day (UPSTREAM_DAILY_LIMIT) for the key, with a share of each kept for the calls people wait for
// (budget-policy.ts). Calls queue for a slot instead of being refused; interactive calls go first;
// a call that would wait past its limit fails fast as rate_limited with the time to wait. Where the
// slots are counted is a BudgetStore: this process's memory (LocalBudgetStore, kept in CACHE_DIR
// across restarts), or Redis shared by every instance (lib/server/budget/upstream-budget.ts). The
// service's 429s pause the store (every instance with Redis): for its Retry-After, with a growing
// backoff when it gives none, and until 00:00 UTC when it names its daily cap.
import { dataChanged } from "@/lib/data-changed";
import type { RedisStatus } from "@/lib/server/cache/redis";
import {
  type BudgetLimit,
  type BudgetPolicy,
  DAILY_PROBE_MS,
  dailyBackgroundAllowance,
  dailyCaps,
  NO_LIMITS,
  NO_RETRY_AFTER_BACKOFF_MS,
  nextPacedSlot,
  nextUtcMidnight,
  pacedBackgroundCap,
  utcDay,
  utcDayName,
  WINDOW_MARGIN_MS,
  windowBackgroundCap,
} from "./budget-policy";
import { UpstreamError } from "./errors";
import type { Priority } from "./priority";

export { parseUpstreamRateLimit, WINDOW_MARGIN_MS } from "./budget-policy";
export type { BudgetLimit, BudgetPolicy };

export type BudgetMode = "local" | "shared" | "local-fallback";

/**
 * Why a slot was refused: the window is full (`window`), or full up to background work's share
 * (`background`); the day's allowance is spent (`day`), or spent up to background work's paced
 * share or the people's reserve (`day-background`); the service asked to wait (`paused`), or named
 * its daily cap (`day-paused`).
 */
export type Refusal = "window" | "background" | "day" | "day-background" | "paused" | "day-paused";

/** Refusals that hold every call, whatever its priority. */
export function holdsEveryone(why: Refusal): boolean {
  return why === "paused" || why === "day-paused" || why === "day";
}

export type TakeResult =
  /** `probe`: let through while the service's daily cap pauses every call, to see whether it has lifted. */
  { granted: true; probe?: boolean } | { granted: false; retryInMs: number; why: Refusal };

/** Why every call is paused: the service's Retry-After, a backoff after 429s without one, or its daily cap. */
export type PauseKind = "retry-after" | "backoff" | "daily";

export interface Pause {
  until: number;
  kind: PauseKind;
}

export interface DayCount {
  /** The UTC day (days since the epoch). */
  day: number;
  total: number;
  background: number;
}

export interface BudgetDayStatus {
  /** The UTC day counted, e.g. 2026-12-01. */
  day: string;
  /** UPSTREAM_DAILY_LIMIT, or null. */
  limit: number | null;
  used: number;
  usedBy: Record<Priority, number>;
  remaining: number | null;
  /** The day's calls kept for people: background work stops before the day's calls reach them. */
  reserve: number | null;
  /** What background work may have spent by now (its share of the day, paced over it). */
  backgroundAllowance: number | null;
  /** ISO instant of the next 00:00 UTC, when the counts start again. */
  resetsAt: string;
}

export interface BudgetStoreStatus {
  mode: BudgetMode;
  limit: BudgetLimit | null;
  /** The slots this store may hand out per window right now (a share of the limit while falling back). */
  effectiveCalls: number | null;
  /** Calls in the current window, as last seen (all instances' when shared). */
  used: number;
  usedBy: Record<Priority, number>;
  /** The window's calls (all counted) at which background work stops: the rest are kept for people. */
  backgroundCap: number | null;
  today: BudgetDayStatus;
  pausedUntil: number | null;
  pause: Pause | null;
  /** While the daily cap pauses every call: when the next probe may go. */
  nextProbeAt: number | null;
  /** Shared: the instances seen sharing it in the last minute, and the connection. */
  instances?: number;
  redis?: RedisStatus;
}

export interface BudgetStore {
  readonly policy: BudgetPolicy;
  /** Reads shared figures again, where there are any, before a status is reported. */
  refresh?(): Promise<void>;
  /**
   * Takes one slot for a call of `priority` if the budget allows it now. `interactiveWaiting`
   * says this instance still has interactive calls queued after this one, so that background
   * work elsewhere backs off.
   */
  take(priority: Priority, interactiveWaiting: boolean): Promise<TakeResult>;
  /** Every call waits until `pause.until` (a lasting pause is never shortened by a shorter one). */
  pause(pause: Pause): void;
  /** A probe (or any call) got an answer other than a 429: a daily-cap pause is over. */
  resume(): void;
  /** The pause in force, as last known here. */
  currentPause(): Pause | null;
  status(): BudgetStoreStatus;
  /** Writes what must outlive the process (CACHE_DIR) now. */
  flush?(): Promise<void>;
}

/** One granted slot. */
export interface Grant {
  at: number;
  background: boolean;
}

/** Grant times within the window, oldest first. */
export class SlidingLog {
  private readonly grants: Grant[] = [];

  constructor(private readonly windowMs: number) {}

  private expire(now: number): void {
    const cutoff = now - this.windowMs - WINDOW_MARGIN_MS;
    while (this.grants.length > 0 && (this.grants[0] as Grant).at <= cutoff) this.grants.shift();
  }

  count(now: number): number {
    this.expire(now);
    return this.grants.length;
  }

  countBackground(now: number): number {
    this.expire(now);
    return this.grants.filter((g) => g.background).length;
  }

  record(grant: Grant): void {
    this.grants.push(grant);
    this.grants.sort((a, b) => a.at - b.at);
  }

  /** Grants at or after `since`, within the window. */
  since(since: number, now: number): Grant[] {
    this.expire(now);
    return this.grants.filter((g) => g.at >= since);
  }

  /** Ms until fewer than `cap` grants are in the window (0 when that is already so). */
  freeInMs(now: number, cap: number): number {
    const used = this.count(now);
    if (used < cap) return 0;
    const freeing = this.grants[used - cap] as Grant;
    return Math.max(1, freeing.at + this.windowMs + WINDOW_MARGIN_MS - now);
  }
}

/** What a LocalBudgetStore keeps across restarts (in CACHE_DIR), so a new process does not overspend. */
export interface SavedBudget {
  version: 1;
  grants: Grant[];
  day: DayCount;
  pause: Pause | null;
  probeAt: number | null;
}

/** Where a LocalBudgetStore keeps its state between processes (lib/server/budget/budget-file.ts). */
export interface BudgetPersistence {
  load(): SavedBudget | null;
  /** Called after each change; the persistence decides when to write. */
  save(state: SavedBudget): void;
  flush(): Promise<void>;
}

/** The caps one take is held to: the window's and the day's (a share of each while falling back from Redis). */
export interface TakeCaps {
  windowCalls: number | null;
  /** The day's calls, background work's whole share and what its pace allows by now; null: no daily cap. */
  day: { limit: number; backgroundTotal: number; backgroundPaced: number } | null;
  /** How far apart the probes go while the service's daily cap pauses every call. */
  probeEveryMs: number;
}

/** The budget in this process's memory: the default, and the fallback while Redis is away. */
export class LocalBudgetStore implements BudgetStore {
  private readonly log: SlidingLog | null;
  private day: DayCount;
  private paused: Pause | null = null;
  /** While a daily-cap pause runs: when the last probe went (or the pause began). */
  private probeAt: number | null = null;

  constructor(
    readonly policy: BudgetPolicy = NO_LIMITS,
    private readonly now: () => number = Date.now,
    private readonly persistence: BudgetPersistence | null = null,
  ) {
    // A log even without a window limit: the status reports the calls of the last minute.
    this.log = new SlidingLog(policy.window?.windowMs ?? 60_000);
    this.day = { day: utcDay(now()), total: 0, background: 0 };
    const saved = persistence?.load();
    if (saved) this.restore(saved);
  }

  /** A limit setting alone, as the tests and benchmarks build one. */
  static of(window: BudgetLimit | null, now?: () => number): LocalBudgetStore {
    return new LocalBudgetStore({ ...NO_LIMITS, window }, now);
  }

  private restore(saved: SavedBudget): void {
    const now = this.now();
    for (const grant of saved.grants) if (grant.at <= now) this.log?.record(grant);
    if (saved.day.day === utcDay(now)) this.day = { ...saved.day };
    if (saved.pause && saved.pause.until > now) {
      this.paused = saved.pause;
      this.probeAt = saved.probeAt;
    }
  }

  async take(priority: Priority): Promise<TakeResult> {
    return this.takeWithin(priority, this.caps());
  }

  /** The policy's own caps now: the whole window and the whole day. */
  caps(now = this.now()): TakeCaps {
    const daily = dailyCaps(this.policy, now);
    return {
      windowCalls: this.policy.window?.calls ?? null,
      day: daily && {
        limit: daily.limit,
        backgroundTotal: daily.backgroundTotal,
        backgroundPaced: daily.backgroundPaced,
      },
      probeEveryMs: DAILY_PROBE_MS,
    };
  }

  /** Takes a slot held to `caps` (a share of the limits while falling back from Redis). */
  takeWithin(priority: Priority, caps: TakeCaps): TakeResult {
    const now = this.now();
    const day = this.today(now);
    const background = priority === "background";
    if (caps.day) {
      if (day.total >= caps.day.limit)
        return { granted: false, retryInMs: nextUtcMidnight(now) - now, why: "day" };
      if (background && day.total >= caps.day.backgroundTotal)
        return { granted: false, retryInMs: nextUtcMidnight(now) - now, why: "day-background" };
      if (background && day.background >= caps.day.backgroundPaced)
        return {
          granted: false,
          retryInMs: nextPacedSlot(this.policy, day.background, now) - now,
          why: "day-background",
        };
    }
    const pause = this.currentPause();
    if (pause) {
      if (pause.kind !== "daily") return { granted: false, retryInMs: pause.until - now, why: "paused" };
      const probeDue = (this.probeAt ?? 0) + caps.probeEveryMs;
      if (now < probeDue)
        return { granted: false, retryInMs: Math.min(pause.until, probeDue) - now, why: "day-paused" };
      this.probeAt = now;
      this.record(now, background);
      return { granted: true, probe: true };
    }
    const window = this.policy.window;
    if (window && this.log && caps.windowCalls !== null) {
      const cap = background ? windowBackgroundCap(this.policy, caps.windowCalls) : caps.windowCalls;
      const wait = this.log.freeInMs(now, cap);
      if (wait > 0) return { granted: false, retryInMs: wait, why: background ? "background" : "window" };
    }
    this.record(now, background);
    return { granted: true };
  }

  private record(at: number, background: boolean): void {
    this.log?.record({ at, background });
    const day = this.today(at);
    day.total++;
    if (background) day.background++;
    this.changed();
  }

  /**
   * Notes a slot granted elsewhere (the shared store) as spent by this process: in its window (its
   * share if Redis goes away), and probes spaced from it. The day's count is the store's to say.
   */
  recordGrant(background: boolean, probe = false): void {
    const now = this.now();
    this.log?.record({ at: now, background });
    if (probe) this.probeAt = now;
    this.changed();
  }

  /** Raises today's counts to what the shared store last said (they are never lowered). */
  raiseDay(seen: { total: number; background: number }): void {
    const day = this.today(this.now());
    if (seen.total <= day.total && seen.background <= day.background) return;
    day.total = Math.max(day.total, seen.total);
    day.background = Math.max(day.background, seen.background);
    this.changed();
  }

  /** Today's counts (a new day starts them again). */
  today(now = this.now()): DayCount {
    const current = utcDay(now);
    if (this.day.day !== current) this.day = { day: current, total: 0, background: 0 };
    return this.day;
  }

  pause(pause: Pause): void {
    const now = this.now();
    const current = this.currentPause();
    if (current && current.until >= pause.until) return;
    // A daily pause's first probe goes one probe interval after it began.
    if (pause.kind === "daily" && current?.kind !== "daily") this.probeAt = now;
    this.paused = pause;
    this.changed();
  }

  resume(): void {
    if (this.paused?.kind !== "daily") return;
    this.paused = null;
    this.probeAt = null;
    this.changed();
  }

  currentPause(): Pause | null {
    return this.paused !== null && this.paused.until > this.now() ? this.paused : null;
  }

  pausedUntil(): number | null {
    return this.currentPause()?.until ?? null;
  }

  nextProbeAt(): number | null {
    return this.currentPause()?.kind === "daily" ? (this.probeAt ?? 0) + DAILY_PROBE_MS : null;
  }

  /** Grants at or after `since` still in the window: what this process spent while on its own. */
  grantsSince(since: number): Grant[] {
    return this.log?.since(since, this.now()) ?? [];
  }

  used(): number {
    return this.log?.count(this.now()) ?? 0;
  }

  usedBy(): Record<Priority, number> {
    const now = this.now();
    const background = this.log?.countBackground(now) ?? 0;
    return { interactive: (this.log?.count(now) ?? 0) - background, background };
  }

  status(): BudgetStoreStatus {
    const now = this.now();
    return {
      mode: "local",
      limit: this.policy.window,
      effectiveCalls: this.policy.window?.calls ?? null,
      used: this.used(),
      usedBy: this.usedBy(),
      backgroundCap: this.policy.window ? windowBackgroundCap(this.policy) : null,
      today: dayStatus(this.policy, this.today(now), now),
      pausedUntil: this.pausedUntil(),
      pause: this.currentPause(),
      nextProbeAt: this.nextProbeAt(),
    };
  }

  private changed(): void {
    this.persistence?.save({
      version: 1,
      grants: this.log?.since(0, this.now()) ?? [],
      day: { ...this.day },
      pause: this.paused,
      probeAt: this.probeAt,
    });
  }

  flush(): Promise<void> {
    return this.persistence?.flush() ?? Promise.resolve();
  }
}

/** Today's figures as a status reports them. */
export function dayStatus(policy: BudgetPolicy, day: DayCount, now: number): BudgetDayStatus {
  const limit = policy.daily;
  const allowance = limit === null ? null : dailyBackgroundAllowance(policy);
  return {
    day: utcDayName(day.day),
    limit,
    used: day.total,
    usedBy: { interactive: day.total - day.background, background: day.background },
    remaining: limit === null ? null : Math.max(0, limit - day.total),
    reserve: limit === null || allowance === null ? null : limit - allowance,
    backgroundAllowance: limit === null ? null : pacedBackgroundCap(policy, now),
    resetsAt: new Date(nextUtcMidnight(now)).toISOString(),
  };
}

export interface BudgetStatus extends BudgetStoreStatus {
  waiting: Record<Priority, number>;
}

interface Waiter {
  priority: Priority;
  endpoint: string;
  deadline: number;
  resolve: () => void;
  reject: (error: UpstreamError) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * While interactive calls wait, the queue asks the store again at least this often, which keeps
 * this instance's "interactive waiting" mark alive in the shared store.
 */
const INTERACTIVE_RECHECK_MS = 500;

/** What a 429 did to the budget: how long every call now waits, and why. */
export interface RateLimitedPause {
  waitMs: number;
  kind: PauseKind;
  /** Whether this 429 began the pause (an operator's log line says so once). */
  began: boolean;
}

/** Hands out the store's slots one at a time: interactive calls first, then in arrival order. */
export class UpstreamBudget {
  private readonly queue: Waiter[] = [];
  private pumping = false;
  private wake: (() => void) | null = null;
  /** What the store said at the last refusal: nothing of `priority` (or lower) before `until`. */
  private blocked: { priority: Priority; until: number; why: Refusal } | null = null;
  /** 429s without Retry-After in a row (any other answer ends the row). */
  private unexplained429s = 0;
  /** The last refusal was for the day's allowance (this server's own), spent. */
  private spentNoted = false;

  constructor(
    readonly store: BudgetStore,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = defaultSleep,
  ) {}

  /**
   * Resolves when the call may go, or rejects as rate_limited (with retryAfterMs) as soon as it
   * is clear the slot will not come within `maxWaitMs`.
   */
  acquire(endpoint: string, priority: Priority, maxWaitMs: number): Promise<void> {
    const now = this.now();
    // A pause another instance has seen lifted (its probe got through) blocks nothing more here.
    if ((this.blocked?.why === "paused" || this.blocked?.why === "day-paused") && !this.store.currentPause())
      this.blocked = null;
    const blocked = this.blocked;
    if (
      blocked &&
      (blocked.priority === "interactive" || priority === "background" || holdsEveryone(blocked.why)) &&
      now + maxWaitMs < blocked.until
    ) {
      return Promise.reject(this.refusal(endpoint, blocked.until - now, blocked.why));
    }
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ priority, endpoint, deadline: now + maxWaitMs, resolve, reject });
      if (priority === "interactive") this.wake?.();
      void this.pump();
    });
  }

  /**
   * The service answered 429: every call pauses, for its Retry-After when it gives one; until
   * 00:00 UTC when its message names a daily cap, or when 429s without Retry-After keep coming
   * (NO_RETRY_AFTER_BACKOFF_MS, then the day); meanwhile for a growing backoff.
   */
  rateLimited({ retryAfterMs, daily }: { retryAfterMs?: number; daily: boolean }): RateLimitedPause {
    const now = this.now();
    const before = this.store.currentPause();
    let pause: Pause;
    if (retryAfterMs !== undefined && retryAfterMs > 0) {
      this.unexplained429s = 0;
      pause = { until: now + retryAfterMs, kind: "retry-after" };
    } else if (daily) pause = { until: nextUtcMidnight(now), kind: "daily" };
    else {
      // Calls sent together meet the same refusal: only one that comes after the pause began
      // makes the next step of the row.
      if (before === null || this.unexplained429s === 0) this.unexplained429s++;
      const backoff = NO_RETRY_AFTER_BACKOFF_MS[this.unexplained429s - 1];
      pause =
        backoff === undefined
          ? { until: nextUtcMidnight(now), kind: "daily" }
          : { until: now + backoff, kind: "backoff" };
    }
    this.store.pause(pause);
    const current = this.store.currentPause() ?? pause;
    this.wake?.();
    const began = before === null || (before.kind !== "daily" && current.kind === "daily");
    // Pages say when the day's allowance is spent: those kept from before are rendered again.
    if (began && current.kind === "daily") dataChanged();
    return { waitMs: Math.max(1, current.until - now), kind: current.kind, began };
  }

  /**
   * The service answered something other than a 429: the row of 429s ends, and a pause for its
   * daily cap lifts (true then: calls resume).
   */
  answered(): boolean {
    this.unexplained429s = 0;
    if (this.store.currentPause()?.kind !== "daily") return false;
    this.store.resume();
    this.blocked = null;
    this.wake?.();
    dataChanged();
    return true;
  }

  pausedUntil(): number | null {
    return this.store.currentPause()?.until ?? null;
  }

  currentPause(): Pause | null {
    return this.store.currentPause();
  }

  /** Whether this server's own daily allowance (UPSTREAM_DAILY_LIMIT) is spent until 00:00 UTC. */
  daySpent(): boolean {
    const { limit, used } = this.store.status().today;
    return limit !== null && used >= limit;
  }

  /**
   * Whether the day's allowance is tight: background work has spent three quarters of what its
   * pace allows by now, or the day's calls three quarters of the part before the people's reserve,
   * or every call is paused. Work that can be left out (the overview's counts) then waits.
   */
  tight(): boolean {
    if (this.store.currentPause()) return true;
    const { limit, reserve, backgroundAllowance, used, usedBy } = this.store.status().today;
    if (limit === null || reserve === null || backgroundAllowance === null) return false;
    return usedBy.background >= 0.75 * backgroundAllowance || used >= 0.75 * (limit - reserve);
  }

  /** Reads the store's shared figures again (Redis's), so that the next status is current. */
  async refresh(): Promise<void> {
    await this.store.refresh?.();
  }

  flush(): Promise<void> {
    return this.store.flush?.() ?? Promise.resolve();
  }

  status(): BudgetStatus {
    const waiting = { interactive: 0, background: 0 };
    for (const waiter of this.queue) waiting[waiter.priority]++;
    return { ...this.store.status(), waiting };
  }

  private head(): Waiter | undefined {
    return this.queue.find((w) => w.priority === "interactive") ?? this.queue[0];
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (let head = this.head(); head; head = this.head()) {
        const interactiveBehind = this.queue.some((w) => w !== head && w.priority === "interactive");
        const result = await this.store.take(head.priority, interactiveBehind);
        if (result.granted) {
          this.spentNoted = false;
          this.blocked = null;
          this.queue.splice(this.queue.indexOf(head), 1);
          head.resolve();
          continue;
        }
        const now = this.now();
        const until = now + result.retryInMs;
        this.blocked = { priority: head.priority, until, why: result.why };
        if (result.why === "day" && !this.spentNoted) {
          // The day's allowance is spent from now: pages kept from before are rendered again, saying so.
          this.spentNoted = true;
          dataChanged();
        }
        // Fail fast whoever cannot be served before then: waiting longer would not help them.
        for (const waiter of [...this.queue]) {
          const sameOrLower = head.priority === "interactive" || waiter.priority === "background";
          if ((sameOrLower || holdsEveryone(result.why)) && waiter.deadline < until) {
            this.queue.splice(this.queue.indexOf(waiter), 1);
            waiter.reject(this.refusal(waiter.endpoint, result.retryInMs, result.why));
          }
        }
        if (this.queue.length === 0) break;
        const interactive = this.queue.some((w) => w.priority === "interactive");
        const nap = interactive ? Math.min(result.retryInMs, INTERACTIVE_RECHECK_MS) : result.retryInMs;
        await Promise.race([
          this.sleep(nap),
          new Promise<void>((resolve) => {
            this.wake = resolve;
          }),
        ]);
        this.wake = null;
      }
    } finally {
      this.pumping = false;
    }
  }

  private refusal(endpoint: string, retryAfterMs: number, why: Refusal): UpstreamError {
    const details = { endpoint, retryAfterMs: Math.max(1, Math.ceil(retryAfterMs)) };
    switch (why) {
      case "paused":
        return new UpstreamError(
          "rate_limited",
          "the data service asked to wait before the next call",
          details,
        );
      case "day-paused":
        // A probe may lift it sooner, but a person is told the day's end.
        return new UpstreamError(
          "rate_limited",
          "the data service's daily limit for this key is reached; calls resume at 00:00 UTC",
          {
            ...details,
            retryAfterMs: Math.max(
              details.retryAfterMs,
              (this.store.currentPause()?.until ?? 0) - this.now(),
            ),
            daily: "spent",
          },
        );
      case "day":
        return new UpstreamError(
          "rate_limited",
          "this server's daily allowance of upstream calls (UPSTREAM_DAILY_LIMIT) is spent until 00:00 UTC",
          { ...details, budget: true, daily: "spent" },
        );
      case "day-background":
        return new UpstreamError(
          "rate_limited",
          "background work has used its share of today's upstream calls; the rest is kept for pages people open",
          { ...details, budget: true, daily: "reserve", deferred: true },
        );
      default:
        return new UpstreamError(
          "rate_limited",
          "this server's upstream budget (UPSTREAM_RATE_LIMIT) is spent for the moment",
          { ...details, budget: true, ...(why === "background" ? { deferred: true as const } : {}) },
        );
    }
  }
}
