// What the upstream budget allows, as pure functions of the settings and the clock: the window
// (UPSTREAM_RATE_LIMIT), the UTC day (UPSTREAM_DAILY_LIMIT), and the part of each that background
// work may use (UPSTREAM_BACKGROUND_SHARE). Both stores (this process's memory, Redis) apply the
// same rules from here.

export interface BudgetLimit {
  calls: number;
  windowMs: number;
}

export interface BudgetPolicy {
  /** UPSTREAM_RATE_LIMIT: at most `calls` in any `windowMs`; null: no window limit. */
  window: BudgetLimit | null;
  /** UPSTREAM_DAILY_LIMIT: at most this many calls per UTC day; null: no daily cap. */
  daily: number | null;
  /**
   * UPSTREAM_BACKGROUND_SHARE: the part (0.1 to 0.9) of each window and of each day that work no
   * person waits for may use. The rest is kept for people.
   */
  backgroundShare: number;
}

export const DEFAULT_BACKGROUND_SHARE = 0.5;

export const NO_LIMITS: BudgetPolicy = {
  window: null,
  daily: null,
  backgroundShare: DEFAULT_BACKGROUND_SHARE,
};

export const DAY_MS = 86_400_000;

/**
 * A sliding window, not a fixed one: a fixed window lets 2N calls through around its boundary,
 * and the service's own window (aligned to its first request, not ours) would refuse the excess.
 * The margin covers the time between taking a slot here and the call being counted there (the
 * network, and queueing at the service); with the free plan's minute it costs under 2 %.
 */
export const WINDOW_MARGIN_MS = 1_000;

/**
 * While the service's daily cap pauses every call (its 429 said so), one call in this long is let
 * through to see whether the cap has lifted (a plan upgraded, a reset earlier than midnight).
 */
export const DAILY_PROBE_MS = 10 * 60_000;

/** Pauses after 429s without Retry-After in a row; the next one in the row is taken for the daily cap. */
export const NO_RETRY_AFTER_BACKOFF_MS = [10_000, 30_000, 60_000] as const;

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

/** Parses UPSTREAM_DAILY_LIMIT: calls per UTC day (e.g. 250), or unset/"off" for no daily cap. */
export function parseUpstreamDailyLimit(value: string | undefined): number | null {
  const raw = (value ?? "").trim();
  if (!raw || raw === "off") return null;
  const calls = Number(raw);
  if (!/^\d+$/.test(raw) || calls < 2)
    throw new Error(
      'UPSTREAM_DAILY_LIMIT must be a whole number of calls per UTC day (at least 2), or "off"',
    );
  return calls;
}

/** Parses UPSTREAM_BACKGROUND_SHARE: a percentage from 10 to 90 ("50" or "50%"); default 50. */
export function parseBackgroundShare(value: string | undefined): number {
  const raw = (value ?? "").trim().replace(/%$/, "");
  if (!raw) return DEFAULT_BACKGROUND_SHARE;
  const percent = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || percent < 10 || percent > 90)
    throw new Error('UPSTREAM_BACKGROUND_SHARE must be a percentage from 10 to 90, e.g. "50" or "50%"');
  return percent / 100;
}

/**
 * The calls of a window that background work may have taken, all priorities counted: it stops
 * there, and the window's last slots stay free for the calls people wait for.
 */
export function windowBackgroundCap(policy: BudgetPolicy, calls = policy.window?.calls ?? 0): number {
  return Math.max(1, Math.floor(calls * policy.backgroundShare));
}

/** The UTC day of an instant, as days since the epoch. */
export function utcDay(at: number): number {
  return Math.floor(at / DAY_MS);
}

/** `2026-12-01` */
export function utcDayName(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The next 00:00 UTC after `at`: when the day's counts start again. */
export function nextUtcMidnight(at: number): number {
  return (utcDay(at) + 1) * DAY_MS;
}

/** What background work may spend in a whole day; the rest of the day's calls are the people's reserve. */
export function dailyBackgroundAllowance(policy: BudgetPolicy): number {
  return policy.daily === null ? 0 : Math.max(1, Math.floor(policy.daily * policy.backgroundShare));
}

/** The part of its day's allowance background work has at 00:00 UTC: enough for a start-up sync. */
const MORNING_PART = 0.25;

/**
 * What background work may have spent by `at`: a quarter of its allowance at midnight, the rest
 * accruing evenly until the day ends, so that refreshes and syncs do not spend the day's share by
 * morning and leave the afternoon without any.
 */
export function pacedBackgroundCap(policy: BudgetPolicy, at: number): number {
  const allowance = dailyBackgroundAllowance(policy);
  const elapsed = (at - utcDay(at) * DAY_MS) / DAY_MS;
  return Math.max(1, Math.floor(allowance * (MORNING_PART + (1 - MORNING_PART) * elapsed)));
}

/** When background work that has spent `spent` of the day may take its next call (its pace allows it, or midnight). */
export function nextPacedSlot(policy: BudgetPolicy, spent: number, at: number): number {
  const allowance = dailyBackgroundAllowance(policy);
  const midnight = nextUtcMidnight(at);
  if (spent + 1 > allowance) return midnight;
  const elapsed = ((spent + 1) / allowance - MORNING_PART) / (1 - MORNING_PART);
  return Math.min(midnight, Math.max(at + 1, Math.ceil(utcDay(at) * DAY_MS + elapsed * DAY_MS)));
}

/**
 * The day's caps for a call of each kind: people may use the whole day; background work its paced
 * share, and only while the day's calls (people's too) stay short of the people's reserve.
 */
export function dailyCaps(policy: BudgetPolicy, at: number) {
  if (policy.daily === null) return null;
  return {
    limit: policy.daily,
    backgroundPaced: pacedBackgroundCap(policy, at),
    backgroundTotal: dailyBackgroundAllowance(policy),
  };
}

/** A 429's message that names a daily (or other long) cap, as the real service's does. */
export function namesDailyCap(message: string): boolean {
  return /\bdaily\b|\bper day\b|\bday\b[^.]*\blimit\b|\bquota\b/i.test(message);
}
