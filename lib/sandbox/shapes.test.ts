import { describe, expect, it, vi } from "vitest";
import { UpstreamClient } from "@/lib/upstream/client";
import { createSandboxHandler } from "./handler";
import { SANDBOX_SHAPES, type SandboxShape, withShapes } from "./shapes";

const handler = createSandboxHandler({ now: () => Date.parse("2026-11-20T15:00:00Z") });
/** A company with news, listings and peers. */
const KEY = "XLON_EMBE";

function clientOn(shape: SandboxShape) {
  const sandbox = withShapes(handler, shape);
  const client = new UpstreamClient({
    baseUrl: "http://sandbox.internal",
    apiKey: "demo-licensed",
    retries: 0,
    transport: (request) => sandbox(request),
  });
  return { client, sandbox };
}

async function raw(shape: SandboxShape, path: string): Promise<unknown> {
  const response = await clientOn(shape).sandbox(
    new Request(`http://sandbox.internal${path}`, { headers: { "x-api-key": "demo-licensed" } }),
  );
  return response.json();
}

describe("the sandbox's other shapes", () => {
  it("are what they say: lean's envelope with hasNextPage alone, text and zoneless times; bare arrays; no nulls, unknown fields", async () => {
    const lean = (await raw("lean", "/v1/top-news?pageSize=2")) as {
      data: Record<string, unknown>[];
      pagination: Record<string, unknown>;
    };
    expect(lean.pagination).toEqual({ hasNextPage: true });
    expect(typeof lean.data[0]?.importance).toBe("string");
    expect(lean.data[0]?.collectedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/);
    expect(lean.data[0]?.sandboxShape).toBeDefined();
    const bare = (await raw("bare", "/v1/top-news?pageSize=2")) as Record<string, unknown>[];
    expect(Array.isArray(bare)).toBe(true);
    expect(bare).toHaveLength(2);
    const news = await raw("lean", `/v1/company/news?companyKey=${KEY}`);
    expect(news).toMatchObject({ pagination: { hasNextPage: false } });
    const profile = JSON.stringify(await raw("bare", `/v3/company/profile?companyKey=${KEY}`));
    expect(profile).not.toContain(":null");
    expect(profile).toContain('"sandboxShape"');
  });

  it("read by the client as the contract's own: the same stories, companies and listings, nothing left out", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const contract = clientOn("contract").client;
    const query = { pageSize: 40, pageNumber: 2, minImportance: 1, maxImportance: 3 };
    const expected = await contract.getTopNews(query);
    const profile = await contract.getProfile({ companyKey: KEY });
    const news = await contract.getCompanyNews({ companyKey: KEY });
    const list = await contract.getCompaniesPage({ pageNumber: 2 });
    expect(news.length).toBeGreaterThan(0);
    expect(profile.peers.length).toBeGreaterThan(0);
    for (const shape of SANDBOX_SHAPES) {
      const { client } = clientOn(shape);
      const page = await client.getTopNews(query);
      expect(page.data, shape).toEqual(expected.data);
      expect(page.pagination.hasNextPage, shape).toBe(true);
      expect(page.pagination.page, shape).toBe(2);
      // Without the total, the count is what is known: these 80 and at least one more.
      expect(page.pagination.totalCount, shape).toBe(
        shape === "contract" ? expected.pagination.totalCount : 81,
      );
      expect(page.pagination.totalKnown, shape).toBe(shape === "contract");
      expect(await client.getCompanyNews({ companyKey: KEY }), shape).toEqual(news);
      // Nulls left out read as null again (absent optional fields); unknown fields are dropped.
      expect(normalize(await client.getProfile({ companyKey: KEY })), shape).toEqual(normalize(profile));
      expect((await client.getCompaniesPage({ pageNumber: 2 })).data.length, shape).toBe(list.data.length);
      expect(client.health().dropped.total, shape).toBe(0);
    }
    expect(warn).not.toHaveBeenCalled();
  });
});

/** An answer with absent and null fields made the same (both read as "not given"). */
function normalize(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v) => (v === null ? undefined : v)));
}
