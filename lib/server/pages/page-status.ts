// "A page answers a non-200 status with a readable page." App Router pages cannot set a status,
// so proxy.ts decides it before the page renders and rewrites the request, with that status and
// Retry-After, to /page-status, which reads the cause from a request header that only the proxy
// sets. Anything that ends a page with an UpstreamError-like cause can use it.
import { NextResponse } from "next/server";
import {
  causeOf,
  type FailureCause,
  UPSTREAM_ERROR_STATUS,
  type UpstreamErrorCode,
} from "@/lib/upstream/errors";

/** Request header carrying the cause to /page-status; the proxy removes any a client sends. */
export const PAGE_STATUS_HEADER = "x-fiscal-atlas-page-status";
export const PAGE_STATUS_PATH = "/page-status";

/** Why an upstream call failed (upstream_budget: this server's own UPSTREAM_RATE_LIMIT); page_budget: the client's page misses. */
export type PageStatusCode = FailureCause | "page_budget";

export interface PageStatusCause {
  status: 429 | 502 | 503 | 504;
  code: PageStatusCode;
  retryAfterSeconds?: number;
  /** The path of the page that was asked for (set by pageStatusResponse), so the page can name it. */
  path?: string;
}

/** What an upstream failure makes of a page, or null when the page itself handles it (404, plan). */
export function pageStatusOf(
  error: { code: UpstreamErrorCode; details: { retryAfterMs?: number; budget?: true } },
  fallbackRetryAfterMs: number,
): PageStatusCause | null {
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((error.details.retryAfterMs ?? fallbackRetryAfterMs) / 1000),
  );
  // The status an API route answers too (UPSTREAM_ERROR_STATUS); a client error is the page's.
  const status = UPSTREAM_ERROR_STATUS[error.code];
  if (status !== 502 && status !== 503 && status !== 504) return null;
  return { status, code: status === 502 ? error.code : causeOf(error), retryAfterSeconds };
}

/** Rewrites a page request to /page-status, answered with the cause's status and Retry-After. */
export function pageStatusResponse(
  request: Request,
  requestHeaders: Headers,
  cause: PageStatusCause,
): NextResponse {
  const path = new URL(request.url).pathname.slice(0, 300);
  requestHeaders.set(PAGE_STATUS_HEADER, JSON.stringify({ ...cause, path }));
  const response = NextResponse.rewrite(new URL(PAGE_STATUS_PATH, request.url), {
    status: cause.status,
    request: { headers: requestHeaders },
  });
  if (cause.retryAfterSeconds !== undefined)
    response.headers.set("retry-after", String(cause.retryAfterSeconds));
  response.headers.set("cache-control", "no-store");
  return response;
}

/** The cause /page-status was rewritten with, or null for a direct visit. */
export function readPageStatus(headers: Headers): PageStatusCause | null {
  const raw = headers.get(PAGE_STATUS_HEADER);
  if (!raw) return null;
  try {
    const cause = JSON.parse(raw) as PageStatusCause;
    return [429, 502, 503, 504].includes(cause.status) ? cause : null;
  } catch {
    return null;
  }
}
