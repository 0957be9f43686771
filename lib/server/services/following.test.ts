// The followed companies' rows: one company's bad upstream data fails that company alone, and the
// query takes the compare set's encoding, the parameter repeated too.
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/following/route";
import type { FollowedRows } from "@/lib/api-types";
import { HOSTILE_KEYS } from "@/lib/sandbox/hostile-fixtures";
import { installHostileServices } from "@/tests/hostile-services";
import { parseSearch } from "../http/http";
import { followingQuery } from "../http/query-schemas";
import { loadFollowedRows } from "./following";

const NOW = Date.parse("2026-11-20T15:00:00Z");
const hostile = installHostileServices(() => NOW);
// A secondary listing of a company whose profile has no primary listing (the contract allows it):
// the index does not hold the key, and the profile is no directory row.
const NO_ROW_KEY = "XLON_ZZODD.X";

const get = async (query: string) => {
  const response = await GET(new Request(`http://localhost/api/following?${query}`));
  return { status: response.status, body: (await response.json()) as FollowedRows };
};
const knownKeys = () =>
  hostile
    .services()
    .directory.index("default")
    .search({})
    .hits.slice(0, 2)
    .map((h) => h.company.companyKey);

describe("loadFollowedRows", () => {
  it("fails a company whose upstream data is no directory row on its own", async () => {
    const [known] = knownKeys();
    const rows = await loadFollowedRows([NO_ROW_KEY, known as string], hostile.services());
    expect(rows.companies[0]).toEqual({
      requested: NO_ROW_KEY,
      ok: false,
      reason: "unavailable",
      message: "The data service sent this company in a shape this page cannot show.",
    });
    expect(rows.companies[1]).toMatchObject({ ok: true, row: { companyKey: known } });
  });
});

describe("GET /api/following", () => {
  it("answers 200 when one company's upstream data does not fit, never a 400", async () => {
    const { status, body } = await get(`companies=${encodeURIComponent(NO_ROW_KEY)},${HOSTILE_KEYS.odd}`);
    expect(status).toBe(200);
    expect(body.companies.map((c) => [c.requested, c.ok])).toEqual([
      [NO_ROW_KEY, false],
      [HOSTILE_KEYS.odd, true],
    ]);
  });

  it("takes the companies parameter repeated, as the compare set does", async () => {
    const [a, b] = knownKeys() as [string, string];
    const { status, body } = await get(`companies=${a}&companies=${b.toLowerCase()}&companies=${a}`);
    expect(status).toBe(200);
    expect(body.companies.map((c) => c.requested)).toEqual([a, b]);
  });
});

describe("the /api/following query", () => {
  const companies = (query: string) => parseSearch(new URLSearchParams(query), followingQuery).companies;

  it("reads one comma list or the parameter repeated, upper-cased and de-duplicated", () => {
    expect(companies("companies=NYSE_A,nyse_b")).toEqual(["NYSE_A", "NYSE_B"]);
    expect(companies("companies=NYSE_A,NYSE_B&companies=nyse_a&companies=XTAE_A%252CB")).toEqual([
      "NYSE_A",
      "NYSE_B",
      "XTAE_A,B",
    ]);
  });

  it("still takes at most 50 companies, however they are given", () => {
    const query = Array.from({ length: 51 }, (_, i) => `companies=NYSE_C${i}`).join("&");
    expect(() => companies(query)).toThrow(/at most 50/);
  });
});
