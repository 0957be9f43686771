// Company keys that need encoding (NYSE_BRK/B, XPAR_A&B+C%, a comma, a space, a percent-escape of
// their own): every route takes them, sends each to the upstream only as one encoded query value,
// and answers for exactly that company. The upstream is the sandbox with its hostile overlay.
import { describe, expect, it } from "vitest";
import { GET as exportCsv } from "@/app/api/companies/export/route";
import { GET as compareNews } from "@/app/api/compare/news/route";
import { GET as compare } from "@/app/api/compare/route";
import { GET as logo } from "@/app/api/logo/route";
import { GET as news } from "@/app/api/news/route";
import { GET as profile } from "@/app/api/profile/route";
import { GET as resolve } from "@/app/api/resolve/route";
import { companiesParam } from "@/lib/compare/set";
import { ODD_KEY_NAMES, ODD_KEY_PEER_HOST, ODD_KEY_WORD, ODD_KEYS } from "@/lib/sandbox/hostile-fixtures";
import { type Handler, installHostileServices } from "@/tests/hostile-services";

const now = () => Date.parse("2026-11-20T15:00:00Z");
const { upstreamCalls } = installHostileServices(now);
const keys: string[] = Object.values(ODD_KEYS);

const get = (handler: Handler, query: Record<string, string>) =>
  handler(new Request(`http://localhost/api/x?${new URLSearchParams(query)}`));

/** Every upstream call since the test began went to a contract path with this key as a query value. */
function expectForwardedAsQueryValue(key: string, paths: string[]) {
  expect(upstreamCalls.length, key).toBeGreaterThan(0);
  for (const url of upstreamCalls) {
    expect(url.origin, key).toBe("http://sandbox.internal");
    expect(paths, `${key}: ${url.pathname}`).toContain(url.pathname);
    expect(url.searchParams.get("companyKey"), key).toBe(key);
  }
}

describe("odd company keys through the API routes", () => {
  it("/api/profile answers for exactly that company", async () => {
    for (const key of keys) {
      upstreamCalls.length = 0;
      const response = await get(profile, { companyKey: key });
      expect(response.status, key).toBe(200);
      const body = (await response.json()) as { data: { companyKey: string; displayNameEnglish: string } };
      expect(body.data, key).toMatchObject({ companyKey: key, displayNameEnglish: ODD_KEY_NAMES[key] });
      expectForwardedAsQueryValue(key, ["/v3/company/profile"]);
    }
  });

  it("/api/news and /api/logo take the key whole", async () => {
    for (const key of keys) {
      upstreamCalls.length = 0;
      const articles = await get(news, { companyKey: key });
      expect(articles.status, key).toBe(200);
      expect(JSON.stringify(await articles.json()), key).toContain(`${ODD_KEY_NAMES[key]} reports results`);
      const image = await get(logo, { companyKey: key, variant: "tile" });
      expect(image.status, key).toBe(200);
      expect(image.headers.get("content-type"), key).toBe("image/png");
      expectForwardedAsQueryValue(key, ["/v1/company/news", "/v2/company/logo"]);
    }
  });

  it("/api/news and /api/logo ask for a key typed in lower case by the key its answer is cached under", async () => {
    const [key] = keys as [string];
    upstreamCalls.length = 0;
    const range = { startDate: "2026-11-02", endDate: "2026-11-19" }; // a range no other test asks for
    expect((await get(news, { companyKey: key.toLowerCase(), eventType: "guidance", ...range })).status).toBe(
      200,
    );
    expect((await get(logo, { companyKey: key.toLowerCase(), variant: "icon" })).status).toBe(200);
    expect(upstreamCalls.map((url) => url.searchParams.get("companyKey"))).toEqual([key, key]);
  });

  it("/api/compare's peer graph has one node per company, a peer listed twice included", async () => {
    const response = await get(compare, { companies: ODD_KEY_PEER_HOST });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { focusPeers: { companyKey: string }[] };
    const peers = body.focusPeers.map((p) => p.companyKey);
    expect(peers).toEqual(expect.arrayContaining(keys));
    expect(new Set(peers).size).toBe(peers.length);
  });

  it("/api/resolve names the key itself", async () => {
    for (const key of keys) {
      const response = await get(resolve, { id: key });
      expect(response.status, key).toBe(200);
      expect(((await response.json()) as { companyKey: string }).companyKey, key).toBe(key);
    }
  });

  it("/api/compare and /api/compare/news read the set format, commas inside keys included", async () => {
    const response = await get(compare, { companies: companiesParam(keys) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { entries: { ok: boolean; company?: { companyKey: string } }[] };
    expect(body.entries.map((e) => e.ok && e.company?.companyKey)).toEqual(keys);
    const stories = await get(compareNews, { companies: companiesParam(keys) });
    expect(stories.status).toBe(200);
    const served = (await stories.json()) as { companies: { companyKey: string; total: number | null }[] };
    expect(served.companies).toEqual(keys.map((companyKey) => ({ companyKey, total: 1 })));
  });

  it("/api/companies/export writes each key whole, quoted where CSV needs it", async () => {
    const response = await get(exportCsv, { q: ODD_KEY_WORD });
    expect(response.status).toBe(200);
    const lines = (await response.text()).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(keys.length + 1);
    const firstCells = lines
      .slice(1)
      .map((line) => (line.startsWith('"') ? line.slice(1, line.indexOf('"', 1)) : line.split(",")[0]));
    expect(firstCells.sort()).toEqual([...keys].sort());
  });
});
