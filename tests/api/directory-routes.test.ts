// The directory's route handlers beyond plain search: compact rows, market-cap buckets, CSV export;
// and the loader of the server-rendered page.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as exportCsv } from "@/app/api/companies/export/route";
import { GET as companies } from "@/app/api/companies/route";
import { directoryPageSearch } from "@/components/directory/queries";
import { COMPACT_DROPPED } from "@/lib/directory/fields";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { PEER_ADDRESS_HEADER, stampPeer } from "@/lib/server/front/peer";
import { RateLimiter, setApiRateLimit } from "@/lib/server/http/rate-limit";
import { loadDirectoryPage } from "@/lib/server/pages/directory";
import { getServices, Services, setServices } from "@/lib/server/services/services";
import { UpstreamClient } from "@/lib/upstream/client";

const call = (handler: (r: Request) => Promise<Response>, path: string) =>
  handler(new Request(`http://localhost${path}`));

interface Body {
  total: number;
  rows: Record<string, unknown>[];
  facets?: unknown;
  marketCap?: { value: string; count: number }[];
}

beforeAll(async () => {
  await getServices().directory.sync("default");
});
afterAll(() => setServices(undefined));

describe("GET /api/companies, view options", () => {
  it("serves compact rows without the fields the contract's compact row drops", async () => {
    const full = (await (await call(companies, "/api/companies?pageSize=3")).json()) as Body;
    const compact = (await (await call(companies, "/api/companies?pageSize=3&compact=true")).json()) as Body;
    expect(compact.rows.map((r) => r.companyKey)).toEqual(full.rows.map((r) => r.companyKey));
    expect(full.rows[0]).toHaveProperty("industry");
    for (const field of COMPACT_DROPPED) expect(compact.rows[0]).not.toHaveProperty(field);
    expect(compact.rows[0]).toHaveProperty("marketCapUsd");
    expect(compact.rows[0]?.primaryListing).not.toHaveProperty("segmentMic");
  });

  it("leaves facets out on request, and filters by market-cap buckets including 'none'", async () => {
    const lean = (await (await call(companies, "/api/companies?facets=false")).json()) as Body;
    expect(lean.facets).toBeUndefined();
    const all = (await (await call(companies, "/api/companies")).json()) as Body;
    const counts = Object.fromEntries((all.marketCap ?? []).map((b) => [b.value, b.count]));
    const megaNone = (await (
      await call(companies, "/api/companies?marketCap=mega,none&pageSize=500")
    ).json()) as Body;
    expect(megaNone.total).toBe((counts.mega ?? 0) + (counts.none ?? 0));
    expect(megaNone.rows.some((r) => r.marketCapUsd === null || r.marketCapUsd === undefined)).toBe(true);
    for (const row of megaNone.rows)
      if (typeof row.marketCapUsd === "number") expect(row.marketCapUsd).toBeGreaterThanOrEqual(200e9);
  });

  it("takes a facet value containing a comma whole, and several values as repeated parameters", async () => {
    const oil = encodeURIComponent("Oil, Gas & Consumable Fuels");
    const one = (await (await call(companies, `/api/companies?industry=${oil}`)).json()) as Body;
    expect(one.total).toBeGreaterThan(0);
    for (const row of one.rows) expect(row.industry).toBe("Oil, Gas & Consumable Fuels");
    const two = (await (
      await call(companies, `/api/companies?industry=${oil}&industry=Banks`)
    ).json()) as Body;
    expect(two.total).toBeGreaterThan(one.total);
  });

  it("rejects an unknown market-cap bucket and a bad flag", async () => {
    for (const path of ["/api/companies?marketCap=huge", "/api/companies?compact=yes"]) {
      const response = await call(companies, path);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
    }
  });
});

describe("GET /api/companies/export", () => {
  it("exports every row of the filtered view, in its order, as UTF-8 CSV with identifiers as text", async () => {
    const view = "sector=Energy&region=Europe&sort=name";
    const page = (await (await call(companies, `/api/companies?${view}&pageSize=500`)).json()) as Body;
    const response = await call(exportCsv, `/api/companies/export?${view}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="companies-.+\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^companyKey,displayName,/);
    expect(lines.length - 1).toBe(page.total);
    expect(lines.slice(1, 6).map((l) => l.split(",")[0])).toEqual(
      page.rows.slice(0, 5).map((r) => r.companyKey),
    );
    expect(lines.some((l) => /,="\d{10}",/.test(l))).toBe(true); // a CIK keeps its leading zeros
  });

  it('exports plain CSV for pandas and R: no BOM, no ="...", the same rows', async () => {
    const view = "sector=Energy&region=Europe&sort=name";
    const sheet = await (await call(exportCsv, `/api/companies/export?${view}&format=spreadsheet`)).text();
    const response = await call(exportCsv, `/api/companies/export?${view}&format=plain`);
    expect(response.headers.get("content-disposition")).not.toContain("spreadsheet");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes[0]).toBe("c".charCodeAt(0));
    const plain = new TextDecoder().decode(bytes);
    expect(plain).not.toContain('="');
    expect(plain.split("\r\n")).toHaveLength(sheet.split("\r\n").length);
    expect(/,\d{10},/.test(plain)).toBe(true); // the CIK as it is, leading zeros and all
    expect((await call(exportCsv, `/api/companies/export?format=xlsx`)).status).toBe(400);
  });

  it("rejects paging parameters and unknown ones", async () => {
    expect((await call(exportCsv, "/api/companies/export?page=2")).status).toBe(400);
    expect((await call(exportCsv, "/api/companies/export?apiKey=x")).status).toBe(400);
  });

  it("waits for a complete index: 503 while a set's first sync runs, 403 for a set the plan lacks", async () => {
    const withKey = (apiKey: string) => {
      const sandbox = createSandboxHandler({ now: () => Date.parse("2026-11-20T15:00:00Z") });
      const client = new UpstreamClient({
        baseUrl: "http://sandbox.internal",
        apiKey,
        retries: 0,
        transport: sandbox,
      });
      return new Services({ startSync: false, client, tier: null, snapshots: null });
    };
    const saved = getServices();
    try {
      setServices(withKey("demo-licensed"));
      const loading = await call(exportCsv, "/api/companies/export");
      expect(loading.status).toBe(503);
      expect(loading.headers.get("retry-after")).toBe("10");
      expect(((await loading.json()) as { errors: { message: string }[] }).errors[0]?.message).toMatch(
        /still loading/,
      );

      const free = withKey("demo-free");
      setServices(free);
      await free.directory.sync("all").catch(() => undefined);
      const plan = await call(exportCsv, "/api/companies/export?set=all");
      expect(plan.status).toBe(403);
      expect(await plan.json()).toEqual({
        errors: [
          { message: "The all-companies set is not available on this server's plan.", parameter: "set" },
        ],
      });
    } finally {
      setServices(saved);
    }
  });
});

describe("on a real key, for people not signed in", () => {
  // The services stay the sandbox's (built above); the access rules read the real key's settings.
  const from = (peer: string, path: string, handler: (r: Request) => Promise<Response>) =>
    handler(
      new Request(`http://localhost${path}`, {
        headers: { host: "localhost", [PEER_ADDRESS_HEADER]: stampPeer(peer) },
      }),
    );
  beforeAll(() => {
    vi.stubEnv("API_BASE_URL", "https://api.example.com");
    vi.stubEnv("API_KEY", "sk-real");
  });
  afterEach(() => setApiRateLimit(undefined));
  afterAll(() => vi.unstubAllEnvs());

  it("refuses anyone but this machine, and gives this machine no ISIN or CUSIP", async () => {
    const refused = await from("203.0.113.9", "/api/companies?pageSize=3", companies);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ errors: [{ code: "sign_in_required" }] });
    const local = await from("127.0.0.1", "/api/companies?pageSize=3&q=a", companies);
    expect(local.status).toBe(200);
    const text = await local.text();
    expect(text).toContain("primaryListing");
    expect(text).not.toMatch(/"isin"|"cusip"/);
  });

  it("exports without the licensed columns, and not the whole universe", async () => {
    const all = await from("127.0.0.1", "/api/companies/export?set=all&format=plain", exportCsv);
    expect(all.status).toBe(403);
    expect(await all.json()).toMatchObject({ errors: [{ parameter: "set", code: "sign_in_required" }] });
    const view = await from("127.0.0.1", "/api/companies/export?q=a&format=plain", exportCsv);
    expect(view.status).toBe(200);
    expect(view.headers.get("x-left-out")).toMatch(/isin, cusip/);
    const header = (await view.text()).split("\r\n")[0] ?? "";
    expect(header).toContain("figi");
    expect(header).not.toMatch(/isin|cusip/);
  });

  it("charges an export its size against the client's limit", async () => {
    setApiRateLimit({ limiter: new RateLimiter({ requests: 200, windowSeconds: 60 }), trustedHops: 0 });
    const first = await from("127.0.0.1", "/api/companies/export?format=plain", exportCsv);
    const rows = Number(first.headers.get("x-total-count"));
    expect(first.status).toBe(200);
    expect(rows).toBeGreaterThan(10_000);
    // 1 + rows/100 of 200: the second whole-set export waits for the window.
    const second = await from("127.0.0.1", "/api/companies/export?format=plain", exportCsv);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await second.json()).errors[0].message).toMatch(
      /rows, and answers count against this client's limit by their size/,
    );
    // Another client is not charged for it.
    expect((await from("127.0.0.2", "/api/companies/export?q=a", exportCsv)).status).toBe(200);
  });

  it("charges a search page its size too, and a small answer nothing more than its request", async () => {
    setApiRateLimit({ limiter: new RateLimiter({ requests: 8, windowSeconds: 60 }), trustedHops: 0 });
    // 500 rows: five of eight requests; the second such page finds room for its request, not its rows.
    expect((await from("127.0.0.1", "/api/companies?pageSize=500", companies)).status).toBe(200);
    const second = await from("127.0.0.1", "/api/companies?pageSize=500", companies);
    expect(second.status).toBe(429);
    expect((await second.json()).errors[0].message).toMatch(/This page is 500 rows/);
    // A client asking for small pages gets its eight.
    const small = [];
    for (let i = 0; i < 8; i++)
      small.push((await from("127.0.0.3", "/api/companies?pageSize=50", companies)).status);
    expect(small).toEqual(Array(8).fill(200));
  });
});

describe("loadDirectoryPage, the /companies page's loader", () => {
  afterEach(() => vi.restoreAllMocks());

  it("loads the page the browser would ask /api/companies for", async () => {
    const search = directoryPageSearch("q=lime", 1);
    const loaded = await loadDirectoryPage(search);
    const api = (await (await call(companies, `/api/companies?${search}`)).json()) as Body;
    expect(loaded.errors).toBeUndefined();
    expect(loaded.data?.rows.map((r) => r.companyKey)).toEqual(api.rows.map((r) => r.companyKey));
    expect(loaded.data?.total).toBeGreaterThan(0);
  });

  it("does not hold the document for a search that has not answered in time", async () => {
    vi.spyOn(getServices().companies, "search").mockReturnValue(new Promise(() => {}));
    const started = performance.now();
    expect(await loadDirectoryPage(directoryPageSearch("q=lime", 1), 50)).toEqual({ slow: true });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("logs a query that fails validation in one line and returns readable messages", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const loaded = await loadDirectoryPage(
      directoryPageSearch(`q=${encodeURIComponent("lime\u0001\nx")}`, 1),
    );
    expect(loaded.data).toBeUndefined();
    expect(loaded.errors?.map((e) => e.message)).toEqual(["q: must not contain control characters"]);
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]?.[0]);
    expect(line).toBe("directory page: invalid query: q: must not contain control characters");
  });
});

describe("one universe for finding", () => {
  interface Page extends Body {
    set: string;
    beyond: number | null;
  }
  const page = async (path: string) => (await (await call(companies, path)).json()) as Page;
  const outside = () => {
    const enabled = getServices().directory.index("default");
    const all = getServices().directory.index("all").search({ limit: 60_000 }).hits;
    return all.map((h) => h.company).filter((c) => !enabled.byKey(c.companyKey));
  };

  it("searches the API-enabled set until the whole universe's list is complete, then every company", async () => {
    const enabled = await page("/api/companies?facets=false");
    if (getServices().directory.progress("all").state !== "ready") {
      const before = await page("/api/companies?set=any&facets=false");
      expect(before).toMatchObject({ set: "default", total: enabled.total });
    }
    await getServices().directory.sync("all");
    const after = await page("/api/companies?set=any&facets=false");
    expect(after.set).toBe("all");
    expect(after.total).toBe(getServices().directory.progress("all").rows);
    expect(after.total).toBeGreaterThan(enabled.total * 3);
  });

  it("marks a company outside the API-enabled set, and counts it beyond a search of that set", async () => {
    const company = outside().find((c) => c.displayNameEnglish && c.displayNameEnglish.length > 6);
    if (!company) throw new Error("the sandbox has no company outside the API-enabled set");
    const q = encodeURIComponent(company.companyKey);
    const any = await page(`/api/companies?q=${q}&set=any`);
    expect(any.rows[0]).toMatchObject({ companyKey: company.companyKey, apiEnabled: false });
    const enabled = await page(`/api/companies?q=${q}`);
    expect(enabled).toMatchObject({ set: "default", total: 0, beyond: 1 });
    // A screen: the whole universe holds every company the API-enabled set holds, and more.
    const screen = await page("/api/companies?sector=Industrials");
    const universe = await page("/api/companies?sector=Industrials&set=all");
    expect(screen.beyond).toBe(universe.total - screen.total);
    expect(screen.beyond).toBeGreaterThan(0);
    // A whole-universe answer marks the API-enabled rows too.
    expect(universe.rows.some((r) => r.apiEnabled === true)).toBe(true);
  });

  it("finds a company outside the API-enabled set by an ISIN only its profile knows", async () => {
    const index = getServices().directory.index("all");
    let found: { companyKey: string; isin: string } | undefined;
    for (const company of outside().slice(0, 400)) {
      const profile = await getServices().profiles.get(company.companyKey);
      const isin = profile.data.secondaryListings
        .map((l) => l.isin)
        .find((i) => i && index.exact(i).length === 0);
      if (isin) {
        found = { companyKey: company.companyKey, isin };
        break;
      }
    }
    if (!found) throw new Error("no company outside the API-enabled set has a secondary listing's ISIN");
    const any = await page(`/api/companies?q=${found.isin}&set=any&facets=false`);
    expect(any.rows.map((r) => r.companyKey)).toEqual([found.companyKey]);
    expect(any).toMatchObject({ resolvedFrom: found.isin });
    const enabled = await page(`/api/companies?q=${found.isin}`);
    expect(enabled).toMatchObject({ total: 0, beyond: 1 });
  });
});
