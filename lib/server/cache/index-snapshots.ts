import "server-only";
// Where the company index's snapshots live: `<CACHE_DIR>/index/<set>.ndjson.gz` (and the one
// before it, `<set>.previous.ndjson.gz`), and with REDIS_URL also in Redis with a version key and
// the sync lease. The format is gzipped NDJSON: a header line, then one company per line
// (`zcat .cache/*/index/default.ndjson.gz | head -2`). Encoding and decoding yield to the event loop
// every few thousand rows, and gzip runs on the thread pool, so 55,000 rows never hold a page.
import { randomBytes } from "node:crypto";
import { readdir, readFile, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { RESP_TYPES } from "redis";
import type { ChangeLog } from "@/lib/directory/changes";
import type {
  CompanySet,
  FetchedPage,
  IndexSnapshot,
  LeaderProgress,
  ListLayout,
  LostShared,
  PartialSync,
  SnapshotStore,
  SyncLease,
} from "@/lib/directory/sync";
import type { Company } from "@/lib/upstream/schemas";
import { writeFileAtomic } from "./cache-tiers";
import type { SharedRedis } from "./redis";

const FORMAT = "fiscal-atlas-company-index";
/** One page of a sync under way (FileSnapshots.savePage). */
const PAGE_FORMAT = "fiscal-atlas-company-index-page";
export const SNAPSHOT_VERSION = 1;
const CHUNK = 2_000;
/** The lease on a set's sync: renewed while the holder syncs, taken over when it dies. */
export const LEASE_MS = 30_000;
const LARGE_VALUE_TIMEOUT_MS = 10_000;

/**
 * zlib works through a buffer in rounds of `chunkSize` output bytes, each a trip through the thread
 * pool and back through the event loop. With the default 16 KB, the all-companies snapshot (about
 * 100 MB of NDJSON) took over 6,000 rounds: under load, where one loop turn takes a second, its
 * save outlasted the process (a restart then synced the set again). 1 MB rounds make it a few dozen.
 */
const ZLIB = { chunkSize: 1 << 20 };
const gzipAsync = (data: Buffer) => promisify(gzip)(data, ZLIB);
const gunzipAsync = (data: Buffer) => promisify(gunzip)(data, ZLIB);
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

interface SnapshotHeader {
  format: typeof FORMAT;
  version: number;
  set: CompanySet;
  syncedAt: number;
  /** syncedAt as ISO text, for a person reading the file. */
  syncedAtIso: string;
  pages: number;
  rows: number;
  unavailable?: boolean;
}

export class SnapshotFormatError extends Error {}

const CHANGES_FORMAT = "fiscal-atlas-change-log";
const CHANGES_VERSION = 1;

/** A change log as stored: gzipped JSON with its format and version. */
export async function encodeChangeLog(log: ChangeLog): Promise<Buffer> {
  return gzipAsync(Buffer.from(JSON.stringify({ format: CHANGES_FORMAT, version: CHANGES_VERSION, ...log })));
}

/** Reads a stored change log; throws SnapshotFormatError when it is not a complete one of this version. */
export async function decodeChangeLog(data: Buffer): Promise<ChangeLog> {
  let value: { format?: string; version?: number } & Partial<ChangeLog>;
  try {
    value = JSON.parse((await gunzipAsync(data)).toString("utf8"));
  } catch {
    throw new SnapshotFormatError("corrupt or partial");
  }
  if (value?.format !== CHANGES_FORMAT || value.version !== CHANGES_VERSION || !Array.isArray(value.changes))
    throw new SnapshotFormatError("old format");
  return {
    watchingSince: typeof value.watchingSince === "number" ? value.watchingSince : null,
    // A log kept before the field existed: its watch has gone on since (the words it had before).
    compared: value.compared !== false,
    changes: value.changes,
  };
}

export async function encodeSnapshot(snapshot: IndexSnapshot): Promise<Buffer> {
  const header: SnapshotHeader = {
    format: FORMAT,
    version: SNAPSHOT_VERSION,
    set: snapshot.set,
    syncedAt: snapshot.syncedAt,
    syncedAtIso: new Date(snapshot.syncedAt).toISOString(),
    pages: snapshot.pages,
    rows: snapshot.rows.length,
    ...(snapshot.unavailable ? { unavailable: true } : {}),
  };
  const parts = [`${JSON.stringify(header)}\n`];
  for (let start = 0; start < snapshot.rows.length; start += CHUNK) {
    if (start > 0) await yieldToLoop();
    let text = "";
    for (const row of snapshot.rows.slice(start, start + CHUNK)) text += `${JSON.stringify(row)}\n`;
    parts.push(text);
  }
  return gzipAsync(Buffer.from(parts.join("")));
}

/** Reads a snapshot (current or previous); throws SnapshotFormatError when it is not a complete one. */
export async function decodeSnapshot(data: Buffer): Promise<IndexSnapshot> {
  let text: string;
  try {
    text = (await gunzipAsync(data)).toString("utf8");
  } catch {
    throw new SnapshotFormatError("corrupt or partial");
  }
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  let header: SnapshotHeader;
  try {
    header = JSON.parse(lines[0] ?? "") as SnapshotHeader;
  } catch {
    throw new SnapshotFormatError("corrupt header");
  }
  if (header?.format !== FORMAT || header.version !== SNAPSHOT_VERSION)
    throw new SnapshotFormatError("old format");
  if (lines.length - 1 !== header.rows) throw new SnapshotFormatError("partial");
  const rows: Company[] = [];
  try {
    for (let start = 1; start < lines.length; start += CHUNK) {
      if (start > 1) await yieldToLoop();
      for (const line of lines.slice(start, start + CHUNK)) rows.push(JSON.parse(line) as Company);
    }
  } catch {
    throw new SnapshotFormatError("corrupt row");
  }
  return {
    set: header.set,
    syncedAt: header.syncedAt,
    pages: header.pages,
    rows,
    ...(header.unavailable ? { unavailable: true } : {}),
  };
}

/** Snapshots as files under `<dir>/index`; a bad file is dropped with one log line. */
export class FileSnapshots implements SnapshotStore {
  /** The last page write of each set's sync under way (they run one after another). */
  private readonly pageWrites = new Map<CompanySet, Promise<void>>();

  constructor(
    readonly dir: string,
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {}

  file(set: CompanySet, which: "current" | "previous" | "changes" = "current"): string {
    const name = {
      current: `${set}.ndjson.gz`,
      previous: `${set}.previous.ndjson.gz`,
      changes: `${set}.changes.json.gz`,
    }[which];
    return path.join(this.dir, "index", name);
  }

  loadChanges(set: CompanySet): Promise<ChangeLog | null> {
    return this.read(this.file(set, "changes"), decodeChangeLog);
  }

  async saveChanges(set: CompanySet, log: ChangeLog, encoded?: Buffer): Promise<void> {
    const file = this.file(set, "changes");
    try {
      await writeFileAtomic(file, encoded ?? (await encodeChangeLog(log)));
    } catch (error) {
      this.log(`index: could not save ${path.relative(this.dir, file)}: ${(error as Error).message}`);
    }
  }

  load(set: CompanySet): Promise<IndexSnapshot | null> {
    return this.read(this.file(set), decodeSnapshot);
  }

  async save(snapshot: IndexSnapshot, encoded?: Buffer): Promise<void> {
    const file = this.file(snapshot.set);
    try {
      const data = encoded ?? (await encodeSnapshot(snapshot));
      // The same snapshot again (an instance's copy of a shared one): keep the previous as it is.
      if ((await readFile(file).catch(() => null))?.equals(data)) return;
      await writeFileAtomic(file, data, () =>
        rename(file, this.file(snapshot.set, "previous")).catch(() => undefined),
      );
    } catch (error) {
      this.log(`index: could not save ${path.relative(this.dir, file)}: ${(error as Error).message}`);
    }
  }

  private pagesDir(set: CompanySet): string {
    return path.join(this.dir, "index", `${set}.pages`);
  }

  /** One page of a sync under way, as `<set>.pages/<n>.json.gz`; pages of another layout (the list changed size) go. */
  async savePage(set: CompanySet, layout: ListLayout, pageNumber: number, page: FetchedPage): Promise<void> {
    // One page at a time: a new layout clears the folder, which must not remove a page just written.
    const previous = this.pageWrites.get(set) ?? Promise.resolve();
    const write = previous.then(() => this.writePage(set, layout, pageNumber, page));
    this.pageWrites.set(set, write);
    await write;
  }

  private async writePage(
    set: CompanySet,
    layout: ListLayout,
    pageNumber: number,
    page: FetchedPage,
  ): Promise<void> {
    const dir = this.pagesDir(set);
    try {
      const data = await gzipAsync(
        Buffer.from(
          JSON.stringify({ format: PAGE_FORMAT, version: SNAPSHOT_VERSION, ...layout, pageNumber, ...page }),
        ),
      );
      const layoutFile = path.join(dir, "layout.json");
      const previous = await readFile(layoutFile, "utf8").catch(() => null);
      if (previous !== JSON.stringify(layout)) {
        await rm(dir, { recursive: true, force: true });
        await writeFileAtomic(layoutFile, Buffer.from(JSON.stringify(layout)));
      }
      await writeFileAtomic(path.join(dir, `${pageNumber}.json.gz`), data);
    } catch (error) {
      this.log(`index: could not save a page of the ${set} set's sync: ${(error as Error).message}`);
    }
  }

  async loadPages(set: CompanySet): Promise<PartialSync | null> {
    const dir = this.pagesDir(set);
    const names = await readdir(dir).catch(() => [] as string[]);
    const layout = await readFile(path.join(dir, "layout.json"), "utf8")
      .then((text) => JSON.parse(text) as ListLayout)
      .catch(() => null);
    if (!layout) return null;
    const pages = new Map<number, FetchedPage>();
    for (const name of names.filter((n) => /^\d+\.json\.gz$/.test(n))) {
      try {
        const page = JSON.parse((await gunzipAsync(await readFile(path.join(dir, name)))).toString("utf8"));
        if (
          page?.format === PAGE_FORMAT &&
          page.version === SNAPSHOT_VERSION &&
          page.totalCount === layout.totalCount &&
          page.pageSize === layout.pageSize &&
          Array.isArray(page.rows)
        )
          pages.set(page.pageNumber, { rows: page.rows, at: page.at });
      } catch {
        // A page cut short by the stop: fetched again.
      }
    }
    return pages.size > 0 ? { ...layout, pages } : null;
  }

  async clearPages(set: CompanySet): Promise<void> {
    await this.pageWrites.get(set);
    await rm(this.pagesDir(set), { recursive: true, force: true }).catch(() => undefined);
  }

  /** A stored file decoded, or null when there is none; a bad one is dropped with one log line. */
  private async read<T>(file: string, decode: (data: Buffer) => Promise<T>): Promise<T | null> {
    const data = await readFile(file).catch(() => null);
    if (!data) return null;
    try {
      return await decode(data);
    } catch (error) {
      this.log(`index: dropped ${path.relative(this.dir, file)} (${(error as Error).message})`);
      await unlink(file).catch(() => undefined);
      return null;
    }
  }
}

const SAVE =
  "if redis.call('exists', KEYS[1]) == 1 then redis.call('rename', KEYS[1], KEYS[2]) end " +
  "redis.call('set', KEYS[1], ARGV[1]) redis.call('set', KEYS[3], ARGV[2]) return 1";
// KEYS: 1 current, 2 version, 3 changes. ARGV: 1 snapshot ("" for none), 2 its syncedAt, 3 change log ("" for none).
/**
 * Writes the snapshot only while Redis lacks it or holds an older one (another instance's newer
 * save stays), and the change log only while there is none. 1: something was written.
 */
const REPUBLISH =
  "local wrote = 0 " +
  "if ARGV[1] ~= '' then local v = tonumber(redis.call('get', KEYS[2])) " +
  "if redis.call('exists', KEYS[1]) == 0 or not v or v < tonumber(ARGV[2]) then " +
  "redis.call('set', KEYS[1], ARGV[1]) redis.call('set', KEYS[2], ARGV[2]) wrote = 1 end end " +
  "if ARGV[3] ~= '' and redis.call('set', KEYS[3], ARGV[3], 'NX') then wrote = 1 end return wrote";
// KEYS: 1 lease, 2 progress. ARGV: 1 token, 2 ms, 3 progress (JSON, or "" to only renew both).
/** Deletes the lease and its progress, only while the lease holds this holder's token. */
const RELEASE_WITH_PROGRESS =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1], KEYS[2]) end return 0";

const RENEW =
  "if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end " +
  "redis.call('pexpire', KEYS[1], ARGV[2]) " +
  "if ARGV[3] ~= '' then redis.call('set', KEYS[2], ARGV[3], 'PX', ARGV[2]) " +
  "else redis.call('pexpire', KEYS[2], ARGV[2]) end return 1";

/**
 * Snapshots shared through Redis (`index:<set>:current`, `:previous`, `:version`, `:lease`), with
 * the files as this instance's own fallback for when Redis is down or empty.
 */
export class RedisSnapshots implements SnapshotStore {
  /** The shared change log last copied to this instance's files, per set (copied when it changes). */
  private readonly ownChanges = new Map<CompanySet, Buffer>();
  /**
   * The syncedAt of the snapshot this instance last saved (it ran that sync), and the change log it
   * wrote after it, per set: what it offers again to a Redis that lost them.
   */
  private readonly synced = new Map<CompanySet, number>();
  private readonly written = new Map<CompanySet, Buffer>();

  constructor(
    private readonly redis: SharedRedis,
    private readonly files: FileSnapshots | null,
    private readonly leaseMs = LEASE_MS,
  ) {}

  private key(set: CompanySet, name: string): string {
    return this.redis.key(`index:${set}:${name}`);
  }

  /**
   * A shared value read from Redis and decoded; null when Redis is down or holds none. One that
   * does not decode is dropped, with the keys in `alsoDrop`, and is null too.
   */
  private async readShared<T>(
    set: CompanySet,
    name: string,
    what: string,
    decode: (data: Buffer) => Promise<T>,
    alsoDrop: string[] = [],
  ): Promise<T | null> {
    await this.redis.whenReady();
    const data = await this.redis.attempt(
      (c) => c.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }).get(this.key(set, name)),
      { timeoutMs: LARGE_VALUE_TIMEOUT_MS },
    );
    if (!data) return null;
    try {
      return await decode(data as Buffer);
    } catch (error) {
      console.warn(`index: dropped the shared ${set} ${what} (${(error as Error).message})`);
      await this.redis.attempt((c) => c.del([name, ...alsoDrop].map((n) => this.key(set, n))));
      return null;
    }
  }

  async load(set: CompanySet): Promise<IndexSnapshot | null> {
    const shared = await this.readShared(
      set,
      "current",
      "snapshot",
      async (data) => {
        const snapshot = await decodeSnapshot(data);
        // This instance's own copy, for a start while Redis is down.
        void this.files?.save(snapshot, data);
        return snapshot;
      },
      ["version"],
    );
    return shared ?? this.files?.load(set) ?? null;
  }

  async save(snapshot: IndexSnapshot): Promise<void> {
    const data = await encodeSnapshot(snapshot);
    const { set } = snapshot;
    // A log written before this sync may be older than another holder's since: only one written
    // after it goes with this snapshot.
    this.synced.set(set, snapshot.syncedAt);
    this.written.delete(set);
    await Promise.all([
      this.redis.attempt(
        (c) =>
          c.eval(SAVE, {
            keys: [this.key(set, "current"), this.key(set, "previous"), this.key(set, "version")],
            arguments: [data, String(snapshot.syncedAt)],
          }),
        { timeoutMs: LARGE_VALUE_TIMEOUT_MS },
      ),
      this.files?.save(snapshot, data),
    ]);
  }

  async lost(set: CompanySet, syncedAt: number): Promise<LostShared | undefined> {
    // Plain reads in one transaction (a script counts as a write, which a full Redis refuses).
    const found = await this.redis.attempt((c) =>
      c
        .multi()
        .exists(this.key(set, "current"))
        .get(this.key(set, "version"))
        .exists(this.key(set, "changes"))
        .exec(),
    );
    if (!found) return undefined;
    const [current, version, changes] = found as unknown as [number, string | null, number];
    return {
      index: current === 0 || version === null || Number(version) < syncedAt,
      // Only the log this instance wrote after saving this very snapshot is known to go with it: one
      // it merely read may be older than the lease holder's latest.
      changes: changes === 0 && this.synced.get(set) === syncedAt && this.written.has(set),
    };
  }

  async republish(snapshot: IndexSnapshot, lost: LostShared): Promise<"written" | "present" | "failed"> {
    const { set } = snapshot;
    const data = lost.index ? await encodeSnapshot(snapshot) : "";
    const log = lost.changes ? (this.written.get(set) ?? "") : "";
    const wrote = await this.redis.attempt(
      (c) =>
        c.eval(REPUBLISH, {
          keys: [this.key(set, "current"), this.key(set, "version"), this.key(set, "changes")],
          arguments: [data, String(snapshot.syncedAt), log],
        }),
      { timeoutMs: LARGE_VALUE_TIMEOUT_MS },
    );
    return wrote === undefined ? "failed" : wrote === 1 ? "written" : "present";
  }

  async loadChanges(set: CompanySet): Promise<ChangeLog | null> {
    const shared = await this.readShared(set, "changes", "change log", async (data) => {
      const log = await decodeChangeLog(data);
      // This instance's own copy, kept as fresh as what it reads: should it take the sync lease
      // while Redis cannot be read, it appends to this, not to the log it last wrote itself.
      if (!this.ownChanges.get(set)?.equals(data)) {
        this.ownChanges.set(set, data);
        void this.files?.saveChanges(set, log, data);
      }
      return log;
    });
    // Redis down or empty: this instance's own copy.
    return shared ?? this.files?.loadChanges(set) ?? null;
  }

  async saveChanges(set: CompanySet, log: ChangeLog): Promise<void> {
    const data = await encodeChangeLog(log);
    this.written.set(set, data);
    await Promise.all([
      this.redis.attempt((c) => c.set(this.key(set, "changes"), data), { timeoutMs: LARGE_VALUE_TIMEOUT_MS }),
      this.files?.saveChanges(set, log, data),
    ]);
  }

  async version(set: CompanySet): Promise<number | null | undefined> {
    const value = await this.redis.attempt((c) => c.get(this.key(set, "version")));
    if (value === undefined) return undefined;
    return value === null ? null : Number(value);
  }

  async lease(set: CompanySet): Promise<SyncLease | "held" | null> {
    const name = this.key(set, "lease");
    const token = randomBytes(8).toString("hex");
    await this.redis.whenReady();
    // A slow answer is not "no Redis": given the short command timeout on a busy machine, every
    // instance would sync by itself. Without an answer from a connected Redis, ask at the next check.
    const answer = await this.redis.attempt(
      (c) => c.set(name, token, { condition: "NX", expiration: { type: "PX", value: this.leaseMs } }),
      { timeoutMs: LARGE_VALUE_TIMEOUT_MS },
    );
    if (answer === undefined) return this.redis.isReady() ? "held" : null;
    if (answer !== "OK") return "held";
    // Renewed by every page the sync records and on a timer: a busy machine's slow command must
    // not let the lease lapse under a live sync (another instance would sync the set again).
    let lost = false;
    const renew = (progress: LeaderProgress | null) =>
      void this.redis
        .attempt(
          (c) =>
            c.eval(RENEW, {
              keys: [name, this.key(set, "progress")],
              arguments: [token, String(this.leaseMs), progress ? JSON.stringify(progress) : ""],
            }),
          { timeoutMs: this.leaseMs / 3 },
        )
        .then((renewed) => {
          if (renewed !== 0 || lost) return;
          lost = true;
          console.warn(`index: lost the lease on the ${set} set; another instance may sync it too`);
        });
    const timer = setInterval(() => renew(null), this.leaseMs / 3);
    timer.unref?.();
    return {
      progress: (progress) => renew(progress),
      get lost() {
        return lost;
      },
      release: async () => {
        clearInterval(timer);
        // The progress goes with the lease, and only while it is this holder's (in one script): a
        // lease that lapsed and was taken over carries the new holder's progress.
        await this.redis.attempt((c) =>
          c.eval(RELEASE_WITH_PROGRESS, { keys: [name, this.key(set, "progress")], arguments: [token] }),
        );
      },
    };
  }

  // A sync's pages are kept in this instance's own files: it resumes its own sync after a restart.
  async savePage(set: CompanySet, layout: ListLayout, pageNumber: number, page: FetchedPage): Promise<void> {
    await this.files?.savePage(set, layout, pageNumber, page);
  }

  async loadPages(set: CompanySet): Promise<PartialSync | null> {
    return (await this.files?.loadPages(set)) ?? null;
  }

  async clearPages(set: CompanySet): Promise<void> {
    await this.files?.clearPages(set);
  }

  async leaderProgress(set: CompanySet): Promise<LeaderProgress | null> {
    const value = await this.redis.attempt((c) => c.get(this.key(set, "progress")));
    if (!value) return null;
    try {
      const { pagesDone, pagesTotal, rows, failed } = JSON.parse(value) as LeaderProgress;
      return { pagesDone, pagesTotal, rows, ...(failed ? { failed } : {}) };
    } catch {
      return null;
    }
  }
}
