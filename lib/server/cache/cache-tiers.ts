// The shared tier behind each SwrCache's in-process one: Redis when REDIS_URL is set (every
// instance reads what any fetched), otherwise files in CACHE_DIR (a restart keeps what it paid
// for). Entries keep their fetch time, so freshness holds across restarts and instances. Writes
// never hold a request: they run after the answer, and a failing tier only costs a refetch.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { RESP_TYPES } from "redis";
import { PendingWork } from "@/lib/pending-work";
import { UpstreamError, type UpstreamErrorCode } from "@/lib/upstream/errors";
import type { SharedRedis } from "./redis";

/** What a shared tier holds per key: a value (JSON, or bytes for logos) or a cached "not found". */
export type StoredEntry =
  | { kind: "value"; value: unknown; fetchedAt: number }
  | { kind: "missing"; error: UpstreamError; fetchedAt: number };

export interface SharedTierStatus {
  kind: "redis" | "disk";
  /** redis: its connection state; disk: "ready". */
  state: string;
  entries?: number;
  bytes?: number;
  maxBytes?: number;
  /** Files or values dropped because they were corrupt, partial or of an older format. */
  dropped: number;
}

/** A cross-instance lock on one key: held while this instance loads it. */
export interface KeyLock {
  release(): Promise<void>;
}

export interface SharedTier {
  read(cache: string, key: string): Promise<StoredEntry | undefined>;
  /** Stores in the background; never throws. `ttlMs`: after this the entry is useless. */
  write(cache: string, key: string, entry: StoredEntry, ttlMs: number): void;
  /**
   * Single-flight across instances: a lock when this instance should load the key, "busy" when
   * another instance is loading it, null when there is nothing to coordinate with (no Redis, or down).
   */
  lock?(cache: string, key: string): Promise<KeyLock | "busy" | null>;
  /** Whether another instance still holds the key's lock. */
  locked?(cache: string, key: string): Promise<boolean>;
  /** Resolves when every write started so far has landed (or failed): a clean shutdown waits for it. */
  flush(): Promise<void>;
  status(): SharedTierStatus;
  /** Changes when the tier may have lost its entries (Redis back after an outage): see `offer`. */
  generation?(): number;
  /** Stores in the background only if the tier lacks the key: never over another instance's newer entry. */
  offer?(cache: string, key: string, entry: StoredEntry, ttlMs: number): void;
}

// --- The entry format, the same on disk and in Redis --------------------------------------------
// One JSON header line, then the body: the value as JSON, or its raw bytes (logos stay binary).

const FORMAT = "fiscal-atlas-cache";
export const ENTRY_VERSION = 1;

interface Header {
  format: typeof FORMAT;
  version: number;
  key: string;
  kind: "value" | "missing";
  fetchedAt: number;
  body: "json" | "bytes";
  length: number;
  sha1: string;
  error?: { code: UpstreamErrorCode; message: string; status?: number };
}

export function encodeEntry(key: string, entry: StoredEntry): Buffer {
  const body =
    entry.kind === "missing"
      ? Buffer.alloc(0)
      : entry.value instanceof Uint8Array
        ? Buffer.from(entry.value.buffer, entry.value.byteOffset, entry.value.byteLength)
        : Buffer.from(JSON.stringify(entry.value));
  const header: Header = {
    format: FORMAT,
    version: ENTRY_VERSION,
    key,
    kind: entry.kind,
    fetchedAt: entry.fetchedAt,
    body: entry.kind === "value" && entry.value instanceof Uint8Array ? "bytes" : "json",
    length: body.length,
    sha1: createHash("sha1").update(body).digest("hex"),
    ...(entry.kind === "missing"
      ? {
          error: {
            code: entry.error.code,
            message: entry.error.message,
            status: entry.error.details.status,
          },
        }
      : {}),
  };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]);
}

export type Decoded =
  | { entry: StoredEntry }
  | { problem: "corrupt" | "partial" | "old-format" | "other key" };

export function decodeEntry(key: string, data: Buffer): Decoded {
  const newline = data.indexOf(10);
  if (newline < 0) return { problem: "partial" };
  let header: Header;
  try {
    header = JSON.parse(data.subarray(0, newline).toString("utf8")) as Header;
  } catch {
    return { problem: "corrupt" };
  }
  if (header?.format !== FORMAT || header.version !== ENTRY_VERSION) return { problem: "old-format" };
  if (header.key !== key) return { problem: "other key" };
  const body = data.subarray(newline + 1);
  if (body.length < header.length) return { problem: "partial" };
  if (body.length > header.length || createHash("sha1").update(body).digest("hex") !== header.sha1)
    return { problem: "corrupt" };
  if (header.kind === "missing") {
    const error = header.error ?? { code: "not_found" as const, message: "Not found" };
    return {
      entry: {
        kind: "missing",
        fetchedAt: header.fetchedAt,
        error: new UpstreamError(error.code, error.message, { status: error.status }),
      },
    };
  }
  try {
    const value = header.body === "bytes" ? new Uint8Array(body) : JSON.parse(body.toString("utf8"));
    return { entry: { kind: "value", value, fetchedAt: header.fetchedAt } };
  } catch {
    return { problem: "corrupt" };
  }
}

// --- CACHE_DIR ------------------------------------------------------------------------------------

/** The file tier's bounds: least recently used entries go first past either. */
export const DISK_MAX_BYTES = 256 * 1024 * 1024;
export const DISK_MAX_ENTRIES = 50_000;

export interface FileTierOptions {
  maxBytes?: number;
  maxEntries?: number;
  log?: (line: string) => void;
}

/**
 * Entries as files under `<dir>/entries/<cache>/<sha1 of key>`. Which files exist and their
 * sizes are kept in memory (an LRU bounded by bytes and entries, seeded from the files' mtimes at
 * start), so a miss costs no disk access and the bound holds without scanning.
 */
export class FileTier implements SharedTier {
  private readonly root: string;
  private readonly files: LRUCache<string, number>;
  private readonly ready: Promise<void>;
  private readonly pending = new PendingWork();
  private readonly log: (line: string) => void;
  private dropped = 0;

  constructor(
    readonly dir: string,
    private readonly options: FileTierOptions = {},
  ) {
    this.root = path.join(dir, "entries");
    this.log = options.log ?? ((line) => console.warn(line));
    this.files = new LRUCache<string, number>({
      max: options.maxEntries ?? DISK_MAX_ENTRIES,
      maxSize: options.maxBytes ?? DISK_MAX_BYTES,
      sizeCalculation: (size) => Math.max(1, size),
      disposeAfter: (_size, file, reason) => {
        if (reason === "evict") void unlink(file).catch(() => undefined);
      },
    });
    this.ready = this.scan();
  }

  /** Resolves when the files of an earlier run are known (reads wait for it). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  async read(cache: string, key: string): Promise<StoredEntry | undefined> {
    await this.ready;
    const file = this.file(cache, key);
    if (!this.files.has(file)) return undefined;
    let data: Buffer;
    try {
      data = await readFile(file);
    } catch {
      this.files.delete(file);
      return undefined;
    }
    this.files.get(file); // most recently used
    const decoded = decodeEntry(key, data);
    if ("entry" in decoded) return decoded.entry;
    this.drop(file, decoded.problem);
    return undefined;
  }

  /** A file stays until evicted: an entry past its cache's errorMs is read as a miss. */
  write(cache: string, key: string, entry: StoredEntry, _ttlMs?: number): void {
    const file = this.file(cache, key);
    const data = encodeEntry(key, entry);
    void this.pending.track(
      this.ready
        .then(async () => {
          await writeFileAtomic(file, data);
          this.files.set(file, data.length);
        })
        .catch((error: unknown) => {
          this.log(`cache: could not write ${path.relative(this.dir, file)}: ${(error as Error).message}`);
        }),
    );
  }

  flush(): Promise<void> {
    return this.pending.settled();
  }

  status(): SharedTierStatus {
    return {
      kind: "disk",
      state: "ready",
      entries: this.files.size,
      bytes: this.files.calculatedSize,
      maxBytes: this.options.maxBytes ?? DISK_MAX_BYTES,
      dropped: this.dropped,
    };
  }

  private file(cache: string, key: string): string {
    return path.join(this.root, cache, createHash("sha1").update(key).digest("hex"));
  }

  private drop(file: string, problem: string): void {
    this.dropped++;
    this.files.delete(file);
    this.log(`cache: dropped ${path.relative(this.dir, file)} (${problem})`);
    void unlink(file).catch(() => undefined);
  }

  /** Learns the files a previous run left, oldest first; leftover temp files are removed. */
  private async scan(): Promise<void> {
    const found: { file: string; size: number; mtime: number }[] = [];
    const caches = await readdir(this.root).catch(() => [] as string[]);
    for (const cache of caches) {
      const names = await readdir(path.join(this.root, cache)).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(this.root, cache, name);
        if (!/^[0-9a-f]{40}$/.test(name)) {
          await rm(file, { force: true, recursive: true }).catch(() => undefined);
          continue;
        }
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) found.push({ file, size: info.size, mtime: info.mtimeMs });
      }
    }
    found.sort((a, b) => a.mtime - b.mtime);
    for (const { file, size } of found) this.files.set(file, size);
  }
}

/**
 * Writes a file whole or not at all: into a temp file beside it, then renamed over it (a reader
 * never sees a partial file). `beforeReplace` runs between the two (a snapshot keeps its previous).
 * The temp file goes when the write fails.
 */
export async function writeFileAtomic(
  file: string,
  data: Buffer,
  beforeReplace?: () => Promise<void>,
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temp, data);
    await beforeReplace?.();
    await rename(temp, file);
  } catch (error) {
    // A full disk, a failed rename: no temp file is left to fill the folder.
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

// --- Redis ----------------------------------------------------------------------------------------

/** How long one instance may hold a key's load before others stop waiting for it. */
export const KEY_LOCK_MS = 5_000;
const BYTES = { [RESP_TYPES.BLOB_STRING]: Buffer } as const;
/** Deletes a key lock only while it still holds this holder's token (atomic in Redis). */
const RELEASE_IF_HELD =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/** Entries as Redis strings (the same format as the files), expiring when they are useless. */
export class RedisTier implements SharedTier {
  private dropped = 0;
  private readonly pending = new PendingWork();

  constructor(readonly redis: SharedRedis) {}

  async read(cache: string, key: string): Promise<StoredEntry | undefined> {
    const data = await this.redis.attempt((c) =>
      c.withTypeMapping(BYTES).get(this.redis.key(`cache:${cache}:${key}`)),
    );
    if (!data) return undefined;
    const decoded = decodeEntry(key, data as Buffer);
    if ("entry" in decoded) return decoded.entry;
    this.dropped++;
    void this.redis.attempt((c) => c.del(this.redis.key(`cache:${cache}:${key}`)));
    return undefined;
  }

  write(cache: string, key: string, entry: StoredEntry, ttlMs: number): void {
    const data = encodeEntry(key, entry);
    void this.pending.track(
      this.redis.attempt((c) =>
        c.set(this.redis.key(`cache:${cache}:${key}`), data, { expiration: { type: "PX", value: ttlMs } }),
      ),
    );
  }

  generation(): number {
    return this.redis.generation();
  }

  offer(cache: string, key: string, entry: StoredEntry, ttlMs: number): void {
    const data = encodeEntry(key, entry);
    void this.pending.track(
      this.redis.attempt((c) =>
        c.set(this.redis.key(`cache:${cache}:${key}`), data, {
          condition: "NX",
          expiration: { type: "PX", value: Math.ceil(ttlMs) },
        }),
      ),
    );
  }

  flush(): Promise<void> {
    return this.pending.settled();
  }

  async lock(cache: string, key: string): Promise<KeyLock | "busy" | null> {
    const name = this.redis.key(`lock:${cache}:${key}`);
    const token = randomBytes(8).toString("hex");
    const answer = await this.redis.attempt((c) =>
      c.set(name, token, { condition: "NX", expiration: { type: "PX", value: KEY_LOCK_MS } }),
    );
    if (answer === undefined) return null;
    if (answer !== "OK") return "busy";
    return {
      release: async () => {
        await this.redis.attempt((c) => c.eval(RELEASE_IF_HELD, { keys: [name], arguments: [token] }));
      },
    };
  }

  async locked(cache: string, key: string): Promise<boolean> {
    return (await this.redis.attempt((c) => c.exists(this.redis.key(`lock:${cache}:${key}`)))) === 1;
  }

  status(): SharedTierStatus {
    return { kind: "redis", state: this.redis.status().state, dropped: this.dropped };
  }
}

// --- Configuration --------------------------------------------------------------------------------

/** Checks at start that CACHE_DIR can be written, so a mistake stops the start instead of every write. */
export async function checkCacheDir(dir: string | null): Promise<void> {
  if (dir === null) return;
  try {
    await mkdir(dir, { recursive: true });
    const probe = path.join(dir, `.probe-${process.pid}`);
    await writeFile(probe, "");
    await unlink(probe);
  } catch (error) {
    throw new Error(
      `CACHE_DIR ${dir} cannot be written (${(error as Error).message}); set it to a writable folder or to off`,
    );
  }
}
