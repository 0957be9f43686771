// Graceful shutdown of `npm start` (scripts/start.mjs over `next start`): on SIGTERM a request in
// flight finishes whole, new connections are refused, and the process exits 0. Runs its own
// server on a free port, with the sandbox's fault mode slowing profile answers down by 2 s so a
// request is surely in flight when the signal comes. Then the server's own work on the way out
// (lib/server/shutdown.ts), against a real redis-server: the index sync's lease is given back.
import { type ChildProcess, spawn } from "node:child_process";
import { expect, test } from "@playwright/test";
import { createClient } from "redis";
import { freePort, startRedis } from "../tests/redis-server";

/**
 * A server process on the embedded sandbox with memory-only caches (a profile an earlier run left
 * in .cache would answer at once), `env` over that; its output collected.
 */
function launch(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      API_BASE_URL: "",
      API_KEY: "",
      NEXT_TELEMETRY_DISABLED: "1",
      CACHE_DIR: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

test("SIGTERM lets the request in flight finish, refuses new ones, and exits 0", async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child, output } = launch(["scripts/start.mjs", "--no-build"], {
    PORT: String(port),
    SANDBOX_FAULTS: "latency=2000,only=/v3/company/profile",
  });
  try {
    await expect
      .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, {
        timeout: 30_000,
      })
      .toBe(200);

    const started = Date.now();
    const inFlight = fetch(`${base}/api/profile?companyKey=XLON_EMBE`).then(async (response) => ({
      status: response.status,
      body: await response.text(),
      at: Date.now() - started,
    }));
    await new Promise((r) => setTimeout(r, 500));
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));

    // The listener is closed: a new connection is refused while the old request drains.
    const late = await fetch(`${base}/api/health`, { headers: { connection: "close" } }).then(
      (r) => `answered ${r.status}`,
      (error: Error) => `refused (${(error.cause as { code?: string } | undefined)?.code ?? error.message})`,
    );
    expect(late).toMatch(/^refused/);

    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(finished.at).toBeGreaterThanOrEqual(1900);
    expect(JSON.parse(finished.body)).toMatchObject({ data: { companyKey: "XLON_EMBE" } });
    expect(await exited(child)).toBe(0);
    expect(output()).toContain("SIGTERM: finishing the requests in flight");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

test("SIGTERM gives the index sync's lease back at once: another instance need not wait out its expiry", async () => {
  test.setTimeout(90_000);
  const redis = await startRedis();
  const client = createClient({ url: redis.url });
  await client.connect();
  const port = await freePort();
  // The list answers slowly, so the sync (and its lease) is surely under way when the signal comes.
  const { child, output } = launch(["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
    REDIS_URL: redis.url,
    SANDBOX_FAULTS: "latency=3000,only=/v3/companies-list",
  });
  try {
    const leases = () => client.keys("*:index:default:lease");
    await expect.poll(async () => (await leases()).length, { timeout: 60_000 }).toBe(1);
    const [lease] = await leases();
    // Held for 30 s and renewed while the sync runs: without a clean stop it outlives the process.
    expect(await client.pTTL(lease ?? "")).toBeGreaterThan(5_000);
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(143);
    expect(await leases()).toEqual([]);
    expect(output()).toMatch(/shutdown: done in \d+ ms/);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await client.close();
    await redis.stop();
  }
});
