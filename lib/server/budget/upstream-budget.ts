import "server-only";
// The upstream budget shared by every instance through Redis (REDIS_URL), and the factory that
// picks it or the local one. One Lua script per slot does all of it atomically, on Redis's clock
// for the window (instances' clocks may differ):
// - a sliding log of grants (a sorted set of grant times, and one of background work's) holds the
//   N-per-S limit for all; background work stops at its share of the window, and backs off while
//   any instance has interactive calls waiting: each instance with interactive calls queued keeps
//   a short-lived mark in a sorted set, refreshed while they wait (UpstreamBudget rechecks every
//   500 ms) and dropped when they are served, so a crashed instance's mark expires by itself;
// - the UTC day's calls (a hash per day: all, and background work's) hold UPSTREAM_DAILY_LIMIT, the
//   people's reserve and background work's paced share;
// - the service's 429 is a pause key with that TTL (its value says why) that pauses every
//   instance; while the pause is for the service's daily cap, a probe key lets one call through
//   per probe interval, from whichever instance asks first;
// - instances note themselves in a sorted set with a one-minute expiry, so each knows how many
//   share the budget.
// While a start still makes its first connection (see SharedRedis's start wait), background work
// waits for it and interactive calls take only the people's part of the window, on their own:
// instances starting together would otherwise each spend the whole budget. While Redis is down
// each instance falls back to its own log with a share of the budget: N divided by the instances
// seen in the last minute (its own grants of the last window count), and of the day's remaining
// calls; so N instances together still stay within both. An instance that never saw Redis takes
// the whole budget. When Redis is back, the grants made meanwhile are written into the shared log
// and the day's count first. A Redis that comes back empty (restarted without persistence,
// flushed) has lost the window's grants and the day's count: the log carries an epoch, and an
// instance that finds a new one writes its own grants of the last window back, and raises the
// day's count to what it last knew, before it takes.
import { randomUUID } from "node:crypto";
import {
  type BudgetPersistence,
  type BudgetStore,
  type BudgetStoreStatus,
  dayStatus,
  type Grant,
  LocalBudgetStore,
  type Pause,
  type PauseKind,
  type Refusal,
  type TakeCaps,
  type TakeResult,
  UpstreamBudget,
} from "@/lib/upstream/budget";
import {
  type BudgetPolicy,
  DAILY_PROBE_MS,
  DAY_MS,
  dailyCaps,
  nextPacedSlot,
  nextUtcMidnight,
  utcDay,
  utcDayName,
  WINDOW_MARGIN_MS,
  windowBackgroundCap,
} from "@/lib/upstream/budget-policy";
import type { Priority } from "@/lib/upstream/priority";
import { getSharedRedis, type SharedRedis } from "../cache/redis";
import { getConfig } from "../config";
import { budgetFile } from "./budget-file";

/** How long an instance's "interactive calls waiting" mark lives without being refreshed. */
const INTERACTIVE_MARK_MS = 2_000;
/** How soon background work asks again while interactive calls wait elsewhere. */
const INTERACTIVE_BACKOFF_MS = 250;
const INSTANCE_TTL_MS = 60_000;
/** While on its own, a refused call asks again this soon, so that a returning Redis is used at once. */
const FALLBACK_RECHECK_MS = 1_000;
/** At start, background work asks again this soon while the first connection is being made. */
const FIRST_CONNECT_WAIT_MS = 100;
/** Without a window limit the log still keeps a minute, for the status. */
const STATUS_WINDOW_MS = 60_000;

/** The refusals by the number the script answers. */
const REFUSALS: Record<number, Refusal> = {
  1: "window",
  2: "background",
  3: "day",
  4: "day-background",
  5: "paused",
  6: "day-paused",
};

// KEYS: 1 grant log, 2 background grant log, 3 interactive marks, 4 instances, 5 pause, 6 epoch,
// 7 today's counts, 8 probe.
// ARGV: 1 priority, 2 window limit (0: none), 3 window cap for this priority, 4 window ms,
// 5 instance id, 6 "1" when more interactive calls wait here, 7 member for this grant, 8 the epoch
// this instance knows ("" at first), 9 an epoch to start if there is none, 10 daily limit (0: none),
// 11 background's paced cap today, 12 background's cap of the day's calls, 13 ms to 00:00 UTC,
// 14 ms until background's pace allows its next call, 15 probe interval ms, 16 and 17 the day's
// calls and background calls as this instance last knew them (a floor), 18 and 19 calls of the
// day it made on its own to add, 20.. grants to carry in, as "<age ms>:<1 if background>".
// Returns {granted, retry ms, refusal, used, instances, epoch, reset, day calls, day background
// calls, probe, background used}; reset 1: the known epoch is gone, nothing was taken: carry this
// instance's grants of the window in and ask again.
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[4])
local instance = ARGV[5]
local background = ARGV[1] == 'background'
local epoch = redis.call('GET', KEYS[6])
if not epoch then
  epoch = ARGV[9]
  redis.call('SET', KEYS[6], epoch)
end
if ARGV[8] ~= '' and ARGV[8] ~= epoch then return {0, 0, 0, 0, 0, epoch, 1, 0, 0, 0, 0} end
redis.call('ZADD', KEYS[4], now + ${INSTANCE_TTL_MS}, instance)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
redis.call('PEXPIRE', KEYS[4], ${INSTANCE_TTL_MS})
local instances = redis.call('ZCARD', KEYS[4])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local function mark()
  redis.call('ZADD', KEYS[3], now + ${INTERACTIVE_MARK_MS}, instance)
  redis.call('PEXPIRE', KEYS[3], ${INTERACTIVE_MARK_MS})
end
if ARGV[6] == '1' then mark() else redis.call('ZREM', KEYS[3], instance) end
for i = 20, #ARGV do
  local age, bg = string.match(ARGV[i], '^(%d+):(%d)$')
  local member = ARGV[7] .. ':carried:' .. i
  redis.call('ZADD', KEYS[1], now - tonumber(age), member)
  redis.call('PEXPIRE', KEYS[1], window)
  if bg == '1' then
    redis.call('ZADD', KEYS[2], now - tonumber(age), member)
    redis.call('PEXPIRE', KEYS[2], window)
  end
end
local day = tonumber(redis.call('HGET', KEYS[7], 'total') or '0')
local dayBackground = tonumber(redis.call('HGET', KEYS[7], 'background') or '0')
local dayBefore, dayBackgroundBefore = day, dayBackground
day = math.max(day, tonumber(ARGV[16])) + tonumber(ARGV[18])
dayBackground = math.max(dayBackground, tonumber(ARGV[17])) + tonumber(ARGV[19])
if day ~= dayBefore or dayBackground ~= dayBackgroundBefore then
  redis.call('HSET', KEYS[7], 'total', day, 'background', dayBackground)
  redis.call('PEXPIRE', KEYS[7], ${2 * DAY_MS})
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
local usedBackground = redis.call('ZCARD', KEYS[2])
local function reply(granted, ms, why, probe)
  return {granted, ms, why, used, instances, epoch, 0, day, dayBackground, probe, usedBackground}
end
local function refuse(ms, why)
  if not background then mark() end
  return reply(0, math.max(1, math.floor(tonumber(ms))), why, 0)
end
local daily = tonumber(ARGV[10])
if daily > 0 then
  if day >= daily then return refuse(ARGV[13], 3) end
  if background and day >= tonumber(ARGV[12]) then return refuse(ARGV[13], 4) end
  if background and dayBackground >= tonumber(ARGV[11]) then return refuse(ARGV[14], 4) end
end
local probe = 0
local paused = redis.call('PTTL', KEYS[5])
if paused > 0 then
  if redis.call('GET', KEYS[5]) ~= 'daily' then return refuse(paused, 5) end
  if not redis.call('SET', KEYS[8], '1', 'NX', 'PX', ARGV[15]) then
    return refuse(math.min(paused, redis.call('PTTL', KEYS[8])), 6)
  end
  probe = 1
end
local limit = tonumber(ARGV[2])
if probe == 0 and limit > 0 then
  if background and redis.call('ZCARD', KEYS[3]) > 0 then return refuse(${INTERACTIVE_BACKOFF_MS}, 2) end
  local cap = tonumber(ARGV[3])
  if used >= cap then
    local freeing = redis.call('ZRANGE', KEYS[1], used - cap, used - cap, 'WITHSCORES')
    return refuse(tonumber(freeing[2]) + window - now, background and 2 or 1)
  end
end
redis.call('ZADD', KEYS[1], now, ARGV[7])
redis.call('PEXPIRE', KEYS[1], window)
used = used + 1
if background then
  redis.call('ZADD', KEYS[2], now, ARGV[7])
  redis.call('PEXPIRE', KEYS[2], window)
  usedBackground = usedBackground + 1
  dayBackground = redis.call('HINCRBY', KEYS[7], 'background', 1)
end
day = redis.call('HINCRBY', KEYS[7], 'total', 1)
redis.call('PEXPIRE', KEYS[7], ${2 * DAY_MS})
return reply(1, 0, 0, probe)
`;

// KEYS: 1 instances, 2 log, 3 background log, 4 pause, 5 today's counts, 6 probe, 7 resumed.
// ARGV: 1 instance id, 2 window ms. Notes this instance as sharing the budget; returns how many
// do, the calls of every instance in the window now (all, background), the ms left of a pause
// (-2 or -1: none) and its kind, the day's calls (all, background), the ms until the next probe
// may go, and the end of the last daily pause a probe lifted.
const HEARTBEAT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local since = '(' .. (now - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], now + ${INSTANCE_TTL_MS}, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('PEXPIRE', KEYS[1], ${INSTANCE_TTL_MS})
return {
  redis.call('ZCARD', KEYS[1]),
  redis.call('ZCOUNT', KEYS[2], since, '+inf'),
  redis.call('ZCOUNT', KEYS[3], since, '+inf'),
  redis.call('PTTL', KEYS[4]),
  redis.call('GET', KEYS[4]) or '',
  tonumber(redis.call('HGET', KEYS[5], 'total') or '0'),
  tonumber(redis.call('HGET', KEYS[5], 'background') or '0'),
  redis.call('PTTL', KEYS[6]),
  redis.call('GET', KEYS[7]) or ''
}
`;

// KEYS: 1 pause, 2 probe. ARGV: 1 ms, 2 kind, 3 probe interval ms. Lengthens the pause, never
// shortens it; a pause for the daily cap lets its first probe go one interval after it began.
const PAUSE_SCRIPT = `
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[1])
  if ARGV[2] == 'daily' then redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[3]) end
end
return 1
`;

// KEYS: 1 pause, 2 probe, 3 resumed. ARGV: 1 the pause's end (ms). Ends a pause for the daily cap
// (a probe got an answer), and says which one ended: an instance whose own copy of that pause
// finds it gone from Redis lifts it; one that finds it gone otherwise (Redis restarted, or down
// when the pause began) writes it back.
const RESUME_SCRIPT = `
if redis.call('GET', KEYS[1]) == 'daily' then redis.call('DEL', KEYS[1], KEYS[2]) end
redis.call('SET', KEYS[3], ARGV[1], 'PX', ${2 * DAY_MS})
return 1
`;

const PAUSE_KINDS: readonly PauseKind[] = ["retry-after", "backoff", "daily"];

export class RedisBudgetStore implements BudgetStore {
  private readonly local: LocalBudgetStore;
  private readonly instanceId = randomUUID();
  private sequence = 0;
  /** Instances that shared the budget as last seen (for the fallback share). */
  private instances = 1;
  /** Every instance's calls in the window, as Redis last said (a take's or a heartbeat's reply). */
  private lastUsed = { all: 0, background: 0 };
  /** While a daily pause runs: when Redis last said the next probe may go. */
  private probeAt: number | null = null;
  /** Unix ms since when this instance has been on its own (Redis unreachable); null when shared. */
  private fallbackSince: number | null = null;
  /** Calls this instance made on its own, not yet added to the shared day's count. */
  private unshared: { day: number; total: number; background: number } | null = null;
  /** The day's calls (all, background work's) as last known when the fallback began: its share is of the rest. */
  private fallbackBase = { total: 0, background: 0 };
  /** Unix ms of Redis's last answer about the budget (a take or a heartbeat). */
  private answeredAt = 0;
  /** The shared log's epoch as last seen; a new one means Redis lost the log. */
  private epoch = "";
  private readonly keys: string[];

  constructor(
    private readonly redis: SharedRedis,
    readonly policy: BudgetPolicy,
    private readonly now: () => number = Date.now,
    persistence: BudgetPersistence | null = null,
  ) {
    this.local = new LocalBudgetStore(policy, now, persistence);
    this.keys = [
      "log",
      "log:background",
      "interactive",
      "instances",
      "pause",
      "epoch",
      "day",
      "probe",
      "resumed",
    ].map((name) => redis.key(`budget:${name}`));
    // An instance that makes no upstream call (everything cached) must still know how many share
    // the budget, or it would take all of it alone once Redis goes away.
    void redis.whenReady().then(() => this.heartbeat());
    const timer = setInterval(() => void this.heartbeat(), INSTANCE_TTL_MS / 3);
    timer.unref?.();
  }

  private get windowMs(): number {
    return (this.policy.window?.windowMs ?? STATUS_WINDOW_MS) + WINDOW_MARGIN_MS;
  }

  /** Today's counts key: one hash per UTC day. */
  private dayKey(at: number): string {
    return `${this.keys[6]}:${utcDayName(utcDay(at))}`;
  }

  private async heartbeat(): Promise<void> {
    const [log, background, , instances, pause, , , probe, resumed] = this.keys as string[];
    const reply = await this.redis.attempt((client) =>
      client.eval(HEARTBEAT_SCRIPT, {
        keys: [instances, log, background, pause, this.dayKey(this.now()), probe, resumed] as string[],
        arguments: [this.instanceId, String(this.windowMs)],
      }),
    );
    if (!Array.isArray(reply)) return;
    const [count, used, usedBackground, pausedMs, , dayTotal, dayBackground, probeMs] = reply.map(Number);
    const kind = String(reply[4]) as PauseKind;
    this.instances = Math.max(1, count ?? 1);
    this.lastUsed = { all: used ?? 0, background: usedBackground ?? 0 };
    this.local.raiseDay({ total: dayTotal ?? 0, background: dayBackground ?? 0 });
    // A pause another instance's 429 set: this one says so too (/api/health), before any call of its own.
    const local = this.local.currentPause();
    if (pausedMs !== undefined && pausedMs > 0 && PAUSE_KINDS.includes(kind))
      this.local.pause({
        until: kind === "daily" ? nextUtcMidnight(this.now()) : this.now() + pausedMs,
        kind,
      });
    else if (local?.kind === "daily") {
      // Another instance's probe got through: the daily cap has lifted here too. Gone otherwise
      // (Redis restarted, or down when the pause began): it goes back to Redis, for every instance.
      if (Math.abs(Number(reply[8]) - local.until) < 60_000) this.local.resume();
      else this.publishPause(local);
    }
    this.probeAt = probeMs !== undefined && probeMs > 0 ? this.now() + probeMs : null;
    this.answeredAt = this.now();
  }

  /** Asks Redis for the figures and the pause now: /api/health reads them (a take's reply may be minutes old). */
  refresh(): Promise<void> {
    return this.heartbeat();
  }

  async take(priority: Priority, interactiveWaiting: boolean): Promise<TakeResult> {
    const pause = this.local.currentPause();
    const now = this.now();
    // The service's wait is known here already; a daily cap's probe is Redis's to hand out.
    if (pause && pause.kind !== "daily")
      return { granted: false, retryInMs: pause.until - now, why: "paused" };
    const policy = this.policy;
    const limit = policy.window;
    const background = priority === "background";
    const cap = !limit ? 0 : background ? windowBackgroundCap(policy) : limit.calls;
    const daily = dailyCaps(policy, now);
    const today = this.local.today(now);
    const unshared = this.unshared?.day === today.day ? this.unshared : null;
    const ask = (carried: readonly Grant[], reset: boolean) => {
      const member = `${this.instanceId}:${++this.sequence}`;
      // After a reset (Redis emptied) what this instance knows of the day is the floor, its own calls included.
      const add = reset || !unshared ? { total: 0, background: 0 } : unshared;
      return this.redis.attempt((client) =>
        client.eval(TAKE_SCRIPT, {
          keys: [...this.keys.slice(0, 6), this.dayKey(now), this.keys[7] as string],
          arguments: [
            priority,
            String(limit?.calls ?? 0),
            String(cap),
            String(this.windowMs),
            this.instanceId,
            interactiveWaiting ? "1" : "0",
            member,
            this.epoch,
            member,
            String(daily?.limit ?? 0),
            String(daily?.backgroundPaced ?? 0),
            String(daily?.backgroundTotal ?? 0),
            String(nextUtcMidnight(now) - now),
            String(daily ? nextPacedSlot(policy, today.background, now) - now : 0),
            String(DAILY_PROBE_MS),
            String(today.total - add.total),
            String(today.background - add.background),
            String(add.total),
            String(add.background),
            ...carried.map((g) => `${Math.max(0, now - g.at)}:${g.background ? 1 : 0}`),
          ],
        }),
      );
    };
    let reply = await ask(
      this.fallbackSince === null ? [] : this.local.grantsSince(this.fallbackSince),
      false,
    );
    if (Array.isArray(reply) && Number(reply[6]) === 1) {
      // Redis lost the log (restarted empty): this instance's grants of the window go back in.
      this.epoch = String(reply[5]);
      reply = await ask(this.local.grantsSince(now - this.windowMs), true);
    }
    if (!Array.isArray(reply)) return this.takeAlone(priority, now);
    this.fallbackSince = null;
    this.unshared = null;
    this.answeredAt = this.now();
    this.epoch = String(reply[5]);
    const [granted, retryInMs, why, used, instances, , , dayTotal, dayBackground, probe, usedBackground] =
      reply.map(Number) as number[];
    this.instances = Math.max(1, instances ?? 1);
    this.lastUsed = { all: used ?? 0, background: usedBackground ?? 0 };
    if (granted === 1) {
      // Kept here too: they count against this instance's share if Redis goes away (the day's
      // count is Redis's, this grant included).
      this.local.recordGrant(background, probe === 1);
      this.local.raiseDay({ total: dayTotal ?? 0, background: dayBackground ?? 0 });
      if (probe === 1) this.probeAt = now + DAILY_PROBE_MS;
      return probe === 1 ? { granted: true, probe: true } : { granted: true };
    }
    this.local.raiseDay({ total: dayTotal ?? 0, background: dayBackground ?? 0 });
    const refusal = REFUSALS[why ?? 1] ?? "window";
    const wait = Math.max(1, retryInMs ?? 1);
    if (refusal === "paused") this.local.pause({ until: now + wait, kind: "retry-after" });
    if (refusal === "day-paused") {
      this.local.pause({ until: nextUtcMidnight(now), kind: "daily" });
      this.probeAt = now + wait;
    }
    return { granted: false, retryInMs: wait, why: refusal };
  }

  /** Redis did not answer: this instance takes its share of the window and of the day's rest on its own. */
  private takeAlone(priority: Priority, now: number): TakeResult {
    const limit = this.policy.window;
    const connecting = this.redis.isConnecting();
    // Still connecting for the first time (a start): background work waits for it.
    if (connecting && priority === "background" && (limit || this.policy.daily !== null))
      return { granted: false, retryInMs: FIRST_CONNECT_WAIT_MS, why: "background" };
    if (this.fallbackSince === null) {
      this.fallbackSince = now;
      const { total, background } = this.local.today(now);
      this.fallbackBase = { total, background };
    }
    const result = this.local.takeWithin(priority, {
      windowCalls: this.fallbackCalls(connecting),
      day: this.fallbackDay(now),
      // Each instance probes on its own: together, still one probe per interval.
      probeEveryMs: DAILY_PROBE_MS * this.instances,
    });
    if (result.granted) {
      const day = utcDay(now);
      if (this.unshared?.day !== day) this.unshared = { day, total: 0, background: 0 };
      this.unshared.total++;
      if (priority === "background") this.unshared.background++;
      return result;
    }
    // The service's pause, and the whole day spent, hold as they are; a share spent on its own is
    // asked about again soon (a returning Redis may have room), and holds nobody else.
    const daySpent = this.policy.daily !== null && this.local.today(now).total >= this.policy.daily;
    if (result.why === "paused" || result.why === "day-paused" || (result.why === "day" && daySpent))
      return result;
    return {
      granted: false,
      retryInMs: Math.min(result.retryInMs, FALLBACK_RECHECK_MS),
      why: priority === "background" ? "background" : "window",
    };
  }

  pause(pause: Pause): void {
    this.local.pause(pause);
    this.publishPause(pause);
  }

  private publishPause(pause: Pause): void {
    const ms = Math.max(1, Math.ceil(pause.until - this.now()));
    void this.redis.attempt((client) =>
      client.eval(PAUSE_SCRIPT, {
        keys: [this.keys[4] as string, this.keys[7] as string],
        arguments: [String(ms), pause.kind, String(DAILY_PROBE_MS)],
      }),
    );
  }

  resume(): void {
    const lifted = this.local.currentPause();
    this.local.resume();
    this.probeAt = null;
    if (lifted?.kind !== "daily") return;
    void this.redis.attempt((client) =>
      client.eval(RESUME_SCRIPT, {
        keys: [this.keys[4], this.keys[7], this.keys[8]] as string[],
        arguments: [String(lifted.until)],
      }),
    );
  }

  currentPause(): Pause | null {
    return this.local.currentPause();
  }

  flush(): Promise<void> {
    return this.local.flush();
  }

  /** What this instance may spend per window on its own: the people's part while connecting at start, else its share. */
  private fallbackCalls(connecting: boolean): number | null {
    const limit = this.policy.window;
    if (!limit) return null;
    if (connecting) return Math.max(1, limit.calls - windowBackgroundCap(this.policy));
    return Math.max(1, Math.floor(limit.calls / this.instances));
  }

  /**
   * The day's caps on its own: what was spent when the fallback began, and this instance's share of
   * the rest, for all calls and for background work's (so that together they keep the reserve).
   */
  private fallbackDay(now: number): TakeCaps["day"] {
    const caps = dailyCaps(this.policy, now);
    if (!caps) return null;
    const { total, background } = this.fallbackBase;
    const share = (cap: number, spent: number) =>
      spent + Math.floor(Math.max(0, cap - spent) / this.instances);
    return {
      limit: share(caps.limit, total),
      backgroundTotal: share(caps.backgroundTotal, total),
      backgroundPaced: share(caps.backgroundPaced, background),
    };
  }

  status(): BudgetStoreStatus {
    // Shared again once Redis has answered since the fallback began, though no call has yet
    // carried this instance's grants of the fallback into the shared log: they are counted here.
    const since = this.fallbackSince;
    const fallback = !this.redis.isReady() || (since !== null && this.answeredAt < since);
    const carried = since === null ? [] : this.local.grantsSince(since);
    const carriedBackground = carried.filter((g) => g.background).length;
    const now = this.now();
    const local = this.local.status();
    const used = fallback ? local.used : this.lastUsed.all + carried.length;
    const usedBackground = fallback ? local.usedBy.background : this.lastUsed.background + carriedBackground;
    const pause = this.local.currentPause();
    return {
      ...local,
      mode: fallback ? "local-fallback" : "shared",
      effectiveCalls: fallback
        ? this.fallbackCalls(this.redis.isConnecting())
        : (this.policy.window?.calls ?? null),
      used,
      usedBy: { interactive: used - usedBackground, background: usedBackground },
      today: dayStatus(this.policy, this.local.today(now), now),
      nextProbeAt: pause?.kind === "daily" ? (this.probeAt ?? now) : null,
      instances: this.instances,
      redis: this.redis.status(),
    };
  }
}

/**
 * The budget of this deployment: shared through Redis when REDIS_URL is set, else this process's;
 * kept in CACHE_DIR (unless `off`) so that a restarted process knows what its window and its day
 * have already spent.
 */
export function createUpstreamBudget(
  policy: BudgetPolicy = getConfig().upstream.budget,
  redis: SharedRedis | null = getSharedRedis(),
  persistence: BudgetPersistence | null = budgetFile(),
): UpstreamBudget {
  return new UpstreamBudget(
    redis
      ? new RedisBudgetStore(redis, policy, Date.now, persistence)
      : new LocalBudgetStore(policy, Date.now, persistence),
  );
}
