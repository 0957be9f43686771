import { readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listenLocal } from "@/tests/local-server";
import { installRequestHook, methodAnswered, WRITE_ROUTES } from "./client-address";
import { PEER_ADDRESS_HEADER, stampedPeer, stampPeer } from "./peer";
import { RateLimiter, setApiRateLimit } from "./rate-limit";
import { PREFETCH_HEADER } from "./request-target";

/** What the server saw of one header, over requests sent with these headers. */
async function seenOf(header: string, requests: Record<string, string>[]) {
  installRequestHook();
  const seen: (string | string[] | undefined)[] = [];
  const server = await listenLocal((req: IncomingMessage, res) => {
    seen.push(req.headers[header]);
    res.end("ok");
  });
  try {
    for (const headers of requests) await fetch(`${server.base}/`, { headers });
  } finally {
    await server.close();
  }
  return seen;
}

describe("installRequestHook", () => {
  it("stamps the socket's address on every request, over anything the client sent under that name", async () => {
    installRequestHook(); // idempotent
    const seen = await seenOf(PEER_ADDRESS_HEADER, [
      {},
      { [PEER_ADDRESS_HEADER]: "6.6.6.6", "x-forwarded-for": "6.6.6.6" },
    ]);
    const peers = seen.map((value) => stampedPeer(new Headers({ [PEER_ADDRESS_HEADER]: String(value) })));
    expect(peers).toEqual(["127.0.0.1", "127.0.0.1"]);
  });

  it("names no peer for a stamp without this process's secret", () => {
    expect(stampedPeer(new Headers({ [PEER_ADDRESS_HEADER]: "127.0.0.2" }))).toBeUndefined();
    expect(stampedPeer(new Headers({ [PEER_ADDRESS_HEADER]: "guess 127.0.0.2" }))).toBeUndefined();
    expect(stampedPeer(new Headers({ [PEER_ADDRESS_HEADER]: stampPeer("127.0.0.2") }))).toBe("127.0.0.2");
  });

  it("marks Next's prefetches, which the proxy cannot see, and only them", async () => {
    const seen = await seenOf(PREFETCH_HEADER, [
      { rsc: "1", "next-router-prefetch": "1" },
      { rsc: "1", "next-router-segment-prefetch": "/_tree" },
      { rsc: "1" },
      { [PREFETCH_HEADER]: "1" },
    ]);
    expect(seen).toEqual(["1", "1", undefined, undefined]);
  });
});

describe("methodAnswered", () => {
  it("lists exactly the write methods app/'s route files export", () => {
    const exported: Record<string, string[]> = {};
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name === "route.ts") {
          const methods = [
            ...readFileSync(file, "utf8").matchAll(
              /export (?:const|async function) (POST|PUT|PATCH|DELETE)\b/g,
            ),
          ].map((m) => m[1] as string);
          if (methods.length > 0) exported[`/${path.relative("app", path.dirname(file))}`] = methods.sort();
        }
      }
    };
    walk("app");
    const listed = Object.fromEntries(
      Object.entries(WRITE_ROUTES).map(([route, methods]) => [route, [...methods].sort()]),
    );
    expect(listed).toEqual(exported);
    expect(methodAnswered("GET", "/anything")).toBe(true);
    expect(methodAnswered("TRACE", "/")).toBe(false);
    expect(methodAnswered("DELETE", "/api/account/following")).toBe(false);
    expect(methodAnswered("PUT", "/api/account/following")).toBe(true);
  });

  it("refuses the rest with 405 before Next, counted against the client's limit", async () => {
    const limiter = new RateLimiter({ requests: 3, windowSeconds: 60 });
    setApiRateLimit({ limiter, trustedHops: 0 });
    try {
      installRequestHook();
      const server = await listenLocal((_req: IncomingMessage, res) => res.end("reached"));
      try {
        const statuses: number[] = [];
        for (const method of ["DELETE", "PUT", "PATCH"])
          statuses.push((await fetch(`${server.base}/api/health`, { method })).status);
        expect(statuses).toEqual([405, 405, 405]);
        expect(await (await fetch(`${server.base}/api/health`)).text()).toBe("reached");
        // The three refusals spent the client's three requests.
        expect((await limiter.take("127.0.0.1")).allowed).toBe(false);
      } finally {
        await server.close();
      }
    } finally {
      setApiRateLimit(undefined);
    }
  });
});
