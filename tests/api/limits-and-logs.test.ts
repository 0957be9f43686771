// The handler() wrapper shared by every /api/* route: the per-client rate limit (429 with
// Retry-After and a JSON errors body, before any upstream call) and one structured log line per
// request with the id returned as x-request-id, without query values and never with the key.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as indexStatus } from "@/app/api/index-status/route";
import { GET as profile } from "@/app/api/profile/route";
import { PEER_ADDRESS_HEADER, stampPeer } from "@/lib/server/front/peer";
import { RateLimiter, setApiRateLimit } from "@/lib/server/http/rate-limit";
import { requestLogEntry } from "@/lib/server/http/request-log";
import { Services, setServices } from "@/lib/server/services/services";
import { UpstreamClient } from "@/lib/upstream/client";

const KEY = "sk-fa-log-canary-5d1f0c";
let upstreamCalls = 0;
/** An upstream that echoes the key in its error messages, as a careless service might. */
setServices(
  new Services({
    startSync: false,
    client: new UpstreamClient({
      baseUrl: "http://upstream.test",
      apiKey: KEY,
      retries: 0,
      transport: async (request) => {
        upstreamCalls++;
        const key = request.headers.get("x-api-key");
        return new Response(JSON.stringify({ errors: [{ message: `Company not found for key ${key}` }] }), {
          status: 400,
          headers: { "content-type": "application/json" },
        });
      },
    }),
  }),
);
afterAll(() => {
  setServices(undefined);
  setApiRateLimit(undefined);
});

const request = (path: string, peer = "203.0.113.1", headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers: { [PEER_ADDRESS_HEADER]: stampPeer(peer), ...headers } });

describe("per-client rate limit", () => {
  beforeEach(() => {
    setApiRateLimit({ limiter: new RateLimiter({ requests: 2, windowSeconds: 60 }), trustedHops: 0 });
    upstreamCalls = 0;
  });

  it("answers 429 with Retry-After and a JSON errors body once a client's requests for the window are spent", async () => {
    expect((await indexStatus(request("/api/index-status"))).status).toBe(200);
    expect((await indexStatus(request("/api/index-status"))).status).toBe(200);
    const limited = await indexStatus(request("/api/index-status"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await limited.json()).toEqual({
      errors: [{ message: expect.stringMatching(/too many requests/i), code: "rate_limited" }],
    });
    // Another client is not affected.
    expect((await indexStatus(request("/api/index-status", "198.51.100.4"))).status).toBe(200);
  });

  it("is not bypassed by a made-up X-Forwarded-For, and spends no upstream call when limited", async () => {
    for (const spoof of ["1.1.1.1", "2.2.2.2"])
      await profile(request("/api/profile?companyKey=A_B", "203.0.113.9", { "x-forwarded-for": spoof }));
    expect(upstreamCalls).toBe(2);
    const limited = await profile(
      request("/api/profile?companyKey=A_B", "203.0.113.9", { "x-forwarded-for": "3.3.3.3" }),
    );
    expect(limited.status).toBe(429);
    expect(upstreamCalls).toBe(2);
  });

  it("keys on the forwarded address when a proxy is trusted", async () => {
    setApiRateLimit({ limiter: new RateLimiter({ requests: 1, windowSeconds: 60 }), trustedHops: 1 });
    const via = (client: string) =>
      indexStatus(request("/api/index-status", "10.0.0.1", { "x-forwarded-for": client }));
    expect((await via("198.51.100.1")).status).toBe(200);
    expect((await via("198.51.100.2")).status).toBe(200);
    expect((await via("198.51.100.1")).status).toBe(429);
  });
});

describe("request logs", () => {
  let lines: string[];
  beforeEach(() => {
    setApiRateLimit({ limiter: null, trustedHops: 0 });
    lines = [];
    vi.stubEnv("REQUEST_LOG", "on");
    for (const method of ["log", "info", "warn", "error"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it("writes one JSON line per request with the id the response carries, path, status and time", async () => {
    const response = await indexStatus(request("/api/index-status"));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] as string);
    expect(entry).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level: "info",
      msg: "api request",
      requestId: response.headers.get("x-request-id"),
      method: "GET",
      path: "/api/index-status",
      params: [],
      status: 200,
      durationMs: expect.any(Number),
    });
    const other = await indexStatus(request("/api/index-status"));
    expect(other.headers.get("x-request-id")).not.toBe(entry.requestId);
  });

  it("logs parameter names, never their values, and never the key, even when the upstream echoes it", async () => {
    const response = await profile(request("/api/profile?companyKey=NASDAQ_SECRETVALUE"));
    const body = await response.text();
    expect(response.status).toBe(400);
    expect(body).not.toContain(KEY);
    expect(body).toContain("[redacted]");
    await indexStatus(request("/api/index-status?q=private%20search%20text"));
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.map((e) => [e.path, e.params, e.status, e.level])).toEqual([
      ["/api/profile", ["companyKey"], 400, "warn"],
      ["/api/index-status", ["q"], 400, "warn"],
    ]);
    const all = lines.join("\n");
    expect(all).not.toContain(KEY);
    expect(all).not.toContain("SECRETVALUE");
    expect(all).not.toContain("private search text");
  });

  it("logs a 5xx as an error, but a 503 that says when to ask again (a wait the server chose) as a warning", () => {
    const level = (status: number, headers: Record<string, string> = {}) =>
      requestLogEntry(request("/api/logo"), new Response(null, { status, headers }), "id", 1).level;
    expect(level(503, { "retry-after": "3" })).toBe("warn");
    expect(level(503)).toBe("error");
    expect(level(502, { "retry-after": "3" })).toBe("error");
    expect(level(504)).toBe("error");
    expect(level(429, { "retry-after": "3" })).toBe("warn");
    expect(level(304)).toBe("info");
  });
});
