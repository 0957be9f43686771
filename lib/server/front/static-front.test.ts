import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_HEADERS } from "@/lib/security/headers";
import { type LocalServer, listenLocal } from "@/tests/local-server";
import { StaticFront } from "./static-front";

const SCRIPT = `console.log(${JSON.stringify("a chunk ".repeat(2_000))});\n`;
const STYLES = `${".a{color:red}".repeat(200)}\n`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request (fetch would resolve `..` in the path before sending it). */
function get(port: number, pathname: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("StaticFront", () => {
  let dir: string;
  let server: LocalServer;
  let port: number;
  let front: StaticFront;
  const BR = { "accept-encoding": "gzip, deflate, br" };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "static-front-"));
    await mkdir(path.join(dir, "static", "chunks"), { recursive: true });
    await writeFile(path.join(dir, "static", "chunks", "app.js"), SCRIPT);
    await writeFile(path.join(dir, "static", "chunks", "app.css"), STYLES);
    await writeFile(path.join(dir, "static", "chunks", "small.js"), "tiny()");
    await writeFile(path.join(dir, "static", "chunks", "logo.png"), "not compressed");
    await writeFile(path.join(dir, "secret.js"), "outside the folders");
    await mkdir(path.join(dir, "public", "nested"), { recursive: true });
    await writeFile(path.join(dir, "public", "icon.svg"), ICON);
    await writeFile(path.join(dir, "public", "nested", "deep.svg"), ICON);
    front = new StaticFront(path.join(dir, "static"), path.join(dir, "public"));
    server = await listenLocal((req, res) => {
      if (!front.handle(req, res)) res.end("next");
    });
    port = server.port;
  });

  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Asks for a path until the front serves it (its first request starts the compression). */
  async function served(pathname: string, headers: Record<string, string> = BR): Promise<Answer> {
    for (let i = 0; i < 200; i++) {
      const answer = await get(port, pathname, headers);
      if (answer.body.toString() !== "next") return answer;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`${pathname} was never served by the front`);
  }

  it("passes the first request to Next, then serves the file compressed, brotli first, with Next's headers", async () => {
    const first = await get(port, "/_next/static/chunks/app.js", BR);
    expect(first.body.toString()).toBe("next");
    const answer = await served("/_next/static/chunks/app.js?dpl=1");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    for (const { key, value } of SECURITY_HEADERS) expect(answer.headers[key.toLowerCase()]).toBe(value);
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
    const gzip = await served("/_next/static/chunks/app.js", { "accept-encoding": "gzip, deflate" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    expect(gzip.headers.etag).not.toBe(answer.headers.etag);
    const refused = await served("/_next/static/chunks/app.js", { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const css = await served("/_next/static/chunks/app.css");
    expect(css.headers["content-type"]).toBe("text/css; charset=UTF-8");
    expect(brotliDecompressSync(css.body).toString()).toBe(STYLES);
  });

  it("sends a file as it is to a client without compression, and a file under 1 KB to every client, as Next does", async () => {
    const plain = await served("/_next/static/chunks/app.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    const none = await served("/_next/static/chunks/app.js", {});
    expect(none.body.toString()).toBe(SCRIPT);
    const small = await served("/_next/static/chunks/small.js");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("tiny()");
    expect(small.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("serves public/'s top-level files, to be revalidated, as Next does", async () => {
    const icon = await served("/icon.svg");
    expect(icon.body.toString()).toBe(ICON);
    expect(icon.headers["content-encoding"]).toBeUndefined();
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect(icon.headers["cache-control"]).toBe("public, max-age=0");
    const again = await get(port, "/icon.svg", { "if-none-match": String(icon.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("answers a matching If-None-Match with 304, HEAD without a body, and HSTS behind TLS only", async () => {
    const { headers } = await served("/_next/static/chunks/app.js");
    const etag = String(headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await get(port, "/_next/static/chunks/app.js", { ...BR, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get(port, "/_next/static/chunks/app.js", BR, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    const tls = await get(port, "/_next/static/chunks/app.js", { ...BR, "x-forwarded-proto": "https" });
    expect(tls.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("leaves to Next: other files, other methods, missing files and paths out of the folders", async () => {
    await served("/_next/static/chunks/app.js");
    const before = front.heldFiles();
    const toNext = [
      get(port, "/_next/static/chunks/app.js", BR, "POST"),
      get(port, "/_next/static/chunks/app.js", { ...BR, range: "bytes=0-99" }),
      get(port, "/nested/deep.svg", BR),
      get(port, "/static/chunks/app.js", BR),
      get(port, "/..%2Fsecret.js", BR),
      get(port, "/%2E%2E%2Fsecret.js", BR),
      get(port, "/_next/static/chunks/logo.png", BR),
      get(port, "/_next/static/chunks/missing.js", BR),
      get(port, "/_next/static/../secret.js", BR),
      get(port, "/_next/static/..%2Fsecret.js", BR),
      get(port, "/_next/static/chunks/..%2F..%2F..%2Fsecret.js", BR),
      get(port, "/_next/static/%E0%A4%A.js", BR),
      get(port, "/other/chunks/app.js", BR),
    ];
    for (const answer of await Promise.all(toNext)) expect(answer.body.toString()).toBe("next");
    // Asked again after a pause: still Next's, and nothing outside the folder was ever read.
    await new Promise((r) => setTimeout(r, 100));
    expect((await get(port, "/_next/static/..%2Fsecret.js", BR)).body.toString()).toBe("next");
    expect((await get(port, "/_next/static/chunks/missing.js", BR)).body.toString()).toBe("next");
    expect(front.heldFiles()).toBe(before);
  });
});
