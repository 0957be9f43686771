// What a page view costs the server (issue 15), against the built app with warm caches: CPU time
// per page view over a fixed mix (40 profiles, the overview, /news, the directory), read from the
// server's processes; the same for static files; the HTML each page sends (raw and gzipped); and
// page views at 32 concurrent clients (latency percentiles, throughput, errors).
import { get as httpGet } from "node:http";
import { gzipSync } from "node:zlib";
import { getUniverse } from "@/lib/sandbox/universe";
import { startBuiltApp } from "./app";
import { ms, percentile, table } from "./stats";

const PROFILES = 40;
const ROUNDS = 5;
const STATIC_REQUESTS = 400;
const CLIENTS = 32;
const CONCURRENT_SECONDS = 15;

/** The mix: the 40 largest API-enabled companies' profiles, then the three other pages people read. */
function pageMix(): string[] {
  const top = [...getUniverse().enabled]
    .sort((a, b) => (b.marketCapUsd ?? 0) - (a.marketCapUsd ?? 0))
    .slice(0, PROFILES);
  return [...top.map((c) => `/companies/${encodeURIComponent(c.companyKey)}`), "/", "/news", "/companies"];
}

async function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { headers: { "accept-encoding": "identity", ...headers } });
  return { status: response.status, body: await response.text() };
}

/** The bytes of a response's body as they travel (not decoded). */
function transferBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve(bytes));
    }).on("error", reject);
  });
}

/**
 * Waits until no index sync runs: the directory page starts the all-companies set, whose first
 * sync or snapshot load is start-up work, not the cost of a page view.
 */
async function settled(base: string): Promise<void> {
  type Progress = { state: string; refreshing?: boolean };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const status = (await (await fetch(`${base}/api/index-status`)).json()) as Record<string, Progress>;
    const sets = [status.default, status.all];
    if (sets.every((p) => p && (p.state === "ready" || p.state === "unavailable") && !p.refreshing)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the company index was still syncing after 2 minutes");
}

/** CPU per request over `paths` fetched one after another, `rounds` times; throws on a non-200 (206 for a range). */
async function cpuPerRequest(
  base: string,
  cpuMs: () => number,
  paths: readonly string[],
  rounds: number,
  headers: Record<string, string> = {},
): Promise<number> {
  const before = cpuMs();
  for (let r = 0; r < rounds; r++)
    for (const path of paths) {
      const { status } = await get(base + path, headers);
      if (status !== (headers.range ? 206 : 200)) throw new Error(`${path} answered ${status}`);
    }
  return (cpuMs() - before) / (paths.length * rounds);
}

/** CLIENTS clients, each fetching the next page of the mix as soon as its last one came back. */
async function concurrentPageViews(base: string, mix: readonly string[]) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const end = performance.now() + CONCURRENT_SECONDS * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const path = mix[next++ % mix.length] as string;
      const start = performance.now();
      try {
        const response = await fetch(base + path);
        await response.arrayBuffer();
        if (response.status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, errors, perSecond: latencies.length / seconds };
}

/** What one configuration of the app measures: CPU rows, HTML sizes, the concurrent run. */
interface Measured {
  cpu: [string, number][];
  /** The overview's scripts and stylesheet: how many, and their bytes as Next's gzip and the front's. */
  assets: { files: number; next: number; gzip: number; brotli: number };
  sizes: [string, number, number][];
  concurrent: { views: number; perSecond: number; p50: number; p99: number; errors: number; shed: number };
}

async function measure(
  mix: readonly string[],
  env: Record<string, string>,
  root?: string,
): Promise<Measured | null> {
  // One client stands for many people here: the per-client page budget would answer 429.
  const { base, stop, cpuMs } = await startBuiltApp({ PAGE_MISS_LIMIT: "off", ...env }, root);
  try {
    if (Number.isNaN(cpuMs())) return null;
    // Warm every cache the mix touches (upstream answers, the index, Next's own), twice.
    for (let i = 0; i < 2; i++) for (const path of mix) await get(base + path);
    await settled(base);
    // Once more after the index settled: a page kept before its last sync was dropped by it.
    for (const path of mix) await get(base + path);
    const home = (await get(`${base}/`)).body;
    const files = [...new Set(home.match(/\/_next\/static\/[^"?]+\.(?:js|css)/g))];
    const chunk = files.find((f) => f.endsWith(".js"));
    if (!chunk) throw new Error("the overview names no script under /_next/static");

    const cpu: [string, number][] = [
      [
        `page view (mix of ${mix.length}: ${PROFILES} profiles, /, /news, /companies)`,
        await cpuPerRequest(base, cpuMs, mix, ROUNDS),
      ],
    ];
    for (const path of ["/", "/news", "/companies", mix[0] as string])
      cpu.push([`  ${path}`, await cpuPerRequest(base, cpuMs, [path], 40)]);
    // Static files: the static front (lib/server/front/static-front.ts) against Next itself, which
    // serves the byte ranges the front leaves to it (the whole file for "bytes=0-").
    for (let i = 0; i < 2; i++) for (const file of [...files, "/icon.svg"]) await get(base + file);
    await new Promise((r) => setTimeout(r, 2_000));
    const byNext = { range: "bytes=0-" };
    const staticCpu = (path: string, headers?: Record<string, string>) =>
      cpuPerRequest(base, cpuMs, [path], STATIC_REQUESTS, headers);
    cpu.push(
      ["static file /icon.svg", await staticCpu("/icon.svg")],
      ["  Next", await staticCpu("/icon.svg", byNext)],
      ["static script /_next/static/…, as it is", await staticCpu(chunk)],
      ["  gzip", await staticCpu(chunk, { "accept-encoding": "gzip" })],
      ["  brotli", await staticCpu(chunk, { "accept-encoding": "br" })],
      ["  Next, as it is", await staticCpu(chunk, byNext)],
      ["  Next, gzip", await staticCpu(chunk, { ...byNext, "accept-encoding": "gzip" })],
    );

    // The overview's scripts and stylesheet as they travel: Next's gzip against the front's.
    const bytes = { next: 0, gzip: 0, brotli: 0 };
    for (const file of files) {
      bytes.next += await transferBytes(base + file, { ...byNext, "accept-encoding": "gzip" });
      bytes.gzip += await transferBytes(base + file, { "accept-encoding": "gzip" });
      bytes.brotli += await transferBytes(base + file, { "accept-encoding": "br" });
    }

    const sizes: [string, number, number][] = [];
    for (const path of [mix[0] as string, "/", "/news", "/companies"]) {
      const { body } = await get(base + path);
      sizes.push([path, body.length, gzipSync(body).length]);
    }
    const { latencies, errors, perSecond } = await concurrentPageViews(base, mix);
    const pages = (await (await fetch(`${base}/api/status`)).json()) as { pages: { shed: number } };
    return {
      cpu,
      assets: { files: files.length, ...bytes },
      sizes,
      concurrent: {
        views: latencies.length,
        perSecond,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        errors,
        shed: pages.pages.shed,
      },
    };
  } finally {
    await stop();
  }
}

/**
 * BENCH_BASELINE: the folder of another checkout of the app, built (`npm run build` there), measured
 * in the same run beside this one: say a worktree of the last release, for a change's side-by-side figures.
 */
const BASELINE = process.env.BENCH_BASELINE;

export async function serverCostBench(): Promise<void> {
  const mix = pageMix();
  // Side by side in one run: the default (rendered pages kept while their data is unchanged,
  // lib/server/front/page-front.ts) and every view rendered, as before the page front; and the
  // same two of the baseline, when one is named, measured between them so that drift shows.
  const kept = await measure(mix, {});
  const baseline = BASELINE
    ? {
        kept: await measure(mix, {}, BASELINE),
        rendered: await measure(mix, { PAGE_CACHE_MS: "off" }, BASELINE),
      }
    : null;
  const rendered = await measure(mix, { PAGE_CACHE_MS: "off" });
  if (!kept || !rendered) {
    console.log("(no /proc: the server's CPU time cannot be read on this system)");
    return;
  }
  if (baseline) console.log(`baseline: ${BASELINE}\n`);
  const rows: (string | number)[][] = [
    [
      "server CPU per request (one at a time, warm caches)",
      "pages kept",
      "every view rendered",
      "ratio",
      ...(baseline ? ["baseline kept", "baseline rendered"] : []),
    ],
  ];
  kept.cpu.forEach(([label, value], i) => {
    const other = rendered.cpu[i]?.[1] ?? Number.NaN;
    const before = baseline ? [baseline.kept?.cpu[i]?.[1], baseline.rendered?.cpu[i]?.[1]] : [];
    // A value under the clock's tick (10 ms over the run) reads 0: no ratio then.
    rows.push([
      label,
      ms(value),
      ms(other),
      value > 0 ? `${(other / value).toFixed(1)}x` : "–",
      ...before.map((v) => ms(v ?? Number.NaN)),
    ]);
  });
  table(rows);
  console.log("targets: a page view <= 10 ms, a static file < 1 ms\n");

  const { files, next, gzip, brotli } = kept.assets;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const share = (bytes: number) => `${((bytes / next) * 100).toFixed(0)}%`;
  console.log(
    `the overview's ${files} scripts and stylesheet: ${kb(next)} as Next's gzip; from the static front ` +
      `${kb(gzip)} as gzip (${share(gzip)}), ${kb(brotli)} as brotli (${share(brotli)})\n`,
  );

  const sizes: (string | number)[][] = [["page", "HTML", "gzipped"]];
  for (const [path, raw, gzipped] of kept.sizes)
    sizes.push([path, `${(raw / 1024).toFixed(1)} KB`, `${(gzipped / 1024).toFixed(1)} KB`]);
  table(sizes);
  console.log("");

  const concurrent: (string | number)[][] = [
    [
      `page views, ${CLIENTS} clients for ${CONCURRENT_SECONDS} s`,
      "views",
      "per second",
      "p50",
      "p99",
      "errors",
      "shed (503)",
    ],
  ];
  const runs: [string, Measured | null][] = [
    ["pages kept", kept],
    ["every view rendered", rendered],
  ];
  if (baseline)
    runs.push(["baseline: pages kept", baseline.kept], ["baseline: every view rendered", baseline.rendered]);
  for (const [label, m] of runs)
    if (m)
      concurrent.push([
        label,
        m.concurrent.views,
        m.concurrent.perSecond.toFixed(1),
        ms(m.concurrent.p50),
        ms(m.concurrent.p99),
        m.concurrent.errors,
        m.concurrent.shed,
      ]);
  table(concurrent);
  console.log("targets: p99 < 1 s, no errors");
}
