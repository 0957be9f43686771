#!/usr/bin/env node
// `npm run bench`: bundles bench/run.ts with esbuild (plain JavaScript, as the server runs it;
// a TypeScript loader would add its own overhead to every figure) and runs it.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outfile = path.join(root, "node_modules", ".cache", "bench", "run.mjs");
await build({
  entryPoints: [path.join(root, "bench", "run.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "@": root, "server-only": path.join(root, "tests", "server-only-stub.ts") },
  logLevel: "warning",
});
const result = spawnSync(process.execPath, ["--expose-gc", outfile, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  // Every benchmark client is one address (loopback, or none for in-process handler calls): the
  // per-client API limit would measure itself, and a log line per request would flood the output.
  // Memory-only caches unless CACHE_DIR is set: a run must not find what the previous one cached.
  env: {
    CACHE_DIR: "off",
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    API_RATE_LIMIT: "off",
    REQUEST_LOG: "off",
  },
});
process.exit(result.status ?? 1);
