// The comparison page with 12 companies in headless Chromium against the built app: long tasks
// while it loads and draws its charts and while its controls are used, and the upstream calls
// a first and a repeated visit cost.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { startBuiltApp } from "./app";
import { ms, table } from "./stats";

type Calls = Record<string, { calls: number }>;

async function upstreamCalls(base: string): Promise<Calls> {
  return ((await (await fetch(`${base}/api/status`)).json()) as { upstreamCalls: Calls }).upstreamCalls;
}

const delta = (after: Calls, before: Calls, endpoint: string) =>
  (after[endpoint]?.calls ?? 0) - (before[endpoint]?.calls ?? 0);

/** A company with at least 11 peers: the set is it and its 11 closest, as a profile links it. */
async function twelveCompanies(base: string): Promise<string[]> {
  const page = (await (
    await fetch(`${base}/api/companies?pageSize=50&facets=false&sort=marketCap`)
  ).json()) as {
    rows: { companyKey: string }[];
  };
  for (const { companyKey } of page.rows) {
    // A peers lookup through the app would warm the cache: ask the sandbox directly instead.
    const profile = (await (
      await fetch(`${base}/sandbox/v3/company/profile?companyKey=${companyKey}&apiKey=demo-licensed`)
    ).json()) as { peers: { companyKey: string }[] };
    if (profile.peers.length >= 11)
      return [companyKey, ...profile.peers.slice(0, 11).map((p) => p.companyKey)];
  }
  throw new Error("no company with 11 peers among the 50 largest");
}

export async function compareBench(): Promise<void> {
  const { base, stop } = await startBuiltApp();
  const executablePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
    (p): p is string => Boolean(p && existsSync(p)),
  );
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const keys = await twelveCompanies(base);
    const url = `${base}/compare?companies=${keys.join(",")}`;
    const rows: (string | number)[][] = [
      [
        "/compare with 12 companies",
        "long tasks > 100 ms",
        "longest task",
        "profile calls",
        "top-news calls",
      ],
    ];
    for (const visit of ["first visit (nothing cached)", "second visit (cached)"]) {
      const before = await upstreamCalls(base);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(() => {
        const w = window as unknown as { __long: number[] };
        w.__long = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__long.push(entry.duration);
        }).observe({ type: "longtask", buffered: true });
      });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: "networkidle" });
      await page.getByRole("list", { name: "Stories, most material first" }).waitFor();
      // Use the charts: the log scale both ways, every peer's reasoning, only the differing rows.
      const logScale = page.getByRole("checkbox", { name: "Log scale" });
      await logScale.check();
      await logScale.uncheck();
      for (const node of await page.locator("button[data-peer]").all()) await node.hover();
      await page.getByRole("checkbox", { name: "Only rows that differ" }).check();
      await page.waitForTimeout(300);
      const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
      const after = await upstreamCalls(base);
      rows.push([
        visit,
        long.filter((d) => d > 100).length,
        ms(Math.max(0, ...long)),
        delta(after, before, "/v3/company/profile"),
        delta(after, before, "/v1/top-news"),
      ]);
      await context.close();
    }
    table(rows);
    console.log(
      "targets: no long task over 100 ms; at most one profile call per company not already cached (12, then 0)",
    );
  } finally {
    await browser.close();
    stop();
  }
}
