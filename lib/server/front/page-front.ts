// The server's front for pages: rendered pages kept while nothing they show can have changed, and a
// bound on the renders at once. A layer of the server's request path (lib/server/front/listener.ts),
// so it sees each request before Next does, with its raw headers.
//
// Keeping pages under a nonce policy. Every page is rendered per request because its scripts carry
// a fresh CSP nonce; yet a page whose data is cached renders the same each time but for that
// nonce. So for a page that may be kept, the front has Next render it on the process's own inside
// listener, asking the proxy (CAPTURE_HEADER) to render it with this process's placeholder nonce: a
// secret random value of a real nonce's form, never sent. The front reads that answer whole, and
// answers this view and later ones of the same page with it, the placeholder replaced by a fresh
// nonce (createNonce) in the body and in the policy. Every response still carries its own
// unpredictable nonce, and the policy is the same strict one: no response is ever sent with the
// placeholder, nor with a nonce another response had.
//
// A kept page is served while (a) the data generation has not moved since the gate loaded its data (any
// change to cached upstream data, the company index or the change log, a move of the sandbox's
// clock or faults, a turn of the circuit breaker: dataChanged), and (b) it is younger than
// PAGE_CACHE_MS (default 30 s, so "updated 3 minutes ago" lags at most that). Only pages the gate
// found ready (not streamed, not a status page) that answered 200 are kept. The key is the URL and
// what pages read from the request: host and forwarded headers (the sandbox address shown to
// developers), whether it is a phone (the directory's first layout), the density cookie (/news).
// Next's client navigations (RSC requests) and prefetches always render.
//
// Bounded work: at most PAGE_RENDER_LIMIT's N page renders at once and Q more waiting (default
// 32/64); a page past that, or one that waited 5 s, answers 503 with Retry-After at once, so the
// tail stays bounded under overload instead of growing with the queue. N is not small: renders
// share the one thread with the API calls that never wait here, and a render that waits for its
// data holds its place; with 8, renders got too little of the CPU and waited out the tail (p99 of
// the load benchmark 1.5 to 2 s; about 1 s with 32, at the same throughput). Next's link prefetches
// wait in a lane of their own (also Q long), served only when no page or navigation waits: a
// directory's fifty row links must not hold up the one a person clicked. Kept pages need no render
// and never wait.

import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { onDataChanged } from "@/lib/data-changed";
import { DENSITY_COOKIE } from "@/lib/news/feed-state";
import { madeProcessWide, processWide, setProcessWide } from "@/lib/process-wide";
import { createNonce } from "@/lib/security/headers";
import { accessMode, openToEveryone } from "../access/mode";
import { pageRouteOf } from "../pages/routes";
import { preferredEncoding } from "./accept-encoding";
import { isRouterPrefetch, isRouterRequest, requestPath } from "./request-target";
import { expireAfter, MAX_WAIT_MS, shed } from "./shed";

/**
 * Request header of the front's own renders (on the inside listener only; removed from every
 * request a client sends): the proxy renders with the placeholder nonce.
 */
export const CAPTURE_HEADER = "x-fiscal-atlas-capture";
/** Response header: the proxy did (the gate found the page ready); removed before sending. */
export const CAPTURED_HEADER = "x-fiscal-atlas-captured";

const MAX_BYTES = 64 * 1024 * 1024;

export interface PageFrontOptions {
  /** How long a kept page may be served; 0: pages are not kept. */
  keepMs: number;
  /** Renders at once and renders waiting; null: no bound. */
  renders: { concurrent: number; queued: number } | null;
  now?: () => number;
  /** How long a render may wait for its slot (default MAX_WAIT_MS). */
  maxWaitMs?: number;
}

interface Kept {
  status: number;
  headers: [string, string | string[]][];
  /** The body split at the placeholder: a fresh nonce goes between every two parts. */
  parts: Buffer[];
  generation: number;
  at: number;
}

export interface PageFrontStats {
  kept: number;
  hits: number;
  renders: number;
  inFlight: number;
  waiting: number;
  shed: number;
  generation: number;
}

/** A placeholder nonce of createNonce's form, of letters and digits only (no character any context escapes). */
function placeholderNonce(): string {
  for (;;) {
    const nonce = createNonce();
    if (/^[A-Za-z0-9]+={0,2}$/.test(nonce)) return nonce;
  }
}

interface Waiter {
  start: () => void;
  shed: () => void;
  since: number;
  /** Stops the timer that sheds it when its time is up. */
  cancel: () => void;
}

export class PageFront {
  readonly placeholder = placeholderNonce();
  private generation = 0;
  private readonly kept: LRUCache<string, Kept>;
  private readonly now: () => number;
  private readonly maxWaitMs: number;
  private inFlight = 0;
  /** Renders waiting: a person's pages and navigations first, then Next's link prefetches. */
  private readonly waiting = { people: [] as Waiter[], prefetches: [] as Waiter[] };
  private counts = { hits: 0, renders: 0, shed: 0 };

  constructor(private readonly options: PageFrontOptions) {
    this.now = options.now ?? Date.now;
    this.maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
    this.kept = new LRUCache({
      max: 2_000,
      maxSize: MAX_BYTES,
      sizeCalculation: (k) => k.parts.reduce((sum, p) => sum + p.length, 0) + 1,
    });
  }

  /** The data generation a render started now is rendered from. */
  get generationNow(): number {
    return this.generation;
  }

  /** Something a page may show has changed: no page kept until now is served again. */
  bump(): void {
    this.generation++;
    this.kept.clear();
  }

  stats(): PageFrontStats {
    return {
      kept: this.kept.size,
      ...this.counts,
      inFlight: this.inFlight,
      waiting: this.waiting.people.length + this.waiting.prefetches.length,
      generation: this.generation,
    };
  }

  /**
   * Takes a request before Next does: answers it from a kept page, or, when a render slot is free,
   * has Next render it: rendered inside (`render`) for a page it may keep, else handed on as it is
   * (`next`). Sheds it with 503 when no slot comes in time.
   */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void, render: RenderInside): void {
    const page = isPageRequest(req);
    if (!page) {
      next();
      return;
    }
    // Pages are kept only while everyone sees the same one: no sign-in, licensed identifiers for all.
    const key = page.keep && this.options.keepMs > 0 && samePagesForAll() ? keyOf(req) : null;
    if (key !== null) {
      const kept = this.kept.get(key);
      if (kept && kept.generation === this.generation && this.now() - kept.at < this.options.keepMs) {
        this.counts.hits++;
        send(req, res, kept, this.placeholder);
        return;
      }
    }
    this.admit(req, res, page.prefetch, () => {
      this.counts.renders++;
      if (key !== null) this.capture(req, res, key, render);
      else next();
    });
  }

  /** Runs `start` when a render slot is free; sheds with 503 when the queue is full or the wait too long. */
  private admit(req: IncomingMessage, res: ServerResponse, prefetch: boolean, start: () => void): void {
    const limit = this.options.renders;
    // Started later from another request's close: in the context this request came in with.
    const resume = AsyncLocalStorage.snapshot();
    const begin = () => {
      this.inFlight++;
      res.once("close", () => {
        this.inFlight--;
        this.release();
      });
      resume(start);
    };
    const lane = prefetch ? this.waiting.prefetches : this.waiting.people;
    if (!limit || this.inFlight < limit.concurrent) begin();
    else if (lane.length >= limit.queued) this.shed(req, res);
    else {
      const since = this.now();
      const waiter: Waiter = { start: begin, shed: () => this.shed(req, res), since, cancel: () => {} };
      const leave = () => {
        const at = lane.indexOf(waiter);
        if (at >= 0) lane.splice(at, 1);
        return at >= 0;
      };
      // Shed where it stands once its time is up: the renders ahead may take longer than that.
      waiter.cancel = expireAfter(since + this.maxWaitMs - this.now(), () => {
        if (leave()) waiter.shed();
      });
      lane.push(waiter);
      // A client that gave up while waiting frees its place.
      res.once("close", () => {
        if (leave()) waiter.cancel();
      });
    }
  }

  private release(): void {
    const limit = this.options.renders;
    while (!limit || this.inFlight < limit.concurrent) {
      const waiter = this.waiting.people.shift() ?? this.waiting.prefetches.shift();
      if (!waiter) return;
      waiter.cancel();
      if (this.now() - waiter.since > this.maxWaitMs) waiter.shed();
      else waiter.start();
    }
  }

  private shed(req: IncomingMessage, res: ServerResponse): void {
    this.counts.shed++;
    shed(req, res);
  }

  /**
   * Has Next render the page with the placeholder nonce (when the proxy agrees: CAPTURED_HEADER
   * on the answer) and holds the answer back: sent whole at its end with a fresh nonce, and kept
   * when it is a 200 page. Without the proxy's mark the answer passes through as it comes (it
   * carries a real nonce: a page streamed while the upstream is slow).
   */
  private capture(req: IncomingMessage, res: ServerResponse, key: string, render: RenderInside): void {
    const headers: IncomingHttpHeaders = { ...req.headers };
    // Next answers the front uncompressed: the front compresses what it sends. (A page the gate
    // streams, which passes through, therefore goes uncompressed too: only while the upstream is slow.)
    for (const name of HOP_BY_HOP) delete headers[name];
    delete headers["accept-encoding"];
    const at = this.now();
    const stop = new AbortController();
    res.once("close", () => stop.abort());
    render(headers, stop.signal).then(
      (inside) => {
        if (inside.headers[CAPTURED_HEADER] === undefined) {
          passThrough(inside, res);
          return;
        }
        const chunks: Buffer[] = [];
        inside.on("data", (chunk: Buffer) => chunks.push(chunk));
        inside.once("error", () => res.destroy());
        inside.once("end", () => {
          const page: Kept = {
            status: inside.statusCode ?? 500,
            headers: Object.entries(inside.headers)
              .filter(([name, value]) => !UNKEPT_HEADERS.has(name) && value !== undefined)
              .map(([name, value]) => [name, value as string | string[]]),
            parts: split(Buffer.concat(chunks), Buffer.from(this.placeholder)),
            generation: Number(inside.headers[CAPTURED_HEADER]),
            at,
          };
          const cookies = inside.headers["set-cookie"];
          // A page kept must have had the placeholder to replace (else it was not rendered for keeping).
          if (page.status === 200 && !cookies && page.parts.length > 1) this.kept.set(key, page);
          if (cookies) res.setHeader("set-cookie", cookies);
          send(req, res, page, this.placeholder);
        });
      },
      () => {
        // No render could be made (the process is stopping): busy, try again.
        if (stop.signal.aborted || res.headersSent) res.destroy();
        else shed(req, res);
      },
    );
  }
}

/**
 * Has Next render a page for the front: the request with `headers`, on this process's own inside
 * listener (lib/server/front/listener.ts); resolves with Next's answer as it begins.
 */
export type RenderInside = (headers: IncomingHttpHeaders, signal: AbortSignal) => Promise<IncomingMessage>;

/** Headers of one connection, not of the message: never carried from one connection to another. */
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"];

/** Next's answer as it comes, for a page the front does not keep. */
function passThrough(inside: IncomingMessage, res: ServerResponse): void {
  const headers = { ...inside.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  res.writeHead(inside.statusCode ?? 500, headers);
  inside.pipe(res);
  inside.once("error", () => res.destroy());
}

/** Headers not kept with a page: set again for each response. */
const UNKEPT_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "date",
  "connection",
  "keep-alive",
  "set-cookie",
  CAPTURED_HEADER,
]);

/** Sends a held or kept page with a fresh nonce, compressed as the client accepts. */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  page: Kept,
  placeholder: string,
  end: (body: Buffer | undefined) => void = (body) => res.end(body),
): void {
  const nonce = createNonce();
  const nonceBytes = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  page.parts.forEach((part, i) => {
    if (i > 0) pieces.push(nonceBytes);
    pieces.push(part);
  });
  let body = Buffer.concat(pieces);
  for (const [name, value] of page.headers)
    res.setHeader(
      name,
      Array.isArray(value)
        ? value.map((v) => v.replaceAll(placeholder, nonce))
        : value.replaceAll(placeholder, nonce),
    );
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  if (encoding === "br") body = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
  else if (encoding === "gzip") body = gzipSync(body, { level: 4 });
  if (encoding) res.setHeader("content-encoding", encoding);
  res.setHeader("content-length", body.length);
  // Never reused without asking the server (no-cache), but not no-store: the browser may keep the
  // page in its back/forward cache. Pages hold no one's private data, and each answer has its nonce.
  res.setHeader("cache-control", "private, no-cache");
  res.statusCode = page.status;
  end(req.method === "HEAD" ? undefined : body);
}

/** `body` cut at every `separator`. */
function split(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at >= 0; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * A request for a page document (not an API call, a file, or Next's own navigation requests), and
 * whether it may be kept (a GET of a page people read, not a prefetch); null for anything else.
 */
function isPageRequest(req: IncomingMessage): { keep: boolean; prefetch: boolean } | null {
  const path = requestPath(req.url);
  if (/^\/(?:api|sandbox|_next)\//.test(path) || path === "/favicon.ico" || path === "/icon.svg") return null;
  const h = req.headers;
  const prefetch = isRouterPrefetch(h) || /prefetch/i.test(String(h["sec-purpose"] ?? h.purpose ?? ""));
  const keep =
    req.method === "GET" &&
    !prefetch &&
    !isRouterRequest(req) &&
    (pageRouteOf(path)?.route.keepable ?? false);
  return { keep, prefetch };
}

/** Whether a request comes from a phone, as the directory reads it: its client hint, else its user agent. */
export function isPhoneRequest(get: (name: string) => string | null | undefined): boolean {
  const hint = get("sec-ch-ua-mobile");
  if (hint) return hint === "?1";
  return /Mobi|Android|iPhone|iPad/i.test(get("user-agent") ?? "");
}

/** Whether every visitor gets the same page: no one signs in, and everyone sees ISIN and CUSIP. */
function samePagesForAll(): boolean {
  return accessMode() === "none" && openToEveryone();
}

function keyOf(req: IncomingMessage): string {
  const h = req.headers;
  const one = (name: string) => {
    const value = h[name];
    return Array.isArray(value) ? value.join(",") : value;
  };
  const cookiePair = /(?:^|;\s*)([^=;\s]+)=([^;]*)/g;
  let cookie = "";
  for (const match of String(h.cookie ?? "").matchAll(cookiePair))
    if (match[1] === DENSITY_COOKIE) cookie = match[2] ?? "";
  return JSON.stringify([
    req.url,
    one("host"),
    one("x-forwarded-host"),
    one("x-forwarded-proto"),
    one("forwarded"),
    isPhoneRequest(one),
    cookie,
  ]);
}

/** The process's front (process-wide: the server, the proxy and the data layer are separate bundles). */
export function front(options?: PageFrontOptions): PageFront {
  if (options) {
    const created = new PageFront(options);
    setProcessWide("page-front", created);
    onDataChanged(() => created.bump());
  }
  return processWide("page-front", () => new PageFront({ keepMs: 0, renders: null }));
}

/**
 * For a page the front will keep, once the gate has loaded its data: the placeholder nonce to render
 * with, and the mark for CAPTURED_HEADER (the data generation the page is rendered from). Null: the
 * page renders with a fresh nonce.
 */
export function keptRender(requestHeaders: Headers): { placeholder: string; mark: string } | null {
  const current = madeProcessWide<PageFront>("page-front");
  if (!current || !requestHeaders.has(CAPTURE_HEADER)) return null;
  return { placeholder: current.placeholder, mark: String(current.generationNow) };
}
