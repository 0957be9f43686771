// The people store on its real tiers: a redis-server shared by two instances, killed and brought
// back (empty, as a Redis without persistence comes back), and a folder.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { installRedis } from "@/tests/shared-redis";
import { until } from "@/tests/until";
import { PeopleStoreUnavailable, peopleStore, personId } from "./people";

const ANA = personId("ana@example.com");
const LIST = [{ companyKey: "NASDAQ_AAPL", name: "Apple", followedAt: "2026-11-20T12:00:00.000Z" }];
const LINK = { id: "abcdefgh1234", email: "ana@example.com", groups: [] };

describe("in Redis, for every instance", () => {
  const redis = installRedis();

  it("is one store for two instances; says it cannot be reached while Redis is down; works again after", async () => {
    const one = peopleStore({ redis: await redis.connect("people-one") });
    const two = peopleStore({ redis: await redis.connect("people-two") });
    await one.write(ANA, "following", LIST);
    await one.write(ANA, "feed-link", LINK);
    // Another instance (another key's namespace, too) reads the same person.
    expect(await two.read(ANA, "following")).toEqual(LIST);
    // The two documents are apart: removing the link leaves the list.
    await two.write(ANA, "feed-link", null);
    expect(await one.read(ANA, "feed-link")).toBeNull();
    expect(await one.read(ANA, "following")).toEqual(LIST);

    await redis.server().kill();
    await expect(one.read(ANA, "following")).rejects.toBeInstanceOf(PeopleStoreUnavailable);
    await expect(one.write(ANA, "following", [])).rejects.toBeInstanceOf(PeopleStoreUnavailable);

    await redis.server().restart();
    await until(async () => (await one.read(ANA, "following").catch(() => "down")) !== "down");
    await one.write(ANA, "following", LIST);
    expect(await two.read(ANA, "following")).toEqual(LIST);
  });
});

describe("in a folder", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "people-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps each document in its own file, and reads a damaged one as none", async () => {
    const store = peopleStore({ dir });
    expect(await store.read(ANA, "following")).toBeNull();
    await store.write(ANA, "following", LIST);
    expect(await peopleStore({ dir }).read(ANA, "following")).toEqual(LIST);
    writeFileSync(path.join(dir, `${ANA}.feed-link.json`), "{not json");
    expect(await store.read(ANA, "feed-link")).toBeNull();
    expect(await store.read(ANA, "following")).toEqual(LIST);
  });
});
