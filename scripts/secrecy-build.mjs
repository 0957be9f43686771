#!/usr/bin/env node
// Builds the app for the key-secrecy check (e2e/security-secrecy.spec.ts): a second build, in
// its own directory so the main .next is untouched, made with a recognisable API key in the
// environment, so that a key inlined anywhere in the client or server output would be found.
// Reuses an existing build made with the same key and newer than every source file. Type
// checking is skipped (NEXT_BUILD_SKIP_TYPECHECK): `npm test` type-checks before it builds.
//
//   SECRECY_KEY=sk-... node scripts/secrecy-build.mjs
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildIsFresh } from "./sources.mjs";

export const SECRECY_DIST_DIR = ".next-secrecy";
export const DEFAULT_SECRECY_KEY = "sk-fa-secrecy-canary-3f9c1e7a52d8";

const root = path.resolve(import.meta.dirname, "..");
const key = process.env.SECRECY_KEY || DEFAULT_SECRECY_KEY;
const dist = path.join(root, SECRECY_DIST_DIR);
// A hash of the key, never the key: the check searches this directory for it.
const marker = path.join(dist, "secrecy-key.sha256");
const keyHash = createHash("sha256").update(key).digest("hex");

function isFresh() {
  if (!existsSync(marker) || readFileSync(marker, "utf8").trim() !== keyHash) return false;
  return buildIsFresh(root, path.join(dist, "BUILD_ID"));
}

if (isFresh()) {
  console.log(`secrecy build: ${SECRECY_DIST_DIR} is up to date`);
} else {
  const started = Date.now();
  console.log(`secrecy build: building into ${SECRECY_DIST_DIR} with a canary API key...`);
  // Next rewrites tsconfig.json and next-env.d.ts for its distDir: put back what was there.
  const touched = ["tsconfig.json", "next-env.d.ts"].map((f) => path.join(root, f));
  const before = touched.map((f) => (existsSync(f) ? readFileSync(f) : null));
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: SECRECY_DIST_DIR,
      NEXT_BUILD_SKIP_TYPECHECK: "1",
      API_KEY: key,
      API_BASE_URL: "http://127.0.0.1:9/secrecy-upstream",
    },
  });
  touched.forEach((f, i) => {
    const content = before[i];
    if (content) writeFileSync(f, content);
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(marker, `${keyHash}\n`);
  console.log(`secrecy build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
