import "server-only";
// Signed values the server hands out and reads back: the session cookie after a sign-in, and the
// short-lived cookie that carries a sign-in's checks (state, nonce, PKCE verifier) to the callback.
// HMAC-SHA256 with a key derived from SESSION_SECRET for each purpose, so a value made for one
// purpose is never accepted for another; compared in constant time.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

export type SignedPurpose = "session" | "sign-in" | "feed";

/** Each purpose's key, derived once per secret (every request with a session cookie needs one). */
const keys = new Map<string, Buffer>();

function keyFor(secret: string, purpose: SignedPurpose): Buffer {
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "fiscal-atlas", purpose, 32));
    keys.set(id, key);
  }
  return key;
}

function mac(secret: string, purpose: SignedPurpose, payload: string): string {
  return createHmac("sha256", keyFor(secret, purpose)).update(payload).digest("base64url");
}

/** A value that expires at `expiresAtMs`, signed for `purpose`. */
export function sign(secret: string, purpose: SignedPurpose, value: object, expiresAtMs: number): string {
  const payload = Buffer.from(JSON.stringify({ ...value, exp: Math.floor(expiresAtMs / 1000) })).toString(
    "base64url",
  );
  return `${payload}.${mac(secret, purpose, payload)}`;
}

/** The value, when `token` was signed for `purpose` with `secret` and has not expired; otherwise null. */
export function verify<T extends object>(
  secret: string,
  purpose: SignedPurpose,
  token: string | undefined,
  nowMs = Date.now(),
): (T & { exp: number }) | null {
  if (!token || token.length > 4096) return null;
  const dot = token.indexOf(".");
  if (dot < 1) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = Buffer.from(mac(secret, purpose, payload), "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as T & { exp: number };
    return typeof value.exp === "number" && value.exp * 1000 > nowMs ? value : null;
  } catch {
    return null;
  }
}

/** The cookie names: `__Host-` (Secure, whole site, this host only) when people come over https. */
export function cookieName(base: "session" | "sign-in", secure: boolean): string {
  return `${secure ? "__Host-" : ""}fa_${base}`;
}

/** A Set-Cookie value: HttpOnly, SameSite=Lax, Path=/, Secure over https; maxAgeSeconds 0 clears it. */
export function setCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${name}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** One cookie's value from a Cookie header. */
export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
