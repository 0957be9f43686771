// The export as an amplifier (the team-access issue): two scrapers, each from its own address,
// loop on the whole universe's plain CSV (about 23 MB) while a person reads a cached profile five
// times a second. Run twice side by side on the same build: with no per-client limit (nothing
// charged an export its size, as before), and with the default API_RATE_LIMIT, under which an
// answer costs one request per 100 rows. Prints what the scrapers got and the person's latency.

import { startBuiltApp } from "./app";
import { percentile, table } from "./stats";

/** One whole window of the default limit: a shorter run would see only its first exports. */
const SECONDS = 60;
const EXPORT = "/api/companies/export?set=all&format=plain";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function untilAllReady(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const status = (await (await fetch(`${base}/api/index-status`)).json()) as { all?: { state: string } };
    if (status.all?.state === "ready") return;
    await sleep(200);
  }
  throw new Error("the all-companies index did not sync");
}

async function run(limit: string): Promise<(string | number)[]> {
  // Behind one trusted hop, so that each scraper and the person are clients of their own.
  const app = await startBuiltApp({ API_RATE_LIMIT: limit, TRUSTED_PROXY_HOPS: "1", CACHE_DIR: "off" });
  try {
    await untilAllReady(app.base);
    const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
    const { rows } = (await (
      await fetch(`${app.base}/api/companies?pageSize=1`, from("203.0.113.5"))
    ).json()) as {
      rows: { companyKey: string }[];
    };
    const profile = `${app.base}/api/profile?companyKey=${encodeURIComponent(rows[0]?.companyKey ?? "")}`;
    await (await fetch(profile, from("203.0.113.5"))).text();
    const end = Date.now() + SECONDS * 1000;
    let exports = 0;
    let refused = 0;
    let bytes = 0;
    const scraper = async (address: string) => {
      while (Date.now() < end) {
        const answer = await fetch(`${app.base}${EXPORT}`, from(address));
        const body = await answer.arrayBuffer();
        if (answer.status === 200) {
          exports++;
          bytes += body.byteLength;
        } else {
          refused++;
          // A scraper that retries at once, as a loop does; a short pause keeps it from spinning.
          await sleep(100);
        }
      }
    };
    const latencies: number[] = [];
    const person = async () => {
      while (Date.now() < end) {
        const started = performance.now();
        await (await fetch(profile, from("203.0.113.5"))).text();
        latencies.push(performance.now() - started);
        await sleep(200);
      }
    };
    await Promise.all([scraper("198.51.100.1"), scraper("198.51.100.2"), person()]);
    latencies.sort((a, b) => a - b);
    return [
      limit === "off" ? "no per-client limit (before)" : `API_RATE_LIMIT=${limit}, by size`,
      exports,
      (bytes / 1e6).toFixed(0),
      refused,
      percentile(latencies, 50).toFixed(1),
      percentile(latencies, 95).toFixed(1),
      percentile(latencies, 99).toFixed(1),
    ];
  } finally {
    await app.stop();
  }
}

export async function exportScrapeBench(): Promise<void> {
  const rows = [await run("off"), await run("1200/60")];
  console.log(
    `Two scrapers looping on ${EXPORT} for ${SECONDS} s, a person reading a cached profile 5 times a second:`,
  );
  table([
    ["setting", "exports served", "MB served", "refused (429)", "profile p50 ms", "p95 ms", "p99 ms"],
    ...rows,
  ]);
}
