// The app under each sandbox fault: cached data is served marked stale with its age, a request
// with nothing cached gets a clear error response, the circuit breaker stops the calls, and
// /api/health tells the state. No promise is left rejected unhandled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as profileRoute } from "@/app/api/profile/route";
import { FAULT_KINDS, FaultInjector, parseFaultSpec, withFaults } from "@/lib/sandbox/faults";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { getUniverse } from "@/lib/sandbox/universe";
import { PEER_ADDRESS_HEADER, stampPeer } from "@/lib/server/front/peer";
import { toErrorResponse } from "@/lib/server/http/http";
import { getServices, Services, setServices } from "@/lib/server/services/services";
import { UpstreamClient } from "@/lib/upstream/client";

const MINUTE = 60_000;
const universe = getUniverse();
const [first, second, third] = universe.enabled.slice(300, 303).map((c) => c.companyKey) as [
  string,
  string,
  string,
];

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => {
  process.on("unhandledRejection", onUnhandled);
});
afterAll(() => {
  setServices(undefined);
  process.off("unhandledRejection", onUnhandled);
  expect(unhandled).toEqual([]);
});

/** Services on a sandbox behind a fault injector, with a clock the test moves. */
function faultyServices(breaker = { failureThreshold: 1000, cooldownMs: 30_000 }, retries = 1) {
  const injector = new FaultInjector();
  const clock = { now: Date.parse("2026-11-20T15:00:00Z") };
  // The sandbox on the same clock: on the real one its scheduled changes (changes.ts) could move these keys.
  const handler = withFaults(createSandboxHandler({ now: () => clock.now }), () => injector);
  const client = new UpstreamClient({
    baseUrl: "http://sandbox.internal",
    apiKey: "demo-licensed",
    transport: handler,
    retries,
    backoffMs: 1,
    timeoutMs: 100,
    breaker,
    now: () => clock.now,
  });
  const services = new Services({ client, now: () => clock.now, startSync: false });
  const faults = (spec: string) => injector.set(parseFaultSpec(spec));
  return { services, clock, faults, injector };
}

const expected: Record<(typeof FAULT_KINDS)[number], { status: number; code: string; reason: RegExp }> = {
  "500": { status: 503, code: "upstream_unavailable", reason: /the data service is failing/ },
  "429": { status: 503, code: "upstream_rate_limited", reason: /limiting this server's requests/ },
  "401": { status: 502, code: "upstream_auth", reason: /rejecting this server's key/ },
  timeout: { status: 504, code: "upstream_timeout", reason: /the data service is failing/ },
  reset: { status: 503, code: "upstream_unavailable", reason: /the data service is failing/ },
  truncate: { status: 502, code: "upstream_invalid", reason: /answers this app cannot read/ },
  stall: { status: 504, code: "upstream_timeout", reason: /the data service is failing/ },
  malformed: { status: 502, code: "upstream_invalid", reason: /answers this app cannot read/ },
  schema: { status: 502, code: "upstream_invalid", reason: /answers this app cannot read/ },
};

describe.each(FAULT_KINDS)("under the %s fault", (kind) => {
  it("serves a cached profile past its TTL marked stale with its age, and errors clearly without one", async () => {
    const { services, clock, faults } = faultyServices();
    await services.profiles.get(first);
    await services.logos.get(first, "icon");
    faults(`${kind}=1,retry-after=60`);
    clock.now += 2 * 24 * 60 * MINUTE;
    const stale = await services.profiles.get(first);
    expect(stale).toMatchObject({ state: "stale-on-error", data: { companyKey: first } });
    expect(stale.stale?.ageMs).toBe(2 * 24 * 60 * MINUTE);
    expect(stale.warning).toMatch(/^Showing data as of 2 days ago; /);
    expect(stale.warning).toMatch(expected[kind].reason);
    clock.now += 40 * 24 * 60 * MINUTE;
    expect((await services.logos.get(first, "icon"))?.state).toBe("stale-on-error");

    const error = await services.profiles.get(second).catch((e: unknown) => e);
    const response = toErrorResponse(error);
    expect(response.status).toBe(expected[kind].status);
    const body = (await response.json()) as { errors: { code: string; message: string }[] };
    expect(body.errors[0]?.code).toBe(expected[kind].code);
    expect(JSON.stringify(body)).not.toContain("demo-licensed");
    if (kind === "429") expect(response.headers.get("retry-after")).toBe("60");
  });
});

/** A request from this machine, which reads /api/health's details. */
const fromThisMachine = (path: string) =>
  new Request(`http://localhost${path}`, {
    headers: { host: "localhost", [PEER_ADDRESS_HEADER]: stampPeer("127.0.0.1") },
  });

describe("stale serving and the circuit breaker", () => {
  it("within the stale window, marks the data stale once a background reload has failed", async () => {
    const { services, clock, faults } = faultyServices();
    await services.profiles.get(first);
    faults("500=1");
    clock.now += 45 * MINUTE;
    expect((await services.profiles.get(first)).state).toBe("stale");
    await new Promise((r) => setTimeout(r, 20));
    const served = await services.profiles.get(first);
    expect(served.warning).toBe("Showing data as of 45 minutes ago; the data service is failing.");
  });

  it("opens the breaker on a failing upstream: calls stop, cached data is still served, health says down", async () => {
    const { services, clock, faults, injector } = faultyServices({ failureThreshold: 3, cooldownMs: 10_000 });
    await services.profiles.get(first);
    faults("500=1");
    clock.now += 2 * 24 * 60 * MINUTE;
    await services.profiles.get(second).catch(() => {});
    await services.profiles.get(third).catch(() => {});
    const calls = injector.stats().requests;
    expect(calls).toBe(3);
    const error = await services.profiles.get(third).catch((e: unknown) => e);
    expect(toErrorResponse(error).status).toBe(503);
    expect((await toErrorResponse(error).json()) as unknown).toMatchObject({
      errors: [{ code: "upstream_circuit_open" }],
    });
    expect(toErrorResponse(error).headers.get("retry-after")).toBe("10");
    expect((await services.profiles.get(first)).warning).toMatch(/the data service is failing/);
    expect(injector.stats().requests).toBe(calls);

    setServices(services);
    const down = await health(fromThisMachine("/api/health"));
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      status: "down",
      upstream: { state: "down", breaker: { state: "open", opens: 1 } },
      caches: { staleServed: 1 },
    });

    // After the cool-down one probe goes through; the upstream is back, so the breaker closes.
    faults("off");
    clock.now += 10_000;
    await expect(services.profiles.get(third)).resolves.toMatchObject({ state: "fresh" });
    const back = await health(fromThisMachine("/api/health"));
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({
      upstream: { state: "degraded", breaker: { state: "closed" } },
    });
  });
});

describe("GET /api/health", () => {
  it("tells anyone else that it lives, and nothing more", async () => {
    const remote = new Request("http://localhost/api/health", {
      headers: { [PEER_ADDRESS_HEADER]: stampPeer("203.0.113.9") },
    });
    const response = await health(remote);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "live" });
  });

  it("reports ok with the index, caches and call count, and never the key", async () => {
    const services = new Services({ startSync: false });
    setServices(services);
    await services.directory.sync("default");
    await profileRoute(new Request(`http://localhost/api/profile?companyKey=${first}`));
    await profileRoute(new Request(`http://localhost/api/profile?companyKey=${first}`));
    const response = await health(fromThisMachine("/api/health"));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("demo-licensed");
    expect(JSON.parse(text)).toMatchObject({
      status: "ok",
      upstream: {
        state: "ok",
        target: "embedded sandbox (in-process)",
        rateLimitedUntil: null,
        breaker: { state: "closed" },
        calls: expect.any(Number),
      },
      index: { default: { state: "ready" } },
      caches: { entries: 1, hits: 1, misses: 1, staleServed: 0 },
    });
    expect(getServices()).toBe(services);
    expect((await health(fromThisMachine("/api/health?x=1"))).status).toBe(400);
  });
});

describe("while the breaker is open", () => {
  it("marks data in its stale window as stale at once: it cannot be refreshed", async () => {
    // Cooling down for an hour: at +45 minutes the breaker is still open.
    const { services, clock, faults } = faultyServices({ failureThreshold: 2, cooldownMs: 60 * MINUTE });
    await services.profiles.get(first);
    faults("500=1");
    await services.profiles.get(second).catch(() => {});
    clock.now += 45 * MINUTE;
    const served = await services.profiles.get(first);
    expect(served).toMatchObject({ state: "stale-on-error", stale: { reason: "circuit_open" } });
    expect(served.warning).toBe("Showing data as of 45 minutes ago; the data service is failing.");
  });
});

describe("the directory under a failing upstream", () => {
  it("completes a sync whose pages stall mid-body now and then: each is cut off at its limit and asked again", async () => {
    const { services, faults, injector } = faultyServices(undefined, 5);
    faults("stall=0.2,only=/v3/companies-list,seed=5");
    await services.directory.sync("default");
    expect(services.directory.progress("default")).toMatchObject({
      state: "ready",
      rows: universe.enabled.length,
      lastError: null,
    });
    expect(injector.stats().injected.stall).toBeGreaterThan(0);
  });

  it("says the company list could not be loaded when the first sync fails, and that it is stale when a refresh fails", async () => {
    const { services, faults } = faultyServices();
    setServices(services);
    faults("500=1,only=/v3/companies-list");
    await services.directory.sync("default");
    const { directoryPage } = await import("@/lib/server/pages/directory");
    const { companiesQuery } = await import("@/lib/server/http/query-schemas");
    const empty = await directoryPage(companiesQuery.parse({}));
    expect(empty.notice).toEqual({
      kind: "unavailable",
      message:
        "The company list could not be loaded: the data service is failing. It is tried again automatically.",
    });

    faults("off");
    await services.directory.sync("default");
    expect((await directoryPage(companiesQuery.parse({}))).notice).toBeNull();
    faults("500=1,only=/v3/companies-list");
    await services.directory.sync("default");
    const stale = await directoryPage(companiesQuery.parse({}));
    expect(stale.total).toBe(universe.enabled.length);
    expect(stale.notice).toEqual({
      kind: "stale",
      message: expect.stringMatching(/^Showing data as of .+; the data service is failing\.$/),
    });
  });
});

describe("a logo the data service is slow to send", () => {
  it("is given up on after the wait while its call goes on into the cache; a cached one never waits", async () => {
    const sandbox = createSandboxHandler({ now: () => Date.parse("2026-11-20T15:00:00Z") });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const client = new UpstreamClient({
      baseUrl: "http://sandbox.internal",
      apiKey: "demo-licensed",
      transport: async (request) => {
        if (new URL(request.url).pathname === "/v2/company/logo") {
          calls++;
          await held;
        }
        return sandbox(request);
      },
      retries: 0,
      timeoutMs: 10_000,
    });
    const services = new Services({ client, startSync: false });
    // Two requests at once: the second joins the first one's call, and gives up as well.
    expect(
      await Promise.all([services.logos.get(third, "icon", 20), services.logos.get(third, "icon", 20)]),
    ).toEqual([null, null]);
    // One that comes later joins it too.
    expect(await services.logos.get(third, "icon", 20)).toBeNull();
    expect(calls).toBe(1);
    release();
    // The call was not dropped: it lands in the cache, and the logo is then served at once.
    expect((await services.logos.get(third, "icon"))?.data.byteLength).toBeGreaterThan(0);
    expect((await services.logos.get(third, "icon", 0))?.state).toBe("fresh");
    expect(calls).toBe(1);
  });
});
