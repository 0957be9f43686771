// The answer of a server too busy to take a request now (the page front's bound on renders, the
// work queue's): 503 with Retry-After, at once. An API call gets the API's JSON error, as every
// other of its errors; a page or a file a short text. Sent before Next sees the request, so the
// headers Next adds to its own answers are not there: the ones that matter for a body are set here.
import type { IncomingMessage, ServerResponse } from "node:http";

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
