// X-Forwarded-For, -Host and -Proto: what a reverse proxy says about the original request. A
// client can send them as well, so they count only behind TRUSTED_PROXY_HOPS trusted proxies,
// and then only the entry the outermost trusted proxy wrote (the Nth from the right); anything
// left of it is the client's own say. Every reader of these headers goes through here.

export type ForwardedHeader = "x-forwarded-for" | "x-forwarded-host" | "x-forwarded-proto";

/** The header's comma-separated entries, as sent. */
export function forwardedEntries(headers: Headers, name: ForwardedHeader): string[] {
  return (headers.get(name) ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The entry written by the outermost of `trustedHops` trusted proxies; none without a trusted proxy. */
export function trustedForwarded(
  headers: Headers,
  name: ForwardedHeader,
  trustedHops: number,
): string | undefined {
  if (trustedHops < 1) return undefined;
  const entries = forwardedEntries(headers, name);
  return entries[Math.max(0, entries.length - trustedHops)];
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The origin the visitor used, for URLs shown to them: behind trusted proxies the one the proxy
 * reports, otherwise this server's own Host over plain HTTP (TLS ends at a proxy, if anywhere).
 */
export function requestOrigin(headers: Headers, trustedHops: number): string {
  const proto = trustedForwarded(headers, "x-forwarded-proto", trustedHops)?.toLowerCase();
  const host = [trustedForwarded(headers, "x-forwarded-host", trustedHops), headers.get("host")].find(
    (h): h is string => h !== undefined && h !== null && HOST.test(h),
  );
  return `${proto === "https" ? "https" : "http"}://${host ?? "localhost"}`;
}
