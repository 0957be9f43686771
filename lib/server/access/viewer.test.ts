import { describe, expect, it } from "vitest";
import { readConfig } from "../config";
import { PEER_ADDRESS_HEADER, stampPeer } from "../front/peer";
import { forLicence } from "./licensed";
import { openToEveryone } from "./mode";
import { cookieName, sign, verify } from "./session";
import { accessLine, isLoopbackVisitor, viewerOf } from "./viewer";

const SECRET = "s".repeat(40);
const REAL = { API_BASE_URL: "https://api.example.com", API_KEY: "k" };
const OIDC = {
  OIDC_ISSUER: "https://id.example.com",
  OIDC_CLIENT_ID: "atlas",
  OIDC_CLIENT_SECRET: "secret",
  OIDC_ALLOWED: "ana@example.com, @team.example",
  SESSION_SECRET: SECRET,
  PUBLIC_URL: "https://atlas.example.com",
};

const from = (peer: string, more: Record<string, string> = {}) =>
  new Headers({ host: "localhost:3000", [PEER_ADDRESS_HEADER]: stampPeer(peer), ...more });
const session = (email: string, expiresAtMs = Date.now() + 60_000, secret = SECRET) =>
  `${cookieName("session", true)}=${sign(secret, "session", { e: email }, expiresAtMs)}`;

describe("who gets in", () => {
  it("lets everyone into the embedded sandbox's demo, identifiers and all", () => {
    const config = readConfig({});
    expect(viewerOf(from("203.0.113.9"), config)).toEqual({ person: null, allowed: true, licensed: true });
    expect(openToEveryone(config)).toBe(true);
  });

  it("on a real key without sign-in, lets in only this machine, without ISIN and CUSIP", () => {
    const config = readConfig(REAL);
    expect(viewerOf(from("203.0.113.9"), config)).toMatchObject({ allowed: false, licensed: false });
    expect(viewerOf(from("127.0.0.1"), config)).toMatchObject({ allowed: true, licensed: false });
    expect(viewerOf(from("::1"), config)).toMatchObject({ allowed: true, licensed: false });
    expect(accessLine(config)).toMatch(/this machine .*only.*ALLOW_ANONYMOUS=1/);
  });

  it("does not take a request a proxy on this machine passed on for someone on this machine", () => {
    const config = readConfig(REAL);
    const behindOne = readConfig({ ...REAL, TRUSTED_PROXY_HOPS: "1" });
    // Next adds the peer as X-Forwarded-For when a request has none: that is still this machine.
    expect(isLoopbackVisitor(from("127.0.0.1", { "x-forwarded-for": "127.0.0.1" }), config)).toBe(true);
    expect(viewerOf(from("127.0.0.1", { "x-forwarded-for": "198.51.100.7" }), config).allowed).toBe(false);
    expect(viewerOf(from("127.0.0.1", { forwarded: "for=198.51.100.7" }), config).allowed).toBe(false);
    expect(viewerOf(from("127.0.0.1", { "x-real-ip": "198.51.100.7" }), config).allowed).toBe(false);
    // Behind a trusted proxy, the client it reports; a remote peer is never this machine.
    expect(isLoopbackVisitor(from("127.0.0.1", { "x-forwarded-for": "198.51.100.7" }), behindOne)).toBe(
      false,
    );
    expect(isLoopbackVisitor(from("127.0.0.1", { "x-forwarded-for": "127.0.0.1" }), behindOne)).toBe(true);
    expect(isLoopbackVisitor(from("198.51.100.7", { "x-forwarded-for": "127.0.0.1" }), behindOne)).toBe(
      false,
    );
    // Without the server's stamp of the peer, or with one a client made up, no one is.
    expect(
      isLoopbackVisitor(new Headers({ host: "localhost", "x-forwarded-for": "127.0.0.1" }), config),
    ).toBe(false);
    expect(
      isLoopbackVisitor(new Headers({ host: "localhost", [PEER_ADDRESS_HEADER]: "x 127.0.0.1" }), config),
    ).toBe(false);
  });

  it("does not take a page that rebinds its own name to this machine for someone on it", () => {
    const config = readConfig({ ...REAL, PUBLIC_URL: "https://atlas.example.com" });
    expect(isLoopbackVisitor(from("127.0.0.1", { host: "attacker.example" }), config)).toBe(false);
    expect(isLoopbackVisitor(from("127.0.0.1", { host: "[::1]:3000" }), config)).toBe(true);
    expect(isLoopbackVisitor(from("127.0.0.1", { host: "atlas.example.com" }), config)).toBe(true);
  });

  it("ALLOW_ANONYMOUS opens everything to everyone, or closes it to anyone not signed in", () => {
    const open = readConfig({ ...REAL, ALLOW_ANONYMOUS: "1" });
    expect(viewerOf(from("203.0.113.9"), open)).toMatchObject({ allowed: true, licensed: true });
    const closed = readConfig({ ALLOW_ANONYMOUS: "0" });
    expect(viewerOf(from("127.0.0.1"), closed).allowed).toBe(false);
  });

  it("signs people in by a valid session of an allowed account, and by nothing else", () => {
    const config = readConfig({ ...REAL, ...OIDC });
    const cookie = (value: string) => from("203.0.113.9", { cookie: value });
    expect(viewerOf(cookie(session("ana@example.com")), config)).toEqual({
      person: { email: "ana@example.com", via: "session" },
      allowed: true,
      licensed: true,
    });
    expect(viewerOf(cookie(session("bo@team.example")), config).person?.email).toBe("bo@team.example");
    // Expired; signed with another secret; an account no longer allowed; tampered with.
    expect(viewerOf(cookie(session("ana@example.com", Date.now() - 1000)), config).allowed).toBe(false);
    expect(viewerOf(cookie(session("ana@example.com", undefined, "x".repeat(40))), config).allowed).toBe(
      false,
    );
    expect(viewerOf(cookie(session("eve@elsewhere.example")), config).allowed).toBe(false);
    const [name, token] = session("ana@example.com").split("=") as [string, string];
    const forged = `${Buffer.from(JSON.stringify({ e: "eve@elsewhere.example", exp: 9e9 })).toString("base64url")}.${token.split(".")[1]}`;
    expect(viewerOf(cookie(`${name}=${forged}`), config).allowed).toBe(false);
    // A value signed for the sign-in's checks is no session.
    const other = sign(SECRET, "sign-in", { e: "ana@example.com" }, Date.now() + 60_000);
    expect(viewerOf(cookie(`${name}=${other}`), config).allowed).toBe(false);
    // With sign-in, this machine still gets in, without the licensed identifiers.
    expect(viewerOf(from("127.0.0.1"), config)).toMatchObject({ allowed: true, licensed: false });
  });

  it("believes the auth proxy's header from the proxy's own address only", () => {
    const config = readConfig({
      ...REAL,
      AUTH_PROXY_HEADER: "X-Forwarded-Email",
      AUTH_PROXY_FROM: "127.0.0.2",
    });
    const header = { "x-forwarded-email": "Ana@Example.com" };
    expect(viewerOf(from("127.0.0.2", header), config).person).toEqual({
      email: "ana@example.com",
      via: "proxy",
    });
    expect(viewerOf(from("::ffff:127.0.0.2", header), config).person?.email).toBe("ana@example.com");
    expect(viewerOf(from("127.0.0.1", header), config).person).toBeNull();
    expect(viewerOf(from("203.0.113.9", header), config).allowed).toBe(false);
    expect(viewerOf(from("127.0.0.2", { "x-forwarded-email": "a b@example.com" }), config).person).toBeNull();
    // The proxy's own requests without a user are no one's on this machine.
    expect(viewerOf(from("127.0.0.2"), config).allowed).toBe(false);
  });
});

describe("signed values", () => {
  it("round-trip until they expire, for their purpose only", () => {
    const token = sign(SECRET, "feed", { p: "ana" }, 2_000_000);
    expect(verify(SECRET, "feed", token, 1_000_000)).toMatchObject({ p: "ana" });
    expect(verify(SECRET, "feed", token, 3_000_000)).toBeNull();
    expect(verify(SECRET, "session", token, 1_000_000)).toBeNull();
    expect(verify(SECRET, "feed", `${token}x`, 1_000_000)).toBeNull();
    expect(verify(SECRET, "feed", "not-a-token", 1_000_000)).toBeNull();
  });
});

describe("licensed identifiers", () => {
  it("are left out at any depth for a viewer not licensed, and kept for one who is", () => {
    const value = {
      companyKey: "NASDAQ_X",
      primaryListing: { ticker: "X", isin: "US0000000001", cusip: "000000000" },
      secondaryListings: [{ ticker: "Y", isin: "GB0000000002" }],
    };
    expect(forLicence(value, true)).toBe(value);
    const stripped = forLicence(value, false);
    expect(JSON.stringify(stripped)).not.toMatch(/isin|cusip|US0000000001/);
    expect(stripped.primaryListing.ticker).toBe("X");
    expect(value.primaryListing.isin).toBe("US0000000001");
  });
});

describe("access settings", () => {
  it("refuse a half-set sign-in, one without an allow list, and an auth proxy without its address", () => {
    expect(() => readConfig({ OIDC_ISSUER: "https://id.example.com" })).toThrow(/needs all three/);
    expect(() => readConfig({ ...OIDC, OIDC_ALLOWED: "" })).toThrow(/OIDC_ALLOWED: say who may sign in/);
    expect(() => readConfig({ ...OIDC, SESSION_SECRET: "" })).toThrow(/SESSION_SECRET/);
    expect(() => readConfig({ ...OIDC, SESSION_SECRET: "short" })).toThrow(/at least 32/);
    expect(() => readConfig({ ...OIDC, PUBLIC_URL: "" })).toThrow(/PUBLIC_URL: sign-in needs/);
    expect(() => readConfig({ ...OIDC, OIDC_ISSUER: "http://id.example.com" })).toThrow(/https/);
    expect(() => readConfig({ AUTH_PROXY_HEADER: "X-Forwarded-Email" })).toThrow(/AUTH_PROXY_FROM/);
    expect(() => readConfig({ ALLOW_ANONYMOUS: "yes" })).toThrow(/ALLOW_ANONYMOUS must be/);
    expect(() => readConfig({ PUBLIC_URL: "https://atlas.example.com/app" })).toThrow(/no path/);
    expect(readConfig({ PUBLIC_URL: "https://atlas.example.com/" }).access.publicUrl).toBe(
      "https://atlas.example.com",
    );
    // A provider on this machine (a test's) may be plain http.
    expect(readConfig({ ...OIDC, OIDC_ISSUER: "http://127.0.0.1:4000" }).access.oidc?.issuer).toBe(
      "http://127.0.0.1:4000",
    );
  });
});
