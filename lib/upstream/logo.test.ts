import { afterEach, describe, expect, it } from "vitest";
import { renderLogo } from "@/lib/sandbox/logo";
import { type LocalServer, listenLocal } from "@/tests/local-server";
import { UpstreamClient } from "./client";
import { isUpstreamError } from "./errors";
import { imageType, isCompleteImage } from "./image";
import { isPrivateAddress, resolvesToPrivate } from "./private-address";

const KEY = "secret-key-123";
const png = renderLogo(
  { initials: "AB", wordmark: "AB", brand: [18, 52, 86], accent: [255, 255, 255], shape: 1 },
  "icon",
);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const gif = new Uint8Array([...Buffer.from("GIF89a"), 1, 0, 1, 0, 0, 0, 0, 0x3b]);
const webpBody = [...Buffer.from("WEBPVP8 "), 4, 0, 0, 0, 1, 2, 3, 4];
const webp = new Uint8Array([...Buffer.from("RIFF"), webpBody.length, 0, 0, 0, ...webpBody]);
const svg = new TextEncoder().encode(
  '<?xml version="1.0"?>\n<!-- a logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>\n',
);

describe("a logo's format, by its bytes", () => {
  it("PNG, JPEG, GIF, WebP and SVG, each complete; a body cut short is not", () => {
    for (const [bytes, type] of [
      [png, "image/png"],
      [jpeg, "image/jpeg"],
      [gif, "image/gif"],
      [webp, "image/webp"],
      [svg, "image/svg+xml"],
    ] as const) {
      expect(imageType(bytes)).toBe(type);
      expect(isCompleteImage(bytes, type), type).toBe(true);
      expect(isCompleteImage(bytes.subarray(0, bytes.length - 3), type), type).toBe(false);
    }
  });

  it("anything else is no image: HTML, JSON, text that mentions <svg later", () => {
    for (const text of ["<!doctype html><html><svg></svg></html>", '{"svg":"<svg>"}', "hello <svg>", ""])
      expect(imageType(new TextEncoder().encode(text)), text).toBeNull();
  });
});

describe("private addresses", () => {
  it("loopback, private, link-local, CGNAT, multicast and their IPv6 forms; public ones are not", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of [
      "8.8.8.8",
      "172.32.0.1",
      "192.0.2.2",
      "100.128.0.1",
      "2001:db8::1",
      "::ffff:8.8.8.8",
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it("names: localhost is; a name that does not resolve is not", async () => {
    expect(await resolvesToPrivate("localhost")).toBe(true);
    expect(await resolvesToPrivate("[::1]")).toBe(true);
    expect(await resolvesToPrivate("cdn.example.invalid")).toBe(false);
  });
});

describe("logos as a CDN serves them", () => {
  const servers: LocalServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it("follows the API's redirect to another origin without the key, and reads a JPEG labelled octet-stream", async () => {
    const seen: { key: string | undefined; url: string }[] = [];
    const cdn = await listenLocal((request, response) => {
      seen.push({ key: request.headers["x-api-key"] as string | undefined, url: request.url ?? "" });
      if (request.url?.startsWith("/hop"))
        return response.writeHead(302, { location: "/logo.jpg?apiKey=secret-key-123&v=2" }).end();
      response.writeHead(200, { "content-type": "application/octet-stream" }).end(jpeg);
    });
    const api = await listenLocal((request, response) => {
      seen.push({ key: request.headers["x-api-key"] as string | undefined, url: request.url ?? "" });
      response.writeHead(301, { location: `${cdn.base}/hop` }).end();
    });
    servers.push(cdn, api);
    const client = new UpstreamClient({ baseUrl: api.base, apiKey: KEY, retries: 0 });
    expect(await client.getLogo({ companyKey: "NYSE_X" })).toEqual(jpeg);
    expect(seen.map((s) => s.key)).toEqual([KEY, undefined, undefined]);
    // The key, echoed into a redirect's query, is taken out of it.
    expect(seen[2]?.url).toBe("/logo.jpg?v=2");
  });

  it("a 404 at the CDN is no logo, as the API's own 404 is", async () => {
    const cdn = await listenLocal((_request, response) => response.writeHead(404).end("Not Found"));
    const api = await listenLocal((_request, response) =>
      response.writeHead(302, { location: cdn.base }).end(),
    );
    servers.push(cdn, api);
    const client = new UpstreamClient({ baseUrl: api.base, apiKey: KEY, retries: 0 });
    const error = await client.getLogo({ companyKey: "NYSE_X" }).catch((e: unknown) => e);
    expect(isUpstreamError(error) && error.code).toBe("not_found");
  });

  /** A client on a public-looking upstream whose answers the test writes, by URL. */
  function scripted(answer: (url: URL, request: Request) => Response) {
    const requests: Request[] = [];
    const client = new UpstreamClient({
      baseUrl: "https://api.example.test",
      apiKey: KEY,
      retries: 0,
      transport: async (request) => {
        requests.push(request);
        return answer(new URL(request.url), request);
      },
    });
    return { client, requests };
  }
  const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

  it("never to a loopback or private address, nor to anything but http(s), nor more than 3 hops", async () => {
    for (const [location, why] of <[string, string][]>[
      ["http://127.0.0.1:8080/logo.png", "private or loopback address (127.0.0.1)"],
      ["http://[::1]/logo.png", "private or loopback"],
      ["http://169.254.169.254/latest/meta-data", "private or loopback"],
      ["http://localhost/logo.png", "private or loopback"],
      ["file:///etc/passwd", "not http(s)"],
      ["data:image/png;base64,AAAA", "not http(s)"],
    ]) {
      const { client, requests } = scripted(() => redirect(location));
      const error = await client.getLogo({ companyKey: "NYSE_X" }).catch((e: unknown) => e);
      expect(isUpstreamError(error) && error.code, location).toBe("invalid_response");
      expect((error as Error).message, location).toContain(why);
      expect(requests, location).toHaveLength(1);
    }
    const { client, requests } = scripted((url) =>
      redirect(`https://cdn.example.invalid/${url.pathname.length}`),
    );
    const error = await client.getLogo({ companyKey: "NYSE_X" }).catch((e: unknown) => e);
    expect((error as Error).message).toContain("more than 3 in a row");
    expect(requests).toHaveLength(4);
  });

  it("keeps the key on the upstream's own origin, drops it elsewhere; reads an SVG", async () => {
    const { client, requests } = scripted((url) =>
      url.hostname === "api.example.test" && url.pathname === "/v2/company/logo"
        ? redirect("/static/logo")
        : url.hostname === "api.example.test"
          ? redirect("https://cdn.example.invalid/logo.svg")
          : new Response(svg, { headers: { "content-type": "text/plain" } }),
    );
    expect(await client.getLogo({ companyKey: "NYSE_X" })).toEqual(svg);
    expect(requests.map((r) => [new URL(r.url).host, r.headers.get("x-api-key")])).toEqual([
      ["api.example.test", KEY],
      ["api.example.test", KEY],
      ["cdn.example.invalid", null],
    ]);
  });

  it("what is no image is an invalid response that says what came", async () => {
    const { client } = scripted(
      () => new Response("<html>Sign in</html>", { headers: { "content-type": "text/html" } }),
    );
    const error = await client.getLogo({ companyKey: "NYSE_X" }).catch((e: unknown) => e);
    expect(isUpstreamError(error) && error.code).toBe("invalid_response");
    expect((error as Error).message).toContain("no PNG, JPEG, WebP, GIF or SVG (text/html)");
  });
});
