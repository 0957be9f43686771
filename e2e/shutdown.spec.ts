// Graceful shutdown of `npm start` (server.ts, lib/server/front/shutdown.ts): on SIGTERM a request in
// flight finishes whole, new connections are refused, and the process exits 0. Runs its own
// server on a free port, with the sandbox's fault mode slowing profile answers down by 2 s so a
// request is surely in flight when the signal comes. Then the server's own work on the way out
// (lib/server/front/shutdown.ts), against a real redis-server: the index sync's lease is given back.
import { expect, test } from "@playwright/test";
import { createClient } from "redis";
import { freePort, startRedis } from "../tests/redis-server";
import { spawnApp, untilAnswers } from "./app-process";

/**
 * A server process on the embedded sandbox with memory-only caches (a profile an earlier run left
 * in .cache would answer at once), `env` over that.
 */
const launch = (args: string[], env: Record<string, string>) =>
  spawnApp(args, { API_BASE_URL: "", API_KEY: "", CACHE_DIR: "off", ...env });

test("SIGTERM lets the request in flight finish, refuses new ones, and exits 0", async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child, output, exited } = launch(["scripts/start.mjs", "--no-build"], {
    PORT: String(port),
    SANDBOX_FAULTS: "latency=2000,only=/v3/company/profile",
  });
  try {
    await untilAnswers(`${base}/api/health`, 30_000);

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
    expect(await exited()).toBe(0);
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
  const { child, output, exited } = launch(["scripts/start.mjs", "--no-build", "-p", String(port)], {
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
    expect(await exited()).toBe(0);
    expect(await leases()).toEqual([]);
    expect(output()).toMatch(/shutdown: done in \d+ ms/);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await client.close();
    await redis.stop();
  }
});
