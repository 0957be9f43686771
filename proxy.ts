// Runs before every page request: a fresh CSP nonce per request. Next reads the policy from the
// request header while it renders and puts the nonce on its own scripts; the browser gets the
// same policy on the response. The static security headers, and the API's own policy, come from
// next.config.ts; the API routes, the sandbox and static files do not pass through here.
import { type NextRequest, NextResponse } from "next/server";
import { decodablePath } from "@/lib/hrefs";
import { createNonce, pageCsp } from "@/lib/security/headers";

export function proxy(request: NextRequest) {
  // The router fails (500) on a `%` it cannot decode: such a `%` is a character of the address.
  const path = decodablePath(request.nextUrl.pathname);
  if (path !== request.nextUrl.pathname) {
    const url = request.nextUrl.clone();
    url.pathname = path;
    return NextResponse.redirect(url, 308);
  }
  const csp = pageCsp(createNonce(), { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  matcher: ["/((?!api/|sandbox/|_next/static/|_next/image|icon\\.svg|favicon\\.ico).*)"],
};
