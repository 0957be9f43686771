import { afterEach, describe, expect, it, vi } from "vitest";
import { installRedis } from "@/tests/shared-redis";
import { until } from "@/tests/until";
import { HUNG_AFTER, type SharedRedis } from "../cache/redis";
import { PEER_ADDRESS_HEADER, stampPeer } from "../front/peer";
import { bucketOf, clientAddress, RateLimiter } from "./rate-limit";

describe("RateLimiter in this process", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("allows N requests per window per client, then refuses with the wait until the window ends", async () => {
    vi.useFakeTimers();
    const limiter = new RateLimiter({ requests: 3, windowSeconds: 2 });
    expect(limiter.mode()).toBe("local");
    const takes = async (n: number, client = "a") => {
      const out: boolean[] = [];
      for (let i = 0; i < n; i++) out.push((await limiter.take(client)).allowed);
      return out;
    };
    expect(await takes(3)).toEqual([true, true, true]);
    expect(await limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(await takes(1, "b")).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await limiter.take("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await takes(4)).toEqual([true, true, true, false]);
  });
});

describe("RateLimiter shared through a real redis-server", () => {
  const redis = installRedis();

  async function instance(): Promise<{ limiter: RateLimiter; shared: SharedRedis }> {
    const shared = await redis.connect("api-limit-test");
    return { limiter: new RateLimiter({ requests: 3, windowSeconds: 30 }, shared), shared };
  }

  it("counts a client's requests on every instance together; falls back to each instance's own count while Redis is down", async () => {
    const one = await instance();
    const two = await instance();
    expect(one.limiter.mode()).toBe("shared");
    const results = [];
    for (const { limiter } of [one, two, one, two])
      results.push((await limiter.take("198.51.100.1")).allowed);
    expect(results).toEqual([true, true, true, false]);

    await redis.server().kill();
    await until(() => !one.shared.isReady());
    expect(one.limiter.mode()).toBe("local-fallback");
    // No request fails for Redis: the instance's own count takes over (this client is new to it).
    expect(await one.limiter.take("198.51.100.2")).toEqual({ allowed: true });

    await redis.server().restart();
    await until(() => one.shared.isReady() && two.shared.isReady());
    expect(one.limiter.mode()).toBe("shared");
    const after = [];
    for (const { limiter } of [two, one, two, one]) after.push((await limiter.take("198.51.100.3")).allowed);
    expect(after).toEqual([true, true, true, false]);
  });

  it("answers within the command timeout while Redis hangs with the connection open, then at once", async () => {
    const { limiter, shared } = await instance();
    expect(await limiter.take("198.51.100.4")).toEqual({ allowed: true });
    redis.server().freeze(); // connections stay open; nothing answers
    try {
      // Each waits out one command timeout (500 ms) until Redis counts as hung...
      for (let i = 0; i < HUNG_AFTER + 1; i++) {
        const started = Date.now();
        expect(await limiter.take(`198.51.100.${10 + i}`)).toEqual({ allowed: true });
        expect(Date.now() - started).toBeLessThan(1_500);
      }
      expect(shared.isReady()).toBe(false);
      expect(limiter.mode()).toBe("local-fallback");
      // ...then this process's count answers at once, and still limits the client.
      const started = Date.now();
      const decisions = [];
      for (let i = 0; i < 3; i++) decisions.push((await limiter.take("198.51.100.5")).allowed);
      expect(decisions).toEqual([true, true, true]);
      expect(await limiter.take("198.51.100.5")).toMatchObject({ allowed: false });
      expect(Date.now() - started).toBeLessThan(200);
    } finally {
      redis.server().thaw();
    }
  });
});

describe("clientAddress", () => {
  const headers = (init: Record<string, string>) => new Headers(init);

  it("uses the socket's peer and ignores X-Forwarded-For when no proxy is trusted", () => {
    const h = headers({ [PEER_ADDRESS_HEADER]: stampPeer("203.0.113.7"), "x-forwarded-for": "1.2.3.4" });
    expect(clientAddress(h, 0)).toBe("203.0.113.7");
  });

  it("takes the entry the outermost trusted proxy appended", () => {
    // client (spoofing 6.6.6.6) -> proxy A -> proxy B -> app
    const h = headers({
      [PEER_ADDRESS_HEADER]: stampPeer("10.0.0.2"),
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
