import { describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER } from "./client-address";
import { bucketOf, clientAddress, parseApiRateLimit, parseTrustedProxyHops, RateLimiter } from "./rate-limit";

describe("RateLimiter (token bucket per client)", () => {
  it("allows a burst of the bucket's size, then refuses with the wait until the next token", () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 3, refillPerSecond: 0.5 }, () => now);
    expect([1, 2, 3].map(() => limiter.take("a").allowed)).toEqual([true, true, true]);
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(limiter.take("b").allowed).toBe(true);
    now = 1_000;
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 2_000;
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
    now = 60_000;
    expect([1, 2, 3, 4].map(() => limiter.take("a").allowed)).toEqual([true, true, true, false]);
  });

  it("keeps at most maxClients buckets, dropping idle then least recently used ones", () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 2, refillPerSecond: 1 }, () => now, 3);
    for (const c of ["a", "b", "c"]) limiter.take(c);
    now = 500;
    limiter.take("d");
    expect(limiter.clients).toBe(3);
    now = 10_000;
    limiter.take("e");
    expect(limiter.clients).toBe(1);
  });
});

describe("configuration", () => {
  it("reads API_RATE_LIMIT as requests/seconds, off, or the default", () => {
    expect(parseApiRateLimit("60/30")).toEqual({ capacity: 60, refillPerSecond: 2 });
    expect(parseApiRateLimit("off")).toBeNull();
    expect(parseApiRateLimit(undefined)).toEqual({ capacity: 1200, refillPerSecond: 20 });
    expect(() => parseApiRateLimit("lots")).toThrow(/API_RATE_LIMIT/);
    expect(() => parseApiRateLimit("0/60")).toThrow(/API_RATE_LIMIT/);
    expect(parseTrustedProxyHops(undefined)).toBe(0);
    expect(parseTrustedProxyHops("2")).toBe(2);
    expect(() => parseTrustedProxyHops("-1")).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});

describe("clientAddress", () => {
  const headers = (init: Record<string, string>) => new Headers(init);

  it("uses the socket's peer and ignores X-Forwarded-For when no proxy is trusted", () => {
    const h = headers({ [PEER_ADDRESS_HEADER]: "203.0.113.7", "x-forwarded-for": "1.2.3.4" });
    expect(clientAddress(h, 0)).toBe("203.0.113.7");
  });

  it("takes the entry the outermost trusted proxy appended", () => {
    // client (spoofing 6.6.6.6) -> proxy A -> proxy B -> app
    const h = headers({
      [PEER_ADDRESS_HEADER]: "10.0.0.2",
      "x-forwarded-for": "6.6.6.6, 198.51.100.9, 10.0.0.1",
    });
    expect(clientAddress(h, 2)).toBe("198.51.100.9");
    expect(clientAddress(h, 1)).toBe("10.0.0.1");
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.9" }), 3)).toBe("198.51.100.9");
  });

  it("falls back to the address Next recorded when the server did not stamp one", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "127.0.0.1" }), 0)).toBe("127.0.0.1");
    expect(clientAddress(headers({}), 0)).toBe("unknown");
  });
});

describe("bucketOf", () => {
  it("keeps IPv4 addresses apart and groups IPv6 addresses by their /64", () => {
    expect(bucketOf("203.0.113.7")).toBe("203.0.113.7");
    expect(bucketOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(bucketOf("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(bucketOf("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(bucketOf("[2001:db8:1:3::9]")).toBe("2001:db8:1:3::/64");
    expect(bucketOf("::1")).toBe("0:0:0:0::/64");
    expect(bucketOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
