// The hostile overlay: what it adds parses with the app's real client (lenient where the contract
// says vocabularies grow), pages stay consistent, and the free plan is untouched.
import { describe, expect, it } from "vitest";
import { UpstreamClient } from "@/lib/upstream/client";
import { createSandboxHandler } from "./handler";
import { withHostileData } from "./hostile";
import {
  HOSTILE_KEYS,
  ODD_KEY_NAMES,
  ODD_KEY_PEER_HOST,
  ODD_KEY_SECONDARY,
  ODD_KEYS,
  SCRIPT_NAME,
  UNKNOWN,
} from "./hostile-fixtures";
import { DEMO_KEYS } from "./types";
import { getUniverse } from "./universe";

const now = () => Date.parse("2026-11-20T15:00:00Z");
const handler = withHostileData(createSandboxHandler({ now }), { now, keys: DEMO_KEYS });
const clientFor = (apiKey: string) =>
  new UpstreamClient({ baseUrl: "http://sandbox.internal", apiKey, transport: handler, retries: 0 });
const client = clientFor("demo-licensed");
const oddKeys: string[] = Object.values(ODD_KEYS);
const keys: string[] = [...Object.values(HOSTILE_KEYS), ...oddKeys];

describe("SANDBOX_HOSTILE overlay", () => {
  it("does not collide with the generated universe", () => {
    const taken = new Set(getUniverse().companies.map((c) => c.companyKey));
    for (const key of keys) expect(taken.has(key)).toBe(false);
  });

  it("adds the hostile rows to the last page of both sets and counts them", async () => {
    for (const allCompanies of [false, true]) {
      const first = await client.getCompaniesPage({ allCompanies });
      const last = await client.getCompaniesPage({ pageNumber: first.pagination.totalPages, allCompanies });
      expect(last.data.slice(-keys.length).map((r) => r.companyKey)).toEqual(keys);
      expect(first.data.map((r) => r.companyKey)).not.toContain(HOSTILE_KEYS.script);
      const rows = (first.pagination.totalPages - 1) * first.pagination.pageSize + last.data.length;
      expect(rows).toBe(first.pagination.totalCount);
    }
    const compact = await client.getCompactCompaniesPage({ pageNumber: 13 });
    expect(compact.data.at(-1)).not.toHaveProperty("industry");
  });

  it("pages them like any row: never more than pageSize on a page, a page of their own past a full one", async () => {
    const sandboxRows =
      (await client.getCompaniesPageV2({ pageSize: 1 })).pagination.totalCount - keys.length;
    // Page sizes whose last sandbox page is full, and one short of full (room for one row).
    const sizes = [0, 1].map((room) => {
      const size = Array.from({ length: 900 }, (_, i) => 1000 - i).find(
        (n) => (sandboxRows + room) % n === 0,
      );
      if (size === undefined) throw new Error(`no page size leaves room for ${room}`);
      return size;
    });
    for (const pageSize of sizes) {
      const first = await client.getCompaniesPageV2({ pageSize });
      expect(first.pagination.totalCount).toBe(sandboxRows + keys.length);
      const seen: string[] = [];
      for (let p = 1; p <= first.pagination.totalPages; p++) {
        const { data, pagination } = await client.getCompaniesPageV2({ pageNumber: p, pageSize });
        expect(data.length).toBeLessThanOrEqual(pageSize);
        expect(pagination.hasNextPage).toBe(p < first.pagination.totalPages);
        seen.push(...data.map((r) => r.companyKey));
      }
      expect(seen).toHaveLength(sandboxRows + keys.length);
      expect(seen.slice(-keys.length)).toEqual(keys);
    }
  });

  it("serves profiles, v2 profiles and news that the app's schemas accept", async () => {
    const script = await client.getProfile({ companyKey: HOSTILE_KEYS.script });
    expect(script.displayNameEnglish).toBe(SCRIPT_NAME);
    expect(script.peers.map((p) => p.peerRelationship)).toContain(UNKNOWN.peerRelationship);
    const odd = await client.getProfile({ companyKey: HOSTILE_KEYS.odd.toLowerCase() });
    expect(odd).toMatchObject({ primaryListing: null, companyType: UNKNOWN.companyType });
    expect(odd.availableDatasets).toContain(UNKNOWN.dataset);
    expect((await client.getProfileV2({ companyKey: HOSTILE_KEYS.long })).name).toMatch(/^Zyxhostile/);
    expect(await client.getCompanyNews({ companyKey: HOSTILE_KEYS.script })).toHaveLength(3);
    const ranged = await client.getCompanyNews(
      { companyKey: HOSTILE_KEYS.script },
      { startDate: "2026-10-01", endDate: "2026-10-20" },
    );
    expect(ranged).toEqual([]);
    await expect(client.getProfile({ companyKey: "NASDAQ_ZZNONE" })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("serves the odd-key companies under their own keys, consistently in v2 and v3", async () => {
    for (const key of oddKeys) {
      const profile = await client.getProfile({ companyKey: key });
      expect(profile).toMatchObject({ companyKey: key, displayNameEnglish: ODD_KEY_NAMES[key] });
      expect(`${profile.primaryListing?.exchangeCode}_${profile.primaryListing?.ticker}`).toBe(key);
      expect(profile.peers.map((p) => p.companyKey).sort()).toEqual(oddKeys.filter((k) => k !== key).sort());
      const v2 = await client.getProfileV2({ companyKey: key });
      expect(v2).toMatchObject({ companyKey: key, exchangeSymbol: profile.primaryListing?.exchangeCode });
      expect(await client.getCompanyNews({ companyKey: key })).toHaveLength(1);
      const feed = await client.getTopNews({ companyKey: key });
      expect(feed.data.map((a) => a.companyKey)).toEqual([key]);
      expect((await client.getLogo({ companyKey: key }, "icon")).length).toBeGreaterThan(100);
    }
    const viaSecondary = await client.getProfile({ companyKey: ODD_KEY_SECONDARY });
    expect(viaSecondary.companyKey).toBe(ODD_KEYS.slash);
    // A percent-escape in a key is the key's own: it names no other company.
    await expect(client.getProfile({ companyKey: "OTC_AB/C" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("gives one ordinary company the odd-key companies as its closest peers", async () => {
    const host = await client.getProfile({ companyKey: ODD_KEY_PEER_HOST });
    expect(host.peers.slice(0, oddKeys.length).map((p) => p.companyKey)).toEqual(oddKeys);
    expect(host.peers.length).toBeGreaterThan(oddKeys.length);
  });

  it("leads the top-news feed with the hostile articles, paged without gaps or repeats", async () => {
    const whole = await client.getTopNews({ pageSize: 1000 });
    const hostile = whole.data.filter((a) => keys.includes(a.companyKey ?? ""));
    expect(hostile.length).toBeGreaterThanOrEqual(5);
    expect(whole.data.slice(0, hostile.length)).toEqual(hostile);
    const paged = [];
    for (let page = 1; page <= 4; page++) {
      paged.push(...(await client.getTopNews({ pageSize: 250, pageNumber: page })).data);
    }
    expect(whole.data.length).toBeGreaterThan(250);
    expect(paged.map((a) => a.sourceUrl + a.collectedAt)).toEqual(
      whole.data.map((a) => a.sourceUrl + a.collectedAt),
    );
    const one = await client.getTopNews({ companyKey: HOSTILE_KEYS.bidi });
    expect(one.data.every((a) => a.companyKey === HOSTILE_KEYS.bidi)).toBe(true);
    const dividends = await client.getTopNews({ eventTypes: ["dividend"] });
    expect(dividends.data.some((a) => keys.includes(a.companyKey ?? ""))).toBe(false);
  });

  it("leaves the free plan's companies alone", async () => {
    const free = await clientFor("demo-free").getCompaniesPage({});
    expect(free.data.map((r) => r.companyKey)).not.toContain(HOSTILE_KEYS.script);
  });
});
