// Debian's Chromium (TOOLCHAIN: Playwright's own download is not reachable here) and the flags
// every launch of it uses: the browser tests, the browser benchmarks and Lighthouse.
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
].find((p): p is string => Boolean(p && existsSync(p)));

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
