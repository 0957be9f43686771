// The sandbox's change schedule: deterministic, dormant before its epoch, and served the same in
// v2 and v3 lists and profiles.
import { describe, expect, it } from "vitest";
import { CHANGES_EPOCH_MS, DAILY_KINDS, universeAt } from "./changes";
import { createSandboxHandler } from "./handler";
import { DAY_MS } from "./news";
import { generateUniverse, getUniverse, OUTSIDE_LIST_DATASETS } from "./universe";

const universe = getUniverse();
const before = Date.parse("2026-11-20T15:00:00Z");
const threeDaysOn = CHANGES_EPOCH_MS + 3 * DAY_MS - 1;
const weekOn = CHANGES_EPOCH_MS + 7 * DAY_MS - 1;
const twoMonthsOn = CHANGES_EPOCH_MS + 60 * DAY_MS - 1;

type Row = Record<string, unknown> & { companyKey: string; primaryListing?: Record<string, unknown> };

async function get(now: number, path: string): Promise<{ status: number; body: unknown }> {
  const handler = createSandboxHandler({ now: () => now });
  const response = await handler(
    new Request(`http://sandbox${path}`, { headers: { "x-api-key": "demo-licensed" } }),
  );
  return { status: response.status, body: await response.json() };
}

async function list(now: number, version: "v2" | "v3", path = `/${version}/companies-list?`): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const { body } = await get(now, `${path}&pageNumber=${page}`);
    const { data, pagination } = body as { data: Row[]; pagination: { hasNextPage: boolean } };
    rows.push(...data);
    if (!pagination.hasNextPage) return rows;
  }
}

describe("the sandbox's scheduled changes", () => {
  it("changes nothing before the epoch: the pinned test clock sees the universe as generated", () => {
    const state = universeAt(universe, before);
    expect(state.version).toBe(0);
    expect(state.changed).toEqual([]);
    expect(state.enabled).toEqual(universe.enabled);
  });

  it("applies a few changes a day, of every kind, the same for the same seed and clock", () => {
    const state = universeAt(universe, threeDaysOn);
    expect(state.applied.length).toBeGreaterThanOrEqual(3 * (DAILY_KINDS.length - 2));
    expect(state.applied.length).toBeLessThanOrEqual(3 * DAILY_KINDS.length);
    expect(new Set(state.applied.map((a) => a.kind))).toEqual(new Set(DAILY_KINDS));
    for (const a of state.applied) {
      expect(a.atMs).toBeGreaterThanOrEqual(CHANGES_EPOCH_MS);
      expect(a.atMs).toBeLessThanOrEqual(threeDaysOn);
    }
    const again = universeAt(generateUniverse(universe.seed), threeDaysOn);
    expect(again.applied).toEqual(state.applied);
    expect(again.changed.map((c) => [c.companyKey, c.displayName, c.cik, c.datasets])).toEqual(
      state.changed.map((c) => [c.companyKey, c.displayName, c.cik, c.datasets]),
    );
    // The free plan's companies never change.
    expect(state.changed.some((c) => c.freePlan)).toBe(false);
    // A day later, yesterday's changes stay and today's are added.
    const later = universeAt(universe, threeDaysOn + DAY_MS);
    expect(later.applied.slice(0, state.applied.length)).toEqual(state.applied);
    expect(later.applied.length).toBeGreaterThan(state.applied.length);
  });

  it("serves the changes consistently in the v2 and v3 lists and profiles, with updatedAt moved", async () => {
    const state = universeAt(universe, threeDaysOn);
    const [v3, v2] = [await list(threeDaysOn, "v3"), await list(threeDaysOn, "v2")];
    expect(v3.map((r) => r.companyKey)).toEqual(v2.map((r) => r.companyKey));
    expect(v3.length).toBe(state.enabled.length);
    const baseline = new Map((await list(before, "v3")).map((r) => [r.companyFiscalIdentifier, r]));
    const v2ByKey = new Map(v2.map((r) => [r.companyKey, r]));
    let differing = 0;
    for (const row of v3) {
      const old = baseline.get(row.companyFiscalIdentifier);
      const twin = v2ByKey.get(row.companyKey) as Row;
      const listing = row.primaryListing as Record<string, unknown>;
      expect([twin.name, twin.ticker, twin.exchangeSymbol, twin.cik]).toEqual([
        row.displayNameEnglish,
        listing.ticker,
        listing.exchangeCode,
        row.cik,
      ]);
      expect(twin.tradingStatus).toBe(listing.tradingStatus === "active" ? "Active" : "Inactive");
      expect(twin.updatedAt).toBe(row.updatedAt);
      const { marketCapUsd: _a, updatedAt: _b, earningsFilingDate: _c, ...now } = row;
      if (!old) continue;
      const { marketCapUsd: _d, updatedAt: _e, earningsFilingDate: _f, ...then } = old;
      if (JSON.stringify(now) !== JSON.stringify(then)) {
        differing++;
        const changed = state.changed.find((c) => c.fiscalId === row.companyFiscalIdentifier);
        expect(changed?.changedAt).toBeDefined();
        expect(row.updatedAt as number).toBeGreaterThanOrEqual(changed?.changedAt as number);
      }
    }
    expect(differing).toBeGreaterThan(10);
    // The IPOs are new rows; the removals are gone from the list.
    const newRows = v3.filter((r) => !baseline.has(r.companyFiscalIdentifier));
    expect(newRows.length).toBe(state.applied.filter((a) => a.kind === "ipo").length);
    expect(
      newRows.every((r) => (r.primaryListing as Record<string, unknown>).tradingStatus === "active"),
    ).toBe(true);
  });

  it("resolves a changed company by its former key, and its profile agrees with its list row", async () => {
    const state = universeAt(universe, threeDaysOn);
    const moved = state.changed.find((c) => c.formerKey && c.formerKey !== c.companyKey && c.changedAt);
    expect(moved).toBeDefined();
    const key = encodeURIComponent(moved?.formerKey as string);
    const v3 = (await get(threeDaysOn, `/v3/company/profile?companyKey=${key}`)).body as Row;
    const v2 = (await get(threeDaysOn, `/v2/company/profile?companyKey=${key}`)).body as Row;
    expect(v3.companyKey).toBe(moved?.companyKey);
    expect(v2.companyKey).toBe(moved?.companyKey);
    expect(v2.ticker).toBe(v3.primaryListing?.ticker);
    const byNewKey = await get(
      threeDaysOn,
      `/v3/company/profile?companyKey=${encodeURIComponent(v3.companyKey)}`,
    );
    expect(byNewKey.status).toBe(200);
    // Before the change the new key does not exist.
    const earlier = await get(before, `/v3/company/profile?companyKey=${encodeURIComponent(v3.companyKey)}`);
    expect(earlier.status).toBe(404);
  });

  it("resolves every key and CIK a company has held, however many times it changed", async () => {
    // Day by day, every key and CIK each changed company has held, from its generated record on
    // (whose former key and predecessor CIK count too).
    const held = new Map<number, Set<string>>();
    const add = (index: number, ...ids: (string | false | undefined)[]) => {
      const set = held.get(index) ?? new Set<string>();
      for (const id of ids) if (id && !id.endsWith("=undefined")) set.add(id);
      held.set(index, set);
    };
    for (let t = CHANGES_EPOCH_MS + DAY_MS - 1; t <= twoMonthsOn; t += DAY_MS) {
      for (const c of universeAt(universe, t).changed) {
        if (!held.has(c.index)) {
          const base = universe.record(c.index);
          add(
            c.index,
            `companyKey=${base?.companyKey}`,
            `companyKey=${base?.formerKey}`,
            `cik=${base?.cik}`,
            `cik=${base?.predecessorCik}`,
          );
        }
        add(c.index, `companyKey=${c.companyKey}`, `cik=${c.cik}`);
      }
    }
    const count = (ids: Set<string>, name: string) => [...ids].filter((id) => id.startsWith(name)).length;
    // Companies that changed key twice or more, and CIK twice or more, or this proves nothing.
    expect([...held.values()].filter((ids) => count(ids, "companyKey=") >= 3).length).toBeGreaterThan(0);
    expect([...held.values()].filter((ids) => count(ids, "cik=") >= 3).length).toBeGreaterThan(0);
    const state = new Map(universeAt(universe, twoMonthsOn).changed.map((c) => [c.index, c]));
    // A key on the venue of the company's primary listing: its ticker under that venue's segment
    // MIC too (ticker=…&micCode=…).
    for (const [index, ids] of held) {
      const primary = state.get(index)?.listings[0];
      for (const id of [...ids]) {
        const [code, ticker] = id.replace(/^companyKey=/, "").split(/_(.*)/);
        const segment = primary && primary.exchange.code === code ? primary.segment.mic : undefined;
        if (id.startsWith("companyKey=") && ticker && segment)
          ids.add(`ticker=${encodeURIComponent(ticker)}&micCode=${segment}`);
      }
    }
    const now = new Map([...state].map(([index, c]) => [index, c.companyKey]));
    const handler = createSandboxHandler({ now: () => twoMonthsOn });
    const lost: string[] = [];
    for (const [index, ids] of held) {
      for (const id of ids) {
        const response = await handler(
          new Request(`http://sandbox/v3/company/profile?${id}`, { headers: { "x-api-key": "demo-pro" } }),
        );
        const key = response.ok ? ((await response.json()) as Row).companyKey : response.status;
        if (key !== now.get(index)) lost.push(`${id} -> ${key}, not ${now.get(index)}`);
      }
    }
    expect(lost).toEqual([]);
  });

  it("a company that leaves the list keeps only the datasets listed outside it, and serves no news", async () => {
    const left = universeAt(universe, weekOn).changed.filter((c) => !c.apiEnabled);
    expect(left.length).toBeGreaterThan(0);
    const all = new Map(
      (await list(weekOn, "v3", "/v3/companies-list?allCompanies=true")).map((r) => [r.companyKey, r]),
    );
    for (const c of left) {
      expect(all.get(c.companyKey)?.availableDatasets).toEqual(
        c.datasets.filter((d) => OUTSIDE_LIST_DATASETS.has(d)),
      );
      const news = await get(weekOn, `/v1/company/news?companyKey=${encodeURIComponent(c.companyKey)}`);
      expect(news.status).toBe(404);
    }
  });

  it("the feed across companies names each by its key and name of the moment, and only the list's", async () => {
    const rows = new Map((await list(weekOn, "v3")).map((r) => [r.companyKey, r.displayNameEnglish]));
    const state = universeAt(universe, weekOn);
    const changedKeys = new Set(state.changed.map((c) => c.companyKey));
    let changedSeen = 0;
    for (let page = 1; ; page++) {
      const { body } = await get(
        weekOn,
        `/v1/top-news?minMarketCap=0&minImportance=1&maxImportance=5&pageSize=1000&pageNumber=${page}`,
      );
      const { data, pagination } = body as {
        data: { companyKey: string; displayNameEnglish: string }[];
        pagination: { hasNextPage: boolean };
      };
      for (const a of data) {
        expect(rows.get(a.companyKey), a.companyKey).toBe(a.displayNameEnglish);
        if (changedKeys.has(a.companyKey)) changedSeen++;
      }
      if (!pagination.hasNextPage) break;
    }
    expect(changedSeen).toBeGreaterThan(0);
  });
});
