import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/chromium";

const port = Number(process.env.E2E_PORT ?? 3100);
/** Browser tests run on a pinned sandbox clock so news and "updated ago" are stable. */
export const E2E_SANDBOX_NOW = "2026-11-20T15:00:00Z";
/** A second server on the free-plan demo key, for the "not available on your plan" journeys. */
const freePort = Number(process.env.E2E_FREE_PORT ?? port + 2);
export const E2E_FREE_PLAN_URL = `http://127.0.0.1:${freePort}`;
/** A third server whose sandbox fault mode the fault journeys switch at runtime (e2e/faults.spec.ts). */
const faultsPort = Number(process.env.E2E_FAULTS_PORT ?? port + 4);
export const E2E_FAULTS_URL = `http://127.0.0.1:${faultsPort}`;
/** A fourth server whose sandbox adds hostile and odd data (SANDBOX_HOSTILE=1), for e2e/hostile.spec.ts. */
const hostilePort = Number(process.env.E2E_HOSTILE_PORT ?? port + 6);
export const E2E_HOSTILE_URL = `http://127.0.0.1:${hostilePort}`;
/**
 * A fifth server whose upstream answers profiles and news only after 20 s (fault mode, switchable
 * at runtime), for the slow-upstream journeys and the pages' miss budget (e2e/slow-upstream.spec.ts).
 * On this port + 10: + 8 is the key-secrecy check's.
 */
const slowPort = Number(process.env.E2E_SLOW_PORT ?? port + 10);
export const E2E_SLOW_URL = `http://127.0.0.1:${slowPort}`;
/** The slow server's fault mode: the company list answers at once, so the index knows names. */
export const E2E_SLOW_FAULTS = "latency=20000,only=/v3/company/profile|/v1/top-news";
/** The slow server's per-client page-miss budget (PAGE_MISS_LIMIT). */
export const E2E_SLOW_MISS_LIMIT = 10;
/**
 * A sixth server whose sandbox clock the change-log journeys move (SANDBOX_CLOCK_CONTROL=1,
 * app/sandbox/clock), for e2e/changes.spec.ts. On this port + 12.
 */
const changesPort = Number(process.env.E2E_CHANGES_PORT ?? port + 12);
export const E2E_CHANGES_URL = `http://127.0.0.1:${changesPort}`;

/**
 * The app's server (`npm start` without building: `npm test` builds first) on `port` for the test
 * servers, with idle keep-alive connections kept 65 s instead of Node's 5: a test's request context
 * that reused, 6 s after its last call, a socket the server was just closing saw ECONNRESET.
 */
export const serverArgs = (port: number) => [
  "scripts/start.mjs",
  "--no-build",
  "-p",
  String(port),
  "--keep-alive-timeout",
  "65000",
];

/** One server of the build on the embedded sandbox at the pinned clock; `ready` answers 200 once it serves. */
function appServer(appPort: number, ready: string, env: Record<string, string>) {
  return {
    command: `node ${serverArgs(appPort).join(" ")}`,
    url: ready,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {
      SANDBOX_NOW: E2E_SANDBOX_NOW,
      NEXT_TELEMETRY_DISABLED: "1",
      API_BASE_URL: "",
      API_KEY: "",
      // The suite's browsers all come from 127.0.0.1 and stand for many people (as the load
      // benchmark's clients do): the miss budgets are tested on the slow server, with its own limit.
      PAGE_MISS_LIMIT: "2000/300",
      ...env,
    },
  };
}

const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};
const OWN_PROCESSES = /(access|auth-proxy|budget|instances|shapes|shutdown|security-secrecy)\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  // One browser at a time: on a CI machine of two cores, two browsers beside six servers starved
  // each other's pages past every timeout (a two-worker run was barely faster, and flaky).
  workers: process.env.CI ? 1 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // A loaded CI machine of two cores: what a person sees at once can take it several seconds (axe
  // over a page of charts, a client render of twelve companies).
  timeout: process.env.CI ? 45_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: OWN_PROCESSES,
      use: browser,
    },
    // The journeys that start, stop and kill app instances of their own (and Redis) load the
    // machine for minutes: they run after the others, one at a time, so that neither starves
    // the other's timing.
    {
      name: "processes",
      testMatch: OWN_PROCESSES,
      dependencies: ["chromium"],
      workers: 1,
      use: browser,
    },
  ],
  webServer: [
    appServer(port, `http://127.0.0.1:${port}/sandbox/v3/companies-list?apiKey=demo-free`, {
      CACHE_DIR: "off",
    }),
    appServer(freePort, `${E2E_FREE_PLAN_URL}/sandbox/v3/companies-list?apiKey=demo-free`, {
      CACHE_DIR: "off",
      API_KEY: "demo-free",
    }),
    // Answers 200 only with the fault control on, so a stray server without it is not reused.
    appServer(faultsPort, `${E2E_FAULTS_URL}/sandbox/faults`, {
      CACHE_DIR: "off",
      SANDBOX_FAULTS_CONTROL: "1",
      // A hung upstream call gives up after 1.5 s (three attempts with retries) and the
      // circuit breaker probes again after 2 s, so the journeys do not wait for the defaults.
      UPSTREAM_TIMEOUT_MS: "1500",
      UPSTREAM_BREAKER_COOLDOWN_MS: "2000",
      // The journeys poll /api/health and call the API directly: this server measures the
      // upstream's faults, not the app's own per-client limit (tested on the main server).
      API_RATE_LIMIT: "off",
    }),
    appServer(hostilePort, `${E2E_HOSTILE_URL}/sandbox/v3/companies-list?apiKey=demo-free`, {
      SANDBOX_HOSTILE: "1",
      CACHE_DIR: "off",
    }),
    // Answers 200 only with the fault control on, so a stray server without it is not reused.
    appServer(slowPort, `${E2E_SLOW_URL}/sandbox/faults`, {
      SANDBOX_FAULTS: E2E_SLOW_FAULTS,
      SANDBOX_FAULTS_CONTROL: "1",
      // Memory only: a profile a previous run cached in .cache would not be slow.
      CACHE_DIR: "off",
      // A call gives up after 6 s, once, and never opens the breaker: each page shows its
      // slow state for a few seconds, then its failure, without waiting for the defaults.
      UPSTREAM_TIMEOUT_MS: "6000",
      UPSTREAM_RETRIES: "0",
      UPSTREAM_BREAKER_THRESHOLD: "1000",
      API_RATE_LIMIT: "off",
      PAGE_MISS_LIMIT: `${E2E_SLOW_MISS_LIMIT}/600`,
      // The budget journey names its own clients in X-Forwarded-For, as a proxy in front would.
      TRUSTED_PROXY_HOPS: "1",
    }),
    // Answers 200 only with the clock control on, so a stray server without it is not reused.
    appServer(changesPort, `${E2E_CHANGES_URL}/sandbox/clock`, {
      SANDBOX_CLOCK_CONTROL: "1",
      CACHE_DIR: "off",
      API_RATE_LIMIT: "off",
    }),
  ],
});
