#!/usr/bin/env node
// The tests use real programs from Debian's packages: Chromium for the browser tests (Playwright's
// own browser download is not available offline), redis-server for the shared-state tests and
// nginx in front of the app for the auth-proxy tests.
// Finds each one asked for (`node scripts/ensure-tools.mjs chromium redis`), installs it with apt
// when possible, or says exactly what to install.
import { execSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const TOOLS = {
  chromium: {
    label: "Chromium",
    paths: [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"],
    packages: "chromium",
    env: "CHROMIUM_PATH",
    purpose: "Browser tests need Chromium",
  },
  redis: {
    label: "redis-server",
    paths: [process.env.REDIS_SERVER_PATH, "/usr/bin/redis-server", "/usr/local/bin/redis-server"],
    packages: "redis-server",
    env: "REDIS_SERVER_PATH",
    purpose: "The shared-state tests run a real Redis",
  },
  nginx: {
    label: "nginx",
    paths: [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/bin/nginx"],
    packages: "nginx",
    env: "NGINX_PATH",
    purpose: "The auth-proxy tests put a real nginx in front of the app",
  },
};

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
const sudo = !isRoot && spawnSync("sudo", ["-n", "true"]).status === 0 ? "sudo " : "";
let aptUpdated = false;

for (const name of process.argv.slice(2)) {
  const tool = TOOLS[name];
  if (!tool) {
    console.error(`Unknown tool "${name}"; known: ${Object.keys(TOOLS).join(", ")}`);
    process.exit(2);
  }
  const found = () => tool.paths.filter(Boolean).find((p) => existsSync(p));
  if (!found() && hasApt && (isRoot || sudo)) {
    console.log(`${tool.label} not found: installing Debian's ${tool.packages} with apt-get...`);
    try {
      if (!aptUpdated) execSync(`${sudo}apt-get update -qq`, { stdio: "inherit" });
      aptUpdated = true;
      execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${tool.packages}`, {
        stdio: "inherit",
      });
    } catch {
      // reported below
    }
  }
  const path = found();
  if (!path) {
    console.error(
      [
        `${tool.purpose} and none was found.`,
        `Install Debian's package:   sudo apt-get update && sudo apt-get install -y ${tool.packages}`,
        `or point ${tool.env} at the binary.`,
      ].join("\n"),
    );
    process.exit(1);
  }
  console.log(`Using ${tool.label} at ${path}`);
}
