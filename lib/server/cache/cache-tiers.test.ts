import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UpstreamError } from "@/lib/upstream/errors";
import { decodeEntry, encodeEntry, FileTier, writeFileAtomic } from "./cache-tiers";

let dir: string;
let logged: string[];
const log = (line: string) => logged.push(line);
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "cache-tier-"));
  logged = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const value = (n: number) => ({
  kind: "value" as const,
  value: { n, name: `company ${n}` },
  fetchedAt: 1_000 + n,
});

/** The one entry file of a tier holding a single entry. */
function onlyFile(): string {
  const cacheDir = path.join(dir, "entries", "profile");
  const files = readdirSync(cacheDir);
  expect(files).toHaveLength(1);
  return path.join(cacheDir, files[0] as string);
}

describe("FileTier", () => {
  it("keeps entries with their fetch time across a restart, values as JSON and logos as bytes", async () => {
    const tier = new FileTier(dir, { log });
    tier.write("profile", "NASDAQ_A", value(1), 60_000);
    tier.write(
      "logo",
      "NASDAQ_A:light",
      { kind: "value", value: new Uint8Array([137, 80, 78, 71]), fetchedAt: 5 },
      1,
    );
    await tier.flush();
    const again = new FileTier(dir, { log });
    expect(await again.read("profile", "NASDAQ_A")).toEqual(value(1));
    const logo = await again.read("logo", "NASDAQ_A:light");
    expect(logo).toMatchObject({ kind: "value", fetchedAt: 5 });
    expect([...((logo as { value: Uint8Array }).value ?? [])]).toEqual([137, 80, 78, 71]);
    expect(await again.read("profile", "NASDAQ_B")).toBeUndefined();
    expect(again.status()).toMatchObject({ kind: "disk", entries: 2 });
    expect(logged).toEqual([]);
  });

  it("writes atomically: only complete files under their name, a temp file left by a crash is removed", async () => {
    const tier = new FileTier(dir, { log });
    tier.write("profile", "NASDAQ_A", value(1), 60_000);
    await tier.flush();
    const file = onlyFile();
    expect(decodeEntry("NASDAQ_A", readFileSync(file))).toEqual({ entry: value(1) });
    // A crash between writing the temp file and renaming it.
    writeFileSync(`${file}.abcd1234.tmp`, readFileSync(file).subarray(0, 10));
    const again = new FileTier(dir, { log });
    await again.whenReady();
    expect(readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
    expect(await again.read("profile", "NASDAQ_A")).toEqual(value(1));
  });

  it("keeps a cached not-found with its error", async () => {
    const tier = new FileTier(dir, { log });
    const error = new UpstreamError("not_found", "No such company", { status: 404 });
    tier.write("profile", "NASDAQ_X", { kind: "missing", error, fetchedAt: 7 }, 1);
    await tier.flush();
    const read = await new FileTier(dir, { log }).read("profile", "NASDAQ_X");
    expect(read).toMatchObject({ kind: "missing", fetchedAt: 7 });
    expect((read as { error: UpstreamError }).error).toBeInstanceOf(UpstreamError);
    expect((read as { error: UpstreamError }).error.code).toBe("not_found");
  });

  const damages: [string, (data: Buffer) => Buffer, RegExp][] = [
    [
      "a corrupt file",
      (data) => Buffer.concat([data.subarray(0, data.length - 3), Buffer.from("xyz")]),
      /corrupt/,
    ],
    ["a partial file", (data) => data.subarray(0, data.length - 5), /partial/],
    ["a file cut in its header", (data) => data.subarray(0, 20), /partial/],
    [
      "an old-format file",
      (data) => Buffer.from(data.toString("utf8").replace('"version":1', '"version":0')),
      /old-format/,
    ],
    ["a file that is not an entry", () => Buffer.from("hello\nworld"), /corrupt/],
  ];
  for (const [what, damage, problem] of damages) {
    it(`drops ${what} with one log line, and the start continues`, async () => {
      const tier = new FileTier(dir, { log });
      tier.write("profile", "NASDAQ_A", value(1), 60_000);
      tier.write("profile", "NASDAQ_B", value(2), 60_000);
      await tier.flush();
      const fileA = path.join(
        dir,
        "entries",
        "profile",
        readdirSync(path.join(dir, "entries", "profile")).find((name) =>
          Object.hasOwn(
            decodeEntry("NASDAQ_A", readFileSync(path.join(dir, "entries", "profile", name))),
            "entry",
          ),
        ) as string,
      );
      writeFileSync(fileA, damage(readFileSync(fileA)));
      const again = new FileTier(dir, { log });
      expect(await again.read("profile", "NASDAQ_A")).toBeUndefined();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(problem);
      expect(await again.read("profile", "NASDAQ_B")).toEqual(value(2));
      // Dropped: the file is gone and a second read says nothing more.
      expect(await again.read("profile", "NASDAQ_A")).toBeUndefined();
      expect(logged).toHaveLength(1);
      expect(again.status().dropped).toBe(1);
    });
  }

  it("is bounded: the least recently used entries go first, also those a previous run left", async () => {
    const size = encodeEntry("NASDAQ_1", value(1)).length;
    const tier = new FileTier(dir, { log, maxBytes: size * 3 + 10 });
    for (const n of [1, 2, 3]) {
      tier.write("profile", `NASDAQ_${n}`, value(n), 60_000);
      await tier.flush();
    }
    expect(await tier.read("profile", "NASDAQ_1")).toEqual(value(1)); // 1 is now the most recent
    tier.write("profile", "NASDAQ_4", value(4), 60_000);
    await tier.flush();
    expect(await tier.read("profile", "NASDAQ_2")).toBeUndefined();
    expect(await tier.read("profile", "NASDAQ_1")).toEqual(value(1));
    expect(tier.status()).toMatchObject({ entries: 3 });
    expect(tier.status().bytes).toBeLessThanOrEqual(size * 3 + 10);
    await new Promise((r) => setTimeout(r, 20)); // the evicted file's unlink
    expect(readdirSync(path.join(dir, "entries", "profile"))).toHaveLength(3);
    // A restart with a smaller bound trims what the previous run left.
    const small = new FileTier(dir, { log, maxEntries: 2 });
    await small.whenReady();
    expect(small.status().entries).toBe(2);
  });

  it("does not fail a read or the start when the folder holds something unexpected", async () => {
    await mkdir(path.join(dir, "entries", "profile", "not-an-entry"), { recursive: true });
    await writeFile(path.join(dir, "entries", "stray-file"), "x");
    const tier = new FileTier(dir, { log });
    await tier.whenReady();
    expect(await tier.read("profile", "NASDAQ_A")).toBeUndefined();
  });
});

describe("writeFileAtomic", () => {
  it("leaves no temp file when the write fails", async () => {
    // The rename fails: the target is a folder with a file in it.
    const target = path.join(dir, "snapshot");
    await mkdir(target);
    await writeFile(path.join(target, "inside"), "x");
    await expect(writeFileAtomic(target, Buffer.from("data"))).rejects.toThrow();
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});
