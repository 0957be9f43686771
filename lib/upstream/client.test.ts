import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { listenLocal } from "@/tests/local-server";
import { LocalBudgetStore, UpstreamBudget } from "./budget";
import { type Transport, UpstreamClient } from "./client";
import { isUpstreamError, UpstreamError } from "./errors";
import { isKnownDataset } from "./schemas";

const listing = { ticker: "NVX", exchangeCode: "NASDAQ" };
const row = { companyId: 1, companyKey: "NASDAQ_NVX", primaryListing: listing, availableDatasets: ["news"] };
const pageBody = {
  pagination: {
    page: 1,
    pageSize: 1000,
    totalCount: 1,
    totalPages: 1,
    hasNextPage: false,
    hasPreviousPage: false,
  },
  data: [row],
};

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

function clientWith(
  responses: (Response | Error)[],
  options: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {},
) {
  const requests: Request[] = [];
  const sleeps: number[] = [];
  // A clock that the fake sleep moves on, so waits (Retry-After, cool-downs) pass instantly.
  const clock = { now: 1_000_000 };
  const transport: Transport = async (request) => {
    requests.push(request);
    const next = responses.shift();
    if (!next) throw new Error("no more responses scripted");
    if (next instanceof Error) throw next;
    return next;
  };
  const client = new UpstreamClient({
    baseUrl: "https://api.example.test/",
    apiKey: "secret-key-123",
    transport,
    retries: 2,
    backoffMs: 10,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.now += ms;
    },
    now: () => clock.now,
    ...options,
  });
  return { client, requests, sleeps, clock };
}

describe("UpstreamClient", () => {
  it("writes numbers in plain decimals, as a query parameter is read, not in exponent form", async () => {
    const empty = { pagination: pageBody.pagination, data: [] };
    const { client, requests } = clientWith([jsonResponse(empty), jsonResponse(empty)]);
    await client.getTopNews({ minMarketCap: 1e-7, maxMarketCap: 2.5e21 });
    await client.getTopNews({ minMarketCap: 0, maxMarketCap: 1_500_000_000.5 });
    expect(new URL(requests[0]?.url ?? "").search).toBe(
      "?minMarketCap=0.0000001&maxMarketCap=2500000000000000000000",
    );
    expect(new URL(requests[1]?.url ?? "").search).toBe("?minMarketCap=0&maxMarketCap=1500000000.5");
  });

  it("sends the key in the X-Api-Key header, never in the URL", async () => {
    const { client, requests } = clientWith([jsonResponse(pageBody)]);
    await client.getCompaniesPage({ pageNumber: 2 });
    expect(requests[0]?.headers.get("x-api-key")).toBe("secret-key-123");
    expect(requests[0]?.url).toBe("https://api.example.test/v3/companies-list?pageNumber=2");
  });

  it("retries 5xx with exponential backoff and then succeeds", async () => {
    const { client, sleeps } = clientWith([
      jsonResponse({}, 503),
      jsonResponse({}, 502),
      jsonResponse(pageBody),
    ]);
    const page = await client.getCompaniesPage({});
    expect(page.data).toHaveLength(1);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0] as number);
  });

  it("honours Retry-After on 429, and says so in the log", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, sleeps } = clientWith([
      jsonResponse({ errors: [{ message: "slow down" }] }, 429, { "retry-after": "2" }),
      jsonResponse(pageBody),
    ]);
    await client.getCompaniesPage({});
    expect(sleeps).toEqual([2000]);
    expect(warn).toHaveBeenCalledWith(
      "upstream: 429 on /v3/companies-list; every call waits 2 s as the service asks",
    );
    warn.mockRestore();
  });

  it("does not wait for a Retry-After beyond its limit: fails as rate_limited with the delay", async () => {
    const { client } = clientWith([jsonResponse({}, 429, { "retry-after": "3600" })], {
      maxRetryAfterMs: 5000,
    });
    const error = (await client.getCompaniesPage({}).catch((e: unknown) => e)) as UpstreamError;
    expect(error.code).toBe("rate_limited");
    expect(error.details.retryAfterMs).toBe(3_600_000);
  });

  it("gives up after the configured retries", async () => {
    const { client, requests } = clientWith([
      jsonResponse({}, 500),
      jsonResponse({}, 500),
      jsonResponse({}, 500),
    ]);
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "unavailable" });
    expect(requests).toHaveLength(3);
  });

  it("does not retry 4xx answers", async () => {
    const { client, requests } = clientWith([
      jsonResponse({ errors: [{ message: "Company not found." }] }, 404),
    ]);
    await expect(client.getProfile({ companyKey: "X_Y" })).rejects.toMatchObject({
      code: "not_found",
      message: "Company not found.",
    });
    expect(requests).toHaveLength(1);
  });

  it('reads the {"error": "..."} body style and treats 401 like 403 for a bad key', async () => {
    const { client } = clientWith([jsonResponse({ error: "Unauthorized" }, 401)]);
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({
      code: "unauthorized",
      message: "Unauthorized",
    });
  });

  it("tells a 403 about the key from a 403 about the plan", async () => {
    const bad = clientWith([
      jsonResponse({ errors: [{ message: "The API key is invalid or missing." }] }, 403),
    ]);
    await expect(bad.client.getCompaniesPage({})).rejects.toMatchObject({ code: "unauthorized" });
    const plan = clientWith([
      jsonResponse({ errors: [{ message: "Not available on the free plan." }] }, 403),
    ]);
    await expect(plan.client.getCompaniesPage({ allCompanies: true })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("never repeats the key from an upstream error message", async () => {
    const { client } = clientWith([
      jsonResponse({ errors: [{ message: "key secret-key-123 is invalid" }] }, 403),
    ]);
    const error = (await client.getCompaniesPage({}).catch((e: unknown) => e)) as UpstreamError;
    expect(error.message).not.toContain("secret-key-123");
    expect(error.message).toContain("[redacted]");
  });

  it("maps a truncated body to invalid_response", async () => {
    const { client } = clientWith([new Response('{"pagination": {"page": 1', { status: 200 })]);
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "invalid_response" });
  });

  it("retries an answer whose body broke off (a timeout or reset mid-way) instead of failing as invalid", async () => {
    const broken = new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"pagination":'));
          controller.error(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
        },
      }),
      { status: 200, headers: { "content-type": "application/json" } },
    );
    const { client, requests } = clientWith([broken, jsonResponse(pageBody)]);
    await expect(client.getCompaniesPage({ pageNumber: 1 })).resolves.toMatchObject({ data: [row] });
    expect(requests).toHaveLength(2);
  });

  it("maps a body that breaks the contract to invalid_response naming the fields", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { client } = clientWith([
      // Every row unreadable: nothing usable.
      jsonResponse({ pagination: pageBody.pagination, data: [{ companyKey: 5 }] }),
      // The contract's envelope broken.
      jsonResponse({ pagination: { ...pageBody.pagination, totalCount: "many" }, data: [row] }),
    ]);
    const error = (await client.getCompaniesPage({}).catch((e: unknown) => e)) as UpstreamError;
    expect(error.code).toBe("invalid_response");
    expect(error.message).toMatch(/none of its items could be read: data\[0\]\.companyId/);
    const envelope = (await client.getCompaniesPage({}).catch((e: unknown) => e)) as UpstreamError;
    expect(envelope.code).toBe("invalid_response");
    expect(envelope.message).toMatch(/pagination\.totalCount/);
    vi.restoreAllMocks();
  });

  it("keeps unknown availableDatasets values instead of rejecting the response", async () => {
    const grown = { ...pageBody, data: [{ ...row, availableDatasets: ["news", "satellite_imagery"] }] };
    const { client } = clientWith([jsonResponse(grown)]);
    const page = await client.getCompaniesPage({});
    expect(page.data[0]?.availableDatasets).toEqual(["news", "satellite_imagery"]);
    // Flagged as informational by the known-vocabulary check.
    expect(page.data[0]?.availableDatasets.map(isKnownDataset)).toEqual([true, false]);
  });

  it("times out a hung request and retries it", async () => {
    vi.useRealTimers();
    let calls = 0;
    const transport: Transport = (request) => {
      calls++;
      if (calls === 1) {
        return new Promise((_, reject) =>
          request.signal.addEventListener("abort", () => reject(request.signal.reason as Error)),
        );
      }
      return Promise.resolve(jsonResponse(pageBody));
    };
    const client = new UpstreamClient({
      baseUrl: "https://x.test",
      apiKey: "k",
      transport,
      timeoutMs: 50,
      backoffMs: 1,
    });
    await expect(client.getCompaniesPage({})).resolves.toMatchObject({ data: [row] });
    expect(calls).toBe(2);
  });

  /** A 200 whose body sends a first chunk and then nothing, ever; `cancelled` once its reader lets go. */
  function stalledBody(status = 200) {
    const state = { cancelled: false };
    const response = new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"pagination":'));
        },
        cancel() {
          state.cancelled = true;
        },
      }),
      { status, headers: { "content-type": "application/json" } },
    );
    return { response, state };
  }

  // The transports below ignore the request's signal, as undici's fetch does once the Request
  // object has been garbage-collected: the attempt's own limit must end the wait regardless.
  it("cuts off a body that stalls at the attempt's limit, cancels it, and retries", async () => {
    const stalled = stalledBody();
    const answers = [stalled.response, jsonResponse(pageBody)];
    const client = new UpstreamClient({
      baseUrl: "https://x.test",
      apiKey: "k",
      transport: async () => answers.shift() as Response,
      timeoutMs: 50,
      backoffMs: 1,
    });
    await expect(client.getCompaniesPage({})).resolves.toMatchObject({ data: [row] });
    expect(answers).toHaveLength(0);
    expect(stalled.state.cancelled).toBe(true);
  });

  it("cuts off an answer that never comes, and an error body that stalls, at the limit", async () => {
    const stalled = stalledBody(503);
    const answers: (() => Promise<Response>)[] = [
      () => new Promise<Response>(() => undefined),
      async () => stalled.response,
    ];
    const client = new UpstreamClient({
      baseUrl: "https://x.test",
      apiKey: "k",
      transport: () => (answers.shift() as () => Promise<Response>)(),
      timeoutMs: 50,
      retries: 1,
      backoffMs: 1,
    });
    const error = (await client.getCompaniesPage({}).catch((e: unknown) => e)) as UpstreamError;
    expect(error.code).toBe("unavailable");
    expect(error.message).toBe("HTTP 503");
    expect(stalled.state.cancelled).toBe(true);
  });

  it("ends a stalled body over a real socket at its limit after a garbage collection", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    let requests = 0;
    const server = await listenLocal((_request, response) => {
      requests++;
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"pagination":');
      // Headers and a first chunk are out, the client reads the body: collect the garbage now.
      setTimeout(gc, 20);
    });
    try {
      const client = new UpstreamClient({ baseUrl: server.base, apiKey: "k", timeoutMs: 300, retries: 0 });
      const started = Date.now();
      const outcome = await Promise.race([
        client.getCompaniesPage({}).catch((e: unknown) => e),
        new Promise((resolve) => setTimeout(() => resolve("still waiting after 5 s"), 5_000)),
      ]);
      expect(outcome).toMatchObject({ code: "timeout" });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(requests).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("does not follow a redirect: the key's header would go on to the other host", async () => {
    const elsewhere: (string | undefined)[] = [];
    const other = await listenLocal((request, response) => {
      elsewhere.push(request.headers["x-api-key"] as string | undefined);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(pageBody));
    });
    const server = await listenLocal((_request, response) => {
      response.writeHead(302, { location: `${other.base}/v3/companies-list?stolen=1` });
      response.end();
    });
    try {
      const client = new UpstreamClient({ baseUrl: server.base, apiKey: "secret-key", retries: 0 });
      const error = (await client.getCompaniesPage({}).catch((e: unknown) => e)) as UpstreamError;
      expect(error.code).toBe("invalid_response");
      expect(error.message).toBe(
        `a redirect (HTTP 302 to ${new URL(other.base).origin}), not followed with the key: set API_BASE_URL to the API's own address`,
      );
      expect(elsewhere).toEqual([]);
    } finally {
      await server.close();
      await other.close();
    }
  });

  it("maps a connection failure to network after retries", async () => {
    const { client } = clientWith([
      new TypeError("fetch failed"),
      new TypeError("fetch failed"),
      new TypeError("fetch failed"),
    ]);
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "network" });
  });

  it("rejects a logo answer that is no image", async () => {
    const { client } = clientWith([
      new Response("<html>", { status: 200, headers: { "content-type": "text/html" } }),
    ]);
    await expect(client.getLogo({ companyKey: "A_B" })).rejects.toMatchObject({ code: "invalid_response" });
  });

  it("reports each attempt to onCall", async () => {
    const calls: string[] = [];
    const { client } = clientWith([jsonResponse({}, 503), jsonResponse(pageBody)], {
      onCall: (call) => calls.push(`${call.endpoint}:${call.status}:${call.attempt}`),
    });
    await client.getCompaniesPage({});
    expect(calls).toEqual(["/v3/companies-list:503:1", "/v3/companies-list:200:2"]);
  });
});

describe("UpstreamClient under a failing service", () => {
  const failures = (n: number) => Array.from({ length: n }, () => jsonResponse({}, 503));

  it("opens the circuit after repeated failures and then fails fast without calling", async () => {
    const { client, requests } = clientWith([...failures(6)], {
      retries: 2,
      breaker: { failureThreshold: 5, cooldownMs: 30_000 },
    });
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "unavailable" });
    // The second call's third attempt is refused by the breaker (5 failures already).
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "circuit_open" });
    expect(requests).toHaveLength(5);
    const error = (await client.getCompaniesPage({}).catch((e: unknown) => e)) as UpstreamError;
    expect(error.code).toBe("circuit_open");
    expect(error.retryable).toBe(false);
    expect(error.details.retryAfterMs).toBeGreaterThan(25_000);
    expect(requests).toHaveLength(5);
    expect(client.health()).toMatchObject({ state: "down", breaker: { state: "open", opens: 1 } });
  });

  it("probes once after the cool-down and closes on success", async () => {
    const { client, requests, clock } = clientWith([...failures(2), jsonResponse(pageBody)], {
      retries: 0,
      breaker: { failureThreshold: 2, cooldownMs: 10_000 },
    });
    await client.getCompaniesPage({}).catch(() => {});
    await client.getCompaniesPage({}).catch(() => {});
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "circuit_open" });
    clock.now += 10_000;
    // Not down: an instance taken out of a load balancer for a 503 would never get the probe's call.
    expect(client.health()).toMatchObject({ state: "degraded", breaker: { state: "half-open" } });
    await expect(client.getCompaniesPage({})).resolves.toMatchObject({ data: [row] });
    expect(requests).toHaveLength(3);
    expect(client.health()).toMatchObject({ state: "degraded", breaker: { state: "closed" } });
  });

  it("while its probe is under way, refuses the other calls before they spend a slot of the budget", async () => {
    const clock = { now: 1_000_000 };
    const answers: (() => Promise<Response>)[] = [
      async () => jsonResponse({}, 503),
      () => new Promise<Response>(() => {}), // the probe: no answer yet
    ];
    let calls = 0;
    const client = new UpstreamClient({
      baseUrl: "https://x.test",
      apiKey: "k",
      transport: async () => {
        calls++;
        return (answers.shift() as () => Promise<Response>)();
      },
      retries: 0,
      timeoutMs: 5_000,
      breaker: { failureThreshold: 1, cooldownMs: 10_000 },
      budget: new UpstreamBudget(LocalBudgetStore.of({ calls: 10, windowMs: 60_000 }, () => clock.now)),
      now: () => clock.now,
    });
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "unavailable" });
    clock.now += 10_000;
    const probe = client.getCompaniesPage({});
    probe.catch(() => {});
    await vi.waitFor(() => expect(calls).toBe(2));
    for (let i = 0; i < 5; i++) {
      const error = (await client.getCompaniesPage({}).catch((e: unknown) => e)) as UpstreamError;
      // Ask again once the probe has had its time.
      expect(error).toMatchObject({ code: "circuit_open", details: { retryAfterMs: 5_000 } });
    }
    expect(calls).toBe(2);
    expect(client.budgetStatus().used).toBe(2);
  });

  it("takes a body that stalls as a failure: the breaker opens, and a stalled probe does not close it", async () => {
    let stalls = 0;
    const client = new UpstreamClient({
      baseUrl: "https://x.test",
      apiKey: "k",
      transport: async () => {
        stalls++;
        return new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode("{"));
            },
          }),
          { status: 200, headers: { "content-type": "application/json" } },
        );
      },
      retries: 0,
      timeoutMs: 20,
      breaker: { failureThreshold: 2, cooldownMs: 30 },
    });
    for (let i = 0; i < 2; i++)
      await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "timeout" });
    expect(client.health().breaker.state).toBe("open");
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "circuit_open" });
    await new Promise((resolve) => setTimeout(resolve, 40));
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "timeout" });
    expect(stalls).toBe(3);
    expect(client.health().breaker).toMatchObject({ state: "open", opens: 2 });
  });

  it("429s without a Retry-After pause every call for a growing backoff, then for the day, probing every 10 minutes", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const bare = () => jsonResponse({ error: "Too many requests" }, 429, { "retry-after": "0" });
    const { client, requests, clock } = clientWith([bare(), bare(), bare(), bare(), jsonResponse(pageBody)], {
      retries: 2,
    });
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const error = (await client.getCompaniesPage({}).catch((e: unknown) => e)) as UpstreamError;
      expect(error).toMatchObject({ code: "rate_limited" });
      waits.push(error.details.retryAfterMs ?? 0);
      const pause = client.currentPause();
      if (pause?.kind !== "daily") clock.now = pause?.until ?? clock.now;
    }
    // Not retried back to back (a 10 s wait is more than a retry waits for): one request per call.
    expect(requests).toHaveLength(4);
    const midnight = 86_400_000;
    expect(waits).toEqual([10_000, 30_000, 60_000, midnight - clock.now]);
    expect(client.currentPause()).toEqual({ kind: "daily", until: midnight });
    // Until the probe is due, calls fail without a request.
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ details: { daily: "spent" } });
    expect(requests).toHaveLength(4);
    clock.now += 10 * 60_000;
    await expect(client.getCompaniesPage({})).resolves.toMatchObject({ data: [row] });
    expect(client.currentPause()).toBeNull();
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      "upstream: 429 without Retry-After on /v3/companies-list; every call waits 10 s",
      "upstream: 429 without Retry-After on /v3/companies-list; every call waits 30 s",
      "upstream: 429 without Retry-After on /v3/companies-list; every call waits 60 s",
      "upstream: the data service's daily limit is reached (429 on /v3/companies-list); calls pause until 00:00 UTC, with one probe every 10 minutes",
      "upstream: the data service answers again; calls resume",
    ]);
    warn.mockRestore();
  });

  it("a 429 whose message names the daily cap pauses every call until 00:00 UTC at once", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, requests, clock } = clientWith([
      jsonResponse({ error: "Daily request limit exceeded for free trial" }, 429),
    ]);
    const error = (await client
      .getProfile({ companyKey: "NASDAQ_NVX" })
      .catch((e: unknown) => e)) as UpstreamError;
    expect(error).toMatchObject({
      code: "rate_limited",
      message: "Daily request limit exceeded for free trial",
      details: { daily: "spent", retryAfterMs: 86_400_000 - clock.now },
    });
    expect(requests).toHaveLength(1);
    expect(client.pausedReason()).toBe("rate_limited");
    expect(client.health().state).toBe("rate-limited");
    warn.mockRestore();
  });

  it("refuses an answer past its size limit as invalid, without reading the rest, and the service counts as up", async () => {
    let pulled = 0;
    const huge = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            pulled++;
            controller.enqueue(new Uint8Array(64 * 1024));
          },
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    const { client } = clientWith([huge()], { maxBodyBytes: 1024 * 1024, breaker: { failureThreshold: 1 } });
    const error = (await client.getCompaniesPage({}).catch((e: unknown) => e)) as UpstreamError;
    expect(error).toMatchObject({
      code: "invalid_response",
      message: expect.stringContaining("larger than"),
    });
    expect(pulled).toBeLessThan(40);
    expect(client.health().breaker.state).toBe("closed");
  });

  it("does not count answers about the request (404) as failures", async () => {
    const notFound = () => jsonResponse({ errors: [{ message: "Company not found." }] }, 404);
    const { client } = clientWith([notFound(), notFound(), notFound()], {
      breaker: { failureThreshold: 2 },
    });
    for (let i = 0; i < 3; i++) await client.getProfile({ companyKey: "X_Y" }).catch(() => {});
    expect(client.health()).toMatchObject({ state: "ok", breaker: { state: "closed" } });
  });

  it("after a long Retry-After, fails fast as rate limited until then, without calling", async () => {
    const { client, requests, clock } = clientWith(
      [jsonResponse({}, 429, { "retry-after": "60" }), jsonResponse(pageBody)],
      { maxRetryAfterMs: 5000 },
    );
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "rate_limited" });
    const health = client.health();
    expect(health.state).toBe("rate-limited");
    expect(health.rateLimitedUntil).toBe(new Date(clock.now + 60_000).toISOString());
    clock.now += 30_000;
    const error = (await client.getCompaniesPage({}).catch((e: unknown) => e)) as UpstreamError;
    expect(error).toMatchObject({ code: "rate_limited", details: { retryAfterMs: 30_000 } });
    expect(requests).toHaveLength(1);
    clock.now += 30_000;
    await expect(client.getCompaniesPage({})).resolves.toMatchObject({ data: [row] });
    expect(requests).toHaveLength(2);
  });

  it("stops retrying when the total time budget would be exceeded", async () => {
    const { client, requests } = clientWith([...failures(5)], {
      retries: 4,
      backoffMs: 400,
      totalBudgetMs: 800,
    });
    await expect(client.getCompaniesPage({})).rejects.toMatchObject({ code: "unavailable" });
    // Waits of 300-500 ms and then 600-1000 ms (backoff with ±25% jitter): the first fits the
    // 800 ms budget, the second never does.
    expect(requests.length).toBe(2);
  });

  it("reports unreadable 2xx bodies as a degraded service, and health says nothing secret", async () => {
    const { client } = clientWith([new Response("{,}", { status: 200 })]);
    await client.getCompaniesPage({}).catch(() => {});
    const health = client.health();
    expect(health).toMatchObject({
      state: "degraded",
      lastFailure: { code: "invalid_response", endpoint: "/v3/companies-list", status: 200 },
      recent: { attempts: 1, failures: 1 },
    });
    expect(JSON.stringify(health)).not.toContain("secret-key-123");
    expect(JSON.stringify(health)).not.toContain("api.example.test");
  });

  it("rejects a logo whose body was cut short", async () => {
    const png = await import("@/lib/sandbox/png");
    const full = new Uint8Array(png.encodePng(4, 4, new Uint8Array(4 * 4 * 4)));
    const cut = full.slice(0, full.length - 6);
    const { client } = clientWith([
      new Response(cut, { headers: { "content-type": "image/png" } }),
      new Response(full, { headers: { "content-type": "image/png" } }),
    ]);
    await expect(client.getLogo({ companyKey: "A_B" })).rejects.toMatchObject({ code: "invalid_response" });
    await expect(client.getLogo({ companyKey: "A_B" })).resolves.toHaveLength(full.length);
  });
});

describe("UpstreamError", () => {
  it("says which failures are retryable", () => {
    expect(new UpstreamError("unavailable", "x").retryable).toBe(true);
    expect(new UpstreamError("not_found", "x").retryable).toBe(false);
  });

  it("is recognised across copies of its module, as Next bundles it once per route", async () => {
    vi.resetModules();
    const copy = await import("./errors");
    expect(copy.UpstreamError).not.toBe(UpstreamError);
    const fromOtherBundle = new copy.UpstreamError("not_found", "Company not found.");
    expect(fromOtherBundle).toBeInstanceOf(UpstreamError);
    expect(isUpstreamError(fromOtherBundle)).toBe(true);
    expect(new Error("plain")).not.toBeInstanceOf(UpstreamError);
    expect(isUpstreamError({ code: "not_found" })).toBe(false);
  });
});
