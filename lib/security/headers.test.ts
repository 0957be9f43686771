import { describe, expect, it } from "vitest";
import { API_CSP, createNonce, pageCsp } from "./headers";

describe("security headers", () => {
  it("a page policy allows scripts only by nonce, never eval in production", () => {
    const csp = pageCsp("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(pageCsp("abc123", { dev: true })).toContain("'unsafe-eval'");
  });

  it("nonces are fresh and long enough", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("the API policy allows nothing", () => {
    expect(API_CSP).toMatch(/^default-src 'none'; frame-ancestors 'none'/);
  });
});
