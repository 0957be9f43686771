// Profile page figures (issue: company profile): the server's response for a cached profile
// (target < 100 ms), measured on the built app under `next start`, beside the cached service call
// and the profile route handlers it rests on. Uses the heaviest journey company (4 listings,
// 12 peers); see scripts/profile-journey-companies.ts.
import { gzipSync } from "node:zlib";
import { GET as profileRoute } from "@/app/api/profile/route";
import { GET as profileV2Route } from "@/app/api/profile-v2/route";
import { getUniverse } from "@/lib/sandbox/universe";
import { Services, setServices } from "@/lib/server/services/services";
import { startBuiltApp } from "./app";
import { ms, table, timeMany } from "./stats";

const COMPANY = "XSHE_300980";
const RUNS = 40;

/** Time to the response headers and to the last byte of one GET. */
async function timedGet(
  url: string,
): Promise<{ headersMs: number; totalMs: number; body: Uint8Array; status: number }> {
  const start = performance.now();
  const response = await fetch(url, { redirect: "manual" });
  const headersMs = performance.now() - start;
  const body = new Uint8Array(await response.arrayBuffer());
  return { headersMs, totalMs: performance.now() - start, body, status: response.status };
}

async function pageFigures(): Promise<(string | number)[][]> {
  const { base, stop } = await startBuiltApp();
  try {
    const url = `${base}/companies/${COMPANY}`;
    const first = await timedGet(url);
    if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
    for (let i = 0; i < 10; i++) await timedGet(url);
    const headers: number[] = [];
    const warm = await timeMany(RUNS, async () => {
      headers.push((await timedGet(url)).headersMs);
    });
    headers.sort((a, b) => a - b);
    const p = (q: number) =>
      headers[Math.min(headers.length - 1, Math.ceil((q / 100) * headers.length) - 1)] ?? 0;
    const redirect = await timeMany(RUNS, () => timedGet(`${base}/companies/XFRA_RUIH`));
    const missing = await timeMany(RUNS, () => timedGet(`${base}/companies/NASDAQ_ZZZZZ`));
    return [
      [
        "page, first request after start",
        ms(first.totalMs),
        "",
        "",
        `HTML ${(first.body.byteLength / 1024).toFixed(0)} KB, ${(gzipSync(first.body).byteLength / 1024).toFixed(0)} KB gzip`,
      ],
      ["page, cached profile: headers", ms(p(50)), ms(p(95)), "< 100 ms", ""],
      ["page, cached profile: whole HTML", ms(warm.p50), ms(warm.p95), "< 100 ms", ""],
      ["308 from a secondary listing's key", ms(redirect.p50), ms(redirect.p95), "", ""],
      ["404 for an unknown company (cached miss)", ms(missing.p50), ms(missing.p95), "", ""],
    ];
  } finally {
    stop();
  }
}

export async function benchProfile(): Promise<void> {
  getUniverse(); // generated once per process: not part of a profile's cost
  const services = new Services({ startSync: false });
  setServices(services);
  const coldStart = performance.now();
  await services.profiles.get(COMPANY);
  const coldMs = performance.now() - coldStart;
  const otherStart = performance.now();
  await services.profiles.get("XCAI_ALFA");
  const otherMs = performance.now() - otherStart;
  const cached = await timeMany(200, () => services.profiles.get(COMPANY));
  const call = (route: (r: Request) => Promise<Response>, p: string) => async () => {
    const response = await route(new Request(`http://localhost${p}`));
    await response.arrayBuffer();
  };
  await call(profileV2Route, `/api/profile-v2?companyKey=${COMPANY}`)();
  const route = await timeMany(RUNS, call(profileRoute, `/api/profile?companyKey=${COMPANY}`));
  const routeV2 = await timeMany(RUNS, call(profileV2Route, `/api/profile-v2?companyKey=${COMPANY}`));

  const rows: (string | number)[][] = [
    [`profile ${COMPANY}`, "p50", "p95", "target", "note"],
    ["services.profile, first in the process", ms(coldMs), "", "", "sandbox builds its peer tables"],
    ["services.profile, another company not cached", ms(otherMs), "", "", "sandbox in-process"],
    ["services.profile, cached", ms(cached.p50), ms(cached.p95), "", ""],
    ["GET /api/profile, cached", ms(route.p50), ms(route.p95), "", ""],
    ["GET /api/profile-v2, cached", ms(routeV2.p50), ms(routeV2.p95), "", ""],
    ...(await pageFigures()),
  ];
  table(rows);
}
