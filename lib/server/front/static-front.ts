// Next's scripts and stylesheets under /_next/static never change (their names carry a hash of their
// content), yet Next reads and compresses each of them again on every request, with gzip only: 1 to
// 2.5 ms of CPU a script. The static front answers them from memory, compressed once at the best
// quality: brotli for the clients that take it (browsers do over HTTPS only), 14% fewer bytes than
// Next's gzip on this app's scripts; gzip at level 9 for the others; as they are for the rest. The
// files of public/ (the app icon) likewise, uncompressed as Next sends them. The first layer
// of the server's request path (listener.ts).
//
// A file is read and compressed the first time it is asked for, off the main thread; that request,
// and any for a file it cannot serve (another type, not in the folder, a path that leaves it, a
// byte range), go on to Next unchanged. Headers are Next's own for these files: the security headers of
// next.config.ts, a year's immutable caching for the build's files, revalidation for public/'s.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { securityHeadersFor } from "@/lib/security/headers";
import { type Encoding, preferredEncoding } from "./accept-encoding";

const BUILD_PREFIX = "/_next/static/";
const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".svg": "image/svg+xml",
};
const CACHING = { build: "public, max-age=31536000, immutable", public: "public, max-age=0" };
/** Next compresses nothing smaller. */
const MIN_COMPRESSED_BYTES = 1024;
/** A build has tens of files; the bound only stops requests for made-up names from growing the map. */
const MAX_FILES = 1_000;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

interface Variant {
  body: Buffer;
  etag: string;
}

interface Held {
  type: string;
  caching: string;
  /** The file as it is, and compressed when it is worth it, each with its entity tag. */
  variants: { identity: Variant } & Partial<Record<Encoding, Variant>>;
}

export class StaticFront {
  private readonly roots: { build: string; public: string | null };
  private readonly held = new Map<string, Held>();
  private readonly pending = new Set<string>();

  /** `build`: the build's `static` folder (`<distDir>/static`); `publicDir`: the app's public/. */
  constructor(build: string, publicDir?: string) {
    this.roots = { build: path.resolve(build), public: publicDir ? path.resolve(publicDir) : null };
  }

  /** How many files it holds. */
  heldFiles(): number {
    return this.held.size;
  }

  /** Answers the request and returns true, or returns false for Next to answer it. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    // Byte ranges are Next's to serve (a 206 of the file as it is).
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range) return false;
    const named = this.fileOf(req.url ?? "");
    if (!named) return false;
    const held = this.held.get(named.file);
    if (!held) {
      this.prepare(named.file, named.caching);
      return false;
    }
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    const compressed = encoding ? held.variants[encoding] : undefined;
    const { body, etag } = compressed ?? held.variants.identity;
    for (const { key, value } of securityHeadersFor(req.headers["x-forwarded-proto"]))
      res.setHeader(key, value);
    res.setHeader("Cache-Control", held.caching);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("ETag", etag);
    if (req.headers["if-none-match"] === etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader("Content-Type", held.type);
    if (compressed) res.setHeader("Content-Encoding", encoding as Encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /** The file of a type it serves that a URL names inside one of the folders; null otherwise. */
  private fileOf(url: string): { file: string; caching: string } | null {
    const rawPath = url.split("?")[0] as string;
    if (!Object.hasOwn(TYPES, path.extname(rawPath))) return null;
    const inBuild = rawPath.startsWith(BUILD_PREFIX);
    // public/'s files are served at the top level.
    const root = inBuild ? this.roots.build : /^\/[^/]+$/.test(rawPath) ? this.roots.public : null;
    if (!root) return null;
    let relative: string;
    try {
      relative = decodeURIComponent(rawPath.slice(inBuild ? BUILD_PREFIX.length : 1));
    } catch {
      return null;
    }
    if (relative.includes("\0") || relative.includes("\\")) return null;
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) return null;
    return { file, caching: inBuild ? CACHING.build : CACHING.public };
  }

  private prepare(file: string, caching: string): void {
    if (this.pending.has(file) || this.held.size >= MAX_FILES) return;
    this.pending.add(file);
    readFile(file)
      .then(async (raw) => {
        const hash = createHash("sha256").update(raw).digest("base64url").slice(0, 27);
        const variants: Held["variants"] = { identity: { body: raw, etag: `"${hash}"` } };
        if (raw.length >= MIN_COMPRESSED_BYTES) {
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          variants.br = { body: br, etag: `"${hash}-br"` };
          variants.gzip = { body: gz, etag: `"${hash}-gz"` };
        }
        this.held.set(file, { type: TYPES[path.extname(file)] as string, caching, variants });
      })
      // Not there (or unreadable): Next answers it, as it would have.
      .catch(() => {})
      .finally(() => this.pending.delete(file));
  }
}
