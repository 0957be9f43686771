import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { listenLocal } from "@/tests/local-server";
import { installRequestHook, PEER_ADDRESS_HEADER, PREFETCH_HEADER } from "./client-address";

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
    expect(seen).toEqual(["127.0.0.1", "127.0.0.1"]);
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
