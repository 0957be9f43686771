import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
await p.goto("http://127.0.0.1:3500/companies", { waitUntil: "networkidle" });
await p.waitForTimeout(500);
console.log(await p.evaluate(() => {
  const out = {};
  for (const td of document.querySelectorAll("tbody td[data-column]")) {
    const id = td.dataset.column;
    const need = Math.max(...[...td.children].map((c) => c.scrollWidth)) + 16;
    const list = (out[id] ??= []); list.push(need);
  }
  const res = {};
  for (const [id, l] of Object.entries(out)) { l.sort((a, b) => a - b); res[id] = { p50: l[Math.floor(l.length / 2)], p90: l[Math.floor(l.length * 0.9)], max: l.at(-1) }; }
  const ths = {}; for (const th of document.querySelectorAll("thead th[data-column]")) ths[th.dataset.column] = Math.round(th.getBoundingClientRect().width);
  const sc = document.querySelector("[data-results-scroller]");
  return { res, ths, container: sc.clientWidth, scroll: sc.scrollWidth };
}));
await b.close();
