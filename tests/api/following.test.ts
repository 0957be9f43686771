// GET /api/following and /api/following/news: the followed companies' rows in one request (from
// the index, no upstream call), their news merged by importance, odd keys whole, bad input a 400.
import { describe, expect, it } from "vitest";
import { GET as followingNews } from "@/app/api/following/news/route";
import { GET as followingRows } from "@/app/api/following/route";
import type { FollowedRows } from "@/lib/api-types";
import { companiesParam } from "@/lib/compare/set";
import { MAX_FOLLOWING } from "@/lib/following/list";
import { ODD_KEYS } from "@/lib/sandbox/hostile-fixtures";
import { setPageMissLimiter } from "@/lib/server/budget/page-budget";
import { PEER_ADDRESS_HEADER, stampPeer } from "@/lib/server/front/peer";
import { RateLimiter } from "@/lib/server/http/rate-limit";
import { type Handler, installHostileServices } from "@/tests/hostile-services";

const NOW = Date.parse("2026-11-20T15:00:00Z");
const now = () => NOW;
const hostile = installHostileServices(now);
const upstreamCalls = hostile.upstreamCalls;
const oddKeys: string[] = Object.values(ODD_KEYS);

const get = (handler: Handler, query: string) =>
  handler(new Request(`http://localhost/api/following?${query}`));
const companies = (keys: readonly string[]) =>
  new URLSearchParams({ companies: companiesParam(keys) }).toString();

async function expectBadRequest(response: Response, pattern: RegExp) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { errors: { message: string; parameter?: string }[] };
  expect(body.errors.length).toBeGreaterThan(0);
  expect(body.errors.map((e) => e.message).join(" ")).toMatch(pattern);
}

describe("GET /api/following", () => {
  it("answers every followed company's directory row from the index, odd keys included, without an upstream call", async () => {
    const response = await get(followingRows, companies(oddKeys));
    expect(response.status).toBe(200);
    const body = (await response.json()) as FollowedRows;
    expect(body.companies.map((c) => c.requested)).toEqual(oddKeys);
    for (const c of body.companies) {
      expect(c.ok, c.requested).toBe(true);
      if (c.ok) expect(c.row).toMatchObject({ companyKey: c.requested, match: null });
    }
    expect(upstreamCalls).toEqual([]);
  });

  it("reports an unknown company on its own and still answers the others", async () => {
    const known = hostile.services().directory.index("default").search({}).hits[0]?.company
      .companyKey as string;
    const response = await get(followingRows, companies([known, "XNYS_NOSUCHCOMPANY"]));
    expect(response.status).toBe(200);
    const body = (await response.json()) as FollowedRows;
    expect(body.companies[0]).toMatchObject({ ok: true, row: { companyKey: known } });
    expect(body.companies[1]).toMatchObject({ ok: false, requested: "XNYS_NOSUCHCOMPANY" });
  });

  it("spends the client's PAGE_MISS_LIMIT on the companies no cache holds: made-up keys cannot fan out upstream", async () => {
    setPageMissLimiter(new RateLimiter({ requests: 3, windowSeconds: 3600 }));
    try {
      const madeUp = Array.from({ length: 10 }, (_, i) => `XNYS_MADEUP${i}`);
      const asked = (peer: string) =>
        followingRows(
          new Request(`http://localhost/api/following?${companies(madeUp)}`, {
            headers: { [PEER_ADDRESS_HEADER]: stampPeer(peer) },
          }),
        );
      const before = upstreamCalls.length;
      const refused = await asked("203.0.113.7");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe("miss_budget");
      // Three misses went upstream, then the budget stopped the rest.
      expect(upstreamCalls.length - before).toBeLessThanOrEqual(3);
      // Another client has its own budget; what is cached now costs nothing.
      const known = hostile.services().directory.index("default").search({}).hits[0]?.company
        .companyKey as string;
      const other = await followingRows(
        new Request(`http://localhost/api/following?${companies([known])}`, {
          headers: { [PEER_ADDRESS_HEADER]: stampPeer("203.0.113.8") },
        }),
      );
      expect(other.status).toBe(200);
    } finally {
      setPageMissLimiter(undefined);
    }
  });

  it("answers 400 with errors for bad input", async () => {
    await expectBadRequest(await get(followingRows, ""), /companies/);
    await expectBadRequest(await get(followingRows, "companies=hello"), /company key/);
    await expectBadRequest(await get(followingRows, "companies=NYSE_IBM&extra=1"), /Unknown parameter/);
    const tooMany = Array.from({ length: MAX_FOLLOWING + 1 }, (_, i) => `NYSE_C${i}`);
    await expectBadRequest(await get(followingRows, companies(tooMany)), /at most 50/);
    expect(upstreamCalls).toEqual([]);
  });
});

describe("GET /api/following/news", () => {
  it("merges one top-news call per company, most material first", async () => {
    const response = await get(followingNews, companies(oddKeys));
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      articles: { companyKey: string; importance: number }[];
      companies: { companyKey: string; total: number | null }[];
    };
    expect(body.companies.map((c) => c.companyKey)).toEqual(oddKeys);
    const levels = body.articles.map((a) => a.importance);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(upstreamCalls.filter((u) => u.pathname === "/v1/top-news")).toHaveLength(oddKeys.length);
    await get(followingNews, companies(oddKeys));
    expect(upstreamCalls.filter((u) => u.pathname === "/v1/top-news")).toHaveLength(oddKeys.length);
  });

  it("takes up to 50 companies and refuses more", async () => {
    const tooMany = Array.from({ length: MAX_FOLLOWING + 1 }, (_, i) => `NYSE_C${i}`);
    await expectBadRequest(await get(followingNews, companies(tooMany)), /at most 50/);
  });
});
