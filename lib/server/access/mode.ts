import "server-only";
// The access settings read as decisions (viewer.ts has the rules): which way people sign in, and
// whether everyone gets everything. Apart from viewer.ts so that the page front can ask without
// the rest.
import { type AccessConfig, getConfig } from "../config";

/** How people get in: sign-in (oidc), an auth proxy, or neither. */
export type AccessMode = "oidc" | "proxy" | "none";

export function accessMode(access: AccessConfig = getConfig().access): AccessMode {
  return access.oidc ? "oidc" : access.authProxy ? "proxy" : "none";
}

/** Whether anyone, signed in or not, gets the whole app, licensed identifiers included. */
export function openToEveryone(config = getConfig()): boolean {
  const { access } = config;
  if (access.allowAnonymous !== undefined) return access.allowAnonymous;
  return !config.upstream.baseUrl && accessMode(access) === "none";
}

/** Whether people come over https (PUBLIC_URL says so): cookies are then Secure and `__Host-`. */
export function secureCookies(access: AccessConfig = getConfig().access): boolean {
  return access.publicUrl?.startsWith("https:") ?? false;
}
