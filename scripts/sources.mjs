// What a build is made from, for the scripts that reuse a build while no source is newer
// (npm start, the key-secrecy build), and where the server's bundle is.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "server.ts",
  "next.config.ts",
  "package.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** When a source last changed (ms since the epoch). */
export function newestSource(root) {
  return Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
}

/** Whether the build whose BUILD_ID file is given exists and no source is newer than it. */
export function buildIsFresh(root, buildIdFile) {
  if (!existsSync(buildIdFile)) return false;
  return newestSource(root) <= statSync(buildIdFile).mtimeMs;
}

/** The app's server (server.ts) bundled to plain JavaScript (scripts/bundle-server.mjs). */
export const SERVER_BUNDLE = path.join(
  path.resolve(import.meta.dirname, ".."),
  "node_modules",
  ".cache",
  "fiscal-atlas",
  "server.mjs",
);
