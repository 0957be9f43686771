import "server-only";
// Who is asking, and what they may see: the one decision every page, route handler and feed reads
// (docs/security.md). A person is signed in by the app's own session (OpenID Connect, oidc.ts) or
// by an auth proxy in front whose header is believed from its own addresses alone. Anyone else is
// anonymous: let in when the operator says so (ALLOW_ANONYMOUS=1), on the embedded sandbox's demo
// when no sign-in is set up, and from this machine itself; refused otherwise. ISIN and CUSIP, the
// licensed identifiers, reach the signed-in, and anonymous people only when the operator let
// everyone in explicitly (or on the demo, whose data is made up).
import { type AccessConfig, getConfig, isLoopbackHost } from "../config";
import { stampedPeer } from "../front/peer";
import { forwardedEntries, trustedForwarded } from "../http/forwarded";
import { accessMode, openToEveryone, secureCookies } from "./mode";
import { cookieName, cookieValue, verify } from "./session";

export interface Person {
  /** The account's e-mail address (or the auth proxy's user name), lower-case. */
  email: string;
  name?: string;
  /** The groups of OIDC_ALLOWED_GROUPS they were let in by. */
  groups?: string[];
  via: "session" | "proxy";
}

export interface Viewer {
  /** The signed-in person; null for an anonymous visitor. */
  person: Person | null;
  /** Whether the visitor may use the app at all. */
  allowed: boolean;
  /** Whether ISIN and CUSIP may reach them. */
  licensed: boolean;
}

/** The session's person, while its cookie is valid and the account is still one OIDC_ALLOWED lets in. */
function sessionPerson(headers: Headers, access: AccessConfig, nowMs: number): Person | null {
  if (!access.oidc || !access.sessionSecret) return null;
  const token = cookieValue(headers.get("cookie"), cookieName("session", secureCookies(access)));
  const session = verify<{ e: string; n?: string; g?: string[] }>(
    access.sessionSecret,
    "session",
    token,
    nowMs,
  );
  if (!session || !accountAllowed(access.oidc, session.e, session.g ?? [])) return null;
  return {
    email: session.e,
    ...(session.n ? { name: session.n } : {}),
    ...(session.g?.length ? { groups: session.g } : {}),
    via: "session",
  };
}

/** Whether OIDC_ALLOWED (an address, its `@domain`, or `*`) or OIDC_ALLOWED_GROUPS lets an account in. */
export function accountAllowed(
  oidc: NonNullable<AccessConfig["oidc"]>,
  email: string,
  groups: readonly string[],
): boolean {
  const address = email.toLowerCase();
  const domain = address.slice(address.lastIndexOf("@"));
  if (oidc.allowed.some((a) => a === "*" || a === address || (a.startsWith("@") && a === domain)))
    return true;
  return groups.some((g) => oidc.allowedGroups.includes(g));
}

/** The auth proxy's user, when the request came from one of its addresses (AUTH_PROXY_FROM). */
function proxyPerson(headers: Headers, access: AccessConfig): Person | null {
  if (!access.authProxy) return null;
  const peer = stampedPeer(headers);
  if (!peer || !access.authProxy.from.some((from) => sameAddress(from, peer))) return null;
  const user = headers.get(access.authProxy.header)?.trim();
  if (!user || user.length > 254 || /[\p{Cc}\s,;<>"]/u.test(user)) return null;
  return { email: user.toLowerCase(), via: "proxy" };
}

function sameAddress(a: string, b: string): boolean {
  const plain = (s: string) =>
    s
      .replace(/^\[|\]$/g, "")
      .replace(/^::ffff:/i, "")
      .toLowerCase();
  return plain(a) === plain(b);
}

/**
 * Someone on this machine itself: the socket's peer is a loopback address that is not the auth
 * proxy's, the address asked for is this machine's (a loopback name, or PUBLIC_URL's host: another
 * name is a web page's DNS rebinding), and no proxy between says otherwise (without trusted
 * proxies, a forwarding header naming anyone but the peer means a proxy on this machine is passing
 * on someone else's request; behind them, the client they report).
 */
export function isLoopbackVisitor(headers: Headers, config = getConfig()): boolean {
  const peer = stampedPeer(headers);
  if (!peer || !isLoopbackHost(peer)) return false;
  if (config.access.authProxy?.from.some((from) => sameAddress(from, peer))) return false;
  const host = hostnameOf(headers.get("host") ?? "");
  const publicHost = config.access.publicUrl ? new URL(config.access.publicUrl).hostname : undefined;
  if (!isLoopbackHost(host) && host !== publicHost) return false;
  if (config.trustedProxyHops > 0) {
    const client = trustedForwarded(headers, "x-forwarded-for", config.trustedProxyHops);
    return client === undefined || isLoopbackHost(client);
  }
  if (headers.has("forwarded") || headers.has("x-real-ip")) return false;
  return forwardedEntries(headers, "x-forwarded-for").every((entry) => sameAddress(entry, peer));
}

/** The name in a Host header, without its port: `::1` for `[::1]:3000`. */
function hostnameOf(host: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  return (bracketed ? (bracketed[1] as string) : host.replace(/:\d+$/, "")).toLowerCase();
}

/** The viewer of a request. */
export function viewerOf(headers: Headers, config = getConfig(), nowMs = Date.now()): Viewer {
  const { access } = config;
  const person = sessionPerson(headers, access, nowMs) ?? proxyPerson(headers, access);
  if (person) return { person, allowed: true, licensed: true };
  if (openToEveryone(config)) return { person: null, allowed: true, licensed: true };
  if (access.allowAnonymous === false) return { person: null, allowed: false, licensed: false };
  return { person: null, allowed: isLoopbackVisitor(headers, config), licensed: false };
}

/** The one line `npm start` prints about who gets in. */
export function accessLine(config = getConfig()): string {
  const { access } = config;
  const mode = accessMode(access);
  const how =
    mode === "oidc"
      ? `people who sign in with ${access.oidc?.issuer} (${[...(access.oidc?.allowed ?? []), ...(access.oidc?.allowedGroups ?? []).map((g) => `group ${g}`)].join(", ")})`
      : mode === "proxy"
        ? `people the auth proxy at ${access.authProxy?.from.join(", ")} names in ${access.authProxy?.header}`
        : "";
  if (access.allowAnonymous === true)
    return `access: anyone who reaches this server, ISIN and CUSIP included (ALLOW_ANONYMOUS=1)${how ? `; signed in: ${how}` : ""}`;
  if (openToEveryone(config))
    return "access: anyone who reaches this server (the embedded sandbox's made-up data; on a real key only this machine gets in without sign-in)";
  if (access.allowAnonymous === false) return `access: ${how || "no one"} (ALLOW_ANONYMOUS=0: no one else)`;
  const others = "this machine without ISIN and CUSIP";
  return how
    ? `access: ${how}, and ${others}`
    : `access: ${others} only: set OIDC_ISSUER or AUTH_PROXY_HEADER for a team, or ALLOW_ANONYMOUS=1 (docs/security.md)`;
}
