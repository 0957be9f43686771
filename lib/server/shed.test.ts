// The busy answer over a real HTTP server: what each kind of request gets when the server sheds it.
import { createHash } from "node:crypto";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { API_CSP } from "@/lib/security/headers";
import { type LocalServer, listenLocal } from "@/tests/local-server";
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
    expect(html).toContain('<a href="/companies?q=%22x%22&#38;sector=Energy">Try again</a>');
    expect(html).not.toMatch(/<script/i);
    // Its one style is allowed by its hash, and nothing else is.
    const style = /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    expect(response.headers.get("content-security-policy")).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
  });

  it("links back to the overview when the address is not a path of this site", async () => {
    const base = await shedding();
    const port = Number(new URL(base).port);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1", () =>
        socket.write(
          "GET http://elsewhere.example/x HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\nConnection: close\r\n\r\n",
        ),
      );
      let text = "";
      socket.on("data", (chunk) => {
        text += String(chunk);
      });
      socket.on("end", () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer).toContain('<a href="/">Try again</a>');
  });

  it("gives the API its JSON error, and a client navigation or a file a short text", async () => {
    const base = await shedding();
    const api = await fetch(`${base}/api/companies?q=x`, { headers: { accept: "text/html" } });
    expect(api.status).toBe(503);
    expect(api.headers.get("content-security-policy")).toBe(API_CSP);
    expect(await api.json()).toEqual({
      errors: [{ message: "The server is busy. Try again in a moment.", code: "server_busy" }],
    });
    for (const headers of [{ rsc: "1", accept: "*/*" }, { accept: "image/avif,image/webp,*/*" }]) {
      const other = await fetch(`${base}/companies/XLON_EMBE`, { headers });
      expect(other.status).toBe(503);
      expect(other.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await other.text()).toBe("The server is busy. Try again in a moment.\n");
    }
  });
});
