// The change log across syncs and restarts: diffed after each sync this instance runs, saved
// beside the index snapshots (files, or Redis shared by instances), bounded, and dropped when corrupt.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DirectorySync, type ListSource } from "@/lib/directory/sync";
import type { Company } from "@/lib/upstream/schemas";
import { companyRow } from "@/tests/company-rows";
import { installRedis } from "@/tests/shared-redis";
import { until } from "@/tests/until";
import { ChangeLogService } from "./change-log";
import { FileSnapshots, RedisSnapshots } from "./index-snapshots";

const HOUR = 3_600_000;
let rows: Company[];
let now: number;
let dir: string;
let logged: string[];

const list: ListSource = {
  async getCompaniesPage() {
    return {
      pagination: {
        page: 1,
        pageSize: 1000,
        totalCount: rows.length,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      },
      data: rows.map((r) => ({ ...r, primaryListing: { ...r.primaryListing } })),
    };
  },
};

/** One app instance: its sync writes the change log through its own log service. */
function instance(store: FileSnapshots | RedisSnapshots) {
  const changeLog = new ChangeLogService(store, () => now);
  const sync = new DirectorySync(list, {
    refreshMs: HOUR,
    now: () => now,
    store,
    onSynced: async (set, previous, synced) => {
      if (set === "default") await changeLog.record(previous, synced, now);
    },
  });
  return { changeLog, sync };
}

beforeEach(() => {
  rows = Array.from({ length: 5 }, (_, i) => companyRow(i + 1));
  now = Date.parse("2026-11-21T09:00:00Z");
  dir = mkdtempSync(path.join(tmpdir(), "changes-"));
  logged = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const files = () => new FileSnapshots(dir, (line) => logged.push(line));

describe("the change log on disk", () => {
  it("notes the first sync that compared the list, even when it found nothing", async () => {
    const first = instance(files());
    await first.sync.refresh("default");
    expect((await first.changeLog.current()).compared).toBe(false);
    now += HOUR;
    await first.sync.refresh("default");
    expect(await instance(files()).changeLog.current()).toMatchObject({ compared: true, changes: [] });
  });

  it("starts watching at the first sync, records the next sync's changes, and survives a restart", async () => {
    const first = instance(files());
    await first.sync.refresh("default");
    const started = now;
    expect(await first.changeLog.current()).toEqual({ watchingSince: started, compared: false, changes: [] });

    now += HOUR;
    rows[1] = { ...(rows[1] as Company), displayNameEnglish: "Renamed 2", marketCapUsd: 1 };
    rows[2] = { ...(rows[2] as Company), marketCapUsd: 123 }; // market cap alone is no change
    rows.pop();
    rows.push(companyRow(9));
    await first.sync.refresh("default");
    const log = await first.changeLog.current();
    expect(log.watchingSince).toBe(started);
    expect(log.compared).toBe(true);
    expect(log.changes.map((c) => [c.kind, c.companyKey, c.detectedAt])).toEqual([
      ["name", "NASDAQ_T2", now],
      ["new", "NASDAQ_T9", now],
      ["removed", "NASDAQ_T5", now],
    ]);

    // A restart reads the same log, and its next sync diffs against the saved snapshot.
    const restarted = instance(files());
    expect(await restarted.changeLog.current()).toEqual(log);
    now += HOUR;
    rows[0] = { ...(rows[0] as Company), availableDatasets: ["news"] };
    await restarted.sync.refresh("default");
    const after = await restarted.changeLog.current();
    expect(after.changes.map((c) => c.kind)).toEqual(["dataset_added", "name", "new", "removed"]);
    expect(after.watchingSince).toBe(started);
  });

  it("ages out entries past the limit at a sync that finds no changes", async () => {
    const one = instance(files());
    await one.sync.refresh("default");
    now += HOUR;
    rows[0] = { ...(rows[0] as Company), displayNameEnglish: "Renamed 1" };
    await one.sync.refresh("default");
    expect((await one.changeLog.current()).changes).toHaveLength(1);
    now += 89 * 24 * HOUR;
    await one.sync.refresh("default");
    expect((await one.changeLog.current()).changes).toHaveLength(1);
    now += 2 * 24 * HOUR;
    await one.sync.refresh("default");
    expect((await one.changeLog.current()).changes).toEqual([]);
    // And so it is saved: a restart reads the aged log.
    expect((await instance(files()).changeLog.current()).changes).toEqual([]);
  });

  it("drops a corrupt log file with one line and starts again", async () => {
    const store = files();
    await store.saveChanges("default", { watchingSince: now, changes: [] });
    writeFileSync(store.file("default", "changes"), "not gzip");
    const fresh = instance(files());
    expect(await fresh.changeLog.current()).toEqual({ watchingSince: null, compared: false, changes: [] });
    expect(logged.join("\n")).toMatch(/dropped index[/\\]default\.changes\.json\.gz \(corrupt or partial\)/);
  });
});

describe("the change log shared through Redis", () => {
  const redis = installRedis();
  const connect = () => redis.connect("changes-test");

  it("is written by the instance holding the sync lease and read by the others", async () => {
    const a = instance(new RedisSnapshots(await connect(), null));
    const b = instance(new RedisSnapshots(await connect(), null));
    await a.sync.refresh("default");
    now += HOUR;
    rows[0] = { ...(rows[0] as Company), cik: "0000000042" };
    await a.sync.refresh("default");
    // b adopts a's snapshot (no sync of its own, so it writes nothing) and reads a's log.
    await b.sync.refresh("default");
    const seen = await b.changeLog.current();
    expect(seen.changes.map((c) => [c.kind, c.field, c.after])).toEqual([
      ["identifier", "CIK", "0000000042"],
    ]);
    expect(seen).toEqual(await a.changeLog.current());
  });

  it("keeps each reader's own copy of the shared log fresh, for when it takes the lease with Redis unreadable", async () => {
    const a = instance(new RedisSnapshots(await connect(), null));
    const own = files();
    const b = instance(new RedisSnapshots(await connect(), own));
    await a.sync.refresh("default");
    now += HOUR;
    rows[0] = { ...(rows[0] as Company), cik: "0000000042" };
    await a.sync.refresh("default");
    const shared = await b.changeLog.current();
    expect(shared.changes).toHaveLength(1);
    await vi.waitFor(async () => expect(await own.loadChanges("default")).toEqual(shared));
  });

  it("after a restart of Redis, only the instance that wrote the log offers it, not a reader's older copy", async () => {
    const own = () => redis.connect("changes-republish-two");
    const writer = await own();
    const a = instance(new RedisSnapshots(writer, null));
    const b = instance(new RedisSnapshots(await own(), null));
    await a.sync.refresh("default");
    await b.sync.refresh("default");
    expect((await b.changeLog.current()).changes).toHaveLength(0); // b's copy: the log before the change
    now += HOUR;
    rows[0] = { ...(rows[0] as Company), cik: "0000000042" };
    await a.sync.refresh("default");
    await b.sync.refresh("default"); // b adopts a's newer snapshot
    await redis.server().restart();
    await until(() => writer.isReady());
    // b's check comes first: it offers the index, not its older log; a's offers the log it wrote.
    await b.sync.refresh("default");
    await a.sync.refresh("default");
    const reader = instance(new RedisSnapshots(await own(), null));
    expect((await reader.changeLog.current()).changes.map((c) => c.after)).toEqual(["0000000042"]);
  });

  it("is offered again, with the index, to a Redis restarted empty", async () => {
    // A namespace of its own: the tests above left their index and log in the shared one.
    const own = () => redis.connect("changes-republish");
    const shared = await own();
    const a = instance(new RedisSnapshots(shared, null));
    await a.sync.refresh("default");
    now += HOUR;
    rows[0] = { ...(rows[0] as Company), cik: "0000000042" };
    await a.sync.refresh("default");
    // Read by another instance: a offers the log it wrote, not one it read.
    const reader = async () => instance(new RedisSnapshots(await own(), null)).changeLog.current();
    const before = await reader();
    expect(before.changes).toHaveLength(1);
    await redis.server().restart();
    await until(() => shared.isReady());
    expect(await reader()).toEqual({ watchingSince: null, compared: false, changes: [] });
    // a's periodic check, within the refresh interval: no sync, the index and its log published again.
    await a.sync.refresh("default");
    expect(await reader()).toEqual(before);
  });
});
