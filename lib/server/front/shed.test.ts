// The busy answer over a real HTTP server: what each kind of request gets when the server sheds it.
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { API_CSP } from "@/lib/security/headers";
import { type LocalServer, listenLocal, rawRequest } from "@/tests/local-server";
import { shed } from "./shed";

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function shedding() {
  server = await listenLocal((req, res) => shed(req, res));
  return server.base;
}

describe("shed", () => {
  it("tells a person who opened a page that the server is busy, with a link back to it", async () => {
    const base = await shedding();
    const response = await fetch(`${base}/companies?q=%22x%22&sector=Energy`, {
      headers: { accept: "text/html,application/xhtml+xml", "sec-fetch-dest": "document" },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const html = await response.text();
    expect(html).toContain("<h1>The server is busy</h1>");
    expect(html).toContain('<a href="/companies?q=%22x%22&amp;sector=Energy">Try again</a>');
    expect(html).not.toMatch(/<script/i);
    // Its one style is allowed by its hash, and nothing else is.
    const style = /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    expect(response.headers.get("content-security-policy")).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
  });

  it("links back to the overview when the address would lead to another site", async () => {
    await shedding();
    const port = server?.port ?? 0;
    // The absolute form, and a path a browser reads as another host's (`/\host` is `//host`).
    for (const target of ["http://elsewhere.example/x", "/\\elsewhere.example/x"]) {
      const answer = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nAccept: text/html`);
      expect(answer).toMatch(/^HTTP\/1\.1 503/);
      expect(answer).toContain('<a href="/">Try again</a>');
    }
  });

  it("sends HSTS behind TLS", async () => {
    const base = await shedding();
    const page = await fetch(`${base}/news`, {
      headers: { accept: "text/html", "x-forwarded-proto": "https" },
    });
    expect(page.status).toBe(503);
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("gives a client navigation or a prefetch a short text", async () => {
    const base = await shedding();
    // A navigation's payload, a server action and a prefetch may say they take HTML too.
    const kinds: [string, Record<string, string>][] = [
      ["", { rsc: "1", accept: "*/*" }],
      ["?_rsc=1x2y", { accept: "text/html,*/*" }],
      ["", { "next-action": "abc", accept: "text/x-component, text/html" }],
      ["", { "next-router-segment-prefetch": "/_tree", accept: "text/html" }],
      ["", { accept: "image/avif,image/webp,*/*" }],
    ];
    for (const [query, headers] of kinds) {
      const other = await fetch(`${base}/companies/XLON_EMBE${query}`, { headers });
      expect(other.status).toBe(503);
      expect(other.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(other.headers.get("content-security-policy")).toBe(API_CSP);
      expect(await other.text()).toBe("The server is busy. Try again in a moment.\n");
    }
  });
});
