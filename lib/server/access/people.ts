import "server-only";
// What the server keeps for each signed-in person: their following list, and the id of their
// feed's secret link (feed-link.ts). In the cache's tier: Redis when REDIS_URL is set (every
// instance sees it), otherwise a file per person in CACHE_DIR, or this process's memory with
// CACHE_DIR=off. Never evicted like a cache entry. A person is known by a hash of their address:
// no address appears in a key or a file name.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type FollowedCompany, parseFollowedEntry } from "@/lib/following/list";
import { writeFileAtomic } from "../cache-tiers";
import { getSharedRedis, type SharedRedis } from "../redis";
import { deploymentDir } from "../shared-state";

export interface PersonRecord {
  /** Their following list; null until it is first saved (the browser's list is offered then). */
  following: FollowedCompany[] | null;
  /** The id of their feed's secret link; null when they have none (or revoked it). */
  feedLinkId: string | null;
}

const EMPTY: PersonRecord = { following: null, feedLinkId: null };

/** Thrown when the store cannot be reached (Redis down): the caller says so, nothing is lost. */
export class PeopleStoreUnavailable extends Error {
  override readonly name = "PeopleStoreUnavailable";
}

export interface PeopleStore {
  read(personId: string): Promise<PersonRecord>;
  write(personId: string, record: PersonRecord): Promise<void>;
}

/** A person's id: a hash of their (lower-case) address. */
export function personId(email: string): string {
  return createHash("sha256").update(`person\n${email.toLowerCase()}`).digest("hex").slice(0, 32);
}

/** A stored record read leniently: a malformed entry is left out, a malformed record is empty. */
export function recordOf(value: unknown): PersonRecord {
  if (typeof value !== "object" || value === null) return EMPTY;
  const { following, feedLinkId } = value as Record<string, unknown>;
  return {
    following: Array.isArray(following)
      ? following.map(parseFollowedEntry).filter((c): c is FollowedCompany => c !== null)
      : null,
    feedLinkId: typeof feedLinkId === "string" && /^[\w-]{8,64}$/.test(feedLinkId) ? feedLinkId : null,
  };
}

class MemoryPeople implements PeopleStore {
  private readonly records = new Map<string, PersonRecord>();
  async read(id: string) {
    return this.records.get(id) ?? EMPTY;
  }
  async write(id: string, record: PersonRecord) {
    this.records.set(id, record);
  }
}

class FilePeople implements PeopleStore {
  constructor(private readonly dir: string) {}
  private file(id: string) {
    return path.join(this.dir, `${id}.json`);
  }
  async read(id: string) {
    try {
      return recordOf(JSON.parse(await readFile(this.file(id), "utf8")));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return EMPTY;
      if (error instanceof SyntaxError) return EMPTY;
      throw new PeopleStoreUnavailable("the people's folder cannot be read");
    }
  }
  async write(id: string, record: PersonRecord) {
    await writeFileAtomic(this.file(id), Buffer.from(JSON.stringify(record))).catch(() => {
      throw new PeopleStoreUnavailable("the people's folder cannot be written");
    });
  }
}

class RedisPeople implements PeopleStore {
  constructor(private readonly redis: SharedRedis) {}
  async read(id: string) {
    const text = await this.redis.attempt((client) => client.get(this.redis.key(`person:${id}`)));
    if (text === undefined) throw new PeopleStoreUnavailable("Redis cannot be reached");
    if (text === null) return EMPTY;
    try {
      return recordOf(JSON.parse(String(text)));
    } catch {
      return EMPTY;
    }
  }
  async write(id: string, record: PersonRecord) {
    const done = await this.redis.attempt((client) =>
      client.set(this.redis.key(`person:${id}`), JSON.stringify(record)),
    );
    if (done === undefined) throw new PeopleStoreUnavailable("Redis cannot be reached");
  }
}

const PEOPLE_KEY = Symbol.for("company-dashboard.people");
type Holder = { [PEOPLE_KEY]?: PeopleStore };

/** The process's store, in the cache's tier. */
export function getPeople(): PeopleStore {
  const holder = globalThis as Holder;
  if (!holder[PEOPLE_KEY]) {
    const redis = getSharedRedis();
    const dir = deploymentDir();
    holder[PEOPLE_KEY] = redis
      ? new RedisPeople(redis)
      : dir
        ? new FilePeople(path.join(dir, "people"))
        : new MemoryPeople();
  }
  return holder[PEOPLE_KEY];
}
