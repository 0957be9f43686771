// Data-layer figures (issue: server data layer): sync time for 12 and 55 pages from the sandbox,
// search latency over 55,000 rows per query type, index memory, and each route handler's cost
// against the same upstream call made straight to the sandbox over HTTP.
import { GET as companiesRoute } from "@/app/api/companies/route";
import { GET as logoRoute } from "@/app/api/logo/route";
import { GET as newsRoute } from "@/app/api/news/route";
import { GET as profileRoute } from "@/app/api/profile/route";
import { GET as topNewsRoute } from "@/app/api/top-news/route";
import { CompanyIndex } from "@/lib/directory/company-index";
import { DirectorySync } from "@/lib/directory/sync";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { getUniverse } from "@/lib/sandbox/universe";
import { Services, setServices } from "@/lib/server/services/services";
import { UpstreamClient } from "@/lib/upstream/client";
import type { Company } from "@/lib/upstream/schemas";
import { startSandboxServer } from "../tests/sandbox-server";
import { ms, table, timeMany } from "./stats";

export async function directoryBench(): Promise<void> {
  const now = Date.parse("2026-11-20T15:00:00Z");
  const universe = getUniverse();
  universe.step(Number.POSITIVE_INFINITY);
  const handler = createSandboxHandler({ universe: () => universe, now: () => now });
  const client = new UpstreamClient({
    baseUrl: "http://sandbox.internal",
    apiKey: "demo-licensed",
    transport: handler,
  });

  const syncRows: (string | number)[][] = [["sync", "pages", "rows", "time"]];
  for (const set of ["default", "all"] as const) {
    const sync = new DirectorySync(client);
    const t0 = performance.now();
    await sync.sync(set);
    const p = sync.progress(set);
    syncRows.push([set, p.pagesTotal ?? 0, p.rows, ms(performance.now() - t0)]);
  }
  table(syncRows);

  // Memory: the parsed rows of all 55,000 companies, then the search structures built over them.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const rows: Company[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await client.getCompaniesPage({ pageNumber, allCompanies: true });
    rows.push(...page.data);
    if (!page.pagination.hasNextPage) break;
  }
  gc?.();
  const heap1 = process.memoryUsage().heapUsed;
  const index = new CompanyIndex(rows);
  gc?.();
  const heap2 = process.memoryUsage().heapUsed;
  const sample = universe.enabled[321];
  const queries: [string, Parameters<CompanyIndex["search"]>[0]][] = [
    ["ticker", { q: sample?.listings[0]?.ticker }],
    ["name prefix", { q: sample?.shortName.slice(0, 4) }],
    ["misspelt name", { q: `${sample?.shortName.slice(0, 2)}${sample?.shortName.slice(3)}` }],
    ["identifier (FIGI)", { q: sample?.listings[0]?.figi }],
    [
      "empty + 3 filters",
      { filters: { sector: ["Industrials"], region: ["Europe"], companyType: ["operating_company"] } },
    ],
    // The whole-index facet counts are computed once; a broad filter shows the full counting pass.
    ["empty, sort by name", { sort: "name" }],
    [
      "broad filter, sort by name desc",
      { filters: { companyStatus: ["active"] }, sort: "name", order: "desc" },
    ],
  ];
  const searchRows: (string | number)[][] = [
    [`search over ${rows.length} rows`, "p50", "p95", "hits", "target p95"],
  ];
  for (const [label, query] of queries) {
    index.search(query);
    const timing = await timeMany(60, () => index.search(query));
    searchRows.push([label, ms(timing.p50), ms(timing.p95), index.search(query).total, "< 10 ms"]);
  }
  table(searchRows);
  console.log(
    `memory: ${rows.length} parsed rows ${((heap1 - heap0) / 1e6).toFixed(0)} MB; search structures over them ${((heap2 - heap1) / 1e6).toFixed(0)} MB`,
  );

  // Route handler vs the same upstream call over HTTP straight to the sandbox.
  const server = await startSandboxServer({ universe: () => universe, now: () => now });
  const key = sample?.companyKey ?? "";
  const cases: [string, (r: Request) => Promise<Response>, string, string][] = [
    ["profile", profileRoute, `/api/profile?companyKey=${key}`, `/v3/company/profile?companyKey=${key}`],
    ["logo", logoRoute, `/api/logo?companyKey=${key}&variant=icon`, `/v2/company/logo?companyKey=${key}`],
    ["company news", newsRoute, `/api/news?companyKey=${key}`, `/v1/company/news?companyKey=${key}`],
    ["top news", topNewsRoute, "/api/top-news?pageSize=50", "/v1/top-news?pageSize=50"],
    [
      "directory search",
      companiesRoute,
      "/api/companies?q=nor&pageSize=50",
      "/v3/companies-list?pageNumber=1",
    ],
  ];
  const routeRows: (string | number)[][] = [
    ["route", "direct HTTP p50", "route cold", "ratio", "route warm p50", "ratio"],
  ];
  for (const [label, route, path, upstreamPath] of cases) {
    const direct = await timeMany(20, async () => {
      const r = await fetch(server.baseUrl + upstreamPath, { headers: { "X-Api-Key": "demo-licensed" } });
      await r.arrayBuffer();
    });
    // Cold: a fresh services layer (empty caches) per call.
    const cold = await timeMany(10, async () => {
      const services = new Services({ client, startSync: false });
      setServices(services);
      if (label === "directory search") await services.directory.sync("default");
      const r = await route(new Request(`http://localhost${path}`));
      await r.arrayBuffer();
    });
    const warm = await timeMany(30, async () => {
      const r = await route(new Request(`http://localhost${path}`));
      await r.arrayBuffer();
    });
    routeRows.push([
      label,
      ms(direct.p50),
      ms(cold.p50),
      `${(cold.p50 / direct.p50).toFixed(2)}×`,
      ms(warm.p50),
      `${(warm.p50 / direct.p50).toFixed(2)}×`,
    ]);
  }
  table(routeRows);
  console.log(
    "(directory search 'cold' includes syncing the 13-page default set; the direct column is one list page)",
  );
  await server.close();
}
