// The page front in the server's request path (listener.ts), over real sockets: the outside
// listener and the inside one the front renders on. The handler stands for Next with proxy.ts: it
// renders with the placeholder when the front asks and keptRender agrees (the gate found the page
// ready), writing the nonce into the policy and the body the way Next does (writeHead,
// flushHeaders, then chunks, one of which cuts the nonce in two).
import { get, type IncomingMessage, type ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { dataAdded, dataChanged, dataFailed } from "@/lib/data-changed";
import { createNonce, pageCsp } from "@/lib/security/headers";
import { type LocalServer, listenLocal, rawRequest } from "@/tests/local-server";
import { Front } from "./listener";
import { CAPTURED_HEADER, front, keptRender, type PageFrontOptions } from "./page-front";

let server: LocalServer | undefined;
let stopInside: (() => Promise<void>) | undefined;
let renders = 0;
let ready = true;
let status = 200;
let hold: Promise<void> | null = null;
let order: string[] = [];

afterEach(async () => {
  await server?.close();
  await stopInside?.();
  server = undefined;
  stopInside = undefined;
  renders = 0;
  ready = true;
  status = 200;
  hold = null;
  order = [];
});

/** Holds every render until the function returned is called. */
function holdRenders(): () => void {
  let release = () => {};
  hold = new Promise((resolve) => {
    release = resolve;
  });
  return release;
}

async function render(req: IncomingMessage, res: ServerResponse) {
  renders++;
  order.push(req.url ?? "");
  if (hold) await hold;
  const headers = new Headers(req.headers as Record<string, string>);
  const kept = ready ? keptRender(headers) : null;
  const nonce = kept?.placeholder ?? createNonce();
  const head: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": pageCsp(nonce),
  };
  if (kept) head[CAPTURED_HEADER] = kept.mark;
  res.writeHead(status, head);
  res.flushHeaders();
  const html = `<!doctype html><script nonce="${nonce}">self.x=1</script><p>render ${renders} of ${req.url}</p><script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script>`;
  const cut = html.indexOf(nonce) + 5; // a chunk boundary inside the nonce
  res.write(html.slice(0, cut));
  res.write(Buffer.from(html.slice(cut)));
  res.end();
}

async function start(options: Partial<PageFrontOptions> = {}) {
  const pages = front({ keepMs: 30_000, renders: null, ...options });
  const path = new Front({ next: render, files: null, pages });
  stopInside = (await path.listenInside()).stop;
  server = await listenLocal(path.outside);
  return { pages, base: server.base };
}

async function view(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { "accept-encoding": "identity", ...headers } });
  const body = await response.text();
  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
  return { status: response.status, body, nonce, response };
}

/** Every nonce in a body: attributes and the flight data's. */
function noncesIn(body: string): string[] {
  return [...body.matchAll(/nonce="([^"]+)"|\\"nonce\\":\\"([^\\]+)\\"/g)].map((m) => m[1] ?? m[2] ?? "");
}

describe("the page front", () => {
  it("answers a page again without a render, each response with its own fresh nonce", async () => {
    const { pages, base } = await start();
    const first = await view(`${base}/companies/XNAS_ACME`);
    const second = await view(`${base}/companies/XNAS_ACME`);
    expect(renders).toBe(1);
    for (const seen of [first, second]) {
      expect(seen.status).toBe(200);
      expect(seen.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(noncesIn(seen.body)).toEqual([seen.nonce, seen.nonce, seen.nonce]);
      expect(seen.body).not.toContain(pages.placeholder);
      expect(seen.response.headers.get(CAPTURED_HEADER)).toBeNull();
      // Allowed into the back/forward cache, never reused without asking.
      expect(seen.response.headers.get("cache-control")).toBe("private, no-cache");
    }
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body.replaceAll(second.nonce, "N")).toBe(first.body.replaceAll(first.nonce, "N"));
    expect(pages.stats()).toMatchObject({ kept: 1, hits: 1, renders: 1 });
  });

  it("renders again once data changed, a load failed, or the page is older than PAGE_CACHE_MS", async () => {
    let now = 1_000_000;
    const { base } = await start({ now: () => now });
    const url = `${base}/news`;
    await view(url);
    dataAdded(); // a first load of other data: this page showed none of it
    await view(url);
    expect(renders).toBe(1);
    dataChanged();
    await view(url);
    expect(renders).toBe(2);
    dataFailed();
    await view(url);
    expect(renders).toBe(3);
    dataAdded(); // after a failure, new data may be what a kept page lacked
    await view(url);
    expect(renders).toBe(4);
    now += 30_000;
    await view(url);
    expect(renders).toBe(5);
  });

  it("keeps pages apart by what they read from the request: the density cookie, a phone, the host", async () => {
    const { base } = await start();
    await view(`${base}/news`, { cookie: "news-view=headlines" });
    await view(`${base}/news`, { cookie: "other=1; news-view=headlines" });
    expect(renders).toBe(1);
    await view(`${base}/news`, { cookie: "news-view=cards" });
    await view(`${base}/news`, { "user-agent": "Mozilla/5.0 (iPhone) Mobile" });
    await view(`${base}/news`, { "x-forwarded-host": "atlas.example" });
    await view(`${base}/news?importance=1`);
    expect(renders).toBe(5);
  });

  it("never keeps a navigation, a prefetch, an API call, a page the gate did not find ready, or an error", async () => {
    const { pages, base } = await start();
    const requests: Record<string, string>[] = [
      { rsc: "1" },
      { "next-router-prefetch": "1" },
      { "sec-purpose": "prefetch" },
    ];
    for (const headers of requests) {
      await view(`${base}/news`, headers);
      await view(`${base}/news`, headers);
    }
    await view(`${base}/api/top-news`);
    await view(`${base}/api/top-news`);
    expect(renders).toBe(8);
    ready = false; // streamed or a status page: a fresh nonce, passed through as Next sends it
    const streamed = await view(`${base}/compare`);
    expect(noncesIn(streamed.body)).toEqual([streamed.nonce, streamed.nonce, streamed.nonce]);
    ready = true;
    status = 404;
    const missing = await view(`${base}/companies/XNAS_NONE`);
    await view(`${base}/companies/XNAS_NONE`);
    expect(missing.status).toBe(404);
    expect(noncesIn(missing.body)).toEqual([missing.nonce, missing.nonce, missing.nonce]);
    expect(missing.body).not.toContain(pages.placeholder);
    expect(renders).toBe(11);
    expect(pages.stats().kept).toBe(0);
  });

  it("compresses what it sends as the client accepts: brotli, else gzip", async () => {
    const { base } = await start();
    const plain = await view(`${base}/`);
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const raw = await new Promise<{ headers: IncomingMessage["headers"]; bytes: Buffer }>(
        (resolve, reject) =>
          get(`${base}/`, { headers: { "accept-encoding": `${encoding}, deflate` } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (c: Buffer) => chunks.push(c));
            response.on("end", () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
          }).on("error", reject),
      );
      expect(raw.headers["content-encoding"]).toBe(encoding);
      expect(Number(raw.headers["content-length"])).toBe(raw.bytes.length);
      const nonce = /'nonce-([^']+)'/.exec(String(raw.headers["content-security-policy"]))?.[1] ?? "";
      const body = decode(raw.bytes).toString();
      expect(body.replaceAll(nonce, "N")).toBe(plain.body.replaceAll(plain.nonce, "N"));
    }
  });

  it("bounds the renders at once: past the queue a page answers 503 with Retry-After at once", async () => {
    const { pages, base } = await start({ keepMs: 0, renders: { concurrent: 1, queued: 1 } });
    const release = holdRenders();
    const first = fetch(`${base}/news`);
    await expect.poll(() => renders).toBe(1);
    const second = fetch(`${base}/news?page=2`);
    await expect.poll(() => pages.stats().waiting).toBe(1);
    const third = await fetch(`${base}/news?page=3`);
    expect(third.status).toBe(503);
    expect(third.headers.get("retry-after")).toBe("2");
    expect(await third.text()).toMatch(/busy/);
    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(pages.stats()).toMatchObject({ shed: 1, inFlight: 0, waiting: 0, renders: 2 });
  });

  it("sheds a page that waited its time where it stands, while the renders ahead go on", async () => {
    const { pages, base } = await start({ keepMs: 0, renders: { concurrent: 1, queued: 4 }, maxWaitMs: 300 });
    const release = holdRenders();
    const first = fetch(`${base}/news`);
    await expect.poll(() => renders).toBe(1);
    const asked = Date.now();
    const waited = await fetch(`${base}/news?page=2`);
    expect(waited.status).toBe(503);
    expect(waited.headers.get("retry-after")).toBe("2");
    expect(Date.now() - asked).toBeGreaterThanOrEqual(250);
    expect(pages.stats()).toMatchObject({ shed: 1, inFlight: 1, waiting: 0 });
    release();
    expect((await first).status).toBe(200);
  });

  it("takes no API call for a page, in a request line's absolute form either", async () => {
    const { pages, base } = await start({ keepMs: 0, renders: { concurrent: 1, queued: 0 } });
    const release = holdRenders();
    const first = fetch(`${base}/news`);
    await expect.poll(() => renders).toBe(1);
    // A page now would be shed at once (no room to wait); this goes straight to Next.
    const health = rawRequest(server?.port ?? 0, "GET http://x/api/health HTTP/1.1\r\nHost: x");
    await expect.poll(() => renders).toBe(2);
    expect(pages.stats()).toMatchObject({ shed: 0, inFlight: 1 });
    release();
    expect(await health).toMatch(/^HTTP\/1\.1 200/);
    expect((await first).status).toBe(200);
  });

  it("serves a person's page before the link prefetches that queued ahead of it", async () => {
    const { pages, base } = await start({ keepMs: 0, renders: { concurrent: 1, queued: 4 } });
    const release = holdRenders();
    const all = [fetch(`${base}/news`)];
    await expect.poll(() => renders).toBe(1);
    for (const n of [1, 2])
      all.push(fetch(`${base}/companies/P${n}`, { headers: { "next-router-prefetch": "1", rsc: "1" } }));
    await expect.poll(() => pages.stats().waiting).toBe(2);
    all.push(fetch(`${base}/companies/CLICKED`, { headers: { rsc: "1" } }));
    await expect.poll(() => pages.stats().waiting).toBe(3);
    release();
    expect((await Promise.all(all)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(order).toEqual(["/news", "/companies/CLICKED", "/companies/P1", "/companies/P2"]);
  });
});
