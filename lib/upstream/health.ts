// What the client has seen of the upstream lately, summed up for /api/health: ok, degraded
// (some attempts failed lately, or the breaker is half-open: its next call is the probe), down
// (the circuit breaker is open and cooling down), or rate-limited (the service asked us to wait,
// until when). Half-open is not down: /api/health's 503 would keep a load balancer's traffic,
// and with it the probe that closes the breaker, away for good.
import type { BreakerSnapshot } from "./breaker";
import type { UpstreamErrorCode } from "./errors";
import type { DroppedItem } from "./lenient";

export type UpstreamState = "ok" | "degraded" | "down" | "rate-limited";

export interface UpstreamFailure {
  at: string;
  code: UpstreamErrorCode;
  endpoint: string;
  status?: number;
}

export interface UpstreamHealth {
  state: UpstreamState;
  /** ISO instant until which the service asked not to be called (Retry-After), if still ahead. */
  rateLimitedUntil: string | null;
  breaker: BreakerSnapshot;
  lastSuccessAt: string | null;
  lastFailure: UpstreamFailure | null;
  /** Attempts and failed attempts within the last `windowMs`. */
  recent: { windowMs: number; attempts: number; failures: number };
  /**
   * Items the service sent that did not match the contract and were left out of their answers
   * (lib/upstream/lenient.ts), since the start: by endpoint, and the last answer that had any.
   */
  dropped: {
    total: number;
    byEndpoint: Record<string, number>;
    last: { at: string; endpoint: string; items: DroppedItem[] } | null;
  };
}

/** Codes that say the service failed us, as opposed to answering about the request (400, 403, 404). */
const FAILURE_CODES: ReadonlySet<UpstreamErrorCode> = new Set([
  "network",
  "timeout",
  "unavailable",
  "invalid_response",
  "unauthorized",
  "rate_limited",
]);

export function isServiceFailure(code: UpstreamErrorCode): boolean {
  return FAILURE_CODES.has(code);
}

const MAX_OUTCOMES = 1000;

export class UpstreamMonitor {
  private readonly outcomes: { at: number; ok: boolean }[] = [];
  private lastSuccessAt: number | null = null;
  private lastFailure: UpstreamFailure | null = null;
  private readonly droppedItems: UpstreamHealth["dropped"] = { total: 0, byEndpoint: {}, last: null };

  constructor(
    private readonly now: () => number = Date.now,
    readonly windowMs = 120_000,
  ) {}

  success(): void {
    const at = this.now();
    this.lastSuccessAt = at;
    this.push(at, true);
  }

  failure(code: UpstreamErrorCode, endpoint: string, status?: number): void {
    const at = this.now();
    this.lastFailure = { at: new Date(at).toISOString(), code, endpoint, status };
    this.push(at, false);
  }

  /** An answer that left out `items` (served with the rest). */
  dropped(endpoint: string, items: readonly DroppedItem[]): void {
    const counts = this.droppedItems;
    counts.total += items.length;
    counts.byEndpoint[endpoint] = (counts.byEndpoint[endpoint] ?? 0) + items.length;
    counts.last = { at: new Date(this.now()).toISOString(), endpoint, items: items.slice(0, 20) };
  }

  health(breaker: BreakerSnapshot, rateLimitedUntil: number | null): UpstreamHealth {
    const now = this.now();
    const recent = this.outcomes.filter((o) => o.at > now - this.windowMs);
    const failures = recent.filter((o) => !o.ok).length;
    const limited = rateLimitedUntil !== null && rateLimitedUntil > now;
    const state: UpstreamState =
      breaker.state === "open"
        ? "down"
        : limited
          ? "rate-limited"
          : failures > 0 || breaker.state === "half-open"
            ? "degraded"
            : "ok";
    return {
      state,
      rateLimitedUntil: limited ? new Date(rateLimitedUntil).toISOString() : null,
      breaker,
      lastSuccessAt: this.lastSuccessAt === null ? null : new Date(this.lastSuccessAt).toISOString(),
      lastFailure: this.lastFailure,
      recent: { windowMs: this.windowMs, attempts: recent.length, failures },
      dropped: structuredClone(this.droppedItems),
    };
  }

  private push(at: number, ok: boolean): void {
    this.outcomes.push({ at, ok });
    const cutoff = at - this.windowMs;
    while (this.outcomes.length > MAX_OUTCOMES || (this.outcomes[0] && this.outcomes[0].at <= cutoff))
      this.outcomes.shift();
  }
}
