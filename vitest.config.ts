import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "tests/**/*.test.ts"],
    environment: "node",
    // `server-only` throws outside a React Server environment; tests run server code directly.
    alias: { "server-only": path.resolve(import.meta.dirname, "tests/server-only-stub.ts") },
    // The pinned sandbox clock of the browser tests, for the route-handler tests too; no request
    // log lines in the test output (tests/api/request-log.test.ts turns them on where it looks);
    // memory-only caches, so no test reads what another left in .cache (the tier tests pass their own).
    env: {
      SANDBOX_NOW: "2026-11-20T15:00:00Z",
      API_BASE_URL: "",
      API_KEY: "",
      REQUEST_LOG: "off",
      CACHE_DIR: "off",
      REDIS_URL: "",
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
