// Sandbox figures (issue: foundation): start-up, list page and other endpoint latency in-process
// and over loopback HTTP, and memory held by the universe.
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { generateUniverse } from "@/lib/sandbox/universe";
import { startSandboxServer } from "../tests/sandbox-server";
import { ms, table, timeMany } from "./stats";

export async function sandboxBench(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const universe = generateUniverse();
  const readyMs = performance.now() - t0;
  universe.step(Number.POSITIVE_INFINITY); // completes the companies outside the API-enabled set
  const completeMs = performance.now() - t0;
  gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(
    `universe: ${universe.companies.length} companies (${universe.enabled.length} API-enabled, ${universe.free.length} free)`,
  );
  console.log(
    `ready (default set served) in ${ms(readyMs)} in a cold process (target < 2000 ms); whole universe in ${ms(completeMs)}; heap held ${((heapAfter - heapBefore) / 1e6).toFixed(0)} MB`,
  );

  const now = Date.parse("2026-11-20T15:00:00Z");
  const handler = createSandboxHandler({ universe: () => universe, now: () => now });
  const server = await startSandboxServer({ universe: () => universe, now: () => now });
  const sample = universe.enabled[500];
  const cases: [string, string][] = [
    ["list page (1000 rows)", "/v3/companies-list?pageNumber=3"],
    ["list page compact", "/v3/companies-list?pageNumber=3&compact=true"],
    ["list page allCompanies", "/v3/companies-list?pageNumber=40&allCompanies=true"],
    ["profile", `/v3/company/profile?companyKey=${sample?.companyKey}`],
    ["logo (tile)", `/v2/company/logo?companyKey=${sample?.companyKey}&variant=tile`],
    ["company news (14 days)", `/v1/company/news?companyKey=${sample?.companyKey}`],
    ["top news (defaults)", "/v1/top-news"],
  ];
  const rows: (string | number)[][] = [["request", "in-process p50", "p95", "HTTP p50", "p95"]];
  for (const [label, path] of cases) {
    const call = (base: string) => async () => {
      const response = base
        ? await fetch(base + path, { headers: { "X-Api-Key": "demo-licensed" } })
        : await handler(
            new Request(`http://sandbox.internal${path}`, { headers: { "X-Api-Key": "demo-licensed" } }),
          );
      await response.arrayBuffer();
    };
    await call("")(); // warm (first top-news call builds the day caches)
    const inProcess = await timeMany(30, call(""));
    const http = await timeMany(30, call(server.baseUrl));
    rows.push([label, ms(inProcess.p50), ms(inProcess.p95), ms(http.p50), ms(http.p95)]);
  }
  table(rows);
  await server.close();
}
