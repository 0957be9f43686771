// Per-client rate limiting of our own /api/*: a token bucket per client address, so that one
// browser (or script) cannot spend the upstream budget for everyone. Configured by API_RATE_LIMIT
// ("requests/seconds", or "off") and TRUSTED_PROXY_HOPS; see the README.
import { PEER_ADDRESS_HEADER } from "./client-address";
import { forwardedEntries, trustedForwarded } from "./forwarded";

export interface RateLimitConfig {
  /** Bucket size: requests a client may make at once. */
  capacity: number;
  /** Tokens added back per second. */
  refillPerSecond: number;
}

/** A generous default: 1200 requests a minute per client, in bursts of up to 1200. */
export const DEFAULT_API_RATE_LIMIT = "1200/60";

/** Parses API_RATE_LIMIT: "N/S" (N requests per S seconds, bursts of N), or "off". */
export function parseApiRateLimit(value: string | undefined): RateLimitConfig | null {
  const raw = (value ?? "").trim() || DEFAULT_API_RATE_LIMIT;
  if (raw === "off") return null;
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const requests = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || requests < 1 || seconds < 1)
    throw new Error('API_RATE_LIMIT must look like "1200/60" (requests/seconds) or be "off"');
  return { capacity: requests, refillPerSecond: requests / seconds };
}

/** Parses TRUSTED_PROXY_HOPS: how many reverse proxies in front of the app append X-Forwarded-For. */
export function parseTrustedProxyHops(value: string | undefined): number {
  const hops = Number((value ?? "").trim() || 0);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error("TRUSTED_PROXY_HOPS must be a whole number from 0 to 10");
  return hops;
}

/**
 * The client's address. With no trusted proxy it is the socket's peer (stamped by the server,
 * client-address.ts); X-Forwarded-For is the client's own say and is ignored. Behind N trusted
 * proxies it is the entry the outermost of them appended: the Nth from the right.
 */
export function clientAddress(headers: Headers, trustedHops: number): string {
  const trusted = trustedForwarded(headers, "x-forwarded-for", trustedHops);
  if (trusted) return trusted;
  // Without the stamp (a test calling a handler directly) Next's own X-Forwarded-For is the
  // socket's address when the client sent none.
  const peer = headers.get(PEER_ADDRESS_HEADER)?.trim();
  return peer || forwardedEntries(headers, "x-forwarded-for").at(-1) || "unknown";
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly config: RateLimitConfig,
    private readonly now: () => number = Date.now,
    private readonly maxClients = 10_000,
  ) {}

  /** Takes one token from the client's bucket, or says how long until one is back. */
  take(client: string): RateDecision {
    const { capacity, refillPerSecond } = this.config;
    const nowMs = this.now();
    const bucket = this.buckets.get(client) ?? { tokens: capacity, updatedMs: nowMs };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((nowMs - bucket.updatedMs) / 1000) * refillPerSecond);
    bucket.updatedMs = nowMs;
    // Re-inserted on every use, so the map's order is least recently used first.
    this.buckets.delete(client);
    this.buckets.set(client, bucket);
    if (this.buckets.size > this.maxClients) this.prune(nowMs);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerSecond)),
    };
  }

  get clients(): number {
    return this.buckets.size;
  }

  /** Drops full buckets (a client idle long enough holds nothing), then the least recently used. */
  private prune(nowMs: number): void {
    const fullAfterMs = (this.config.capacity / this.config.refillPerSecond) * 1000;
    for (const [client, bucket] of this.buckets) {
      if (nowMs - bucket.updatedMs >= fullAfterMs) this.buckets.delete(client);
    }
    for (const client of this.buckets.keys()) {
      if (this.buckets.size <= this.maxClients) break;
      this.buckets.delete(client);
    }
  }
}

interface ApiRateLimit {
  limiter: RateLimiter | null;
  trustedHops: number;
}

const LIMIT_KEY = Symbol.for("company-dashboard.api-rate-limit");
type LimitHolder = { [LIMIT_KEY]?: ApiRateLimit };

/** The process-wide limiter, shared by every route bundle, configured from the environment. */
export function getApiRateLimit(): ApiRateLimit {
  const holder = globalThis as LimitHolder;
  holder[LIMIT_KEY] ??= {
    limiter: (() => {
      const config = parseApiRateLimit(process.env.API_RATE_LIMIT);
      return config ? new RateLimiter(config) : null;
    })(),
    trustedHops: parseTrustedProxyHops(process.env.TRUSTED_PROXY_HOPS),
  };
  return holder[LIMIT_KEY];
}

/** Replaces the process-wide limiter: for tests. */
export function setApiRateLimit(value: ApiRateLimit | undefined): void {
  (globalThis as LimitHolder)[LIMIT_KEY] = value;
}

/** The decision for one API request. */
export function checkApiRateLimit(request: Request): RateDecision {
  const { limiter, trustedHops } = getApiRateLimit();
  if (!limiter) return { allowed: true };
  return limiter.take(bucketOf(clientAddress(request.headers, trustedHops)));
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
