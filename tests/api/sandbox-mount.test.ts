// /sandbox/* answers only when the sandbox is the data source or SANDBOX_MOUNT=1; unmounted it is
// a plain 404 that never loads the sandbox. Mounted, it spends the same per-client budget as /api.
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { GET as sandbox } from "@/app/sandbox/[...path]/route";
import { readConfig } from "@/lib/server/config";
import { PEER_ADDRESS_HEADER, stampPeer } from "@/lib/server/front/peer";
import { RateLimiter, setApiRateLimit } from "@/lib/server/http/rate-limit";

const loaded = vi.hoisted(() => ({ handler: 0 }));
vi.mock("@/lib/sandbox/handler", async (importOriginal) => {
  loaded.handler++;
  return importOriginal();
});

const LIST = "/sandbox/v3/companies-list?apiKey=demo-free";
const request = (path: string, peer = "203.0.113.1") =>
  new Request(`http://localhost${path}`, { headers: { [PEER_ADDRESS_HEADER]: stampPeer(peer) } });
const realService = () => {
  vi.stubEnv("API_BASE_URL", "https://api.example.com");
  vi.stubEnv("API_KEY", "sk-real");
};

afterEach(() => {
  vi.unstubAllEnvs();
  setApiRateLimit({ limiter: null, trustedHops: 0 });
});
afterAll(() => setApiRateLimit(undefined));

describe("the sandbox mount", () => {
  it("is a plain 404 with a real API_BASE_URL, without loading the sandbox", async () => {
    realService();
    for (const path of [LIST, "/sandbox/v2/company/logo?companyKey=NASDAQ_AAPL&apiKey=demo-pro"]) {
      const response = await sandbox(request(path));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ errors: [{ message: "Not found.", code: "not_found" }] });
    }
    expect(loaded.handler).toBe(0);
  });

  it("is mounted with a real API_BASE_URL when SANDBOX_MOUNT=1", async () => {
    realService();
    vi.stubEnv("SANDBOX_MOUNT", "1");
    const response = await sandbox(request(LIST));
    expect(response.status).toBe(200);
    expect(loaded.handler).toBe(1);
  });

  it("is mounted when the sandbox is the data source, under the /api per-client limit", async () => {
    setApiRateLimit({ limiter: new RateLimiter({ requests: 2, windowSeconds: 60 }), trustedHops: 0 });
    expect((await sandbox(request(LIST))).status).toBe(200);
    expect((await sandbox(request(LIST))).status).toBe(200);
    const limited = await sandbox(request(LIST));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await sandbox(request(LIST, "198.51.100.4"))).status).toBe(200);
  });

  it("SANDBOX_MOUNT is checked with the other settings: 1 or unset", () => {
    expect(readConfig({ SANDBOX_MOUNT: "" }).upstream.sandboxMounted).toBe(true);
    const real = { API_BASE_URL: "https://api.example.com", API_KEY: "k" };
    expect(readConfig(real).upstream.sandboxMounted).toBe(false);
    expect(readConfig({ ...real, SANDBOX_MOUNT: "1" }).upstream.sandboxMounted).toBe(true);
    for (const value of ["yes", "0", "true"])
      expect(() => readConfig({ ...real, SANDBOX_MOUNT: value })).toThrow(/SANDBOX_MOUNT/);
  });
});

describe("the data source", () => {
  it("on the real service, builds its client without loading the sandbox", async () => {
    realService();
    vi.resetModules();
    const before = loaded.handler;
    const { createUpstreamClient } = await import("@/lib/server/services/upstream-client");
    createUpstreamClient();
    expect(loaded.handler).toBe(before);
  });
});
