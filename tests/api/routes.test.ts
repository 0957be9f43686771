// Route handlers called as Next calls them: GET(Request). Upstream is the in-process sandbox.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as companies } from "@/app/api/companies/route";
import { GET as compare } from "@/app/api/compare/route";
import { GET as indexStatus } from "@/app/api/index-status/route";
import { GET as logo } from "@/app/api/logo/route";
import { GET as news } from "@/app/api/news/route";
import { GET as profile } from "@/app/api/profile/route";
import { GET as profileV2 } from "@/app/api/profile-v2/route";
import { GET as resolve } from "@/app/api/resolve/route";
import { GET as status } from "@/app/api/status/route";
import { GET as topNews } from "@/app/api/top-news/route";
import { getSandboxHandler } from "@/lib/sandbox/instance";
import { getUniverse } from "@/lib/sandbox/universe";
import { compareNews, loadComparison } from "@/lib/server/pages/compare";
import { lookupFor, usTickerLookup } from "@/lib/server/services/companies";
import { getServices, Services, setServices } from "@/lib/server/services/services";
import { UpstreamClient } from "@/lib/upstream/client";

const call = (handler: (r: Request) => Promise<Response>, path: string, init?: RequestInit) =>
  handler(new Request(`http://localhost${path}`, init));

async function expectBadRequest(response: Response, parameter: string) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { errors: { message: string; parameter?: string }[] };
  expect(body.errors.map((e) => e.parameter)).toContain(parameter);
}

beforeAll(async () => {
  await getServices().directory.sync("default");
});
afterAll(() => setServices(undefined));

const universe = getUniverse();
const sample = universe.enabled.find((c) => c.datasets.includes("logos") && c.datasets.includes("news"));
if (!sample) throw new Error("no sample company");

describe("GET /api/companies", () => {
  it("finds a company by ticker, first, with the match kind", async () => {
    const response = await call(companies, `/api/companies?q=${sample.listings[0]?.ticker}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      rows: { companyKey: string; match: { kind: string } }[];
      progress: { state: string };
    };
    expect(body.rows[0]?.companyKey).toBe(sample.companyKey);
    expect(["ticker", "identifier"]).toContain(body.rows[0]?.match.kind);
    expect(body.progress.state).toBe("ready");
  });

  it("filters, counts facets and pages", async () => {
    const response = await call(
      companies,
      "/api/companies?sector=Energy&region=Europe&pageSize=5&page=2&sort=name",
    );
    const body = (await response.json()) as {
      total: number;
      rows: { sector: string; headquartersRegion: string }[];
      facets: { sector: { value: string; count: number }[] };
    };
    expect(body.total).toBeGreaterThan(5);
    expect(body.rows).toHaveLength(5);
    for (const row of body.rows)
      expect(row).toMatchObject({ sector: "Energy", headquartersRegion: "Europe" });
    expect(body.facets.sector.length).toBeGreaterThan(5);
  });

  it("resolves a well-formed identifier that is not in the index through the profile endpoint", async () => {
    const former = universe.enabled.find((c) => c.formerKey);
    const response = await call(companies, `/api/companies?q=${former?.formerKey}`);
    const body = (await response.json()) as { rows: { companyKey: string }[]; resolvedFrom: string };
    expect(body.rows[0]?.companyKey).toBe(former?.companyKey);
    expect(body.resolvedFrom).toBe(former?.formerKey);
  });

  it("rejects bad input with 400 naming the parameter", async () => {
    await expectBadRequest(await call(companies, "/api/companies?pageSize=0"), "pageSize");
    await expectBadRequest(await call(companies, "/api/companies?sort=shoeSize"), "sort");
    await expectBadRequest(await call(companies, "/api/companies?minMarketCap=-4"), "minMarketCap");
    await expectBadRequest(await call(companies, "/api/companies?apiKey=x"), "apiKey");
    const long = await call(companies, `/api/companies?q=${"x".repeat(500)}`);
    expect(((await long.clone().json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(
      "q: must be at most 200 characters",
    );
    await expectBadRequest(long, "q");
    // Numbers are decimal: an empty or blank value is not 0 (it would lift the feed's $1B floor).
    await expectBadRequest(await call(topNews, "/api/top-news?minMarketCap="), "minMarketCap");
    await expectBadRequest(await call(topNews, "/api/top-news?maxMarketCap=%20"), "maxMarketCap");
    await expectBadRequest(await call(companies, "/api/companies?page=0x1F"), "page");
    await expectBadRequest(await call(topNews, "/api/top-news?importance=0b1"), "importance");
    const fine = await call(topNews, "/api/top-news?minMarketCap=1.5e9&pageSize=5&importance=1");
    expect(fine.status).toBe(200);
  });
});

describe("GET /api/profile and /api/logo", () => {
  it("serves a profile, and 404 for an unknown company", async () => {
    const ok = await call(profile, `/api/profile?companyKey=${sample.companyKey}`);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { data: { companyKey: string }; state: string };
    expect(body).toMatchObject({ data: { companyKey: sample.companyKey }, state: "fresh" });
    expect((await call(profile, "/api/profile?companyKey=NASDAQ_ZZZZZ")).status).toBe(404);
    await expectBadRequest(await call(profile, "/api/profile?companyKey=../../etc"), "companyKey");
    await expectBadRequest(await call(profile, "/api/profile"), "companyKey");
  });

  it("serves the v2 profile (cached), resolving a former ticker, and 404 for an unknown company", async () => {
    // A London pence line: v2 collapses GBX to GBP, v3 keeps it.
    const london = universe.enabled.find(
      (c) => c.listings[0]?.exchange.code === "XLON" && c.listings[0].currency === "GBX",
    );
    const ok = await call(profileV2, `/api/profile-v2?companyKey=${london?.companyKey}`);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as {
      data: { companyKey: string; tradingCurrency: string; name: string; isPreIpo: boolean };
      state: string;
      liveFieldsAgeMs: number;
    };
    expect(body).toMatchObject({
      data: { companyKey: london?.companyKey, tradingCurrency: "GBP", name: london?.displayName },
      state: "fresh",
    });
    expect(body.liveFieldsAgeMs).toBeLessThan(60_000);
    const v3 = (await (await call(profile, `/api/profile?companyKey=${london?.companyKey}`)).json()) as {
      data: { primaryListing: { tradingCurrency: string } };
    };
    expect(v3.data.primaryListing.tradingCurrency).toBe("GBX");

    const former = universe.enabled.find((c) => c.formerKey);
    const byFormer = await call(profileV2, `/api/profile-v2?companyKey=${former?.formerKey}`);
    expect(((await byFormer.json()) as { data: { companyKey: string } }).data.companyKey).toBe(
      former?.companyKey,
    );

    const calls = getServices().stats.calls("/v2/company/profile");
    await call(profileV2, `/api/profile-v2?companyKey=${london?.companyKey}`);
    expect(getServices().stats.calls("/v2/company/profile")).toBe(calls);

    expect((await call(profileV2, "/api/profile-v2?companyKey=NASDAQ_ZZZZZ")).status).toBe(404);
    await expectBadRequest(await call(profileV2, "/api/profile-v2?companyKey=x"), "companyKey");
    await expectBadRequest(
      await call(profileV2, `/api/profile-v2?companyKey=${sample.companyKey}&version=3`),
      "version",
    );
  });

  it("serves a logo PNG with a long Cache-Control and an ETag, and 304 when it matches", async () => {
    const first = await call(logo, `/api/logo?companyKey=${sample.companyKey}&variant=tile`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toMatch(/max-age=\d{5,}/);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    const again = await call(logo, `/api/logo?companyKey=${sample.companyKey}&variant=tile`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    await expectBadRequest(
      await call(logo, `/api/logo?companyKey=${sample.companyKey}&variant=huge`),
      "variant",
    );
  });
});

describe("a 404 says what was not found", () => {
  const errorsOf = async (response: Response) => {
    expect(response.status).toBe(404);
    return ((await response.json()) as { errors: { message: string; code: string }[] }).errors;
  };

  it.each([
    { path: "/api/logo", route: logo, dataset: "logos", missing: "This company has no logo." } as const,
    { path: "/api/news", route: news, dataset: "news", missing: "This company has no news." } as const,
  ])(
    "$path: a company without its $dataset is not an unknown company",
    async ({ path, route, dataset, missing }) => {
      const without = universe.enabled.find((c) => !c.datasets.includes(dataset));
      expect(without).toBeDefined();
      const notThere = await errorsOf(await call(route, `${path}?companyKey=${without?.companyKey}`));
      expect(notThere).toEqual([{ message: missing, code: "not_found" }]);
      const unknown = await errorsOf(await call(route, `${path}?companyKey=NASDAQ_ZZZZZ`));
      expect(unknown).toEqual([{ message: "Company not found.", code: "not_found" }]);
    },
  );
});

describe("GET /api/news and /api/top-news", () => {
  it("serves company news and enforces the 31-day rule and paired dates", async () => {
    const ok = await call(news, `/api/news?companyKey=${sample.companyKey}`);
    expect(ok.status).toBe(200);
    await expectBadRequest(
      await call(news, `/api/news?companyKey=${sample.companyKey}&startDate=2026-09-01&endDate=2026-10-15`),
      "endDate",
    );
    await expectBadRequest(
      await call(news, `/api/news?companyKey=${sample.companyKey}&startDate=2026-09-01`),
      "endDate",
    );
    await expectBadRequest(
      await call(news, `/api/news?companyKey=${sample.companyKey}&importance=9`),
      "importance",
    );
  });

  it("filters a company's news as /news does, from the range's one cached call", async () => {
    const spy = vi.spyOn(getServices().client, "getCompanyNews");
    const range = `companyKey=${sample?.companyKey}&startDate=2026-10-21&endDate=2026-11-20`;
    type Story = { eventType: string; importance: number; title: string };
    const every = ((await (await call(news, `/api/news?${range}`)).json()) as { data: Story[] }).data;
    expect(every.length).toBeGreaterThan(3);
    const types = [...new Set(every.map((a) => a.eventType))].slice(0, 2);
    const filtered = await call(
      news,
      `/api/news?${range}&eventType=${types.join(",")}&minImportance=2&maxImportance=4`,
    );
    expect(filtered.status).toBe(200);
    const some = ((await filtered.json()) as { data: Story[] }).data;
    // Exactly the range's stories of those types and levels, in their order.
    expect(some).toEqual(
      every.filter((a) => types.includes(a.eventType) && a.importance >= 2 && a.importance <= 4),
    );
    const exact = ((await (await call(news, `/api/news?${range}&importance=3`)).json()) as { data: Story[] })
      .data;
    expect(exact).toEqual(every.filter((a) => a.importance === 3));
    // One upstream call for the range, whatever the filters.
    expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    spy.mockRestore();
    await expectBadRequest(await call(news, `/api/news?${range}&importance=1&maxImportance=3`), "importance");
    await expectBadRequest(
      await call(news, `/api/news?${range}&minImportance=4&maxImportance=2`),
      "minImportance",
    );
    await expectBadRequest(await call(news, `/api/news?${range}&eventType=earnings,gossip`), "eventType");
  });

  it("serves the top-news feed and refuses exact importance with a range", async () => {
    const ok = await call(topNews, "/api/top-news?eventType=earnings,ma&maxImportance=3");
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { data: { data: { eventType: string }[] } };
    for (const a of body.data.data) expect(["earnings", "ma"]).toContain(a.eventType);
    await expectBadRequest(await call(topNews, "/api/top-news?importance=1&minImportance=1"), "importance");
    await expectBadRequest(await call(topNews, "/api/top-news?eventType=gossip"), "eventType");
    await expectBadRequest(
      await call(topNews, "/api/top-news?startDate=2026-11-01&endDate=2026-11-20"),
      "endDate",
    );
  });

  it("names the companies on a page that have no logo, from the directory index", async () => {
    const response = await call(topNews, "/api/top-news?minMarketCap=0&pageSize=250");
    const body = (await response.json()) as { data: { data: { companyKey: string }[] }; noLogo: string[] };
    const onPage = new Set(body.data.data.map((a) => a.companyKey));
    const withoutLogo = universe.enabled.filter(
      (c) => onPage.has(c.companyKey) && !c.datasets.includes("logos"),
    );
    expect(withoutLogo.length).toBeGreaterThan(0);
    expect(new Set(body.noLogo)).toEqual(new Set(withoutLogo.map((c) => c.companyKey)));
  });

  it("keeps a company's stories whatever the market-cap bounds", async () => {
    const path = `/api/top-news?companyKey=${sample.companyKey}&minImportance=1&maxImportance=5&startDate=2026-11-01&endDate=2026-11-07`;
    const plain = (await (await call(topNews, path)).json()) as {
      data: { pagination: { totalCount: number } };
    };
    const bounded = (await (await call(topNews, `${path}&minMarketCap=1e15`)).json()) as typeof plain;
    expect(plain.data.pagination.totalCount).toBeGreaterThan(0);
    expect(bounded.data.pagination.totalCount).toBe(plain.data.pagination.totalCount);
  });
});

describe("GET /api/compare and /api/resolve", () => {
  it("returns the comparison, marking the companies that fail, the focus company's peers included", async () => {
    const former = universe.enabled.find((c) => c.formerKey && c.companyKey !== sample.companyKey);
    const keys = [sample.companyKey, "NASDAQ_ZZZZZ", former?.formerKey, former?.companyKey];
    const response = await call(compare, `/api/compare?companies=${keys.join(",")}`);
    const body = (await response.json()) as {
      entries: (
        | { ok: true; company: { companyKey: string } }
        | { ok: false; requested: string; reason: string }
      )[];
      focusPeers: { companyKey: string; relationship: string }[];
    };
    // The former ticker and the current key are one company, shown once.
    expect(body.entries).toEqual([
      expect.objectContaining({
        ok: true,
        company: expect.objectContaining({ companyKey: sample.companyKey }),
      }),
      expect.objectContaining({ ok: false, requested: "NASDAQ_ZZZZZ", reason: "not_found" }),
      expect.objectContaining({
        ok: true,
        company: expect.objectContaining({ companyKey: former?.companyKey }),
      }),
    ]);
    expect(body.focusPeers.length).toBeGreaterThan(0);
    const thirteen = universe.enabled
      .slice(0, 13)
      .map((c) => c.companyKey)
      .join(",");
    await expectBadRequest(await call(compare, `/api/compare?companies=${thirteen}`), "companies");
  });

  it("costs one profile call per uncached company and one top-news call per company for the set's news", async () => {
    const services = new Services({ startSync: false });
    const set = universe.enabled.slice(40, 52).map((c) => c.companyKey);
    const first = await loadComparison(set, services);
    expect(first.entries.every((e) => e.ok)).toBe(true);
    expect(services.stats.calls("/v3/company/profile")).toBe(12);
    await loadComparison([...set].reverse(), services);
    expect(services.stats.calls("/v3/company/profile")).toBe(12);

    const news = await compareNews(set, services);
    expect(services.stats.calls("/v1/top-news")).toBe(12);
    expect(news.companies.map((c) => c.companyKey)).toEqual(set);
    const ranks = news.articles.map((a) => a.importance);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(news.articles.every((a) => a.companyKey && set.includes(a.companyKey))).toBe(true);
    await compareNews(set, services);
    expect(services.stats.calls("/v1/top-news")).toBe(12);
  });

  it("asks each company's news with the filter given, and a former or lower-case key under the canonical one", async () => {
    const services = new Services({ startSync: false });
    const spy = vi.spyOn(services.news, "top");
    const set = universe.enabled.slice(40, 46).map((c) => c.companyKey);
    const major = await compareNews(set, services, { filter: { importance: 1 }, perCompany: 50 });
    expect(spy.mock.calls.map(([query]) => query)).toEqual(
      set.map((companyKey) => ({ importance: 1, companyKey, pageSize: 50 })),
    );
    expect(major.articles.every((a) => a.importance === 1)).toBe(true);

    const former = universe.enabled.find((c) => c.formerKey && c.datasets.includes("news"));
    if (!former?.formerKey) throw new Error("no company with a former key");
    const news = await compareNews([former.formerKey, former.companyKey.toLowerCase()], services);
    expect(news.companies.map((c) => [c.companyKey, c.error])).toEqual([
      [former.formerKey, undefined],
      [former.companyKey.toLowerCase(), undefined],
    ]);
    expect(news.articles.every((a) => a.companyKey === former.companyKey)).toBe(true);
    const unknown = await compareNews(["NASDAQ_ZZZZZ"], services);
    expect(unknown.companies[0]).toMatchObject({ total: null, reason: "not_found" });
  });

  it("a company without the news dataset has no stories in a set's news or the feed, not a failure", async () => {
    const quiet = universe.enabled.find((c) => !c.datasets.includes("news"));
    if (!quiet) throw new Error("no company without news");
    // The synced services: the company index has to say the company lists no news.
    const services = getServices();
    // The contract's answer for a dataset the company does not list (rule 2).
    await expect(services.client.getTopNews({ companyKey: quiet.companyKey })).rejects.toMatchObject({
      code: "not_found",
      details: { resource: "news" },
    });
    const news = await compareNews([quiet.companyKey, sample.companyKey], services);
    expect(news.companies[0]).toEqual({ companyKey: quiet.companyKey, total: 0 });
    expect(news.companies[1]?.total).toBeGreaterThan(0);
    const response = await call(topNews, `/api/top-news?companyKey=${quiet.companyKey}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { data: unknown[]; pagination: { totalCount: number } } };
    expect(body.data.data).toEqual([]);
    expect(body.data.pagination.totalCount).toBe(0);
  });

  it("asks the upstream by the kind an identifier is: a FIGI that also passes the ISIN check is a FIGI", () => {
    expect(lookupFor("BBG000B9XRB9")).toEqual({ figi: "BBG000B9XRB9" });
    expect(lookupFor("us0378331005")).toEqual({ isin: "US0378331005" });
    expect(lookupFor("037833100")).toEqual({ cusip: "037833100" });
    expect(usTickerLookup("rhmc")).toEqual({ ticker: "RHMC" });
    expect(usTickerLookup("BRK.B")).toEqual({ ticker: "BRK.B" });
    expect(usTickerLookup("Ruihua")).toBeNull();
    // Not an identifier to a page or a comparison: a made-up word there costs no call.
    expect(lookupFor("rhmc")).toBeNull();
  });

  it("finds a company by a secondary listing's US ticker, which the index does not hold", async () => {
    const response = await call(companies, "/api/companies?q=RHMC");
    const body = (await response.json()) as { rows: { companyKey: string }[]; resolvedFrom: string };
    expect(body.rows.map((r) => r.companyKey)).toEqual(["XSHE_300980"]);
    expect(body.resolvedFrom).toBe("RHMC");
    expect((await call(resolve, "/api/resolve?id=RHMC")).status).toBe(404);
  });

  it("resolves identifiers from the index and, for former tickers, through the profile endpoint", async () => {
    const byFscl = await call(resolve, `/api/resolve?id=${sample.fiscalId}`);
    expect(await byFscl.json()).toEqual({ companyKey: sample.companyKey, via: "index" });
    const former = universe.enabled.find((c) => c.formerKey);
    const byFormer = await call(resolve, `/api/resolve?id=${former?.formerKey}`);
    expect(await byFormer.json()).toEqual({ companyKey: former?.companyKey, via: "upstream" });
    expect((await call(resolve, "/api/resolve?id=NASDAQ_ZZZZZ")).status).toBe(404);
    // Text that cannot be an identifier is a bad parameter, answered without any lookup.
    expect((await call(resolve, "/api/resolve?id=hello%20world")).status).toBe(400);
  });
});

describe("status and the key", () => {
  it("reports call counts, caches and index progress, and never the key", async () => {
    const response = await call(status, "/api/status");
    const text = await response.text();
    expect(text).not.toContain("demo-licensed");
    const body = JSON.parse(text) as {
      upstreamCalls: Record<string, { calls: number }>;
      index: { default: { state: string } };
    };
    expect(body.upstreamCalls["/v3/companies-list"]?.calls).toBeGreaterThan(10);
    expect(body.index.default.state).toBe("ready");
    expect((await call(indexStatus, "/api/index-status")).status).toBe(200);
  });
});

describe("upstream budget", () => {
  it("browsing 20 profiles twice in ten minutes costs one upstream profile call per company", async () => {
    let now = Date.parse("2026-11-20T15:00:00Z");
    const services = new Services({ now: () => now, startSync: false });
    const keys = universe.enabled.slice(200, 220).map((c) => c.companyKey);
    for (const key of keys) await services.profiles.get(key);
    now += 9 * 60_000;
    for (const key of keys) await services.profiles.get(key);
    expect(services.stats.calls("/v3/company/profile")).toBe(20);
  });

  it("keeps the live fields past their limit, with their age, and refreshes them in the background", async () => {
    const start = Date.parse("2026-11-20T15:00:00Z");
    let now = start;
    const services = new Services({ now: () => now, startSync: false });
    const key = sample.companyKey;
    const first = await services.profiles.get(key);
    expect(first.data.updatedAt).toBeTypeOf("number");
    expect(first.data.earningsFilingDate).toBeTruthy();
    now = start + 9 * 60_000;
    expect((await services.profiles.get(key)).liveFieldsAgeMs).toBe(9 * 60_000);
    expect(services.stats.calls("/v3/company/profile")).toBe(1);

    now = start + 11 * 60_000;
    const past = await services.profiles.get(key);
    expect(past.liveFieldsAgeMs).toBe(11 * 60_000);
    expect(past.data.updatedAt).toBe(first.data.updatedAt);
    expect(past.data.earningsFilingDate).toBe(first.data.earningsFilingDate);
    await vi.waitFor(() => expect(services.stats.calls("/v3/company/profile")).toBe(2));
    expect((await services.profiles.get(key)).liveFieldsAgeMs).toBe(0);

    // Every minute of the profile's cache life and beyond: a known value is never withheld.
    for (let minute = 12; minute < 70; minute++) {
      now = start + minute * 60_000;
      const later = await services.profiles.get(key);
      expect(later.data.updatedAt).toBeTypeOf("number");
      expect(later.data.earningsFilingDate).toBeTruthy();
      await vi.waitFor(() =>
        expect(services.profiles.cache.peek(key)?.fetchedAt).toBeGreaterThanOrEqual(now - 10 * 60_000),
      );
    }
  });
});

describe("upstream failures", () => {
  it("maps an unreachable upstream to 503 with a JSON errors body, and serves stale data when it has some", async () => {
    let fail = false;
    let now = Date.parse("2026-11-20T15:00:00Z");
    const client = new UpstreamClient({
      baseUrl: "http://sandbox.internal",
      apiKey: "demo-licensed",
      retries: 0,
      transport: async (request) => {
        if (fail) throw new TypeError("fetch failed");
        return getSandboxHandler()(request);
      },
    });
    const services = new Services({ client, now: () => now, startSync: false });
    await services.profiles.get(sample.companyKey);
    fail = true;
    now += 2 * 24 * 3_600_000;
    const stale = await services.profiles.get(sample.companyKey);
    expect(stale.state).toBe("stale-on-error");
    expect(stale.warning).toMatch(/failing/);
    await expect(services.profiles.get("NASDAQ_OTHER")).rejects.toMatchObject({ code: "network" });
  });
});
