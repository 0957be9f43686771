// Runs before every page request that the page front (lib/server/page-cache.ts) did not answer
// from a kept page. First the page gate (lib/server/page-gate.ts): the page's upstream
// data is loaded here, within the client's page-miss budget, so that a failing upstream or a spent
// budget answers a real 503 (504, 502) or 429 (lib/server/page-status.ts) and a slow one a streamed page.
// Then the CSP nonce: Next reads the policy from the request header while it renders and puts the
// nonce on its own scripts; the browser gets the same policy on the response. A page found ready
// that the front will keep renders with the front's placeholder, which the front replaces with a
// fresh nonce in each response it sends; any other page gets a fresh nonce here.
// The static security headers, and the API's own policy, come from next.config.ts; the API
// routes, the sandbox and static files do not pass through here.
import { type NextRequest, NextResponse } from "next/server";
import { decodablePath } from "@/lib/hrefs";
import { createNonce, pageCsp } from "@/lib/security/headers";
import { PREFETCH_HEADER } from "@/lib/server/client-address";
import { CAPTURE_HEADER, CAPTURED_HEADER, keptRender } from "@/lib/server/page-cache";
import { gatePage, UPSTREAM_SLOW_HEADER } from "@/lib/server/page-gate";
import { PAGE_STATUS_HEADER, pageStatusResponse } from "@/lib/server/page-status";
import { clientOf } from "@/lib/server/rate-limit";

/**
 * Next's link prefetches (stamped by the server, lib/server/client-address.ts, since Next hides
 * its router headers from the proxy) and the browser's own: never gated, charged or blocked.
 */
function isPrefetch(request: NextRequest): boolean {
  const h = request.headers;
  return h.get(PREFETCH_HEADER) === "1" || /prefetch/i.test(h.get("sec-purpose") ?? h.get("purpose") ?? "");
}

export async function proxy(request: NextRequest) {
  // The router fails (500) on a `%` it cannot decode: such a `%` is a character of the address.
  const path = decodablePath(request.nextUrl.pathname);
  if (path !== request.nextUrl.pathname) {
    const url = request.nextUrl.clone();
    url.pathname = path;
    return NextResponse.redirect(url, 308);
  }
  const gated = (request.method === "GET" || request.method === "HEAD") && !isPrefetch(request);
  const outcome = gated
    ? await gatePage(request.nextUrl, clientOf(request.headers))
    : ({ kind: "ready" } as const);
  // A page the front keeps (lib/server/page-cache.ts) renders with its placeholder nonce, which
  // the front replaces with a fresh one in every response; any other page gets a fresh one here.
  const kept = outcome.kind === "ready" ? keptRender(request.headers) : null;
  const csp = pageCsp(kept?.placeholder ?? createNonce(), { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  // Only the gate above and the front may set these.
  requestHeaders.delete(UPSTREAM_SLOW_HEADER);
  requestHeaders.delete(PAGE_STATUS_HEADER);
  requestHeaders.delete(CAPTURE_HEADER);

  let response: NextResponse;
  if (outcome.kind === "status") {
    response = pageStatusResponse(request, requestHeaders, outcome.cause);
  } else {
    if (outcome.kind === "slow") requestHeaders.set(UPSTREAM_SLOW_HEADER, "1");
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  response.headers.set("content-security-policy", csp);
  if (kept) response.headers.set(CAPTURED_HEADER, kept.mark);
  return response;
}

export const config = {
  matcher: ["/((?!api/|sandbox/|_next/static/|_next/image|icon\\.svg|favicon\\.ico).*)"],
};
