import { chromium } from "@playwright/test";
const base = process.argv[2];
const out = "/tmp/h18-shots";
const pages = [
  ["directory", "/companies"],
  ["directory-de", "/companies?country=DE&exchange=XETR"],
  ["profile", "/companies/XSHE_300980"],
  ["overview", "/"],
];
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const [name, path] of pages)
  for (const width of [1440, 390])
    for (const scheme of ["light", "dark"]) {
      if (name === "directory-de" && width === 390) continue;
      const ctx = await b.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const p = await ctx.newPage();
      await p.goto(base + path, { waitUntil: "networkidle" });
      await p.waitForTimeout(800);
      if (name === "profile" && width === 390) await p.locator("#listings").scrollIntoViewIfNeeded();
      if (name === "profile" && width === 1440) await p.locator("#datasets").scrollIntoViewIfNeeded();
      await p.screenshot({ path: `${out}/${name}-${width}-${scheme}.png` });
      await ctx.close();
    }
const ctx = await b.newContext({ viewport: { width: 1440, height: 900 } });
const p = await ctx.newPage();
await p.goto(base + "/companies/XSHE_300980", { waitUntil: "networkidle" });
await p.emulateMedia({ media: "print" });
await p.screenshot({ path: `${out}/profile-print.png`, fullPage: true });
await p.pdf?.({ path: `${out}/profile.pdf` }).catch(() => {});
await b.close();
