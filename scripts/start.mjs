#!/usr/bin/env node
// `npm start` and `npm run dev`: the app's server (server.ts, Next's custom server), bundled to
// plain JavaScript with esbuild when it is missing or older than its sources, and run in this
// process.
//
//   node scripts/start.mjs [--no-build] [--dev] [-p PORT] [-H HOSTNAME] [--keep-alive-timeout MS]
//
// Without --dev it first builds the app when there is no build or the sources changed since the
// last one (`--no-build` serves the existing build as it is). With no API_BASE_URL it runs on the
// sandbox. Shutdown on SIGTERM and SIGINT: server.ts.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIsFresh, newestSource, SERVER_BUNDLE } from "./sources.mjs";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const buildId = path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");

const own = new Set(["--no-build"]);
const args = process.argv.slice(2);
const dev = args.includes("--dev");
const skipBuild = args.includes("--no-build");

if (!dev) {
  if (skipBuild && !existsSync(buildId)) {
    console.error("--no-build: there is no build; run `npm run build` first");
    process.exit(1);
  }
  if (!skipBuild && !buildIsFresh(root, buildId)) {
    console.log("Building the app (first start, or sources changed)...");
    const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
    const result = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, env, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

// The server's bundle, made again when a source is newer (esbuild is a development dependency: a
// deployment without it runs the bundle `npm run build` made).
const bundled = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
if (bundled === 0 || newestSource(root) > bundled) {
  const { bundleServer } = await import("./bundle-server.mjs");
  await bundleServer(root, SERVER_BUNDLE);
}

// The server says where it listens once it does (server.ts reads the port).
console.log(
  `Starting on ${process.env.API_BASE_URL ? `upstream ${process.env.API_BASE_URL}` : "the embedded sandbox"}`,
);
process.chdir(root);
// As `next start` and `next dev` set it, before Next or React is loaded: React picks its
// production or development build by it.
Object.assign(process.env, env, { NODE_ENV: dev ? "development" : "production" });
process.argv = [process.argv[0], SERVER_BUNDLE, ...args.filter((a) => !own.has(a))];
await import(pathToFileURL(SERVER_BUNDLE).href);
