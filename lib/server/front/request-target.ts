// The path a request asks for. Node leaves a request line's absolute form (`GET http://host/path`,
// as a proxy may send it) in `req.url` as it came; Next routes it by its path, so every layer in
// front of Next reads the path the same way. Also what tells Next's client router's own requests
// from the documents people open.
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/** The path of a request's target, without the query: `/api/health` for `http://host/api/health?x`. */
export function requestPath(url: string | undefined): string {
  const target = url ?? "/";
  const relative = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, "");
  return (relative.split("?")[0] as string) || "/";
}

/** A request target in origin form: `/path?q` for `http://host/path?q` (the authority dropped). */
export function originForm(url: string | undefined): string {
  const target = url ?? "/";
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(target)) return target;
  const rest = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, "");
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * The server's stamp on one of Next's link prefetches (lib/server/front/listener.ts), since Next
 * hides its router headers from proxy.ts and from pages; any a client sends is replaced.
 */
export const PREFETCH_HEADER = "x-fiscal-atlas-prefetch";

/** One of Next's link prefetches (its router's headers; the browser's own prefetches say sec-purpose). */
export function isRouterPrefetch(h: IncomingHttpHeaders): boolean {
  return Boolean(h["next-router-prefetch"] || h["next-router-segment-prefetch"]);
}

/** A request of Next's client router (a navigation's payload, a prefetch, a server action), not a document. */
export function isRouterRequest(req: IncomingMessage): boolean {
  const h = req.headers;
  return (
    h.rsc !== undefined ||
    h["next-action"] !== undefined ||
    /[?&]_rsc=/.test(req.url ?? "") ||
    isRouterPrefetch(h)
  );
}
