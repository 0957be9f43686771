import "server-only";
// The upstream budget shared by every instance through Redis (REDIS_URL), and the factory that
// picks it or the local one. One Lua script per slot does all of it atomically, on Redis's clock
// (instances' clocks may differ):
// - a sliding log of grants (a sorted set of grant times) holds the N-per-S limit for all;
// - background work stops at the background cap (the last fifth of the window stays free for
//   interactive calls), and backs off while any instance has interactive calls waiting: each
//   instance with interactive calls queued keeps a short-lived mark in a sorted set, refreshed
//   while they wait (UpstreamBudget rechecks every 500 ms) and dropped when they are served, so a
//   crashed instance's mark expires by itself;
// - a 429's Retry-After is a key with that TTL that pauses every instance;
// - instances note themselves in a sorted set with a one-minute expiry, so each knows how many
//   share the budget.
// While a start still makes its first connection (see SharedRedis's start wait), background work
// waits for it and interactive calls take only the kept fifth, on their own: instances starting
// together would otherwise each spend the whole budget. While Redis is down each instance falls
// back to its own log with a share of the budget: N divided by the instances seen in the last
// minute (its own grants of the last window count), so N instances together still stay within
// N. An instance that never saw Redis takes the whole budget. When Redis is back, the grants made
// meanwhile are written into the shared log first. A Redis that comes back empty (restarted
// without persistence, flushed) has lost the window's grants: the log carries an epoch, and an
// instance that finds a new one writes its own grants of the last window back before it takes.
import { randomUUID } from "node:crypto";
import {
  type BudgetLimit,
  type BudgetStore,
  type BudgetStoreStatus,
  backgroundCap,
  LocalBudgetStore,
  type TakeResult,
  UpstreamBudget,
  WINDOW_MARGIN_MS,
} from "@/lib/upstream/budget";
import type { Priority } from "@/lib/upstream/priority";
import { getConfig } from "./config";
import { getSharedRedis, type SharedRedis } from "./redis";
import { detached } from "./request-slots";

/** How long an instance's "interactive calls waiting" mark lives without being refreshed. */
const INTERACTIVE_MARK_MS = 2_000;
/** How soon background work asks again while interactive calls wait elsewhere. */
const INTERACTIVE_BACKOFF_MS = 250;
const INSTANCE_TTL_MS = 60_000;
/** While on its own, a refused call asks again this soon, so that a returning Redis is used at once. */
const FALLBACK_RECHECK_MS = 1_000;
/** At start, background work asks again this soon while the first connection is being made. */
const FIRST_CONNECT_WAIT_MS = 100;

// KEYS: 1 grant log, 2 interactive marks, 3 instances, 4 pause, 5 epoch.
// ARGV: 1 priority, 2 limit (0: none), 3 cap for this priority, 4 window ms, 5 instance id,
// 6 "1" when more interactive calls wait here, 7 member for this grant, 8 the epoch this instance
// knows ("" at first), 9 an epoch to start if there is none, 10.. ages (ms) of grants to carry in.
// Returns {granted, retry ms, paused, used, instances, epoch, reset}; reset 1: the known epoch is
// gone, nothing was taken, carry this instance's grants of the window in and ask again.
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[4])
local instance = ARGV[5]
local epoch = redis.call('GET', KEYS[5])
if not epoch then
  epoch = ARGV[9]
  redis.call('SET', KEYS[5], epoch)
end
if ARGV[8] ~= '' and ARGV[8] ~= epoch then return {0, 0, 0, 0, 0, epoch, 1} end
redis.call('ZADD', KEYS[3], now + ${INSTANCE_TTL_MS}, instance)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
redis.call('PEXPIRE', KEYS[3], ${INSTANCE_TTL_MS})
local instances = redis.call('ZCARD', KEYS[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local function mark()
  redis.call('ZADD', KEYS[2], now + ${INTERACTIVE_MARK_MS}, instance)
  redis.call('PEXPIRE', KEYS[2], ${INTERACTIVE_MARK_MS})
end
if ARGV[6] == '1' then mark() else redis.call('ZREM', KEYS[2], instance) end
for i = 10, #ARGV do
  redis.call('ZADD', KEYS[1], now - tonumber(ARGV[i]), ARGV[7] .. ':carried:' .. i)
end
if #ARGV >= 10 then redis.call('PEXPIRE', KEYS[1], window) end
local used = 0
local function refuse(ms, paused)
  if ARGV[1] == 'interactive' then mark() end
  return {0, ms, paused, used, instances, epoch, 0}
end
local paused = redis.call('PTTL', KEYS[4])
if paused > 0 then return refuse(paused, 1) end
local limit = tonumber(ARGV[2])
if limit == 0 then return {1, 0, 0, 0, instances, epoch, 0} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
used = redis.call('ZCARD', KEYS[1])
if ARGV[1] == 'background' and redis.call('ZCARD', KEYS[2]) > 0 then
  return refuse(${INTERACTIVE_BACKOFF_MS}, 0)
end
local cap = tonumber(ARGV[3])
if used < cap then
  redis.call('ZADD', KEYS[1], now, ARGV[7])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, 0, 0, used + 1, instances, epoch, 0}
end
local freeing = redis.call('ZRANGE', KEYS[1], used - cap, used - cap, 'WITHSCORES')
return refuse(math.max(1, tonumber(freeing[2]) + window - now), 0)
`;

// KEYS: 1 instances, 2 log, 3 pause. ARGV: 1 instance id, 2 window ms. Notes this instance as
// sharing the budget; returns how many do, the calls of every instance in the window now, and the
// ms left of a pause (-2 or -1: none).
const HEARTBEAT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + ${INSTANCE_TTL_MS}, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('PEXPIRE', KEYS[1], ${INSTANCE_TTL_MS})
return {redis.call('ZCARD', KEYS[1]), redis.call('ZCOUNT', KEYS[2], '(' .. (now - tonumber(ARGV[2])), '+inf'), redis.call('PTTL', KEYS[3])}
`;

// KEYS: 1 pause. ARGV: 1 ms. Lengthens the pause, never shortens it.
const PAUSE_SCRIPT = `
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end
return 1
`;

export class RedisBudgetStore implements BudgetStore {
  private readonly local: LocalBudgetStore;
  private readonly instanceId = randomUUID();
  private sequence = 0;
  /** Instances that shared the budget as last seen (for the fallback share). */
  private instances = 1;
  /** Every instance's calls in the window, as Redis last said (a take's or a heartbeat's reply). */
  private lastUsed = 0;
  /** Unix ms since when this instance has been on its own (Redis unreachable); null when shared. */
  private fallbackSince: number | null = null;
  /** Unix ms of Redis's last answer about the budget (a take or a heartbeat). */
  private answeredAt = 0;
  /** The shared log's epoch as last seen; a new one means Redis lost the log. */
  private epoch = "";
  private readonly keys: string[];

  constructor(
    private readonly redis: SharedRedis,
    readonly limit: BudgetLimit | null,
    private readonly now: () => number = Date.now,
  ) {
    this.local = new LocalBudgetStore(limit, now);
    this.keys = ["log", "interactive", "instances", "pause", "epoch"].map((name) =>
      redis.key(`budget:${name}`),
    );
    // An instance that makes no upstream call (everything cached) must still know how many share
    // the budget, or it would take all of it alone once Redis goes away.
    void redis.whenReady().then(() => this.heartbeat());
    const timer = setInterval(() => void this.heartbeat(), INSTANCE_TTL_MS / 3);
    timer.unref?.();
  }

  private async heartbeat(): Promise<void> {
    const windowMs = (this.limit?.windowMs ?? 0) + WINDOW_MARGIN_MS;
    const reply = await this.redis.attempt((client) =>
      client.eval(HEARTBEAT_SCRIPT, {
        keys: [this.keys[2] as string, this.keys[0] as string, this.keys[3] as string],
        arguments: [this.instanceId, String(windowMs)],
      }),
    );
    if (!Array.isArray(reply)) return;
    const [instances, used, pausedMs] = reply.map(Number);
    this.instances = Math.max(1, instances ?? 1);
    this.lastUsed = used ?? 0;
    // A pause another instance's 429 set: this one says so too (/api/health), before any call of its own.
    if (pausedMs !== undefined && pausedMs > 0) this.local.pauseUntil(this.now() + pausedMs);
    this.answeredAt = this.now();
  }

  /** Asks Redis for the figures and the pause now: /api/health reads them (a take's reply may be minutes old). */
  refresh(): Promise<void> {
    return this.heartbeat();
  }

  async take(priority: Priority, interactiveWaiting: boolean): Promise<TakeResult> {
    const pausedUntil = this.local.pausedUntil();
    if (pausedUntil !== null) return { granted: false, retryInMs: pausedUntil - this.now(), paused: true };
    const now = this.now();
    const limit = this.limit;
    const cap = !limit ? 0 : priority === "interactive" ? limit.calls : backgroundCap(limit);
    const windowMs = (limit?.windowMs ?? 0) + WINDOW_MARGIN_MS;
    const ask = (carried: readonly number[]) => {
      const member = `${this.instanceId}:${++this.sequence}`;
      return this.redis.attempt((client) =>
        client.eval(TAKE_SCRIPT, {
          keys: this.keys,
          arguments: [
            priority,
            String(limit?.calls ?? 0),
            String(cap),
            String(windowMs),
            this.instanceId,
            interactiveWaiting ? "1" : "0",
            member,
            this.epoch,
            member,
            ...carried.map((at) => String(Math.max(0, now - at))),
          ],
        }),
      );
    };
    let reply = await ask(this.fallbackSince === null ? [] : this.local.grantsSince(this.fallbackSince));
    if (Array.isArray(reply) && Number(reply[6]) === 1) {
      // Redis lost the log (restarted empty): this instance's grants of the window go back in.
      this.epoch = String(reply[5]);
      reply = await ask(this.local.grantsSince(now - windowMs));
    }
    if (!Array.isArray(reply)) {
      const connecting = this.redis.isConnecting();
      // Still connecting for the first time (a start): background work waits for it.
      if (connecting && priority === "background" && limit)
        return { granted: false, retryInMs: FIRST_CONNECT_WAIT_MS, paused: false };
      this.fallbackSince ??= now;
      const local = this.local.takeWithin(priority, this.fallbackCalls(connecting));
      return local.granted || local.paused
        ? local
        : { ...local, retryInMs: Math.min(local.retryInMs, FALLBACK_RECHECK_MS) };
    }
    this.fallbackSince = null;
    this.answeredAt = this.now();
    this.epoch = String(reply[5]);
    const [granted, retryInMs, paused, used, instances] = reply.map(Number) as number[];
    this.instances = Math.max(1, instances ?? 1);
    this.lastUsed = used ?? 0;
    if (granted === 1) {
      // Kept here too: they count against this instance's share if Redis goes away.
      this.local.recordGrant();
      return { granted: true };
    }
    if (paused === 1) this.local.pauseUntil(now + (retryInMs ?? 0));
    return { granted: false, retryInMs: Math.max(1, retryInMs ?? 1), paused: paused === 1 };
  }

  pause(ms: number): void {
    this.local.pause(ms);
    void detached(() =>
      this.redis.attempt((client) =>
        client.eval(PAUSE_SCRIPT, { keys: [this.keys[3] as string], arguments: [String(Math.ceil(ms))] }),
      ),
    );
  }

  pausedUntil(): number | null {
    return this.local.pausedUntil();
  }

  /** What this instance may spend per window on its own: the kept fifth while connecting at start, else its share. */
  private fallbackCalls(connecting: boolean): number {
    const limit = this.limit;
    if (!limit) return 0;
    if (connecting) return Math.max(1, limit.calls - backgroundCap(limit));
    return Math.max(1, Math.floor(limit.calls / this.instances));
  }

  status(): BudgetStoreStatus {
    // Shared again once Redis has answered since the fallback began, though no call has yet
    // carried this instance's grants of the fallback into the shared log: they are counted here.
    const since = this.fallbackSince;
    const fallback = !this.redis.isReady() || (since !== null && this.answeredAt < since);
    const carried = since === null ? 0 : this.local.grantsSince(since).length;
    const limit = this.limit;
    return {
      mode: fallback ? "local-fallback" : "shared",
      limit,
      effectiveCalls: !limit ? null : fallback ? this.fallbackCalls(this.redis.isConnecting()) : limit.calls,
      used: fallback ? this.local.used() : this.lastUsed + carried,
      pausedUntil: this.local.pausedUntil(),
      instances: this.instances,
      redis: this.redis.status(),
    };
  }
}

/** The budget of this deployment: shared through Redis when REDIS_URL is set, else this process's. */
export function createUpstreamBudget(
  limit: BudgetLimit | null = getConfig().upstream.rateLimit,
  redis: SharedRedis | null = getSharedRedis(),
): UpstreamBudget {
  return new UpstreamBudget(redis ? new RedisBudgetStore(redis, limit) : new LocalBudgetStore(limit));
}
