// Lighthouse (performance, accessibility and best practices) on each page of the built app, in Debian's
// Chromium: the default mobile run with simulated throttling, so the scores are comparable
// with what PageSpeed would print, and beside it ("applied") the same run with the throttling
// applied to the real load. Lantern's simulated LCP counts every script requested before the
// observed first paint; under applied throttling the page shows its largest paint at its first
// paint. Each page is run LIGHTHOUSE_RUNS times (default 5) and the median kept: on a 2-core
// machine one page's score moves by up to 3 points from run to run.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/chromium";
import { startBuiltApp } from "./app";
import { table } from "./stats";

/** A profile with listings on three exchanges, a depositary receipt, 12 peers, logos and news. */
const PROFILE = "/companies/XSHE_300980";
const PAGES = [PROFILE, "/", "/companies", "/news", "/compare?companies=XSHE_300980,NASDAQ_ELM,NYSE_JINS"];
const RUNS = Math.max(1, Math.floor(Number(process.env.LIGHTHOUSE_RUNS)) || 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Where a failing audit failed: the first element it names, as its HTML snippet. */
function firstNode(details: unknown): string {
  const items = (details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items;
  const snippet = items?.find((i) => i.node?.snippet)?.node?.snippet;
  return snippet ? ` (${snippet.slice(0, 160)})` : "";
}

/** One Lighthouse run of a page: its scores, LCP, TBT, CLS and the binary audits it fails. */
async function audit(url: string, port: number, throttlingMethod: "simulate" | "devtools") {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ["performance", "accessibility", "best-practices"],
    logLevel: "error",
    output: "json",
    throttlingMethod,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((categories["best-practices"]?.score ?? 0) * 100),
    lcp: audits["largest-contentful-paint"]?.numericValue ?? 0,
    tbt: audits["total-blocking-time"]?.numericValue ?? 0,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
    // Elements in the page at the end of its load (the first layout and hydration walk most of them).
    elements: audits["dom-size"]?.numericValue ?? 0,
    // Lighthouse's measure of this machine's CPU at the time of the run: below 1000 it warns that
    // its 4x slowdown makes the page slower than on the phone it models.
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    failing: Object.values(audits)
      .filter((a) => a.score === 0 && a.scoreDisplayMode === "binary")
      .map((a) => `${a.id}${firstNode(a.details)}`),
  };
}

export async function lighthouseBench(): Promise<void> {
  const chromePath = CHROMIUM_PATH;
  if (!chromePath) throw new Error("no Chromium: set CHROMIUM_PATH");
  // BENCH_BASELINE (a built checkout): its pages audited beside this build's, in turns.
  const apps = [{ label: "", ...(await startBuiltApp()) }];
  const baseline = process.env.BENCH_BASELINE;
  if (baseline) apps.push({ label: "before: ", ...(await startBuiltApp({}, baseline)) });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    const rows: (string | number)[][] = [
      [
        `page (Lighthouse, mobile, median of ${RUNS})`,
        "performance",
        "applied",
        "accessibility",
        "best practices",
        "LCP",
        "LCP applied",
        "TBT",
        "CLS",
        "elements",
        "host CPU",
      ],
    ];
    for (const path of PAGES) {
      // Warm the server's caches: the figure is the page, not the upstream.
      for (const { base } of apps) await fetch(base + path);
      type Run = Awaited<ReturnType<typeof audit>> & { applied: Awaited<ReturnType<typeof audit>> };
      const runsByApp = apps.map((): Run[] => []);
      for (let i = 0; i < RUNS; i++)
        for (const [a, { base }] of apps.entries()) {
          // Lighthouse's default (PageSpeed's): the page loads at full speed and Lantern simulates a
          // slow phone on a slow network. Then the same page under applied throttling: the load
          // really runs at that speed (DevTools' network and 4x CPU throttling).
          const simulated = await audit(base + path, chrome.port, "simulate");
          const applied = await audit(base + path, chrome.port, "devtools");
          runsByApp[a]?.push({ ...simulated, applied });
        }
      for (const [a, { label }] of apps.entries()) {
        const runs = runsByApp[a] ?? [];
        rows.push([
          `${label}${path}`,
          median(runs.map((r) => r.performance)),
          median(runs.map((r) => r.applied.performance)),
          median(runs.map((r) => r.accessibility)),
          median(runs.map((r) => r.bestPractices)),
          `${Math.round(median(runs.map((r) => r.lcp)))} ms`,
          `${Math.round(median(runs.map((r) => r.applied.lcp)))} ms`,
          `${Math.round(median(runs.map((r) => r.tbt)))} ms`,
          median(runs.map((r) => r.cls)).toFixed(3),
          median(runs.map((r) => r.elements)),
          `${Math.round(Math.min(...runs.map((r) => r.benchmarkIndex)))}–${Math.round(Math.max(...runs.map((r) => r.benchmarkIndex)))}`,
        ]);
        const failing = [...new Set(runs.flatMap((r) => r.failing))];
        if (failing.length > 0) console.log(`${label}${path}: failing audits: ${failing.join(", ")}`);
      }
    }
    table(rows);
    console.log(`targets on every page: performance >= 95, accessibility and best practices 100`);
    console.log(
      "host CPU: the lowest and highest of Lighthouse's benchmark index of this machine in the page's runs " +
        "(Lighthouse warns that scores come out low below 1000)",
    );
  } finally {
    await chrome.kill();
    for (const app of apps) await app.stop();
  }
}
