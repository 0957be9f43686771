// The answer of a server too busy to take a request now (the page front's bound on renders, the
// work queue's): 503 with Retry-After, at once. An API call gets the API's JSON error, as every
// other of its errors; a page or a file a short text. Sent before Next sees the request, so the
// headers Next adds to its own answers are not there: the ones that matter for a body are set here.
import type { IncomingMessage, ServerResponse } from "node:http";

/** How long a request may wait for its turn, in the page front and the work queue together. */
export const MAX_WAIT_MS = 5_000;
const RETRY_AFTER_SECONDS = 2;
const MESSAGE = "The server is busy. Try again in a moment.";

export function shed(req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  const api = /^\/api\//.test(req.url ?? "");
  res.writeHead(503, {
    "content-type": api ? "application/json" : "text/plain; charset=utf-8",
    "retry-after": String(RETRY_AFTER_SECONDS),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  res.end(api ? JSON.stringify({ errors: [{ message: MESSAGE, code: "server_busy" }] }) : `${MESSAGE}\n`);
}

const ARRIVED = Symbol("company-dashboard.waiting-since");
type Stamped = IncomingMessage & { [ARRIVED]?: number };

/**
 * When the request began to wait for its turn: the first line it meets stamps it, so a page that
 * waited for a render slot and then waits in the work queue is held to one bound, not one per line.
 */
export function waitingSince(req: IncomingMessage, now: () => number): number {
  const stamped = req as Stamped;
  stamped[ARRIVED] ??= now();
  return stamped[ARRIVED];
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
