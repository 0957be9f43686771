// Runs before every page request that the page front (lib/server/front/page-front.ts) did not answer
// from a kept page. First the page gate (lib/server/pages/page-gate.ts): the page's upstream
// data is loaded here, within the client's page-miss budget, so that a failing upstream or a spent
// budget answers a real 503 (504, 502) or 429 (lib/server/pages/page-status.ts) and a slow one a streamed page.
// Then the CSP nonce: Next reads the policy from the request header while it renders and puts the
// nonce on its own scripts; the browser gets the same policy on the response. A page found ready
// that the front will keep renders with the front's placeholder, which the front replaces with a
// fresh nonce in each response it sends; any other page gets a fresh nonce here.
// Before both: only GET and HEAD reach a page (anything else is 405, counted against the client's
// limit), and who is asking (lib/server/access/viewer.ts): anyone the access rules do not let in
// gets the sign-in page with 401 instead of the page they asked for.
// The static security headers, and the API's own policy, come from next.config.ts; the API
// routes and the Atom feed (which check the viewer in their handler: the feed also takes a secret
// link), sign-in's own routes, the sandbox and static files do not pass through here.
import { type NextRequest, NextResponse } from "next/server";
import { decodablePath } from "@/lib/hrefs";
import { createNonce, pageCsp } from "@/lib/security/headers";
import { viewerOf } from "@/lib/server/access/viewer";
import { CAPTURE_HEADER, CAPTURED_HEADER, keptRender } from "@/lib/server/front/page-front";
import { PREFETCH_HEADER } from "@/lib/server/front/request-target";
import { checkApiRateLimit, clientOf } from "@/lib/server/http/rate-limit";
import { gatePage, UPSTREAM_SLOW_HEADER } from "@/lib/server/pages/page-gate";
import { PAGE_STATUS_HEADER, pageStatusResponse } from "@/lib/server/pages/page-status";

/** The page anyone not let in is shown, with 401; it is open to all. */
const SIGN_IN_PATH = "/sign-in";

/**
 * Next's link prefetches (stamped by the server, lib/server/front/listener.ts, since Next hides
 * its router headers from the proxy): they render no page, and nothing they render may reach the
 * upstream (page-gate.ts, isLinkPrefetch), so they are not gated. The browser's own prefetch (Sec-Purpose) asks for the whole document and is gated and
 * charged like any page view: a header must not open a way around the client's budget.
 */
function isRouterPrefetch(request: NextRequest): boolean {
  return request.headers.get(PREFETCH_HEADER) === "1";
}

export async function proxy(request: NextRequest) {
  if (request.method !== "GET" && request.method !== "HEAD") {
    await checkApiRateLimit(request);
    return new NextResponse("Method not allowed.\n", {
      status: 405,
      headers: {
        allow: "GET, HEAD",
        "content-type": "text/plain; charset=utf-8",
        "cache-control": "no-store",
      },
    });
  }
  // The router fails (500) on a `%` it cannot decode: such a `%` is a character of the address.
  const path = decodablePath(request.nextUrl.pathname);
  if (path !== request.nextUrl.pathname) {
    const url = request.nextUrl.clone();
    url.pathname = path;
    return NextResponse.redirect(url, 308);
  }
  const refused = path !== SIGN_IN_PATH && !viewerOf(request.headers).allowed;
  const outcome =
    refused || isRouterPrefetch(request)
      ? ({ kind: "ready" } as const)
      : await gatePage(request.nextUrl, clientOf(request.headers));
  // A page the front keeps (lib/server/front/page-front.ts) renders with its placeholder nonce, which
  // the front replaces with a fresh one in every response; any other page gets a fresh one here.
  const kept = outcome.kind === "ready" && !refused ? keptRender(request.headers) : null;
  const csp = pageCsp(kept?.placeholder ?? createNonce(), { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  // Only the gate above and the front may set these.
  requestHeaders.delete(UPSTREAM_SLOW_HEADER);
  requestHeaders.delete(PAGE_STATUS_HEADER);
  requestHeaders.delete(CAPTURE_HEADER);

  let response: NextResponse;
  if (refused) {
    const signIn = new URL(SIGN_IN_PATH, request.url);
    signIn.searchParams.set("next", `${path}${request.nextUrl.search}`.slice(0, 1000));
    response = NextResponse.rewrite(signIn, { status: 401, request: { headers: requestHeaders } });
    response.headers.set("cache-control", "no-store");
  } else if (outcome.kind === "status") {
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
  matcher: [
    "/((?!api/|auth/|news/feed\\.xml|sandbox/|_next/static/|_next/image|icon\\.svg|favicon\\.ico).*)",
  ],
};
