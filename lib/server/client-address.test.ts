import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { installPeerAddressStamp, PEER_ADDRESS_HEADER, PREFETCH_HEADER } from "./client-address";

describe("installPeerAddressStamp", () => {
  it("stamps the socket's address on every request, over anything the client sent under that name", async () => {
    installPeerAddressStamp();
    installPeerAddressStamp(); // idempotent
    const seen: (string | string[] | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers[PEER_ADDRESS_HEADER]);
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      await fetch(url);
      await fetch(url, { headers: { [PEER_ADDRESS_HEADER]: "6.6.6.6", "x-forwarded-for": "6.6.6.6" } });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(seen).toEqual(["127.0.0.1", "127.0.0.1"]);
  });

  it("marks Next's prefetches, which the proxy cannot see, and only them", async () => {
    installPeerAddressStamp();
    const seen: (string | string[] | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers[PREFETCH_HEADER]);
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      await fetch(url, { headers: { rsc: "1", "next-router-prefetch": "1" } });
      await fetch(url, { headers: { rsc: "1", "next-router-segment-prefetch": "/_tree" } });
      await fetch(url, { headers: { rsc: "1" } });
      await fetch(url, { headers: { [PREFETCH_HEADER]: "1" } });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(seen).toEqual(["1", "1", undefined, undefined]);
  });
});
