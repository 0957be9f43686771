import { afterEach, describe, expect, it, vi } from "vitest";
import { CircuitBreaker } from "./breaker";

function setup(failureThreshold = 3, cooldownMs = 1000) {
  const clock = { now: 0 };
  const breaker = new CircuitBreaker({ failureThreshold, cooldownMs, now: () => clock.now });
  const fail = () => {
    const ticket = breaker.tryAcquire();
    if (!ticket) throw new Error("expected a ticket");
    breaker.failure(ticket);
  };
  return { breaker, clock, fail };
}

describe("CircuitBreaker", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("says in the log when it opens, opens again after a failed probe, and closes", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const { breaker, clock, fail } = setup(3, 30_000);
    fail();
    fail();
    expect(warn).not.toHaveBeenCalled();
    fail();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      "upstream: 3 calls in a row failed; calls fail at once for 30 s, then one probe tries the service",
    );
    clock.now = 30_000;
    fail(); // the probe
    expect(warn.mock.calls[1]?.[0]).toMatch(/^upstream: its probe failed; calls fail at once for 30 s/);
    clock.now = 60_000;
    const probe = breaker.tryAcquire();
    breaker.success(probe as NonNullable<typeof probe>);
    expect(log).toHaveBeenCalledWith("upstream: the data service answers again; calls resume");
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("stays closed below the threshold, and a success resets the count", () => {
    const { breaker, fail } = setup(3);
    fail();
    fail();
    const ticket = breaker.tryAcquire();
    expect(ticket).toEqual({ probe: false });
    breaker.success(ticket as NonNullable<typeof ticket>);
    fail();
    fail();
    expect(breaker.snapshot()).toMatchObject({ state: "closed", consecutiveFailures: 2, opens: 0 });
  });

  it("opens after N consecutive failures and then fails fast for the cool-down", () => {
    const { breaker, clock, fail } = setup(3, 1000);
    fail();
    fail();
    fail();
    expect(breaker.snapshot()).toMatchObject({ state: "open", openedAt: 0, probeAt: 1000, opens: 1 });
    expect(breaker.tryAcquire()).toBeNull();
    clock.now = 999;
    expect(breaker.tryAcquire()).toBeNull();
    expect(breaker.retryInMs()).toBe(1);
  });

  it("half-opens after the cool-down with a single probe; others still fail fast", () => {
    const { breaker, clock, fail } = setup(2, 1000);
    fail();
    fail();
    clock.now = 1000;
    expect(breaker.snapshot().state).toBe("half-open");
    const probe = breaker.tryAcquire();
    expect(probe).toEqual({ probe: true });
    expect(breaker.tryAcquire()).toBeNull();
    expect(breaker.tryAcquire()).toBeNull();
    breaker.success(probe as NonNullable<typeof probe>);
    expect(breaker.snapshot()).toMatchObject({ state: "closed", consecutiveFailures: 0, openedAt: null });
    expect(breaker.tryAcquire()).toEqual({ probe: false });
  });

  it("opens again for a full cool-down when the probe fails", () => {
    const { breaker, clock, fail } = setup(2, 1000);
    fail();
    fail();
    clock.now = 1500;
    const probe = breaker.tryAcquire();
    breaker.failure(probe as NonNullable<typeof probe>);
    expect(breaker.snapshot()).toMatchObject({ state: "open", openedAt: 1500, opens: 2 });
    clock.now = 2499;
    expect(breaker.tryAcquire()).toBeNull();
    clock.now = 2500;
    expect(breaker.tryAcquire()).toEqual({ probe: true });
  });

  it("does not let a late success of a call made before it opened close it", () => {
    const { breaker, fail } = setup(2, 1000);
    const early = breaker.tryAcquire();
    fail();
    fail();
    breaker.success(early as NonNullable<typeof early>);
    expect(breaker.snapshot().state).toBe("open");
  });
  it("a probe failing after an older call's success closed the breaker leaves it closed", () => {
    const { breaker, clock, fail } = setup(1, 1000);
    const older = breaker.tryAcquire();
    fail();
    clock.now = 1000;
    const probe = breaker.tryAcquire();
    expect(probe).toEqual({ probe: true });
    breaker.success(older as NonNullable<typeof older>);
    expect(breaker.snapshot()).toMatchObject({ state: "closed" });
    breaker.failure(probe as NonNullable<typeof probe>);
    expect(breaker.snapshot()).toMatchObject({ state: "closed" });
    expect(breaker.tryAcquire()).toEqual({ probe: false });
  });
});
