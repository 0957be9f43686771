import { afterEach, describe, expect, it, vi } from "vitest";
import { UpstreamClient } from "./client";
import { isUpstreamError } from "./errors";
import { topNewsPageSchema } from "./schemas";

const article = (n: number, extra: Record<string, unknown> = {}) => ({
  date: "2026-11-20",
  title: `Story ${n}`,
  description: "d",
  summary: "s",
  eventType: "earnings",
  importance: 1,
  sourceUrl: "https://example.com/",
  collectedAt: `2026-11-20T14:${String(n % 60).padStart(2, "0")}:00Z`,
  companyKey: "NYSE_X",
  ...extra,
});
const articles = (count: number) => Array.from({ length: count }, (_, i) => article(i));

/** A client whose upstream answers each call with the next body (200, JSON). */
function clientAnswering(...bodies: unknown[]) {
  const urls: URL[] = [];
  const client = new UpstreamClient({
    baseUrl: "https://api.example.test",
    apiKey: "secret-key-123",
    retries: 0,
    transport: async (request) => {
      urls.push(new URL(request.url));
      return new Response(JSON.stringify(bodies.shift()), {
        headers: { "content-type": "application/json" },
      });
    },
  });
  return { client, urls };
}

afterEach(() => vi.restoreAllMocks());

describe("the top-news body in every plausible shape", () => {
  const asked = { page: 2, pageSize: 3 };
  const read = (body: unknown) => topNewsPageSchema(asked).parse(body);
  const full = {
    page: 2,
    pageSize: 3,
    totalCount: 7,
    totalPages: 3,
    hasNextPage: true,
    hasPreviousPage: true,
  };

  it("the contract's list envelope, as it came", () => {
    const page = read({ data: articles(3), pagination: full });
    expect(page.pagination).toEqual({ ...full, totalKnown: true });
    expect(page.data.map((a) => a.title)).toEqual(["Story 0", "Story 1", "Story 2"]);
  });

  it("any subset of the six pagination fields: the rest made from the page asked for", () => {
    // The vendor's own mock: hasNextPage alone.
    expect(read({ data: articles(3), pagination: { hasNextPage: true } }).pagination).toEqual({
      page: 2,
      pageSize: 3,
      totalCount: 7, // the 6 up to this page and at least one more
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: true,
      totalKnown: false,
    });
    // hasNextPage says there is none, though the page is full: it is believed, and the count is exact.
    expect(read({ data: articles(3), pagination: { hasNextPage: false } }).pagination).toMatchObject({
      hasNextPage: false,
      totalCount: 6,
      totalKnown: true,
    });
    // totalPages alone pages on; totalCount alone is the count.
    expect(read({ data: articles(3), pagination: { totalPages: 2 } }).pagination).toMatchObject({
      hasNextPage: false,
    });
    expect(read({ data: articles(3), pagination: { totalCount: 40, page: "2" } }).pagination).toMatchObject({
      page: 2,
      totalCount: 40,
      totalKnown: true,
      hasNextPage: true,
    });
    // A field of the wrong kind is not known, not a failure.
    expect(
      read({ data: articles(1), pagination: { hasNextPage: "perhaps", totalCount: null } }).pagination,
    ).toMatchObject({ hasNextPage: false, totalCount: 4, totalKnown: true });
  });

  it("{data} alone, or a bare array: a next page when this one came back full", () => {
    expect(read({ data: articles(3) }).pagination).toMatchObject({
      hasNextPage: true,
      totalCount: 7,
      totalKnown: false,
    });
    expect(read(articles(2)).pagination).toMatchObject({
      hasNextPage: false,
      totalCount: 5,
      totalKnown: true,
    });
    expect(read([]).pagination).toMatchObject({ hasNextPage: false, totalCount: 3 });
    expect(read(articles(2)).data).toHaveLength(2);
  });

  it("a story repaired where it can be, completed where the contract is silent", () => {
    const [story] = read([
      {
        title: "Only a title, an importance and a time",
        importance: "2",
        collectedAt: "2026-11-20 09:30:00",
      },
    ]).data;
    expect(story).toEqual({
      title: "Only a title, an importance and a time",
      importance: 2,
      collectedAt: "2026-11-20T09:30:00Z",
      date: "2026-11-20",
      description: "",
      summary: "",
      eventType: "other",
      sourceUrl: "",
    });
    expect(read([{ title: "A day only", importance: 3, date: "2026-11-19" }]).data[0]?.collectedAt).toBe(
      "2026-11-19T00:00:00Z",
    );
  });
});

describe("one bad value never fails its item, where the item can go without it", () => {
  it("an optional field that does not parse is left out, the item and the answer served; a required one drops its item", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const listing = { ticker: "X", exchangeCode: "NYSE" };
    const { client } = clientAnswering({
      companyId: 1,
      companyKey: "NYSE_X",
      availableDatasets: ["news"],
      foundingYear: "c. 1850",
      ipoYear: 1999,
      secondaryListings: [],
      peers: [
        {
          peerRelationship: "industry_peer",
          companyId: 2,
          companyKey: "NYSE_P",
          primaryListing: listing,
          marketCapUsd: "n/a",
        },
      ],
    });
    const profile = await client.getProfile({ companyKey: "NYSE_X" });
    expect(profile.foundingYear).toBeUndefined();
    expect(profile.ipoYear).toBe(1999);
    expect(profile.peers.map((p) => [p.companyKey, p.marketCapUsd])).toEqual([["NYSE_P", undefined]]);
    expect(client.health().dropped.last?.items).toEqual([
      { item: "peers[0]", field: "marketCapUsd", kept: true },
      { item: "(answer)", field: "foundingYear", kept: true },
    ]);
    expect(String(warn.mock.calls[0]?.[0])).toContain("peers[0].marketCapUsd (the value only)");
    // A story's collection time unreadable, its date there: kept, its time made from the date.
    const news = clientAnswering({ data: [article(0, { collectedAt: 1_700_000_000 })] }).client;
    expect((await news.getTopNews()).data[0]?.collectedAt).toBe("2026-11-20T00:00:00Z");
  });
});

describe("one bad item never fails the rest", () => {
  it("top news: the stories that do not parse are left out, counted in health, named in one log line", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { client } = clientAnswering({
      data: [
        article(0),
        article(1, { importance: "very" }),
        article(2, { title: undefined }),
        article(3, { collectedAt: null, date: null }),
        article(4, { unknownField: { nested: true }, marketCapUsd: "1.5e9" }),
      ],
    });
    const page = await client.getTopNews({ pageSize: 5 });
    expect(page.data.map((a) => a.title)).toEqual(["Story 0", "Story 4"]);
    expect(page.data[1]?.marketCapUsd).toBe(1.5e9);
    expect(page.data[1]).not.toHaveProperty("unknownField");
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toContain("/v1/top-news: left out 3 item(s)");
    expect(line).toContain("data[1].importance, data[2].title, data[3].collectedAt");
    expect(line).not.toContain("secret-key-123");
    expect(client.health().dropped).toMatchObject({
      total: 3,
      byEndpoint: { "/v1/top-news": 3 },
      last: { endpoint: "/v1/top-news", items: [{ item: "data[1]", field: "importance" }, {}, {}] },
    });
  });

  it("an answer with nothing usable is unreadable; an empty one is not", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { client } = clientAnswering([{ title: 1 }, { importance: 9 }], []);
    const error = await client.getTopNews().catch((e: unknown) => e);
    expect(isUpstreamError(error) && error.code).toBe("invalid_response");
    expect((error as Error).message).toContain("none of its items could be read: data[0].title");
    expect((await client.getTopNews()).data).toEqual([]);
  });

  it("company news: the contract's array or the list envelope, a bad article left out", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const good = article(0);
    const { client } = clientAnswering([good, { ...article(1), summary: null }], {
      data: [good],
      pagination: { hasNextPage: false },
    });
    expect((await client.getCompanyNews({ companyKey: "NYSE_X" })).map((a) => a.title)).toEqual(["Story 0"]);
    expect((await client.getCompanyNews({ companyKey: "NYSE_X" })).map((a) => a.title)).toEqual(["Story 0"]);
    expect(client.health().dropped.byEndpoint).toEqual({ "/v1/company/news": 1 });
  });

  it("list rows: one without companyKey or primaryListing is dropped, not guessed; a number as text is read", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const listing = { ticker: "X", exchangeCode: "NYSE" };
    const row = (key: string) => ({
      companyId: 1,
      companyKey: key,
      primaryListing: listing,
      availableDatasets: [],
    });
    const { client } = clientAnswering({
      pagination: {
        page: 1,
        pageSize: 1000,
        totalCount: 4,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      },
      data: [
        { ...row("NYSE_A"), companyId: "17", marketCapUsd: "2500000000" },
        { ...row("NYSE_B"), companyKey: undefined },
        { ...row("NYSE_C"), primaryListing: undefined },
        { ...row("NYSE_D"), primaryListing: { exchangeCode: "NYSE" } },
      ],
    });
    const page = await client.getCompaniesPage({});
    expect(page.data.map((r) => [r.companyKey, r.companyId, r.marketCapUsd])).toEqual([
      ["NYSE_A", 17, 2.5e9],
    ]);
    expect(client.health().dropped.last?.items).toEqual([
      { item: "data[1]", field: "companyKey" },
      { item: "data[2]", field: "primaryListing" },
      { item: "data[3]", field: "primaryListing.ticker" },
    ]);
  });

  it("a profile: a bad peer or listing is left out, the profile served; absent optional fields read as null", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const listing = { ticker: "X", exchangeCode: "NYSE" };
    const peer = (key: string) => ({
      peerRelationship: "direct_competitor",
      companyId: 2,
      companyKey: key,
      primaryListing: listing,
    });
    const { client } = clientAnswering({
      companyId: 1,
      companyKey: "NYSE_X",
      availableDatasets: ["news"],
      foundingYear: "1999",
      secondaryListings: [listing, { ticker: "Y" }],
      peers: [peer("NYSE_P"), { ...peer("NYSE_Q"), peerRelationship: undefined }, { ...peer("") }],
    });
    const profile = await client.getProfile({ companyKey: "NYSE_X" });
    expect(profile.primaryListing).toBeNull();
    expect(profile.foundingYear).toBe(1999);
    expect(profile.secondaryListings).toHaveLength(1);
    expect(profile.peers.map((p) => p.companyKey)).toEqual(["NYSE_P"]);
    expect(client.health().dropped.last?.items.map((d) => d.item)).toEqual([
      "secondaryListings[1]",
      "peers[1]",
      "peers[2]",
    ]);
  });
});
