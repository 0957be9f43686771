import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DirectorySync, type ListSource } from "@/lib/directory/sync";
import { companyRow } from "@/tests/company-rows";
import { decodeSnapshot, FileSnapshots } from "./index-snapshots";

const row = companyRow;

/** A list endpoint over `total` rows in pages of 100, counting its calls. */
function listSource(total: number) {
  const calls: { pageNumber: number; allCompanies: boolean }[] = [];
  const list: ListSource = {
    async getCompaniesPage({ pageNumber = 1, allCompanies = false }) {
      calls.push({ pageNumber, allCompanies });
      const totalPages = Math.ceil(total / 100);
      return {
        pagination: {
          page: pageNumber,
          pageSize: 100,
          totalCount: total,
          totalPages,
          hasNextPage: pageNumber < totalPages,
          hasPreviousPage: pageNumber > 1,
        },
        data: Array.from({ length: Math.min(100, total - (pageNumber - 1) * 100) }, (_, k) =>
          row((pageNumber - 1) * 100 + k + 1),
        ),
      };
    },
  };
  return { list, calls };
}

const HOUR = 3_600_000;
let dir: string;
let now: number;
let logged: string[];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "index-"));
  now = Date.parse("2026-11-20T15:00:00Z");
  logged = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const store = () => new FileSnapshots(dir, (line) => logged.push(line));
const newSync = (list: ListSource) =>
  new DirectorySync(list, { refreshMs: HOUR, now: () => now, store: store() });

describe("the company index snapshot", () => {
  it("a restart within the refresh interval makes no list calls and serves the snapshot", async () => {
    const before = listSource(250);
    await newSync(before.list).refresh("default");
    expect(before.calls).toHaveLength(3);

    now += HOUR - 60_000;
    const after = listSource(250);
    const restarted = newSync(after.list);
    await restarted.refresh("default");
    expect(after.calls).toEqual([]);
    expect(restarted.progress("default")).toMatchObject({
      state: "ready",
      rows: 250,
      pagesDone: 3,
      syncedAt: now - (HOUR - 60_000),
    });
    expect(restarted.index("default").byKey("NASDAQ_T250")?.displayNameEnglish).toBe("Company 250");

    // The next refresh is due relative to syncedAt, not to the restart.
    now += 60_000;
    await restarted.refresh("default");
    expect(after.calls).toHaveLength(3);
    expect(restarted.progress("default").syncedAt).toBe(now);
  });

  it("a sync stopped part-way (a restart) resumes from the pages it saved: page 1 (for the list's size) and the pages never fetched are asked", async () => {
    const first = listSource(1_000);
    const slow: ListSource = {
      getCompaniesPage: async (params) => {
        // Pages past the sixth never answer before the stop.
        if ((params.pageNumber ?? 1) > 6) await new Promise((r) => setTimeout(r, 60_000));
        return first.list.getCompaniesPage(params);
      },
    };
    const stopped = new DirectorySync(slow, {
      refreshMs: HOUR,
      now: () => now,
      store: store(),
      concurrency: 2,
    });
    void stopped.refresh("default");
    await expect.poll(async () => (await store().loadPages("default"))?.pages.size).toBe(6);
    await stopped.stop();
    now += 5 * 60_000;
    const again = listSource(1_000);
    const restarted = newSync(again.list);
    await restarted.refresh("default");
    expect(restarted.progress("default")).toMatchObject({ state: "ready", rows: 1_000, pagesDone: 10 });
    // Six pages were saved; page 1 is asked again for the list's size, and the four never fetched.
    expect(again.calls.map((c) => c.pageNumber).sort((a, b) => a - b)).toEqual([1, 7, 8, 9, 10]);
    expect(logged).toEqual([]);
    // Done: the saved pages are gone, so a later sync starts afresh.
    expect(await store().loadPages("default")).toBeNull();
  });

  it("a restart after the refresh interval syncs, serving the old snapshot meanwhile", async () => {
    await newSync(listSource(250).list).refresh("default");
    now += HOUR;
    const after = listSource(300);
    const slow: ListSource = {
      getCompaniesPage: async (params) => {
        const page = await after.list.getCompaniesPage(params);
        await new Promise((r) => setTimeout(r, 20));
        return page;
      },
    };
    const restarted = newSync(slow);
    const running = restarted.refresh("default");
    while (after.calls.length === 0) await new Promise((r) => setTimeout(r, 1));
    // The sync runs: the restored snapshot is served meanwhile.
    expect(restarted.index("default").byKey("NASDAQ_T250")).toBeDefined();
    expect(restarted.index("default").byKey("NASDAQ_T300")).toBeUndefined();
    await running;
    expect(after.calls).toHaveLength(3);
    expect(restarted.progress("default")).toMatchObject({ state: "ready", rows: 300 });
  });

  it("keeps the previous snapshot next to the current one, both readable, in a versioned format", async () => {
    const sync = newSync(listSource(250).list);
    await sync.refresh("default");
    const firstSyncedAt = now;
    now += HOUR;
    await sync.refresh("default");
    const current = await decodeSnapshot(readFileSync(store().file("default")));
    const previous = await decodeSnapshot(readFileSync(store().file("default", "previous")));
    expect(current).toMatchObject({ set: "default", syncedAt: now, pages: 3 });
    expect(previous).toMatchObject({ set: "default", syncedAt: firstSyncedAt });
    expect(previous.rows).toHaveLength(250);
    // One header line, then a company per line.
    const lines = gunzipSync(readFileSync(store().file("default")))
      .toString()
      .trim()
      .split("\n");
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      format: "fiscal-atlas-company-index",
      version: 1,
      rows: 250,
      syncedAtIso: new Date(now).toISOString(),
    });
    expect(JSON.parse(lines[1] as string)).toEqual(row(1));
  });

  it("remembers that all companies are not on the plan across restarts, and asks again once that is an hour old", async () => {
    const { UpstreamError } = await import("@/lib/upstream/errors");
    let calls = 0;
    const forbidden: ListSource = {
      async getCompaniesPage() {
        calls++;
        throw new UpstreamError("forbidden", "Not on this plan");
      },
    };
    await newSync(forbidden).refresh("all");
    // A restart within the refresh interval does not ask again.
    const restarted = newSync(forbidden);
    await restarted.refresh("all");
    expect(calls).toBe(1);
    expect(restarted.progress("all").state).toBe("unavailable");
    // Past it, a restart asks once more (a plan can be upgraded); refused again, and that is saved:
    // a restart right after does not ask a third time.
    now += HOUR + 1;
    const later = newSync(forbidden);
    await later.refresh("all");
    expect(calls).toBe(2);
    expect(later.progress("all").state).toBe("unavailable");
    await newSync(forbidden).refresh("all");
    expect(calls).toBe(2);
  });

  const damages: [string, (file: string) => void, RegExp][] = [
    ["corrupt", (file) => writeFileSync(file, "not gzip at all"), /corrupt or partial/],
    ["partial", (file) => writeFileSync(file, readFileSync(file).subarray(0, 200)), /corrupt or partial/],
    [
      "old-format",
      (file) => {
        const { gzipSync } = require("node:zlib") as typeof import("node:zlib");
        const text = gunzipSync(readFileSync(file)).toString().replace('"version":1', '"version":0');
        writeFileSync(file, gzipSync(text));
      },
      /old format/,
    ],
  ];
  for (const [what, damage, problem] of damages) {
    it(`drops a ${what} snapshot with one log line and syncs instead`, async () => {
      await newSync(listSource(250).list).refresh("default");
      damage(store().file("default"));
      const after = listSource(250);
      const restarted = newSync(after.list);
      await restarted.refresh("default");
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(problem);
      expect(after.calls).toHaveLength(3);
      expect(restarted.progress("default")).toMatchObject({ state: "ready", rows: 250 });
    });
  }
});
