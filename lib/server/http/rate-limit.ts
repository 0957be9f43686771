// Per-client rate limiting of our own /api/*: N requests per S seconds per client address, so
// that one browser (or script) cannot spend the upstream budget for everyone. Configured by
// API_RATE_LIMIT ("requests/seconds", or "off") and TRUSTED_PROXY_HOPS (docs/configuration.md).
// Counted by rate-limiter-flexible: in memory, or with REDIS_URL in Redis for every instance together, with
// the memory limiter taking over while Redis is down, hung or slow (each instance then allows a
// client the whole N: lenient for a moment, which a per-client abuse limit can afford; no request
// fails, and none waits longer than a Redis command's timeout).
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { processWide, setProcessWide } from "@/lib/process-wide";
import { getSharedRedis, type SharedRedis } from "../cache/redis";
import { getConfig, type RateLimitConfig } from "../config";
import { stampedPeer } from "../front/peer";
import { forwardedEntries, trustedForwarded } from "./forwarded";

/**
 * The client's address. With no trusted proxy it is the socket's peer (stamped by the server,
 * front/listener.ts); X-Forwarded-For is the client's own say and is ignored. Behind N trusted
 * proxies it is the entry the outermost of them appended: the Nth from the right.
 */
export function clientAddress(headers: Headers, trustedHops: number): string {
  const trusted = trustedForwarded(headers, "x-forwarded-for", trustedHops);
  if (trusted) return trusted;
  // Without the stamp (a test calling a handler directly) Next's own X-Forwarded-For is the
  // socket's address when the client sent none.
  const peer = stampedPeer(headers);
  return peer || forwardedEntries(headers, "x-forwarded-for").at(-1) || "unknown";
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A per-client limit: what the API limit and the pages' miss budget need from their store
 * (rate-limiter-flexible below: in memory, or in Redis for every instance).
 */
export interface ClientLimiter {
  /** Takes `units` (one by default) from the client's allowance, or says how long until they are back. */
  take(client: string, units?: number): Promise<RateDecision>;
  /** Where clients are counted: this process, every instance through Redis, or this process while Redis is down. */
  mode(): "local" | "shared" | "local-fallback";
}

export class RateLimiter implements ClientLimiter {
  private readonly local: RateLimiterMemory;
  private readonly shared: RateLimiterRedis | null;

  constructor(
    readonly config: RateLimitConfig,
    private readonly redis: SharedRedis | null = null,
    /** Which limit this is: limits that count the same clients keep apart by it. */
    name = "api-limit",
  ) {
    const options = { points: config.requests, duration: config.windowSeconds };
    this.local = new RateLimiterMemory({ ...options, keyPrefix: name });
    this.shared = redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis.client,
          useRedisPackage: true,
          keyPrefix: redis.key(name),
        })
      : null;
  }

  /** Where clients are counted: this process, every instance through Redis, or this process while Redis is down. */
  mode(): "local" | "shared" | "local-fallback" {
    if (!this.redis) return "local";
    return this.redis.isReady() ? "shared" : "local-fallback";
  }

  /** Spends `units` of the client's requests (at most a window's), or says how long until the window lets them in. */
  async take(client: string, units = 1): Promise<RateDecision> {
    const points = Math.max(1, Math.min(Math.round(units), this.config.requests));
    const { redis, shared } = this;
    // Through SharedRedis.attempt, as every Redis command: at once to this process's count while
    // Redis is down, and within the command timeout while it hangs with the connection open (the
    // client's own timeout ends once a command is written: a stopped Redis held every API request,
    // /api/health too, until it woke).
    const decision = redis && shared ? await redis.attempt(() => decide(shared, client, points)) : undefined;
    return decision ?? decide(this.local, client, points).catch(() => ({ allowed: true }) as const);
  }
}

/**
 * One unit from `limiter`: a refusal is a decision; anything else it throws is the limiter failing,
 * which rejects (never a reason to refuse the request).
 */
async function decide(
  limiter: RateLimiterMemory | RateLimiterRedis,
  client: string,
  points: number,
): Promise<RateDecision> {
  try {
    await limiter.consume(client, points);
    return { allowed: true };
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
  }
}

interface ApiRateLimit {
  limiter: ClientLimiter | null;
  trustedHops: number;
}

/** The process-wide limiter, configured from the environment. */
export function getApiRateLimit(): ApiRateLimit {
  return processWide("api-rate-limit", () => {
    const config = getConfig().apiRateLimit;
    return {
      limiter: config ? new RateLimiter(config, getSharedRedis()) : null,
      trustedHops: getConfig().trustedProxyHops,
    };
  });
}

/** Replaces the process-wide limiter: for tests. */
export function setApiRateLimit(value: ApiRateLimit | undefined): void {
  setProcessWide("api-rate-limit", value);
}

/** The decision for one API request, or for `units` requests' worth (an export costs its size). */
export async function checkApiRateLimit(request: Request, units = 1): Promise<RateDecision> {
  const { limiter } = getApiRateLimit();
  if (!limiter) return { allowed: true };
  return limiter.take(clientOf(request.headers), units);
}

/** The client a request is counted against, by every per-client limit (TRUSTED_PROXY_HOPS applied). */
export function clientOf(headers: Headers): string {
  return bucketOf(clientAddress(headers, getApiRateLimit().trustedHops));
}

/**
 * The bucket an address spends from: an IPv4 address on its own, an IPv6 address by its /64
 * network (one host is usually handed a whole /64, so one address each would be no limit).
 */
export function bucketOf(address: string): string {
  const plain = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!plain.includes(":") || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(plain))
    return plain.replace(/^::ffff:/i, "");
  const [head = "", tail = ""] = plain.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = plain.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(":")}::/64`;
}
