// Top-news feed figures (issue: top-news feed): the route handler for a cached feed page
// in-process, and the whole /news and / pages rendered by `next start` (the production server)
// from warm caches, with the upstream calls the overview costs.
import { GET as topNewsRoute } from "@/app/api/top-news/route";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { getUniverse } from "@/lib/sandbox/universe";
import { Services, setServices } from "@/lib/server/services/services";
import { UpstreamClient } from "@/lib/upstream/client";
import { BENCH_SANDBOX_NOW, startBuiltApp } from "./app";
import { ms, table, timeMany } from "./stats";

const TARGET = "< 100 ms";

async function topNewsCalls(base: string): Promise<number> {
  const status = (await (await fetch(`${base}/api/status`)).json()) as {
    upstreamCalls: Record<string, { calls: number }>;
  };
  return status.upstreamCalls["/v1/top-news"]?.calls ?? 0;
}

export async function benchNews(): Promise<void> {
  // The route handler in-process: one feed page (30 stories, the page's size) from a warm cache.
  const now = Date.parse(BENCH_SANDBOX_NOW);
  const universe = getUniverse();
  const handler = createSandboxHandler({ universe: () => universe, now: () => now });
  const client = new UpstreamClient({
    baseUrl: "http://sandbox.internal",
    apiKey: "demo-licensed",
    transport: handler,
  });
  const services = new Services({ client, startSync: false });
  setServices(services);
  await services.directory.sync("default");
  const routeRows: (string | number)[][] = [["route handler (warm cache)", "p50", "p95", "target"]];
  for (const [label, query] of [
    ["/api/top-news default page", "pageSize=30"],
    [
      "/api/top-news filtered page 3",
      "eventType=earnings,ma&minImportance=1&maxImportance=3&page=3&pageSize=30",
    ],
  ] as const) {
    const run = async () =>
      (await topNewsRoute(new Request(`http://localhost/api/top-news?${query}`))).arrayBuffer();
    await run();
    const timing = await timeMany(50, run);
    routeRows.push([label, ms(timing.p50), ms(timing.p95), TARGET]);
  }
  table(routeRows);

  // The pages as the production server renders them (HTML with the first 30 stories).
  const { base, stop } = await startBuiltApp();
  try {
    const before = await topNewsCalls(base);
    await (await fetch(`${base}/`)).arrayBuffer();
    const coldCalls = (await topNewsCalls(base)) - before;
    await (await fetch(`${base}/`)).arrayBuffer();
    const warmCalls = (await topNewsCalls(base)) - before - coldCalls;

    const pageRows: (string | number)[][] = [
      ["page via next start (warm cache)", "p50", "p95", "HTML", "target"],
    ];
    for (const [label, pagePath] of [
      ["/news (defaults)", "/news"],
      [
        "/news (5 filters)",
        "/news?startDate=2026-11-16&endDate=2026-11-19&eventType=earnings,ma&importance=1&minMarketCap=10B",
      ],
      ["/ (overview)", "/"],
    ] as const) {
      let bytes = 0;
      const run = async () => {
        bytes = (await (await fetch(base + pagePath)).arrayBuffer()).byteLength;
      };
      for (let i = 0; i < 3; i++) await run();
      const timing = await timeMany(40, run);
      pageRows.push([label, ms(timing.p50), ms(timing.p95), `${(bytes / 1024).toFixed(0)} KB`, TARGET]);
    }
    table(pageRows);
    console.log(
      `overview upstream calls: ${coldCalls} to /v1/top-news with cold caches (1 for today's stories, 19 for the week's counts), ${warmCalls} when cached; the directory index costs none`,
    );
  } finally {
    stop();
  }
}
