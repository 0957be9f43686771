// The server's request path, in the order a request meets it. server.ts (Next's documented custom
// server) hands every request to `outside`; each layer below is a plain function of the request:
//
//   1. files   the build's scripts and stylesheets and public/'s files, from memory (static-front.ts)
//   2. stamp   the socket's address, and whether it is one of Next's link prefetches (below)
//   3. method  405 for a method no route answers, counted against the client's limit
//   4. pages   a kept page, or a render slot: rendered inside to keep it, or on to Next (page-front.ts)
//   5. Next    app.getRequestHandler(): proxy.ts, the pages and the route handlers
//
// The page front keeps a page by having Next render it on a second listener, `inside`: a socket
// in a folder only this process's user can enter, which takes nothing but the front's own renders
// (each with a one-time id). Its answer comes back whole to the front, which sends it with a fresh
// nonce and keeps it. Nothing here wraps or replaces a method of Node's or Next's objects.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  request,
  type ServerResponse,
} from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { clientOf, getApiRateLimit } from "../http/rate-limit";
import { methodAnswered } from "../pages/routes";
import { CAPTURE_HEADER, type PageFront } from "./page-front";
import { PEER_ADDRESS_HEADER, stampPeer } from "./peer";
import { isRouterPrefetch, originForm, PREFETCH_HEADER, requestPath } from "./request-target";
import type { StaticFront } from "./static-front";

/** Next's request handler (`app.getRequestHandler()`). */
export type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface FrontParts {
  next: NextHandler;
  /** null: every file from Next (`next dev`, whose files change under the same names). */
  files: StaticFront | null;
  pages: PageFront;
}

export class Front {
  /** The inside listener's socket, once it listens. */
  private socket: string | null = null;
  private readonly agent = new Agent({ keepAlive: true });
  /** The one-time ids of renders the front asked for and Next has not begun. */
  private readonly renders = new Set<string>();

  constructor(private readonly parts: FrontParts) {}

  /** Every request a client sends. */
  readonly outside: RequestListener = (req, res) => {
    const { files, pages } = this.parts;
    if (files?.handle(req, res)) return;
    stamp(req);
    if (!methodAnswered(req.method ?? "", requestPath(req.url))) {
      refuseMethod(req, res);
      return;
    }
    // An absolute-form target (`GET http://other.example/path`) is read as its path: the
    // authority a client put there must not reach a redirect's Location.
    req.url = originForm(req.url);
    pages.handle(
      req,
      res,
      () => this.toNext(req, res),
      (headers, signal) => this.renderInside(req, headers, signal),
    );
  };

  /** The front's own renders, on the inside socket: nothing else is answered there. */
  readonly inside: RequestListener = (req, res) => {
    if (!this.renders.delete(String(req.headers[CAPTURE_HEADER] ?? ""))) {
      res.writeHead(403).end();
      return;
    }
    this.toNext(req, res);
  };

  /**
   * Starts the inside listener on a socket in a new private folder (mode 0700); `stop` closes it
   * and removes the folder.
   */
  listenInside(): Promise<{ socket: string; stop: () => Promise<void> }> {
    const folder = mkdtempSync(path.join(tmpdir(), "fiscal-atlas-"));
    const socket = path.join(folder, "render.sock");
    const server = createServer(this.inside);
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(socket, () => {
        this.socket = socket;
        resolve({
          socket,
          stop: () =>
            new Promise<void>((done) => {
              this.agent.destroy();
              server.close(() => {
                rmSync(folder, { recursive: true, force: true });
                done();
              });
              server.closeIdleConnections();
            }),
        });
      });
    });
  }

  private toNext(req: IncomingMessage, res: ServerResponse): void {
    this.parts.next(req, res).catch(() => res.destroy());
  }

  /** The request with `headers`, rendered by Next on the inside socket: its answer, as it begins. */
  private renderInside(
    req: IncomingMessage,
    headers: IncomingHttpHeaders,
    signal: AbortSignal,
  ): Promise<IncomingMessage> {
    const socket = this.socket;
    if (!socket) return Promise.reject(new Error("the inside listener is not listening"));
    const ask = (retry: boolean): Promise<IncomingMessage> => {
      const id = randomBytes(16).toString("hex");
      this.renders.add(id);
      return new Promise((resolve, reject) => {
        const inner = request(
          {
            socketPath: socket,
            agent: this.agent,
            method: req.method,
            path: req.url,
            headers: { ...headers, [CAPTURE_HEADER]: id },
            signal,
          },
          resolve,
        );
        inner.once("error", (error: NodeJS.ErrnoException) => {
          this.renders.delete(id);
          // A kept-alive socket the inside server closed as it sat idle, just as this request
          // took it: nothing reached Next, so it is asked again once on a new socket (Node's
          // documented remedy, `reusedSocket`).
          if (retry && inner.reusedSocket && error.code === "ECONNRESET" && !signal.aborted)
            resolve(ask(false));
          else reject(error);
        });
        inner.end();
      });
    };
    return ask(true);
  }
}

/**
 * Stamps what the layers after this one must know of the request and cannot see: the socket's
 * address (Next passes route handlers a web Request without one, and keeps any X-Forwarded-For a
 * client sent), and whether it is one of Next's link prefetches (Next hides its router headers from
 * proxy.ts and the pages). Whatever a client sent under these names, or as the front's own
 * render mark, is replaced or removed.
 */
function stamp(req: IncomingMessage): void {
  const h = req.headers;
  h[PEER_ADDRESS_HEADER] = stampPeer(req.socket?.remoteAddress ?? "");
  delete h[CAPTURE_HEADER];
  if (isRouterPrefetch(h)) h[PREFETCH_HEADER] = "1";
  else delete h[PREFETCH_HEADER];
}

/**
 * 405 for a method no route has, after it is counted against the client's limit (Next would
 * answer some with its own 405, uncounted, and TRACE with a 500: a web Request cannot carry it).
 */
function refuseMethod(req: IncomingMessage, res: ServerResponse): void {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string") headers.set(name, value);
  const answer = () => {
    if (res.headersSent) return;
    res.writeHead(405, {
      allow: "GET, HEAD",
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
    });
    res.end("Method not allowed.\n");
  };
  const limiter = getApiRateLimit().limiter;
  if (limiter) void limiter.take(clientOf(headers)).then(answer, answer);
  else answer();
}
