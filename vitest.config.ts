import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "tests/**/*.test.ts"],
    environment: "node",
    // `server-only` throws outside a React Server environment; tests run server code directly.
    alias: { "server-only": path.resolve(import.meta.dirname, "tests/server-only-stub.ts") },
    // The pinned sandbox clock of the browser tests, for the route-handler tests too.
    env: { SANDBOX_NOW: "2026-11-20T15:00:00Z", API_BASE_URL: "", API_KEY: "" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
