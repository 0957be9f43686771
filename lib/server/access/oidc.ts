import "server-only";
// Sign-in with OpenID Connect (openid-client): the authorization code flow with PKCE, state and
// nonce, for a confidential client. The checks travel to the callback in a signed, HttpOnly
// cookie that lives ten minutes; the callback accepts an account only with an e-mail address the
// provider marks verified, and only one OIDC_ALLOWED or OIDC_ALLOWED_GROUPS lets in. The
// session is then the app's own signed cookie (session.ts): no token of the provider is kept.
import * as client from "openid-client";
import { type AccessConfig, getConfig, isLoopbackHost } from "../config";
import { secureCookies } from "./mode";
import { cookieName, cookieValue, setCookie, sign, verify } from "./session";
import { accountAllowed, type Person } from "./viewer";

type Oidc = NonNullable<AccessConfig["oidc"]>;

const SIGN_IN_SECONDS = 600;

let discovered: { issuer: string; config: Promise<client.Configuration> } | undefined;

/** The provider's configuration, discovered once (again after a failure). */
function configuration(oidc: Oidc): Promise<client.Configuration> {
  if (discovered?.issuer !== oidc.issuer) {
    const url = new URL(oidc.issuer);
    // Plain http only for a provider on this machine (config.ts refuses any other).
    const insecure = url.protocol === "http:" && isLoopbackHost(url.hostname);
    const config = client.discovery(
      url,
      oidc.clientId,
      oidc.clientSecret,
      undefined,
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    const entry = { issuer: oidc.issuer, config };
    config.catch(() => {
      if (discovered === entry) discovered = undefined;
    });
    discovered = entry;
  }
  return discovered.config;
}

/** Where a sign-in returns to: a path of this site, never another site (`//host`, `/\host`). */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  if (/[\p{Cc}]/u.test(next) || next.length > 1000) return "/";
  return next.startsWith("/sign-in") ? "/" : next;
}

function settings(): { access: AccessConfig; oidc: Oidc; secret: string; publicUrl: string } {
  const { access } = getConfig();
  if (!access.oidc || !access.sessionSecret || !access.publicUrl) throw new Error("sign-in is not set up");
  return { access, oidc: access.oidc, secret: access.sessionSecret, publicUrl: access.publicUrl };
}

/** The provider's address to send a person to, and the cookie with the checks for the callback. */
export async function startSignIn(next: string): Promise<{ location: string; cookie: string }> {
  const { access, oidc, secret, publicUrl } = settings();
  const config = await configuration(oidc);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: `${publicUrl}/auth/callback`,
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  const secure = secureCookies(access);
  const checks = sign(
    secret,
    "sign-in",
    { v: verifier, s: state, n: nonce, r: safeNext(next) },
    Date.now() + SIGN_IN_SECONDS * 1000,
  );
  return {
    location: url.href,
    cookie: setCookie(cookieName("sign-in", secure), checks, SIGN_IN_SECONDS, secure),
  };
}

export type SignInOutcome =
  | { kind: "signed-in"; person: Person; next: string; cookies: string[] }
  | { kind: "refused" | "failed"; cookies: string[] };

/** The callback: the code exchanged and checked, the account checked, the session cookie made. */
export async function finishSignIn(request: Request): Promise<SignInOutcome> {
  const { access, oidc, secret, publicUrl } = settings();
  const secure = secureCookies(access);
  const cleared = [setCookie(cookieName("sign-in", secure), "", 0, secure)];
  const checks = verify<{ v: string; s: string; n: string; r: string }>(
    secret,
    "sign-in",
    cookieValue(request.headers.get("cookie"), cookieName("sign-in", secure)),
  );
  if (!checks) return { kind: "failed", cookies: cleared };
  let claims: Record<string, unknown>;
  try {
    const config = await configuration(oidc);
    // The address the provider sent the person back to, as they used it (PUBLIC_URL), whatever
    // the proxy in front made of the request's own.
    const current = new URL(`${publicUrl}/auth/callback${new URL(request.url).search}`);
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: checks.v,
      expectedState: checks.s,
      expectedNonce: checks.n,
      idTokenExpected: true,
    });
    claims = { ...(tokens.claims() ?? {}) };
    if (typeof claims.email !== "string" && tokens.access_token) {
      const sub = typeof claims.sub === "string" ? claims.sub : client.skipSubjectCheck;
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, sub)), ...claims };
    }
  } catch (error) {
    console.warn(
      `sign-in: the provider's answer was refused (${error instanceof Error ? error.message.slice(0, 200) : "unknown"})`,
    );
    return { kind: "failed", cookies: cleared };
  }
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  const rawGroups = claims[oidc.groupsClaim];
  const groups = (Array.isArray(rawGroups) ? rawGroups : []).filter(
    (g): g is string => typeof g === "string",
  );
  // An address the provider does not say it verified may be one anyone typed (unless the operator
  // says their provider never marks it, OIDC_UNVERIFIED_EMAIL=1).
  const verified =
    claims.email_verified === true || (oidc.unverifiedEmail && claims.email_verified !== false);
  if (!email || !verified || !accountAllowed(oidc, email, groups)) {
    console.log(
      `sign-in: refused an account the settings do not allow (${email ? email.replace(/^[^@]*/, "…") : "no e-mail"})`,
    );
    return { kind: "refused", cookies: cleared };
  }
  const name = typeof claims.name === "string" ? claims.name.slice(0, 200) : undefined;
  const matched = groups.filter((g) => oidc.allowedGroups.includes(g));
  const session = sign(
    secret,
    "session",
    { e: email, ...(name ? { n: name } : {}), ...(matched.length ? { g: matched } : {}) },
    Date.now() + access.sessionSeconds * 1000,
  );
  return {
    kind: "signed-in",
    person: { email, ...(name ? { name } : {}), via: "session" },
    next: safeNext(checks.r),
    cookies: [...cleared, setCookie(cookieName("session", secure), session, access.sessionSeconds, secure)],
  };
}

/** The cookie that ends a session. */
export function signOutCookie(): string {
  const secure = secureCookies();
  return setCookie(cookieName("session", secure), "", 0, secure);
}
