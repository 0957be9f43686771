import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { listenLocal } from "@/tests/local-server";
import { installRequestHook, PREFETCH_HEADER } from "./client-address";
import { PEER_ADDRESS_HEADER, stampedPeer, stampPeer } from "./peer";

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
