import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, AUTO_RETRY_MAX_MS, getJson, retryDelay, shouldRetry } from "./api";

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ errors: [{ message: "The server is busy.", code: "server_busy" }] }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

async function failureOf(response: Response): Promise<ApiError> {
  vi.stubGlobal("fetch", async () => response);
  const error = await getJson("/api/companies").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("getJson", () => {
  it("keeps the server's Retry-After with its messages", async () => {
    const error = await failureOf(answer(503, { "retry-after": "2" }));
    expect(error.status).toBe(503);
    expect(error.message).toBe("The server is busy.");
    expect(error.retryAfterMs).toBe(2000);
    expect((await failureOf(answer(503))).retryAfterMs).toBeUndefined();
  });
});

describe("a failed query's one more try", () => {
  const error = (status: number, retryAfterMs?: number) =>
    new ApiError(status, [{ message: "x" }], retryAfterMs);

  it("waits out a short Retry-After, a 429's too, and shows a long one's error at once", () => {
    expect(shouldRetry(0, error(503, 2000))).toBe(true);
    expect(shouldRetry(0, error(429, 3000))).toBe(true);
    expect(shouldRetry(0, error(503, AUTO_RETRY_MAX_MS))).toBe(true);
    expect(shouldRetry(0, error(503, AUTO_RETRY_MAX_MS + 1000))).toBe(false);
    expect(shouldRetry(0, error(429, 60_000))).toBe(false);
  });

  it("tries a 5xx or a network failure once, a refusal never", () => {
    expect(shouldRetry(0, error(502))).toBe(true);
    expect(shouldRetry(0, error(0))).toBe(true);
    expect(shouldRetry(0, new TypeError("failed"))).toBe(true);
    expect(shouldRetry(1, error(502))).toBe(false);
    expect(shouldRetry(1, error(503, 2000))).toBe(false);
    for (const status of [400, 403, 404, 429]) expect(shouldRetry(0, error(status))).toBe(false);
  });

  it("asks again after the Retry-After, spread by at most a quarter second; else after React Query's backoff", () => {
    expect(retryDelay(0, error(503, 2000), 0)).toBe(2000);
    expect(retryDelay(0, error(503, 2000), 0.999)).toBe(2250);
    expect(retryDelay(0, error(502), 0.5)).toBe(1000);
    expect(retryDelay(1, error(0), 0.5)).toBe(2000);
  });
});
