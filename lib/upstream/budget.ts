// The one upstream budget (UPSTREAM_RATE_LIMIT = "N/S"): at most N calls in any S seconds for the
// key. Calls queue for a slot instead of being refused; interactive calls go first; a call that
// would wait past its limit fails fast as rate_limited with the time to wait. Where the slots are
// counted is a BudgetStore: this process's memory (LocalBudgetStore), or Redis shared by every
// instance (lib/server/upstream-budget.ts). An upstream 429 pauses the store (every instance with
// Redis) for its Retry-After.
import type { RedisStatus } from "@/lib/server/redis";
import { UpstreamError } from "./errors";
import type { Priority } from "./priority";

export interface BudgetLimit {
  calls: number;
  windowMs: number;
}

/**
 * A sliding window, not a fixed one: a fixed window lets 2N calls through around its boundary,
 * and the service's own window (aligned to its first request, not ours) would refuse the excess.
 * The margin covers the time between taking a slot here and the call being counted there (the
 * network, and queueing at the service); with the free plan's minute it costs under 2 %.
 */
export const WINDOW_MARGIN_MS = 1_000;

/**
 * Background work may not take the last fifth of the window's slots: they stay free for the
 * calls a person waits for, which then rarely wait at all.
 */
export function backgroundCap(limit: BudgetLimit, calls = limit.calls): number {
  return Math.max(1, calls - Math.floor(calls / 5));
}

/** Parses UPSTREAM_RATE_LIMIT: "N/S" (N calls per S seconds), or unset/"off" for no limit. */
export function parseUpstreamRateLimit(value: string | undefined): BudgetLimit | null {
  const raw = (value ?? "").trim();
  if (!raw || raw === "off") return null;
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const calls = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || calls < 1 || seconds < 1 || seconds > 86_400)
    throw new Error(
      'UPSTREAM_RATE_LIMIT must look like "50/60" (upstream calls/seconds, at most a day) or be "off"',
    );
  return { calls, windowMs: seconds * 1000 };
}

export type BudgetMode = "local" | "shared" | "local-fallback";

export type TakeResult =
  | { granted: true }
  /** `paused`: the service asked to wait (429); otherwise the budget is spent until then. */
  | { granted: false; retryInMs: number; paused: boolean };

export interface BudgetStoreStatus {
  mode: BudgetMode;
  limit: BudgetLimit | null;
  /** The slots this store may hand out per window right now (a share of the limit while falling back). */
  effectiveCalls: number | null;
  /** Calls in the current window, as last seen (all instances' when shared). */
  used: number;
  pausedUntil: number | null;
  /** Shared: the instances seen sharing it in the last minute, and the connection. */
  instances?: number;
  redis?: RedisStatus;
}

export interface BudgetStore {
  /** Reads shared figures again, where there are any, before a status is reported. */
  refresh?(): Promise<void>;
  /**
   * Takes one slot for a call of `priority` if the budget allows it now. `interactiveWaiting`
   * says this instance still has interactive calls queued after this one, so that background
   * work elsewhere backs off.
   */
  take(priority: Priority, interactiveWaiting: boolean): Promise<TakeResult>;
  /** The service said to wait `ms` (429 with Retry-After). */
  pause(ms: number): void;
  /** Unix ms until which calls are paused, as last known here. */
  pausedUntil(): number | null;
  status(): BudgetStoreStatus;
}

/** Grant times within the window, oldest first. */
export class SlidingLog {
  private readonly times: number[] = [];

  constructor(private readonly windowMs: number) {}

  count(now: number): number {
    const cutoff = now - this.windowMs - WINDOW_MARGIN_MS;
    while (this.times.length > 0 && (this.times[0] as number) <= cutoff) this.times.shift();
    return this.times.length;
  }

  record(at: number): void {
    this.times.push(at);
  }

  /** Grant times at or after `since`, within the window. */
  since(since: number, now: number): number[] {
    this.count(now);
    return this.times.filter((t) => t >= since);
  }

  /** Ms until fewer than `cap` grants are in the window (0 when that is already so). */
  freeInMs(now: number, cap: number): number {
    const used = this.count(now);
    if (used < cap) return 0;
    const freeing = this.times[used - cap] as number;
    return Math.max(1, freeing + this.windowMs + WINDOW_MARGIN_MS - now);
  }
}

/** The budget in this process's memory: the default, and the fallback while Redis is away. */
export class LocalBudgetStore implements BudgetStore {
  private readonly log: SlidingLog | null;
  private paused: number | null = null;

  constructor(
    readonly limit: BudgetLimit | null,
    private readonly now: () => number = Date.now,
  ) {
    this.log = limit ? new SlidingLog(limit.windowMs) : null;
  }

  async take(priority: Priority): Promise<TakeResult> {
    return this.takeWithin(priority, this.limit?.calls ?? 0);
  }

  /** Takes a slot counting at most `calls` per window (a share of the limit while falling back). */
  takeWithin(priority: Priority, calls: number): TakeResult {
    const now = this.now();
    const pausedUntil = this.pausedUntil();
    if (pausedUntil !== null) return { granted: false, retryInMs: pausedUntil - now, paused: true };
    if (!this.limit || !this.log) return { granted: true };
    const cap = priority === "interactive" ? calls : backgroundCap(this.limit, calls);
    const wait = this.log.freeInMs(now, cap);
    if (wait > 0) return { granted: false, retryInMs: wait, paused: false };
    this.log.record(now);
    return { granted: true };
  }

  /** Notes a slot granted elsewhere (the shared store) as spent by this process. */
  recordGrant(): void {
    this.log?.record(this.now());
  }

  pause(ms: number): void {
    this.pauseUntil(this.now() + ms);
  }

  pauseUntil(until: number): void {
    if (this.paused === null || until > this.paused) this.paused = until;
  }

  pausedUntil(): number | null {
    return this.paused !== null && this.paused > this.now() ? this.paused : null;
  }

  /** Grant times at or after `since` still in the window: what this process spent while on its own. */
  grantsSince(since: number): number[] {
    return this.log?.since(since, this.now()) ?? [];
  }

  used(): number {
    return this.log?.count(this.now()) ?? 0;
  }

  status(): BudgetStoreStatus {
    return {
      mode: "local",
      limit: this.limit,
      effectiveCalls: this.limit?.calls ?? null,
      used: this.used(),
      pausedUntil: this.pausedUntil(),
    };
  }
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

/** Hands out the store's slots one at a time: interactive calls first, then in arrival order. */
export class UpstreamBudget {
  private readonly queue: Waiter[] = [];
  private pumping = false;
  private wake: (() => void) | null = null;
  /** What the store said at the last refusal: nothing of `priority` (or lower) before `until`. */
  private blocked: { priority: Priority; until: number; paused: boolean } | null = null;

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
    const blocked = this.blocked;
    if (
      blocked &&
      (blocked.priority === "interactive" || priority === "background" || blocked.paused) &&
      now + maxWaitMs < blocked.until
    ) {
      return Promise.reject(this.refusal(endpoint, blocked.until - now, blocked.paused));
    }
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ priority, endpoint, deadline: now + maxWaitMs, resolve, reject });
      if (priority === "interactive") this.wake?.();
      void this.pump();
    });
  }

  pause(ms: number): void {
    this.store.pause(ms);
  }

  pausedUntil(): number | null {
    return this.store.pausedUntil();
  }

  /** Reads the store's shared figures again (Redis's), so that the next status is current. */
  async refresh(): Promise<void> {
    await this.store.refresh?.();
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
          this.blocked = null;
          this.queue.splice(this.queue.indexOf(head), 1);
          head.resolve();
          continue;
        }
        const now = this.now();
        const until = now + result.retryInMs;
        this.blocked = { priority: head.priority, until, paused: result.paused };
        // Fail fast whoever cannot be served before then: waiting longer would not help them.
        for (const waiter of [...this.queue]) {
          const sameOrLower = head.priority === "interactive" || waiter.priority === "background";
          if ((sameOrLower || result.paused) && waiter.deadline < until) {
            this.queue.splice(this.queue.indexOf(waiter), 1);
            waiter.reject(this.refusal(waiter.endpoint, result.retryInMs, result.paused));
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

  private refusal(endpoint: string, retryAfterMs: number, paused: boolean): UpstreamError {
    return new UpstreamError(
      "rate_limited",
      paused
        ? "the data service asked to wait before the next call"
        : "this server's upstream budget (UPSTREAM_RATE_LIMIT) is spent for the moment",
      {
        endpoint,
        retryAfterMs: Math.max(1, Math.ceil(retryAfterMs)),
        ...(paused ? {} : { budget: true as const }),
      },
    );
  }
}
