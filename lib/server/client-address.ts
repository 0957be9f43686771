// The server's request hook (installRequestHook), installed once per process from
// instrumentation.ts: the static front first (lib/server/static-front.ts), then the peer-address
// stamp below, then the page front (lib/server/page-cache.ts), then the work queue
// (lib/server/request-slots.ts).
//
// The socket's peer address for route handlers. Next passes handlers a web Request with no
// socket, and keeps any X-Forwarded-For the client sent (it adds the peer only when the header is
// absent), so a client could name any address it likes. The server therefore stamps the real
// peer into a header of its own on every incoming request, replacing whatever a client sent
// under that name.
//
// The same stamp says whether a request is one of Next's link prefetches: Next removes its
// router headers from the request proxy.ts and pages see. A prefetch is never charged to the
// pages' miss budget, so it must never reach the upstream: it renders no page, and the one
// thing it may render, a page's metadata, asks no cache that is not already warm
// (page-gate.ts, isLinkPrefetch).
import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "node:http";
import { front } from "./page-cache";
import { PEER_ADDRESS_HEADER, stampPeer } from "./peer";
import { clientOf, getApiRateLimit } from "./rate-limit";
import { requestSlots } from "./request-slots";
import { isRouterPrefetch, originForm, PREFETCH_HEADER, requestPath } from "./request-target";
import type { StaticFront } from "./static-front";

const INSTALLED = Symbol.for("company-dashboard.peer-address-stamp");
type Emit = (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
type Patched = { emit: Emit; [INSTALLED]?: true };

/**
 * The routes that take a write, and with which methods; every other request but GET, HEAD and
 * OPTIONS is 405 here. (lib/server/client-address.test.ts checks this against app/'s route files.)
 */
export const WRITE_ROUTES: Readonly<Record<string, readonly string[]>> = {
  "/auth/sign-out": ["POST"],
  "/api/account/following": ["PUT"],
  "/api/account/feed-link": ["POST", "DELETE"],
  "/sandbox/clock": ["PUT"],
  "/sandbox/faults": ["PUT"],
  "/sandbox/faults/age-caches": ["POST"],
};

/** Whether some route answers `method` at `path` (Next answers HEAD and OPTIONS for any route itself). */
export function methodAnswered(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return true;
  return WRITE_ROUTES[path]?.includes(method) ?? false;
}

/** 405 for a method no route has, after it is counted against the client's limit. */
function refuseMethod(request: IncomingMessage, response: ServerResponse): void {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === "string") headers.set(name, value);
  const answer = () => {
    if (response.headersSent) return;
    response.writeHead(405, {
      allow: "GET, HEAD",
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
    });
    response.end("Method not allowed.\n");
  };
  const limiter = getApiRateLimit().limiter;
  if (limiter) void limiter.take(clientOf(headers)).then(answer, answer);
  else answer();
}

/** Installs the hook; `staticFront`, when given, answers the build's and public/'s files first. */
export function installRequestHook(staticFront?: StaticFront): void {
  const proto = Server.prototype as unknown as Patched;
  if (proto[INSTALLED]) return;
  const emit = proto.emit;
  proto.emit = function requestHook(this: Server, event, ...args) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      const response = args[1] as ServerResponse;
      if (staticFront?.handle(request, response)) return true;
      request.headers[PEER_ADDRESS_HEADER] = stampPeer(request.socket?.remoteAddress ?? "");
      // A method no route answers is 405 here, and counts against the client's limit (Next would
      // answer some with its own 405, uncounted, and TRACE with a 500: a web Request cannot carry it).
      if (!methodAnswered(request.method ?? "", requestPath(request.url))) {
        refuseMethod(request, response);
        return true;
      }
      // An absolute-form target (`GET http://other.example/path`) is read as its path: the
      // authority a client put there must not reach a redirect's Location.
      request.url = originForm(request.url);
      const h = request.headers;
      if (isRouterPrefetch(h)) h[PREFETCH_HEADER] = "1";
      else delete h[PREFETCH_HEADER];
      // Then the page front: a kept page, a bounded render, or a 503 (lib/server/page-cache.ts);
      // and what reaches Next waits its turn (lib/server/request-slots.ts).
      front().handle(request, response, () =>
        requestSlots().handle(
          request,
          response,
          () => emit.call(this, event, ...args),
          Boolean(h[PREFETCH_HEADER]),
        ),
      );
      return true;
    }
    return emit.call(this, event, ...args);
  };
  proto[INSTALLED] = true;
}
