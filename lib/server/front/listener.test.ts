// The server's request path (listener.ts) over real sockets, Next stood for by a handler that
// records what it was handed.
import { statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type LocalServer, listenLocal, rawRequest } from "@/tests/local-server";
import { RateLimiter, setApiRateLimit } from "../http/rate-limit";
import { Front } from "./listener";
import { CAPTURE_HEADER, PageFront } from "./page-front";
import { PEER_ADDRESS_HEADER, stampedPeer, stampPeer } from "./peer";
import { PREFETCH_HEADER } from "./request-target";

let server: LocalServer | undefined;
let stopInside: (() => Promise<void>) | undefined;
let insideSocket = "";
let seen: IncomingMessage["headers"][] = [];

afterEach(async () => {
  await server?.close();
  await stopInside?.();
  server = stopInside = undefined;
  seen = [];
  setApiRateLimit(undefined);
});

async function start({
  keepMs = 0,
  drop = () => false,
}: {
  keepMs?: number;
  /** Whether Next's side drops this (the nth) request's connection without an answer. */
  drop?: (n: number) => boolean;
} = {}) {
  const next = async (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ ...req.headers });
    if (drop(seen.length)) {
      req.socket.destroy();
      return;
    }
    res.end(`reached ${req.url}`);
  };
  const front = new Front({
    next,
    files: null,
    pages: new PageFront({ keepMs, renders: null }),
  });
  const inside = await front.listenInside();
  stopInside = inside.stop;
  insideSocket = inside.socket;
  server = await listenLocal(front.outside);
  return server.base;
}

describe("the request path", () => {
  it("stamps the socket's address on every request, over anything the client sent under that name", async () => {
    const base = await start();
    await fetch(`${base}/api/health`);
    await fetch(`${base}/companies`, {
      headers: { [PEER_ADDRESS_HEADER]: "6.6.6.6", "x-forwarded-for": "6.6.6.6" },
    });
    const peers = seen.map((h) =>
      stampedPeer(new Headers({ [PEER_ADDRESS_HEADER]: String(h[PEER_ADDRESS_HEADER]) })),
    );
    expect(peers).toEqual(["127.0.0.1", "127.0.0.1"]);
  });

  it("names no peer for a stamp without this process's secret", () => {
    expect(stampedPeer(new Headers({ [PEER_ADDRESS_HEADER]: "127.0.0.2" }))).toBeUndefined();
    expect(stampedPeer(new Headers({ [PEER_ADDRESS_HEADER]: "guess 127.0.0.2" }))).toBeUndefined();
    expect(stampedPeer(new Headers({ [PEER_ADDRESS_HEADER]: stampPeer("127.0.0.2") }))).toBe("127.0.0.2");
  });

  it("marks Next's prefetches, which the proxy cannot see, and only them; a client's render mark is removed", async () => {
    const base = await start();
    const sent: Record<string, string>[] = [
      { rsc: "1", "next-router-prefetch": "1" },
      { rsc: "1", "next-router-segment-prefetch": "/_tree" },
      { rsc: "1" },
      { [PREFETCH_HEADER]: "1", [CAPTURE_HEADER]: "1" },
    ];
    for (const headers of sent) await fetch(`${base}/companies/XNAS_ACME`, { headers });
    expect(seen.map((h) => h[PREFETCH_HEADER])).toEqual(["1", "1", undefined, undefined]);
    expect(seen.map((h) => h[CAPTURE_HEADER])).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("reads an absolute-form target as its path", async () => {
    await start();
    const answer = await rawRequest(
      server?.port ?? 0,
      "GET http://other.example/news?x=1 HTTP/1.1\r\nHost: x",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\n\r\nreached \/news\?x=1$/);
  });

  it("refuses a method no route has with 405 before Next, counted against the client's limit", async () => {
    const limiter = new RateLimiter({ requests: 3, windowSeconds: 60 });
    setApiRateLimit({ limiter, trustedHops: 0 });
    const base = await start();
    const statuses: number[] = [];
    for (const method of ["DELETE", "PUT", "PATCH"])
      statuses.push((await fetch(`${base}/api/health`, { method })).status);
    expect(statuses).toEqual([405, 405, 405]);
    expect(await (await fetch(`${base}/api/health`)).text()).toBe("reached /api/health");
    // The three refusals spent the client's three requests.
    expect((await limiter.take("127.0.0.1")).allowed).toBe(false);
    expect(seen).toHaveLength(1);
  });
});

describe("the inside listener", () => {
  it("asks again, once, on a new socket when a kept-alive socket is found closed", async () => {
    // The second render's socket is the first one's, kept alive; it is closed as the request
    // arrives, as the inside server closes a socket idle past its keep-alive timeout.
    const base = await start({ keepMs: 60_000, drop: (n) => n === 2 });
    const first = await fetch(`${base}/companies?q=a`);
    expect(await first.text()).toBe("reached /companies?q=a");
    const second = await fetch(`${base}/companies?q=b`);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe("reached /companies?q=b");
    expect(seen).toHaveLength(3);
  });

  it("answers nothing but the front's own renders, in a folder no one else may enter", async () => {
    await start();
    const ask = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        request({ socketPath: insideSocket, path: "/", headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on("error", reject)
          .end();
      });
    expect(await ask({})).toBe(403);
    expect(await ask({ [CAPTURE_HEADER]: "1" })).toBe(403);
    expect(await ask({ [CAPTURE_HEADER]: "0".repeat(32) })).toBe(403);
    expect(seen).toHaveLength(0);
    expect(statSync(path.dirname(insideSocket)).mode & 0o777).toBe(0o700);
  });
});
