import { describe, expect, it } from "vitest";
import { requestOrigin, trustedForwarded } from "./forwarded";

const headers = (values: Record<string, string>) => new Headers(values);
const spoofed = headers({
  host: "dash.example.com",
  "x-forwarded-host": "attacker.example",
  "x-forwarded-proto": "https",
});

describe("forwarded headers", () => {
  it("are the client's own say without a trusted proxy: the origin is this server's Host over HTTP", () => {
    expect(trustedForwarded(spoofed, "x-forwarded-host", 0)).toBeUndefined();
    expect(requestOrigin(spoofed, 0)).toBe("http://dash.example.com");
  });

  it("behind N trusted proxies, count from the entry the outermost one wrote", () => {
    const viaTwo = headers({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "attacker.example, dash.example.com, internal.lb",
      "x-forwarded-proto": "http, https, http",
    });
    expect(requestOrigin(viaTwo, 2)).toBe("https://dash.example.com");
    expect(requestOrigin(headers({ host: "h:3000", "x-forwarded-host": "dash.example.com" }), 1)).toBe(
      "http://dash.example.com",
    );
  });

  it("never puts something that is not a host name into the origin", () => {
    const odd = headers({ host: "dash.example.com", "x-forwarded-host": "a.example/path?x=<b>" });
    expect(requestOrigin(odd, 1)).toBe("http://dash.example.com");
    expect(requestOrigin(headers({ host: "[::1]:3000" }), 0)).toBe("http://[::1]:3000");
  });
});
