#!/usr/bin/env node
// Takes screenshots of pages in light and dark mode, wide and narrow, for a person to look at.
// Usage: node scripts/screenshots.mjs [baseUrl] [path ...]   (the app must be running)
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [baseUrl = "http://localhost:3000", ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ["/", "/companies", "/news", "/compare"];
const out = "screenshots";
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--no-first-run",
  ],
});
for (const scheme of ["light", "dark"]) {
  for (const [label, viewport] of [
    ["wide", { width: 1440, height: 900 }],
    ["narrow", { width: 390, height: 844 }],
  ]) {
    const context = await browser.newContext({ colorScheme: scheme, viewport });
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      const name = `${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${scheme}-${label}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: true });
      console.log(`${out}/${name}`);
    }
    await context.close();
  }
}
await browser.close();
