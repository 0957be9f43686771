#!/usr/bin/env node
// Browser tests run in Debian's Chromium (Playwright's own browser download is not available
// offline). Finds it, installs it with apt when possible, or says exactly what to install.
import { execSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
].filter(Boolean);

const found = () => CANDIDATES.find((p) => existsSync(p));

if (!found()) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  const sudo = !isRoot && spawnSync("sudo", ["-n", "true"]).status === 0 ? "sudo " : "";
  if (hasApt && (isRoot || sudo)) {
    console.log("Chromium not found: installing Debian's chromium with apt-get...");
    try {
      execSync(
        `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
        {
          stdio: "inherit",
        },
      );
    } catch {
      // reported below
    }
  }
}

const chromium = found();
if (!chromium) {
  console.error(
    [
      "Browser tests need Chromium and none was found.",
      "Install Debian's package:   sudo apt-get update && sudo apt-get install -y chromium",
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    ].join("\n"),
  );
  process.exit(1);
}
console.log(`Using Chromium at ${chromium}`);
