// The answer of a server too busy to render a page now (the page front's bound on renders): 503 with
// Retry-After. A page a person opened gets a short page of its own that says so, with a way to try
// again; a client navigation's payload or a prefetch a short text. Sent before Next sees the request, so the
// headers Next adds to its own answers are not there: the ones that matter for a body are set here.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { xmlText } from "@/lib/news/atom";
import { API_CSP, securityHeadersFor } from "@/lib/security/headers";
import { isRouterRequest } from "./request-target";

/** How long a page may wait for a render slot in the page front. */
export const MAX_WAIT_MS = 5_000;
const RETRY_AFTER_SECONDS = 2;
const MESSAGE = "The server is busy. Try again in a moment.";

/** The busy page's only style, allowed by its hash: the page runs no script and loads nothing. */
const BUSY_STYLE =
  "body{margin:0;padding:3rem 1.5rem;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#fff}" +
  "main{max-width:34rem;margin:0 auto}h1{font-size:1.5rem;margin:.5rem 0}p{color:#334155}" +
  "a{color:#1d4ed8;font-weight:600}.site{font-weight:600;color:#0f172a}" +
  "@media (prefers-color-scheme:dark){body,.site{color:#f1f5f9;background:#020617}p{color:#cbd5e1}a{color:#7dd3fc}}";
const BUSY_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(BUSY_STYLE).digest("base64")}'`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The address asked for, as a link back to it: its path and query on this site, else the overview. */
function sameSitePath(url: string | undefined): string {
  const here = "http://this.site";
  // Read as a browser reads a link (`/\host` is another site's), keeping only what stays on ours.
  const target = URL.canParse(url ?? "", here) ? new URL(url ?? "", here) : null;
  return url?.startsWith("/") && target?.origin === here ? `${target.pathname}${target.search}` : "/";
}

/** A page a person's browser opened (not a client navigation's payload, a script or an image). */
function isDocument(req: IncomingMessage): boolean {
  const h = req.headers;
  if (isRouterRequest(req)) return false;
  return h["sec-fetch-dest"] === "document" || /\btext\/html\b/.test(h.accept ?? "");
}

function busyPage(url: string | undefined): string {
  const again = xmlText(sameSitePath(url));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Busy · Fiscal Atlas</title><link rel="icon" href="/icon.svg" type="image/svg+xml"><style>${BUSY_STYLE}</style></head>
<body><main><p class="site">Fiscal Atlas</p><h1>The server is busy</h1>
<p>Too many pages are being prepared at once, so this one was not started. Nothing is wrong with the page or the data; in a few seconds there is room again.</p>
<p><a href="${again}">Try again</a></p></main></body></html>
`;
}

export function shed(req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  const headers = {
    ...Object.fromEntries(
      securityHeadersFor(req.headers["x-forwarded-proto"]).map(({ key, value }) => [
        key.toLowerCase(),
        value,
      ]),
    ),
    "retry-after": String(RETRY_AFTER_SECONDS),
    "cache-control": "no-store",
  };
  if (isDocument(req)) {
    res.writeHead(503, {
      ...headers,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": BUSY_CSP,
    });
    res.end(busyPage(req.url));
  } else {
    res.writeHead(503, {
      ...headers,
      "content-type": "text/plain; charset=utf-8",
      "content-security-policy": API_CSP,
    });
    res.end(`${MESSAGE}\n`);
  }
}

/**
 * Calls `expire` once a waiter's time is up, wherever it stands in its line: the slots ahead may be
 * held by slow work for longer than the bound, so waiting to shed it at the front would not bound
 * its wait. The function returned cancels it (the waiter got its turn, or its client left).
 */
export function expireAfter(remainingMs: number, expire: () => void): () => void {
  const timer = setTimeout(expire, Math.max(0, remainingMs));
  timer.unref?.();
  return () => clearTimeout(timer);
}
