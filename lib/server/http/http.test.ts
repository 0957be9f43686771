import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UpstreamError, type UpstreamErrorCode } from "@/lib/upstream/errors";
import { parseSearch, toErrorResponse, validationErrors } from "./http";
import { companiesQuery, compareQuery, followingQuery, topNewsQuery } from "./query-schemas";

const answer = async (error: unknown) => {
  const response = toErrorResponse(error);
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: await response.json(),
  };
};

describe("toErrorResponse", () => {
  it("answers each upstream failure with its status and code, and never the upstream's words but where they are safe", async () => {
    const expected: Record<UpstreamErrorCode, [number, string]> = {
      bad_request: [400, "upstream_bad_request"],
      unauthorized: [502, "upstream_auth"],
      forbidden: [403, "plan_restricted"],
      not_found: [404, "not_found"],
      rate_limited: [503, "upstream_rate_limited"],
      unavailable: [503, "upstream_unavailable"],
      timeout: [504, "upstream_timeout"],
      network: [503, "upstream_unavailable"],
      invalid_response: [502, "upstream_invalid"],
      circuit_open: [503, "upstream_circuit_open"],
    };
    for (const [code, [status, errorCode]] of Object.entries(expected)) {
      const { status: got, body } = await answer(
        new UpstreamError(code as UpstreamErrorCode, "secret words"),
      );
      expect([code, got, body.errors[0].code]).toEqual([code, status, errorCode]);
      if (!["bad_request", "forbidden"].includes(code))
        expect(body.errors[0].message).not.toContain("secret");
    }
  });

  it("names what was not found, and passes a wait on as Retry-After only where it applies", async () => {
    const logo = await answer(new UpstreamError("not_found", "x", { resource: "logo" }));
    expect(logo.body.errors[0].message).toBe("This company has no logo.");
    const limited = await answer(new UpstreamError("rate_limited", "x", { retryAfterMs: 1500 }));
    expect(limited.retryAfter).toBe("2");
    expect(limited.body.errors[0].message).toMatch(/data service is rate-limiting/);
    // This server's own budget: the same code, and words that do not blame the service.
    const spent = await answer(new UpstreamError("rate_limited", "x", { retryAfterMs: 900, budget: true }));
    expect([spent.status, spent.retryAfter, spent.body.errors[0].code]).toEqual([
      503,
      "1",
      "upstream_rate_limited",
    ]);
    expect(spent.body.errors[0].message).toMatch(
      /^This server is making all the data-service requests it is set to make/,
    );
    const open = await answer(new UpstreamError("circuit_open", "x", { retryAfterMs: 30_000 }));
    expect(open.retryAfter).toBe("30");
    const timeout = await answer(new UpstreamError("timeout", "x", { retryAfterMs: 30_000 }));
    expect(timeout.retryAfter).toBeNull();
  });

  it("turns a zod error into a 400 and anything else into a 500 that leaks nothing", async () => {
    const zod = z.object({ q: z.string() }).safeParse({ q: 1 });
    expect((await answer(zod.error)).status).toBe(400);
    const other = await answer(new Error("database password is hunter2"));
    expect(other).toMatchObject({
      status: 500,
      body: { errors: [{ message: "Internal error.", code: "internal" }] },
    });
  });
});

describe("parseSearch", () => {
  const messages = (schema: z.ZodType, query: string) => {
    try {
      parseSearch(new URLSearchParams(query), schema);
      return [];
    } catch (error) {
      return validationErrors(error as z.ZodError).map((item) => item.message);
    }
  };

  it("says what is wrong with a parameter in plain words, not in Zod's", () => {
    expect(messages(topNewsQuery, "importance=9")).toEqual(["importance: must be at most 5"]);
    expect(messages(topNewsQuery, "page=0")).toEqual(["page: must be at least 1"]);
    expect(messages(topNewsQuery, "pageSize=2.5")).toEqual(["pageSize: must be a whole number"]);
    expect(messages(topNewsQuery, "startDate=2026-11-01&startDate=2026-11-02&endDate=2026-11-03")).toEqual([
      "startDate: must be given once",
    ]);
    expect(messages(companiesQuery, "set=everything")).toEqual(["set: must be one of: default, all, any"]);
    expect(messages(companiesQuery, "marketCap=huge")[0]).toMatch(
      /^marketCap: must be one of: mega, large, /,
    );
    // A parameter left out, a plain one or one given once or repeated.
    expect(messages(compareQuery, "")).toEqual(["companies: is required"]);
    expect(messages(followingQuery, "")).toEqual(["companies: is required"]);
  });

  it("keeps a schema's own message", () => {
    expect(messages(companiesQuery, `q=${"x".repeat(201)}`)).toEqual(["q: must be at most 200 characters"]);
    expect(messages(topNewsQuery, "importance=x")).toEqual(["importance: must be a number"]);
    expect(messages(topNewsQuery, "importance=1&minImportance=2")).toEqual([
      "importance: use an exact importance or a range, not both",
    ]);
  });
});
