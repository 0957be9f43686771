import { describe, expect, it } from "vitest";
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from "./retry-after";

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("5")).toBe(5000);
    expect(parseRetryAfter(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThan(8000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it("asks at most an hour's wait: a huge value must not stop every call, or every date, for good", () => {
    expect(parseRetryAfter("9999999999999")).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter("1e400")).toBeUndefined();
    expect(parseRetryAfter("Fri, 31 Dec 9999 23:59:59 GMT")).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter("3600")).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter("3599")).toBe(3_599_000);
  });
});
