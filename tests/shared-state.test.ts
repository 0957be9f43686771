// Several instances sharing their state through a real redis-server: the cache tier, single-flight
// per key, one index sync under the lease, and Redis going away and coming back empty.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DirectorySync, type ListSource, REPUBLISH_BACKOFF_MS } from "@/lib/directory/sync";
import { getUniverse } from "@/lib/sandbox/universe";
import { RedisTier } from "@/lib/server/cache/cache-tiers";
import { FileSnapshots, RedisSnapshots } from "@/lib/server/cache/index-snapshots";
import { SharedRedis } from "@/lib/server/cache/redis";
import { Services } from "@/lib/server/services/services";
import { UpstreamError } from "@/lib/upstream/errors";
import { companyRow } from "@/tests/company-rows";
import { type RunningRedis, startRedis } from "./redis-server";
import { until } from "./until";

let redis: RunningRedis;
const connections: SharedRedis[] = [];
let run = 0;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()));
  await redis.stop();
});

/** A connection of one "instance"; instances of one test share a namespace, tests do not. */
async function connect(namespace: string, commandTimeoutMs?: number): Promise<SharedRedis> {
  const shared = unconnected(namespace, commandTimeoutMs);
  await until(() => shared.isReady());
  return shared;
}

/** The same, returned before Redis has answered. */
function unconnected(namespace: string, commandTimeoutMs?: number): SharedRedis {
  const shared = new SharedRedis({ url: redis.url, namespace, commandTimeoutMs });
  connections.push(shared);
  return shared;
}

/** N app instances on the embedded sandbox, sharing one Redis; upstream calls counted per instance. */
async function instances(n: number): Promise<Services[]> {
  const namespace = `test-${++run}`;
  return Promise.all(
    Array.from({ length: n }, async () => {
      const shared = await connect(namespace);
      return new Services({ startSync: false, tier: new RedisTier(shared), snapshots: null });
    }),
  );
}

const keys = getUniverse()
  .enabled.slice(500, 510)
  .map((c) => c.companyKey);
const key = (i: number) => keys[i] as string;
const calls = (services: Services[]) => services.map((s) => s.stats.total());

describe("the cache tier shared through Redis", () => {
  it("what one instance fetched, another serves without an upstream call, with its fetch time", async () => {
    const [a, b] = (await instances(2)) as [Services, Services];
    const first = await a.profiles.get(key(0));
    const news = await a.news.forCompany(key(0), { importance: 3 });
    expect(calls([a, b])).toEqual([2, 0]);
    await until(
      async () =>
        (await b.tier?.read(
          "company-news",
          `${key(0)}:[]` /* by the range only: the filters apply to it */,
        )) !== undefined,
    );
    const second = await b.profiles.get(key(0));
    expect(second.data).toEqual(first.data);
    expect(second.fetchedAt).toBe(first.fetchedAt);
    expect((await b.news.forCompany(key(0), { importance: 3 })).data).toEqual(news.data);
    expect(calls([a, b])).toEqual([2, 0]);
    expect(b.health().caches.shared).toMatchObject({ kind: "redis", state: "ready" });
  });

  it("N instances missing the same profile at once make one upstream call", async () => {
    const all = await instances(5);
    const answers = await Promise.all(all.map((s) => s.profiles.get(key(1))));
    expect(new Set(answers.map((a) => a.data.companyKey))).toEqual(new Set([key(1)]));
    expect(calls(all).reduce((sum, n) => sum + n, 0)).toBe(1);
  });

  it("a not-found answer is shared too, so the others do not ask again", async () => {
    const all = await instances(3);
    await Promise.all(
      all.map((s) => expect(s.profiles.get("NASDAQ_NOSUCHCO")).rejects.toMatchObject({ code: "not_found" })),
    );
    expect(calls(all).reduce((sum, n) => sum + n, 0)).toBe(1);
  });

  it("a shutdown waits for the writes under way", async () => {
    // Commands wait up to 5 s here, so the frozen write is still under way however slow the machine.
    const a = new Services({
      startSync: false,
      tier: new RedisTier(await connect(`test-${++run}`, 5000)),
      snapshots: null,
    });
    const profile = await a.profiles.get(key(5));
    redis.freeze(); // the write is sent and unanswered until the thaw
    let done = false;
    let shutdown: Promise<void>;
    try {
      a.tier?.write(
        "profile",
        "written-at-shutdown",
        { kind: "value", value: profile.data, fetchedAt: 1 },
        60_000,
      );
      shutdown = a.shutdown().then(() => {
        done = true;
      });
      await new Promise((r) => setTimeout(r, 150));
      expect(done).toBe(false);
    } finally {
      redis.thaw();
    }
    await shutdown;
    expect(done).toBe(true);
  });

  it("Redis killed: every request is still answered, from memory or the upstream; restarted: refilled", async () => {
    const [a, b] = (await instances(2)) as [Services, Services];
    await a.profiles.get(key(2));
    await until(async () => (await b.tier?.read("profile", key(2))) !== undefined);
    await b.profiles.get(key(2)); // now in b's memory too
    await redis.kill();
    await until(() => b.tier?.status().state === "down");
    const started = Date.now();
    expect((await b.profiles.get(key(2))).data.companyKey).toBe(key(2)); // its own memory
    expect((await b.profiles.get(key(3))).data.companyKey).toBe(key(3)); // the upstream
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(calls([a, b])).toEqual([1, 1]);

    await redis.restart();
    await until(() => a.tier?.status().state === "ready" && b.tier?.status().state === "ready");
    await a.profiles.get(key(4)); // the empty Redis is refilled as pages are viewed
    await until(async () => (await b.tier?.read("profile", key(4))) !== undefined);
    await b.profiles.get(key(4));
    expect(calls([a, b])).toEqual([2, 1]);
    // Also by what an instance holds in memory: b fetched key 3 while Redis was down, and viewed
    // again it is offered to the empty Redis, so a gets it without an upstream call.
    expect(await a.tier?.read("profile", key(3))).toBeUndefined();
    await b.profiles.get(key(3));
    await until(async () => (await a.tier?.read("profile", key(3))) !== undefined);
    expect((await a.profiles.get(key(3))).data.companyKey).toBe(key(3));
    expect(calls([a, b])).toEqual([2, 1]);
  });
});

const row = companyRow;

/** A list endpoint of 450 rows in pages of 100, a little slow, counting calls. */
function listSource() {
  let calls = 0;
  const list: ListSource = {
    async getCompaniesPage({ pageNumber = 1 }) {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      return {
        pagination: {
          page: pageNumber,
          pageSize: 100,
          totalCount: 450,
          totalPages: 5,
          hasNextPage: pageNumber < 5,
          hasPreviousPage: pageNumber > 1,
        },
        data: Array.from({ length: pageNumber < 5 ? 100 : 50 }, (_, k) =>
          row((pageNumber - 1) * 100 + k + 1),
        ),
      };
    },
  };
  return { list, calls: () => calls };
}

describe("one index sync across instances", () => {
  type Instance = Awaited<ReturnType<typeof syncs>>[number];
  /** N instances' index syncs on one Redis; `connected: false` starts them before Redis has answered. */
  async function syncs(
    n: number,
    { leaseMs, connected = true }: { leaseMs?: number; connected?: boolean } = {},
  ) {
    const namespace = `index-${++run}`;
    return Promise.all(
      Array.from({ length: n }, async () => {
        const shared = connected ? await connect(namespace) : unconnected(namespace);
        const source = listSource();
        const sync = new DirectorySync(source.list, {
          refreshMs: 3_600_000,
          store: new RedisSnapshots(shared, null, leaseMs),
        });
        return { sync, calls: source.calls, shared };
      }),
    );
  }

  it("one instance holds the lease and syncs; the others load its snapshot", async () => {
    const all = await syncs(3);
    await Promise.all(all.map((i) => i.sync.refresh("default")));
    expect(all.map((i) => i.calls()).sort()).toEqual([0, 0, 5]);
    const followers = all.filter((i) => i.calls() === 0);
    for (const follower of followers) {
      expect(follower.sync.progress("default").state).toBe("syncing"); // waiting for the holder's snapshot
      await follower.sync.refresh("default"); // the periodic check
      expect(follower.sync.progress("default")).toMatchObject({ state: "ready", rows: 450 });
      expect(follower.sync.index("default").byKey("NASDAQ_T450")).toBeDefined();
    }
    expect(all.map((i) => i.calls()).reduce((a, b) => a + b)).toBe(5);
  });

  it("a follower shows the lease holder's progress, not 0 pages, while it syncs", async () => {
    const [leader, follower] = (await syncs(2)) as [Instance, Instance];
    // The holder's list answers pages 1 and 2, then holds the rest until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const source = listSource();
    const slow = new DirectorySync(
      {
        getCompaniesPage: async (params) => {
          if ((params.pageNumber ?? 1) > 2) await held;
          return source.list.getCompaniesPage(params);
        },
      },
      { store: new RedisSnapshots(leader.shared, null) },
    );
    const syncing = slow.refresh("default");
    await until(() => slow.progress("default").pagesDone === 2);
    await until(async () => {
      await follower.sync.refresh("default"); // the periodic check
      return follower.sync.progress("default").pagesDone === 2;
    });
    expect(follower.sync.progress("default")).toMatchObject({
      state: "syncing",
      elsewhere: true,
      pagesDone: 2,
      pagesTotal: 5,
      rows: 200,
    });
    expect(follower.calls()).toBe(0);
    release();
    await syncing;
    await follower.sync.refresh("default");
    expect(follower.sync.progress("default")).toMatchObject({ state: "ready", elsewhere: false, rows: 450 });
    expect(follower.calls()).toBe(0);
  });

  it("instances starting together wait for Redis's first connection, so they still sync once", async () => {
    const all = await syncs(2, { connected: false });
    await Promise.all(all.map((i) => i.sync.refresh("default")));
    await Promise.all(all.map((i) => i.sync.refresh("default")));
    expect(all.map((i) => i.calls()).reduce((a, b) => a + b)).toBe(5);
    for (const i of all) expect(i.sync.progress("default")).toMatchObject({ state: "ready", rows: 450 });
  });

  it("a start that holds the event loop while Redis connects is no outage: still one sync", async () => {
    const all = await syncs(2, { connected: false });
    // A start on a busy machine holds the loop for seconds (it timed the first connection out once).
    const held = Date.now();
    while (Date.now() - held < 2_300);
    await until(() => all.every((i) => i.shared.status().lastError !== null || i.shared.isReady()));
    await Promise.all(all.map((i) => i.sync.refresh("default")));
    await Promise.all(all.map((i) => i.sync.refresh("default")));
    expect(all.map((i) => i.calls()).reduce((a, b) => a + b)).toBe(5);
    for (const i of all) expect(i.sync.progress("default")).toMatchObject({ state: "ready", rows: 450 });
  });

  it("a holder whose sync failed keeps the lease to its retry, which resumes; the others wait for it", async () => {
    const namespace = `index-${++run}`;
    const asked: number[] = [];
    let failing = true;
    const rateLimited = new UpstreamError("rate_limited", "Upstream rate limit reached", { status: 429 });
    const forbidden = new UpstreamError("forbidden", "not on this plan", { status: 403 });
    const holder = listSource();
    const other = listSource();
    const instance = async (list: ListSource) =>
      new DirectorySync(list, {
        store: new RedisSnapshots(await connect(namespace), null),
        concurrency: 1,
        checkMs: 20,
        retryMs: 500,
      });
    const a = await instance({
      async getCompaniesPage(params) {
        if (params.allCompanies) throw forbidden;
        asked.push(params.pageNumber ?? 1);
        if (failing && params.pageNumber === 3) {
          failing = false;
          throw rateLimited;
        }
        return holder.list.getCompaniesPage(params);
      },
    });
    const b = await instance({
      async getCompaniesPage(params) {
        if (params.allCompanies) throw forbidden;
        return other.list.getCompaniesPage(params);
      },
    });
    try {
      a.start();
      await until(() => a.progress("default").state === "error");
      b.start();
      // The other instance says why there is no list yet, and does not sync it by itself.
      await until(() => b.progress("default").elsewhere === true);
      expect(b.progress("default")).toMatchObject({
        state: "error",
        elsewhere: true,
        lastErrorCode: "rate_limited",
        rows: 0,
      });
      expect(b.progress("default").retryAt).toBe(a.progress("default").retryAt);
      await until(() => a.progress("default").state === "ready" && b.progress("default").state === "ready");
      // The retry fetched page 1 (for the count) and the pages the failed attempt did not get.
      expect(asked).toEqual([1, 2, 3, 1, 3, 4, 5]);
      expect(other.calls()).toBe(0);
      expect(b.progress("default")).toMatchObject({ rows: 450, elsewhere: false, lastError: null });
    } finally {
      a.stop();
      b.stop();
    }
  });

  it("when the holder dies, another instance takes the lease over once it expires", async () => {
    const [dead, live] = (await syncs(2, { leaseMs: 300 })) as [
      Awaited<ReturnType<typeof syncs>>[number],
      Awaited<ReturnType<typeof syncs>>[number],
    ];
    // What a crashed holder leaves: its lease, no longer renewed.
    await dead.shared.attempt((c) =>
      c.set(dead.shared.key("index:default:lease"), "crashed", { expiration: { type: "PX", value: 300 } }),
    );
    await live.sync.refresh("default");
    expect(live.calls()).toBe(0);
    await new Promise((r) => setTimeout(r, 350));
    await live.sync.refresh("default");
    expect(live.calls()).toBe(5);
    expect(live.sync.progress("default")).toMatchObject({ state: "ready", rows: 450 });
  });

  it("a holder whose lease lapsed and was taken over leaves the new holder's progress when it releases", async () => {
    const namespace = `test-${++run}`;
    const shared = await connect(namespace);
    const first = await new RedisSnapshots(shared, null).lease("default");
    if (!first || first === "held") throw new Error("no lease");
    // The lease lapses (a holder stalled past its expiry), and another instance takes it over.
    await shared.attempt((c) => c.del(shared.key("index:default:lease")));
    const follower = new RedisSnapshots(await connect(namespace), null);
    const second = await follower.lease("default");
    if (!second || second === "held") throw new Error("no lease taken over");
    second.progress({ pagesDone: 3, pagesTotal: 12, rows: 3000 });
    await until(async () => (await follower.leaderProgress("default")) !== null);
    await first.release();
    expect(await follower.leaderProgress("default")).toEqual({ pagesDone: 3, pagesTotal: 12, rows: 3000 });
    await second.release();
    expect(await follower.leaderProgress("default")).toBeNull();
  });

  it("a follower keeps its own copy in CACHE_DIR: started while Redis is down, it serves that copy", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "follower-"));
    try {
      const [leader, follower] = (await syncs(2)) as [Instance, Instance];
      await leader.sync.refresh("default");
      const files = new FileSnapshots(dir);
      const withCopy = new DirectorySync(listSource().list, {
        store: new RedisSnapshots(follower.shared, files),
      });
      await withCopy.refresh("default");
      expect(withCopy.progress("default")).toMatchObject({ state: "ready", rows: 450 });
      await until(async () => (await files.load("default")) !== null);

      await redis.kill();
      try {
        await until(() => !follower.shared.isReady());
        const restarted = listSource();
        const sync = new DirectorySync(restarted.list, { store: new RedisSnapshots(follower.shared, files) });
        await sync.refresh("default");
        expect(restarted.calls()).toBe(0);
        expect(sync.progress("default")).toMatchObject({ state: "ready", rows: 450 });
      } finally {
        await redis.restart();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a shared snapshot or change log that does not decode is dropped with a log line, and the own copy serves", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "undecodable-"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const [one] = (await syncs(1)) as [Instance];
      await one.sync.refresh("default");
      const files = new FileSnapshots(dir);
      const store = new RedisSnapshots(one.shared, files);
      // The shared snapshot, loaded: this instance keeps its own copy of it.
      expect((await store.load("default"))?.rows).toHaveLength(450);
      await until(async () => (await files.load("default")) !== null);
      const keys = ["current", "version", "changes"].map((name) => one.shared.key(`index:default:${name}`));
      for (const key of keys) await one.shared.attempt((c) => c.set(key, "not a snapshot"));
      expect((await store.load("default"))?.rows).toHaveLength(450);
      expect(await store.loadChanges("default")).toBeNull();
      expect(warn.mock.calls.map(([line]) => String(line))).toEqual([
        expect.stringMatching(/^index: dropped the shared default snapshot \(/),
        expect.stringMatching(/^index: dropped the shared default change log \(/),
      ]);
      for (const key of keys) expect(await one.shared.attempt((c) => c.exists(key))).toBe(0);
    } finally {
      warn.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("Redis restarted empty: an instance serving the index publishes it again, once, and the next instance loads it", async () => {
    const namespace = `index-${++run}`;
    const lines: string[] = [];
    const instance = async () => {
      const shared = await connect(namespace);
      const source = listSource();
      const sync = new DirectorySync(source.list, {
        refreshMs: 3_600_000,
        store: new RedisSnapshots(shared, null),
        log: (line) => lines.push(line),
      });
      return { sync, calls: source.calls, shared };
    };
    const [leader, follower] = await Promise.all([instance(), instance()]);
    await leader.sync.refresh("default");
    await follower.sync.refresh("default");
    await follower.sync.refresh("default");
    expect(follower.sync.progress("default")).toMatchObject({ state: "ready", rows: 450 });
    await redis.restart();
    await until(() => leader.shared.isReady() && follower.shared.isReady());
    const version = leader.shared.key("index:default:version");
    expect(await leader.shared.attempt((c) => c.exists(version))).toBe(0);
    // Both instances' periodic checks find the snapshot gone; one of them offers it again.
    await Promise.all([leader.sync.refresh("default"), follower.sync.refresh("default")]);
    expect(await leader.shared.attempt((c) => c.exists(version))).toBe(1);
    expect(lines.filter((line) => line.includes("offered the default set's index again"))).toHaveLength(1);
    // Neither synced again, and an instance started now loads the snapshot: no list call.
    expect(leader.calls() + follower.calls()).toBe(5);
    const next = listSource();
    const started = new DirectorySync(next.list, { store: new RedisSnapshots(leader.shared, null) });
    await started.refresh("default");
    expect(next.calls()).toBe(0);
    expect(started.progress("default")).toMatchObject({ state: "ready", rows: 450, pagesTotal: 5 });
  });

  it("the large snapshot evicted while its version stays, or an older one there: offered again", async () => {
    const [one] = (await syncs(1)) as [Instance];
    await one.sync.refresh("default");
    const current = one.shared.key("index:default:current");
    // Eviction picks the large, rarely read value; the version is read at every check.
    await one.shared.attempt((c) => c.del(current));
    await one.sync.refresh("default");
    expect(await one.shared.attempt((c) => c.exists(current))).toBe(1);
    // An older snapshot there (this instance's save failed while Redis was down): ours replaces it.
    const version = one.shared.key("index:default:version");
    const ours = await one.shared.attempt((c) => c.get(version));
    await one.shared.attempt((c) => c.set(version, "1"));
    await one.sync.refresh("default");
    expect(await one.shared.attempt((c) => c.get(version))).toBe(ours);
    const next = listSource();
    const started = new DirectorySync(next.list, { store: new RedisSnapshots(one.shared, null) });
    await started.refresh("default");
    expect(next.calls()).toBe(0);
    expect(started.progress("default")).toMatchObject({ state: "ready", rows: 450 });
  });

  it("an offer the store did not take waits a minute before the next (the snapshot is encoded for each)", async () => {
    // The offer fails (as a full Redis or a timeout fails it); the rest is the real store.
    class Refusing extends RedisSnapshots {
      offers = 0;
      override async republish() {
        this.offers++;
        return "failed" as const;
      }
    }
    const shared = await connect(`index-${++run}`);
    const store = new Refusing(shared, null);
    let now = Date.parse("2026-11-21T09:00:00Z");
    const lines: string[] = [];
    const sync = new DirectorySync(listSource().list, { now: () => now, store, log: (l) => lines.push(l) });
    await sync.refresh("default");
    await shared.attempt((c) => c.del(shared.key("index:default:current")));
    await sync.refresh("default");
    await sync.refresh("default");
    expect(store.offers).toBe(1);
    expect(lines).toContain("index: could not offer the default set again; next try in 60 s");
    now += REPUBLISH_BACKOFF_MS;
    await sync.refresh("default");
    expect(store.offers).toBe(2);
  });

  it("with Redis down, each instance syncs by itself rather than wait", async () => {
    const [one] = (await syncs(1)) as [Awaited<ReturnType<typeof syncs>>[number]];
    await redis.kill();
    try {
      await until(() => !one.shared.isReady());
      await one.sync.refresh("default");
      expect(one.calls()).toBe(5);
      expect(one.sync.progress("default")).toMatchObject({ state: "ready", rows: 450 });
    } finally {
      await redis.restart();
    }
  });
});
