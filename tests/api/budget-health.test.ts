// /api/health shows the upstream budget, and where it is kept, with REDIS_URL pointing at a real
// redis-server that dies and comes back while profiles keep answering 200.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as profileRoute } from "@/app/api/profile/route";
import { getUniverse } from "@/lib/sandbox/universe";
import { getSharedRedis } from "@/lib/server/cache/redis";
import { PEER_ADDRESS_HEADER, stampPeer } from "@/lib/server/front/peer";
import { Services, setServices } from "@/lib/server/services/services";
import { type RunningRedis, startRedis } from "@/tests/redis-server";

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const keys = getUniverse()
  .enabled.slice(400, 404)
  .map((c) => c.companyKey);
const profile = (key: string | undefined) =>
  profileRoute(new Request(`http://localhost/api/profile?companyKey=${key}`));
// Asked from this machine, which reads the details.
const healthReport = async () =>
  (
    await health(
      new Request("http://localhost/api/health", {
        headers: { host: "localhost", [PEER_ADDRESS_HEADER]: stampPeer("127.0.0.1") },
      }),
    )
  ).json();

let redis: RunningRedis;

// Nothing touches the process-wide services or Redis connection before REDIS_URL is set.
beforeAll(async () => {
  redis = await startRedis();
  vi.stubEnv("REDIS_URL", redis.url);
  vi.stubEnv("UPSTREAM_RATE_LIMIT", "50/60");
  setServices(new Services({ startSync: false }));
  await until(() => getSharedRedis()?.isReady() === true);
});
afterAll(async () => {
  setServices(undefined);
  await getSharedRedis()?.close();
  vi.unstubAllEnvs();
  await redis.stop();
});

describe("the budget in /api/health", () => {
  it("shows the shared budget, the local fallback while Redis is down (pages still answer), and shared again", async () => {
    expect((await profile(keys[0])).status).toBe(200);
    expect(await healthReport()).toMatchObject({
      budget: {
        mode: "shared",
        limit: { calls: 50, windowSeconds: 60 },
        effectiveCalls: 50,
        used: 1,
        waiting: { interactive: 0, background: 0 },
        pausedUntil: null,
        instances: 1,
        redis: { state: "ready", target: expect.stringMatching(/^127\.0\.0\.1:\d+$/) },
      },
      apiRateLimit: "shared",
    });

    await redis.kill();
    await until(() => getSharedRedis()?.isReady() === false);
    expect((await profile(keys[1])).status).toBe(200);
    expect(await healthReport()).toMatchObject({
      budget: { mode: "local-fallback", effectiveCalls: 50, used: 2, redis: { state: "down" } },
      apiRateLimit: "local-fallback",
    });

    await redis.restart();
    await until(() => getSharedRedis()?.isReady() === true);
    expect((await profile(keys[2])).status).toBe(200);
    expect(await healthReport()).toMatchObject({
      budget: { mode: "shared", redis: { state: "ready" } },
      apiRateLimit: "shared",
    });
  });
});
