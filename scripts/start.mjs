#!/usr/bin/env node
// `npm start`: builds the app when there is no build or the sources changed since the last
// one (`--no-build` serves the existing build as it is), then serves it on PORT (default 3000).
// With no API_BASE_URL it runs on the sandbox.
//
// Shutdown: SIGTERM or SIGINT is passed to `next start`, which stops accepting connections, lets
// the requests in flight finish, and exits; this script then exits 0. A server still draining
// after SHUTDOWN_TIMEOUT_MS (default 25 s) is killed, and this script exits 1.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { buildIsFresh } from "./sources.mjs";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const buildId = path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");

const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const skipBuild = process.argv.includes("--no-build");
if (skipBuild && !existsSync(buildId)) {
  console.error("--no-build: there is no build; run `npm run build` first");
  process.exit(1);
}
if (!skipBuild && !buildIsFresh(root, buildId)) {
  console.log("Building the app (first start, or sources changed)...");
  const result = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const port = process.env.PORT || "3000";
console.log(
  `Starting on http://localhost:${port} (${process.env.API_BASE_URL ? `upstream ${process.env.API_BASE_URL}` : "embedded sandbox"})`,
);
const child = spawn(process.execPath, [nextBin, "start", "-p", port], { cwd: root, env, stdio: "inherit" });

const drainMs = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 25_000;
let stopping = null;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return; // Ctrl+C reaches the whole process group: the server already has it.
    stopping = signal;
    console.log(`${signal}: finishing the requests in flight, then stopping`);
    child.kill(signal);
    setTimeout(() => {
      console.error(`the server was still draining after ${drainMs} ms: killing it`);
      child.kill("SIGKILL");
    }, drainMs).unref();
  });
}
child.on("exit", (code, signal) => {
  // After a graceful shutdown `next start` exits 128 + the signal's number (143, 130).
  const graceful = stopping && (code === 143 || code === 130 || code === 0 || signal === stopping);
  process.exit(graceful ? 0 : (code ?? 1));
});
