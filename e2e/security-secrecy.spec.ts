// The API key never leaves the server: the app is built with a recognisable key (scripts/
// secrecy-build.mjs, into .next-secrecy) and served with it against an upstream that accepts only
// that key (a small HTTP server here, answering from the main test server's sandbox and echoing
// the key in its error messages, as a careless service might). The key must appear in no file of
// the build, no page, no response header or body (errors included), no request the browser
// makes, and no line the server logs.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_SANDBOX_NOW, serverArgs } from "../playwright.config";
import { type AppProcess, spawnApp, untilAnswers } from "./app-process";
import { collectCspViolations } from "./security-helpers";

const KEY = "sk-fa-secrecy-canary-3f9c1e7a52d8";
const ROOT = path.resolve(import.meta.dirname, "..");
const DIST = ".next-secrecy";
const PORT = Number(process.env.E2E_PORT ?? 3100) + 8;
const APP = `http://127.0.0.1:${PORT}`;
const RICH = "XSHE_300980";

test.describe.configure({ mode: "default" });

let upstream: Server;
let server: AppProcess | undefined;
const upstreamRequests: { url: string; key: string | null }[] = [];

/** Error answers a careless upstream might give, each echoing the key it was sent. */
const ECHOES: Record<
  string,
  { status: number; body: (key: string) => unknown; headers?: Record<string, string> }
> = {
  ECHO_BADREQ: { status: 400, body: (key) => ({ errors: [{ message: `Bad request for key ${key}` }] }) },
  ECHO_AUTH: { status: 401, body: (key) => ({ error: `Key ${key} is not authorized` }) },
  ECHO_PLAN: {
    status: 403,
    body: (key) => ({ errors: [{ message: `Plan of ${key} excludes this company` }] }),
  },
  ECHO_DOWN: { status: 500, body: (key) => ({ errors: [{ message: `Internal error (key=${key})` }] }) },
  ECHO_LIMIT: {
    status: 429,
    body: (key) => ({ errors: [{ message: `Rate limit for ${key}` }] }),
    headers: { "retry-after": "30" },
  },
};

async function startUpstream(sandboxBase: string): Promise<string> {
  upstream = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://upstream");
    const key = (req.headers["x-api-key"] as string | undefined) ?? url.searchParams.get("apiKey");
    upstreamRequests.push({ url: url.pathname + url.search, key: key ?? null });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    if (key !== KEY) return send(403, { errors: [{ message: "The API key is invalid or missing." }] });
    const echo = ECHOES[url.searchParams.get("companyKey") ?? ""];
    if (echo) return send(echo.status, echo.body(KEY), echo.headers);
    const answer = await fetch(`${sandboxBase}/sandbox${url.pathname}${url.search}`, {
      headers: { "x-api-key": "demo-licensed" },
    });
    res.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
}

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(300_000);
  execFileSync(process.execPath, ["scripts/secrecy-build.mjs"], {
    cwd: ROOT,
    env: { ...process.env, SECRECY_KEY: KEY },
    stdio: "inherit",
  });
  const upstreamUrl = await startUpstream(baseURL as string);
  server = spawnApp(
    serverArgs(PORT),
    {
      NEXT_DIST_DIR: DIST,
      API_BASE_URL: upstreamUrl,
      API_KEY: KEY,
      SANDBOX_NOW: E2E_SANDBOX_NOW,
      REQUEST_LOG: "on",
      UPSTREAM_RETRIES: "1",
    },
    ROOT,
  );
  await untilAnswers(`${APP}/api/index-status`);
  // The directory's first sync pages the company list through the upstream.
  await expect
    .poll(
      async () => {
        const status = (await (await fetch(`${APP}/api/index-status`)).json()) as {
          default: { state: string };
        };
        return status.default.state;
      },
      { timeout: 90_000 },
    )
    .toBe("ready");
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test("the build, client and server output, holds no trace of the key", () => {
  const files = filesUnder(path.join(ROOT, DIST));
  const clientChunks = files.filter((f) => f.includes(`static${path.sep}chunks`) && f.endsWith(".js"));
  const serverFiles = files.filter((f) => f.includes(`${path.sep}server${path.sep}`));
  expect(clientChunks.length).toBeGreaterThan(5);
  expect(serverFiles.length).toBeGreaterThan(20);
  const needle = Buffer.from(KEY);
  const leaks = files.filter((f) => statSync(f).size > 0 && readFileSync(f).includes(needle));
  expect(leaks.map((f) => path.relative(ROOT, f))).toEqual([]);
});

/**
 * Every page, and every API route with good and bad input, including each upstream error (last:
 * the upstream's 5xx is provoked once, so that no breaker opens for the pages before it).
 */
const PAGES = [
  "/",
  "/companies",
  "/companies?q=ruihua",
  `/companies/${RICH}`,
  "/news",
  `/compare?companies=${RICH},NASDAQ_CRO`,
  "/companies/NASDAQ_NOSUCHCO",
  "/no-such-page",
  "/companies/ECHO_BADREQ",
  "/companies/ECHO_PLAN",
];
const API = [
  "/api/companies?q=ruihua",
  "/api/companies?apiKey=x",
  "/api/companies/export?q=ruihua",
  "/api/index-status",
  "/api/status",
  `/api/profile?companyKey=${RICH}`,
  `/api/profile-v2?companyKey=${RICH}`,
  `/api/logo?companyKey=${RICH}`,
  `/api/news?companyKey=${RICH}`,
  "/api/top-news",
  `/api/compare?companies=${RICH},ECHO_BADREQ,ECHO_PLAN`,
  `/api/resolve?id=${RICH}`,
  "/api/resolve?id=NASDAQ_NOSUCHCO",
  "/api/profile?companyKey=../../v3/companies-list",
  // Each upstream error once on the profile; the 4xx ones on every single-company route too.
  ...Object.keys(ECHOES).map((key) => `/api/profile?companyKey=${key}`),
  ...["ECHO_BADREQ", "ECHO_AUTH", "ECHO_PLAN"].flatMap((key) => [
    `/api/news?companyKey=${key}`,
    `/api/logo?companyKey=${key}`,
    `/api/top-news?companyKey=${key}`,
  ]),
  "/sandbox/v3/companies-list",
];

test("on the real service the sandbox is not mounted, so it can lend nothing", async ({ request }) => {
  for (const init of [
    { params: { apiKey: KEY } },
    { headers: { "x-api-key": KEY } },
    { params: { apiKey: "demo-pro" } },
  ]) {
    const response = await request.get(`${APP}/sandbox/v3/companies-list`, init);
    expect(response.status()).toBe(404);
  }
});

test("the browser's requests and responses never carry the key", async ({ page }) => {
  test.slow();
  const problems: string[] = [];
  collectCspViolations(page, problems);
  const seen: string[] = [];
  page.on("request", (r) => {
    const text = `${r.method()} ${r.url()} ${JSON.stringify(r.headers())} ${r.postData() ?? ""}`;
    seen.push(r.url());
    if (text.includes(KEY)) problems.push(`request carries the key: ${r.url()}`);
  });
  page.on("response", async (r) => {
    const headers = JSON.stringify(await r.allHeaders());
    if (headers.includes(KEY)) problems.push(`response headers carry the key: ${r.url()}`);
    const body = await r.body().catch(() => null);
    if (body?.includes(Buffer.from(KEY))) problems.push(`response body carries the key: ${r.url()}`);
  });
  for (const url of [...PAGES.slice(0, 6), "/companies/ECHO_PLAN"]) {
    await page.goto(`${APP}${url}`);
    await page.waitForLoadState("networkidle");
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 700) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForLoadState("networkidle");
  }
  const search = page.getByRole("main").getByRole("searchbox");
  await page.goto(`${APP}/companies`);
  await search.fill("ruihua");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: /Ruihua/ })
      .first(),
  ).toBeVisible();
  expect(seen.filter((u) => u.includes("/api/")).length).toBeGreaterThan(5);
  expect(problems).toEqual([]);
});

test("no page, API answer, header or error body carries the key", async ({ request }) => {
  // First, while no 429 has made the client hold back every call until its Retry-After.
  const plan = await (await request.get(`${APP}/api/profile?companyKey=ECHO_PLAN`)).text();
  const statuses: Record<string, number> = {};
  for (const url of [...PAGES, ...API]) {
    const response = await request.get(`${APP}${url}`, { maxRedirects: 0 });
    statuses[url] = response.status();
    const headers = JSON.stringify(response.headersArray());
    expect(headers, url).not.toContain(KEY);
    expect((await response.body()).includes(Buffer.from(KEY)), url).toBe(false);
  }
  // The errors were really provoked: the upstream's messages reached the app.
  expect(statuses["/api/profile?companyKey=ECHO_BADREQ"]).toBe(400);
  expect(statuses["/api/profile?companyKey=ECHO_AUTH"]).toBe(502);
  expect(statuses["/api/profile?companyKey=ECHO_PLAN"]).toBe(403);
  expect(statuses["/api/profile?companyKey=ECHO_LIMIT"]).toBe(503);
  expect(statuses[`/companies/${RICH}`]).toBe(200);
  expect(plan).toContain("[redacted]");
});

test("the server's log output never holds the key", async ({ request }) => {
  // Provoke the error paths once more, then read everything the server printed.
  for (const key of Object.keys(ECHOES)) await request.get(`${APP}/api/profile?companyKey=${key}`);
  await expect.poll(() => server?.output().includes('"path":"/api/profile"')).toBe(true);
  expect(server?.output()).toContain('"msg":"api request"');
  expect(server?.output()).not.toContain(KEY);
  // The upstream did receive it, in the header only.
  expect(upstreamRequests.length).toBeGreaterThan(10);
  expect(upstreamRequests.every((r) => r.key === KEY && !r.url.includes(KEY))).toBe(true);
});
