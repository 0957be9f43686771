// The process-wide services over the sandbox with its hostile overlay, for route-handler tests:
// installed before the file's tests (the default index synced), removed after, and every
// upstream request recorded (cleared before each test).
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { withHostileData } from "@/lib/sandbox/hostile";
import { DEMO_KEYS } from "@/lib/sandbox/types";
import { Services, setServices } from "@/lib/server/services/services";
import { UpstreamClient } from "@/lib/upstream/client";

export type Handler = (request: Request) => Promise<Response>;

export function installHostileServices(now: () => number): {
  upstreamCalls: URL[];
  services: () => Services;
} {
  const sandbox = withHostileData(createSandboxHandler({ now }), { now, keys: DEMO_KEYS });
  const upstreamCalls: URL[] = [];
  let services: Services | undefined;
  beforeAll(async () => {
    services = new Services({
      startSync: false,
      now,
      client: new UpstreamClient({
        baseUrl: "http://sandbox.internal",
        apiKey: "demo-licensed",
        retries: 0,
        transport: (request) => {
          upstreamCalls.push(new URL(request.url));
          return sandbox(request);
        },
      }),
    });
    setServices(services);
    await services.directory.sync("default");
  });
  afterAll(() => setServices(undefined));
  beforeEach(() => {
    upstreamCalls.length = 0;
  });
  return {
    upstreamCalls,
    services: () => {
      if (!services) throw new Error("The services start in beforeAll");
      return services;
    },
  };
}
