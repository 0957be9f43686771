import "server-only";
// What the server keeps for each signed-in person, as documents written apart (a list saved
// while the feed link is revoked must not bring the old link back): their following list, their
// saved views, and their feed's secret link (feed-link.ts). In the cache's tier: Redis when REDIS_URL is set (every
// instance sees it), otherwise a file per document in CACHE_DIR/people, or this process's memory
// with CACHE_DIR=off. Not under the key's namespace: a new API key keeps everyone's lists. Never
// evicted like a cache entry. A person is known by a hash of their address: no address appears in
// a key or a file name.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { crossBundleError } from "@/lib/cross-bundle-error";
import { type FollowedCompany, parseFollowedEntry } from "@/lib/following/list";
import { processWide, setProcessWide } from "@/lib/process-wide";
import { parseSavedEntry, type Saved } from "@/lib/saved/views";
import { writeFileAtomic } from "../cache/cache-tiers";
import { getSharedRedis, type SharedRedis } from "../cache/redis";
import { getConfig } from "../config";

/** A person's feed link: its id, and whose it is (checked again against the settings on each read). */
export interface FeedLink {
  id: string;
  email: string;
  groups: string[];
}

type Documents = { following: FollowedCompany[]; saved: Saved[]; "feed-link": FeedLink };
type Kind = keyof Documents;

/** Thrown when the store cannot be reached (Redis down, a folder that cannot be written): a 503. */
export class PeopleStoreUnavailable extends crossBundleError("company-dashboard.people-store-unavailable") {
  override readonly name = "PeopleStoreUnavailable";
}

/** A person's id: a hash of their (lower-case) address. */
export function personId(email: string): string {
  return createHash("sha256").update(`person\n${email.toLowerCase()}`).digest("hex").slice(0, 32);
}

/** A stored document read leniently: a malformed list entry is left out; anything else malformed is none. */
function documentOf<K extends Kind>(kind: K, value: unknown): Documents[K] | null {
  if (kind === "following")
    return Array.isArray(value)
      ? (value.map(parseFollowedEntry).filter((c): c is FollowedCompany => c !== null) as Documents[K])
      : null;
  if (kind === "saved")
    return Array.isArray(value)
      ? (value.map(parseSavedEntry).filter((v): v is Saved => v !== null) as Documents[K])
      : null;
  if (typeof value !== "object" || value === null) return null;
  const { id, email, groups } = value as Record<string, unknown>;
  if (typeof id !== "string" || !/^[\w-]{8,64}$/.test(id) || typeof email !== "string") return null;
  const kept = Array.isArray(groups) ? groups.filter((g): g is string => typeof g === "string") : [];
  return { id, email, groups: kept } as Documents[K];
}

interface Backend {
  read(key: string): Promise<string | null>;
  write(key: string, text: string | null): Promise<void>;
}

class MemoryBackend implements Backend {
  private readonly texts = new Map<string, string>();
  async read(key: string) {
    return this.texts.get(key) ?? null;
  }
  async write(key: string, text: string | null) {
    if (text === null) this.texts.delete(key);
    else this.texts.set(key, text);
  }
}

class FileBackend implements Backend {
  constructor(private readonly dir: string) {}
  async read(key: string) {
    try {
      return await readFile(path.join(this.dir, `${key}.json`), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw new PeopleStoreUnavailable("the people's folder cannot be read");
    }
  }
  async write(key: string, text: string | null) {
    await writeFileAtomic(path.join(this.dir, `${key}.json`), Buffer.from(text ?? "null")).catch(() => {
      throw new PeopleStoreUnavailable("the people's folder cannot be written");
    });
  }
}

class RedisBackend implements Backend {
  constructor(private readonly redis: SharedRedis) {}
  async read(key: string) {
    const text = await this.redis.attempt((client) => client.get(`fiscal-atlas:people:${key}`));
    if (text === undefined) throw new PeopleStoreUnavailable("Redis cannot be reached");
    return text === null ? null : String(text);
  }
  async write(key: string, text: string | null) {
    const name = `fiscal-atlas:people:${key}`;
    const done = await this.redis.attempt(async (client) => {
      if (text === null) await client.del(name);
      else await client.set(name, text);
      return true;
    });
    if (done === undefined) throw new PeopleStoreUnavailable("Redis cannot be reached");
  }
}

class PeopleStore {
  constructor(private readonly backend: Backend) {}

  async read<K extends Kind>(id: string, kind: K): Promise<Documents[K] | null> {
    const text = await this.backend.read(`${id}.${kind}`);
    if (text === null) return null;
    try {
      return documentOf(kind, JSON.parse(text));
    } catch {
      return null;
    }
  }

  /** Writes one document (null removes it); the other is untouched. */
  write<K extends Kind>(id: string, kind: K, value: Documents[K] | null): Promise<void> {
    return this.backend.write(`${id}.${kind}`, value === null ? null : JSON.stringify(value));
  }
}

/** A store in Redis, in a folder, or (neither) in this process's memory. */
export function peopleStore(where: { redis: SharedRedis } | { dir: string } | null): PeopleStore {
  if (!where) return new PeopleStore(new MemoryBackend());
  return new PeopleStore("redis" in where ? new RedisBackend(where.redis) : new FileBackend(where.dir));
}

/** The process's store, in the cache's tier. */
export function getPeople(): PeopleStore {
  return processWide("people", () => {
    const redis = getSharedRedis();
    const dir = getConfig().cacheDir;
    return peopleStore(redis ? { redis } : dir ? { dir: path.join(dir, "people") } : null);
  });
}

/** Replaces the process's store with one in memory: for tests. */
export function setPeopleInMemory(): void {
  setProcessWide("people", peopleStore(null));
}
