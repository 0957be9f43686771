// Load test (issue: reliability): many concurrent clients against the built app on loopback for
// LOAD_SECONDS (default 30, at least 30), at most LOAD_MAX_REQUESTS requests (default 1,000,000),
// with autocannon. The traffic mixes what the pages ask for: directory searches (the API the
// search box calls, and the directory page itself), profile pages, logos, company news, the news
// page and its feed API. Companies are drawn with a Zipf-like popularity over 2,000 API-enabled
// companies (a few are visited often, most rarely), from a seeded sequence, so runs compare.
// Prints a no-errors check, p50/p95/p99 latency overall and per kind, throughput, and the
// upstream calls the run cost per 1,000 page views (from /api/health, which counts every call).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { Rng } from "@/lib/sandbox/rng";
import { getUniverse } from "@/lib/sandbox/universe";
import { startBuiltApp } from "./app";
import { ms, percentile, table } from "./stats";

const SECONDS = Math.max(30, Number(process.env.LOAD_SECONDS) || 30);
const MAX_REQUESTS = Number(process.env.LOAD_MAX_REQUESTS) || 1_000_000;
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS) || 64;
const POOL = 2000;
const SEQUENCE = 100_000;

type Kind =
  | "search API"
  | "directory page"
  | "profile page"
  | "logo"
  | "company news"
  | "news page"
  | "feed API";
/** Share of each kind in the traffic, and whether it is a page view (an HTML page). */
const MIX: [Kind, number, boolean][] = [
  ["search API", 0.3, false],
  ["directory page", 0.05, true],
  ["profile page", 0.2, true],
  ["logo", 0.25, false],
  ["company news", 0.1, false],
  ["news page", 0.05, true],
  ["feed API", 0.05, false],
];
const PAGE_VIEW = new Set(MIX.filter(([, , page]) => page).map(([kind]) => kind));

/** The request sequence: every client takes the next path from it. */
function requestSequence(): { path: string; kind: Kind }[] {
  const universe = getUniverse();
  const pool = [...universe.enabled]
    .sort((a, b) => (b.marketCapUsd ?? 0) - (a.marketCapUsd ?? 0))
    .slice(0, POOL);
  // Zipf-like popularity: the company of rank r is drawn with weight 1/r.
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= pool.length; r++) {
    total += 1 / r;
    cumulative.push(total);
  }
  const rng = new Rng(20261120);
  const company = (filter?: (c: (typeof pool)[number]) => boolean) => {
    for (;;) {
      const u = rng.next() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((cumulative[mid] as number) < u) lo = mid + 1;
        else hi = mid;
      }
      const c = pool[lo];
      if (c && (!filter || filter(c))) return c;
    }
  };
  const query = () => {
    const c = company();
    const r = rng.next();
    const ticker = c.listings[0]?.ticker ?? c.companyKey;
    if (r < 0.4) return ticker;
    const name = c.displayName.replace(/[^A-Za-z ]/g, "");
    return name.slice(0, 2 + Math.floor(rng.next() * 5)).trim() || ticker;
  };
  const feedPages = ["", "?importance=3", "?view=day", "?minImportance=1&maxImportance=3"];
  const sequence: { path: string; kind: Kind }[] = [];
  for (let i = 0; i < SEQUENCE; i++) {
    const u = rng.next();
    let edge = 0;
    let kind: Kind = "search API";
    for (const [candidate, share] of MIX) {
      edge += share;
      kind = candidate;
      if (u < edge) break;
    }
    switch (kind) {
      case "search API":
        sequence.push({ kind, path: `/api/companies?q=${encodeURIComponent(query())}&page=1&pageSize=50` });
        break;
      case "directory page":
        sequence.push({ kind, path: `/companies?q=${encodeURIComponent(query())}` });
        break;
      case "profile page":
        sequence.push({ kind, path: `/companies/${company().companyKey}` });
        break;
      case "logo":
        sequence.push({
          kind,
          path: `/api/logo?companyKey=${company((c) => c.datasets.includes("logos")).companyKey}&variant=icon`,
        });
        break;
      case "company news":
        sequence.push({
          kind,
          path: `/api/news?companyKey=${company((c) => c.datasets.includes("news")).companyKey}`,
        });
        break;
      case "news page":
        sequence.push({ kind, path: `/news${feedPages[Math.floor(rng.next() * feedPages.length)]}` });
        break;
      case "feed API":
        sequence.push({ kind, path: `/api/top-news?page=${1 + Math.floor(rng.next() * 3)}&pageSize=30` });
        break;
    }
  }
  return sequence;
}

interface Health {
  status: string;
  index: { all: { state: string } };
  upstream: { calls: number; state: string; breaker: { state: string } };
  caches: { entries: number; hits: number; misses: number; staleServed: number };
}

async function health(base: string): Promise<Health> {
  return (await (await fetch(`${base}/api/health`)).json()) as Health;
}

/** What the page front has done since the app started. */
async function fronts(base: string): Promise<{
  pages: { hits: number; renders: number; shed: number };
}> {
  return (await (await fetch(`${base}/api/status`)).json()) as Awaited<ReturnType<typeof fronts>>;
}

/** Upstream list calls since the app started (the company index's sync). */
async function listCalls(base: string): Promise<number> {
  const status = (await (await fetch(`${base}/api/status`)).json()) as {
    upstreamCalls: Record<string, { calls: number }>;
  };
  return Object.entries(status.upstreamCalls)
    .filter(([endpoint]) => endpoint.includes("companies-list"))
    .reduce((sum, [, stats]) => sum + stats.calls, 0);
}

/**
 * The load test twice on one CACHE_DIR (the embedded default's persistent cache), the app
 * restarted in between: the second run starts with what the first fetched, as a deployment does.
 */
export async function loadBench(): Promise<void> {
  const sequence = requestSequence();
  const cacheDir = mkdtempSync(path.join(tmpdir(), "bench-load-"));
  const perThousand: number[] = [];
  let requests: number | undefined;
  try {
    for (const run of ["first run, empty caches", "second run, after a restart"]) {
      // 64 clients from one address stand for 64 people: the per-client budget for uncached pages
      // (PAGE_MISS_LIMIT) would refuse them as one.
      const { base, stop } = await startBuiltApp({ CACHE_DIR: cacheDir, PAGE_MISS_LIMIT: "off" });
      try {
        console.log(`\n### ${run}`);
        // Steady state: the all-companies sync (56 pages and a 55,000-row index) has finished too.
        const deadline = Date.now() + 120_000;
        const settled = new Set(["ready", "unavailable", "error"]);
        // A busy machine may reset a kept-alive connection: the next poll asks again.
        while (
          !settled.has((await health(base).catch(() => null))?.index.all.state ?? "") &&
          Date.now() < deadline
        )
          await new Promise((r) => setTimeout(r, 500));
        if (perThousand.length > 0)
          console.log(`list calls at the restart: ${await listCalls(base)} (target 0)`);
        // The second run replays the first one's requests (the same companies in the same order), so
        // its upstream calls are what the restart lost, not the companies a faster run reached beyond.
        const figures = await loadRun(base, sequence, requests ?? MAX_REQUESTS);
        requests ??= figures.requests;
        perThousand.push(figures.perThousand);
      } finally {
        await stop();
      }
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
  console.log(
    `\nupstream calls per 1,000 page views: ${perThousand.map((n) => n.toFixed(1)).join(" on the first run, ")} ` +
      "on the second, after a restart (target < 50)",
  );
}

/** One load run against a started app; prints its figures and answers its upstream calls per 1,000 page views. */
async function loadRun(
  base: string,
  sequence: { path: string; kind: Kind }[],
  maxRequests: number,
): Promise<{ perThousand: number; requests: number }> {
  const before = await health(base);
  const frontsBefore = await fronts(base);
  const byKind = new Map<Kind, { latencies: number[]; statuses: Map<number, number> }>(
    MIX.map(([kind]) => [kind, { latencies: [], statuses: new Map() }]),
  );
  const all: number[] = [];
  let next = 0;
  // autocannon calls onResponse and then, synchronously, emits "response" with the time taken:
  // the kind is handed from one to the other.
  let answered: Kind = "search API";
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      maxOverallRequests: maxRequests,
      timeout: 20,
      requests: [
        {
          setupRequest: (request, context) => {
            const item = sequence[next++ % sequence.length] as { path: string; kind: Kind };
            (context as { kind?: Kind }).kind = item.kind;
            return { ...request, path: item.path };
          },
          onResponse: (status, _body, context) => {
            answered = (context as { kind: Kind }).kind;
            const stats = byKind.get(answered);
            stats?.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
          },
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  // The instance emits (client, status, bytes, responseTime): the time is the last argument.
  let views = 0;
  instance.on("response", (...args: unknown[]) => {
    const responseTime = Number(args[args.length - 1]);
    all.push(responseTime);
    byKind.get(answered)?.latencies.push(responseTime);
    if (PAGE_VIEW.has(answered)) views++;
  });
  // Every 10 s: upstream calls and page views so far, to show the caches filling.
  const marks: { calls: number; views: number }[] = [{ calls: before.upstream.calls, views: 0 }];
  const startedAt = Date.now();
  const sampler = setInterval(() => {
    if (Date.now() - startedAt > (SECONDS - 5) * 1000) return; // the last stretch is the final figure
    // The health answer waits in line with the load: views are counted when it arrives.
    void health(base).then(
      (h) => marks.push({ calls: h.upstream.calls, views }),
      () => {},
    );
  }, 10_000);
  const result = await done.finally(() => clearInterval(sampler));
  const after = await health(base);
  const frontsAfter = await fronts(base);

  const total = all.length;
  const pageViews = [...byKind].reduce(
    (sum, [kind, s]) => sum + (PAGE_VIEW.has(kind) ? s.latencies.length : 0),
    0,
  );
  const upstreamCalls = after.upstream.calls - before.upstream.calls;
  const failures = result.errors + result.timeouts + result.non2xx + result.mismatches;
  all.sort((a, b) => a - b);
  console.log(
    `${CONNECTIONS} concurrent clients for ${SECONDS} s (at most ${maxRequests.toLocaleString("en-US")} requests), ` +
      `${POOL.toLocaleString("en-US")} companies with Zipf-like popularity, on loopback`,
  );
  table([
    ["kind", "requests", "p50", "p95", "p99", "statuses"],
    ...[...byKind].map(([kind, s]) => {
      const sorted = s.latencies.sort((a, b) => a - b);
      return [
        `${kind}${PAGE_VIEW.has(kind) ? " (page view)" : ""}`,
        sorted.length,
        ms(percentile(sorted, 50)),
        ms(percentile(sorted, 95)),
        ms(percentile(sorted, 99)),
        [...s.statuses].map(([status, count]) => `${status}×${count}`).join(" "),
      ];
    }),
    ["all", total, ms(percentile(all, 50)), ms(percentile(all, 95)), ms(percentile(all, 99)), ""],
  ]);
  console.log(
    `no errors: ${failures === 0 ? "yes" : "NO"} (connection errors ${result.errors}, timeouts ${result.timeouts}, ` +
      `non-2xx ${result.non2xx}, mismatched bodies ${result.mismatches})`,
  );
  console.log(
    `throughput: ${(total / result.duration).toFixed(0)} requests/s, ${(result.throughput.average / 1e6).toFixed(1)} MB/s`,
  );
  console.log(
    `upstream calls: ${upstreamCalls.toLocaleString("en-US")} for ${pageViews.toLocaleString("en-US")} page views ` +
      `and ${total.toLocaleString("en-US")} requests: ${((upstreamCalls / Math.max(1, pageViews)) * 1000).toFixed(1)} per 1,000 page views, ` +
      `${((upstreamCalls / Math.max(1, total)) * 1000).toFixed(1)} per 1,000 requests`,
  );
  marks.push({ calls: after.upstream.calls, views: pageViews });
  console.log(
    `  by stretches of about 10 s, as the caches fill: ${marks
      .slice(1)
      .map((mark, i) => {
        const prev = marks[i] as { calls: number; views: number };
        const rate = ((mark.calls - prev.calls) / Math.max(1, mark.views - prev.views)) * 1000;
        return rate.toFixed(0);
      })
      .join(", ")} per 1,000 page views`,
  );
  console.log(
    `after the run: upstream ${after.upstream.state}, breaker ${after.upstream.breaker.state}, ` +
      `${after.caches.entries.toLocaleString("en-US")} cache entries, stale served ${after.caches.staleServed - before.caches.staleServed}`,
  );
  const [pagesBefore, pagesAfter] = [frontsBefore.pages, frontsAfter.pages];
  console.log(
    `page front: ${(pagesAfter.renders - pagesBefore.renders).toLocaleString("en-US")} pages rendered, ` +
      `${(pagesAfter.hits - pagesBefore.hits).toLocaleString("en-US")} answered from kept pages, ` +
      `${pagesAfter.shed - pagesBefore.shed} shed`,
  );
  if (failures > 0) process.exitCode = 1;
  return { perThousand: (upstreamCalls / Math.max(1, pageViews)) * 1000, requests: total };
}
