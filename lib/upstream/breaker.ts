// A circuit breaker in front of the upstream: after `failureThreshold` consecutive failed
// attempts (network errors, timeouts, 5xx) it opens and every call fails fast for `cooldownMs`;
// then it lets one probe through (half-open) and closes when the probe gets an answer, or opens
// again when it fails. Any answer from the service (even a 404 or a 429) counts as alive.
import { dataChanged } from "@/lib/data-changed";

export type BreakerState = "closed" | "open" | "half-open";

export interface BreakerOptions {
  failureThreshold?: number;
  cooldownMs?: number;
  now?: () => number;
}

export interface BreakerSnapshot {
  state: BreakerState;
  consecutiveFailures: number;
  failureThreshold: number;
  cooldownMs: number;
  /** When the breaker last opened (Unix ms), while it is open or half-open. */
  openedAt: number | null;
  /** When an open breaker lets its next probe through (Unix ms). */
  probeAt: number | null;
  /** How many times it has opened since start. */
  opens: number;
}

/** Permission for one attempt; report its outcome exactly once. */
export interface BreakerTicket {
  probe: boolean;
}

export class CircuitBreaker {
  readonly failureThreshold: number;
  readonly cooldownMs: number;
  private readonly now: () => number;
  private state: BreakerState = "closed";
  private consecutiveFailures = 0;
  private openedAt: number | null = null;
  private probeInFlight = false;
  private opens = 0;

  constructor(options: BreakerOptions = {}) {
    this.failureThreshold = options.failureThreshold ?? 5;
    this.cooldownMs = options.cooldownMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * A ticket for one attempt, or null when the call must fail fast: open and cooling down, or
   * half-open with its one probe already under way.
   */
  tryAcquire(): BreakerTicket | null {
    if (this.state === "closed") return { probe: false };
    if (this.state === "open") {
      if (this.now() < (this.openedAt ?? 0) + this.cooldownMs) return null;
      this.state = "half-open";
    }
    if (this.probeInFlight) return null;
    this.probeInFlight = true;
    return { probe: true };
  }

  /** The service answered. */
  success(ticket: BreakerTicket): void {
    if (ticket.probe) this.probeInFlight = false;
    this.consecutiveFailures = 0;
    if (ticket.probe || this.state !== "open") {
      if (this.state !== "closed") {
        dataChanged();
        console.log("upstream: the data service answers again; calls resume");
      }
      this.state = "closed";
      this.openedAt = null;
    }
  }

  /** The service did not answer, or answered 5xx. */
  failure(ticket: BreakerTicket): void {
    if (ticket.probe) {
      this.probeInFlight = false;
      // An older call that came back well may have closed the breaker meanwhile: that stands.
      if (this.state === "half-open") this.open("its probe failed");
      return;
    }
    this.consecutiveFailures++;
    if (this.state === "closed" && this.consecutiveFailures >= this.failureThreshold)
      this.open(`${this.consecutiveFailures} calls in a row failed`);
  }

  /**
   * Whether `tryAcquire` would now refuse: open and cooling down, or its one probe under way (a
   * caller can then fail fast before spending anything on the attempt).
   */
  refuses(): boolean {
    if (this.state === "closed") return false;
    return this.probeInFlight || this.retryInMs() > 0;
  }

  /** Milliseconds until an open breaker lets a probe through (0 when it would now). */
  retryInMs(): number {
    if (this.state !== "open") return 0;
    return Math.max(0, (this.openedAt ?? 0) + this.cooldownMs - this.now());
  }

  snapshot(): BreakerSnapshot {
    // An open breaker whose cool-down is over reads as half-open: the next call is the probe.
    const cooled = this.state === "open" && this.retryInMs() === 0;
    return {
      state: cooled ? "half-open" : this.state,
      consecutiveFailures: this.consecutiveFailures,
      failureThreshold: this.failureThreshold,
      cooldownMs: this.cooldownMs,
      openedAt: this.openedAt,
      probeAt: this.state === "closed" ? null : (this.openedAt ?? 0) + this.cooldownMs,
      opens: this.opens,
    };
  }

  /** Opens the circuit, and says so in the log: an operator learns why pages answer 503. */
  private open(why: string): void {
    console.warn(
      `upstream: ${why}; calls fail at once for ${Math.round(this.cooldownMs / 1000)} s, then one probe tries the service`,
    );
    dataChanged();
    this.state = "open";
    this.openedAt = this.now();
    this.opens++;
  }
}
