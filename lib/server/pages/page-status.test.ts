import { describe, expect, it } from "vitest";
import { UpstreamError } from "@/lib/upstream/errors";
import { PAGE_STATUS_HEADER, pageStatusOf, pageStatusResponse, readPageStatus } from "./page-status";

describe("a page's status for an upstream failure", () => {
  it("is 503 with the service's Retry-After, else the breaker's cool-down", () => {
    const limited = new UpstreamError("rate_limited", "wait", { retryAfterMs: 29_100 });
    expect(pageStatusOf(limited, 30_000)).toEqual({
      status: 503,
      code: "rate_limited",
      retryAfterSeconds: 30,
    });
    // This server's own budget refused the call: told apart from the service's 429.
    const spent = new UpstreamError("rate_limited", "spent", { retryAfterMs: 4_000, budget: true });
    expect(pageStatusOf(spent, 30_000)).toEqual({
      status: 503,
      code: "upstream_budget",
      retryAfterSeconds: 4,
    });
    expect(pageStatusOf(new UpstreamError("unavailable", "500"), 2000)).toEqual({
      status: 503,
      code: "unavailable",
      retryAfterSeconds: 2,
    });
    expect(pageStatusOf(new UpstreamError("invalid_response", "bad body"), 2000)?.status).toBe(502);
  });

  it("answers what the API routes answer for the same failure: no answer in time is 504", () => {
    for (const [code, status] of [
      ["timeout", 504],
      ["network", 503],
      ["unauthorized", 502],
    ] as const)
      expect(pageStatusOf(new UpstreamError(code, "x"), 2000)?.status).toBe(status);
  });

  it("leaves a missing company, a bad request and a plan restriction to the page (404, plan page)", () => {
    for (const code of ["not_found", "bad_request", "forbidden"] as const)
      expect(pageStatusOf(new UpstreamError(code, "x"), 1000)).toBeNull();
  });

  it("rewrites to /page-status with the status and Retry-After; only the proxy's header is read", () => {
    const request = new Request("http://app.test/companies/XNYS_A?x=1");
    const headers = new Headers();
    const response = pageStatusResponse(request, headers, {
      status: 503,
      code: "circuit_open",
      retryAfterSeconds: 7,
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(response.headers.get("x-middleware-rewrite")).toBe("http://app.test/page-status");
    expect(readPageStatus(headers)).toEqual({
      status: 503,
      code: "circuit_open",
      retryAfterSeconds: 7,
      path: "/companies/XNYS_A",
    });
    expect(readPageStatus(new Headers())).toBeNull();
    expect(readPageStatus(new Headers({ [PAGE_STATUS_HEADER]: '{"status":200}' }))).toBeNull();
    expect(readPageStatus(new Headers({ [PAGE_STATUS_HEADER]: "not json" }))).toBeNull();
  });
});
