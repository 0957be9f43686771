// A redis-server for the tests of one file or describe block: started before them, stopped after,
// with every connection opened through `connect` closed first.
import { afterAll, beforeAll } from "vitest";
import { SharedRedis } from "@/lib/server/cache/redis";
import { type RunningRedis, startRedis } from "./redis-server";
import { until } from "./until";

export function installRedis(): {
  server: () => RunningRedis;
  connect: (namespace: string) => Promise<SharedRedis>;
} {
  let redis: RunningRedis | undefined;
  const connections: SharedRedis[] = [];
  const server = () => {
    if (!redis) throw new Error("redis-server starts in beforeAll");
    return redis;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await redis?.stop();
  });
  return {
    server,
    /** A connection that is ready (or gave up waiting for 10 s). */
    connect: async (namespace) => {
      const shared = new SharedRedis({ url: server().url, namespace });
      connections.push(shared);
      await until(() => shared.isReady());
      return shared;
    },
  };
}
