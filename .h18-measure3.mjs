import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
for (let i = 0; i < 30; i++) { const r = await fetch("http://127.0.0.1:3550/api/index-status").then((r) => r.json()).catch(() => null); if (r?.default?.state === "ready") break; await new Promise((r) => setTimeout(r, 2000)); }
await p.goto("http://127.0.0.1:3550/companies", { waitUntil: "networkidle" });
await p.waitForTimeout(500);
console.log(await p.evaluate(() => {
  const cut = [...document.querySelectorAll('tbody td[data-column="name"] .truncate')].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => [el.textContent, el.scrollWidth, el.clientWidth]);
  const ths = {}; for (const th of document.querySelectorAll("thead th[data-column]")) ths[th.dataset.column] = Math.round(th.getBoundingClientRect().width);
  const sc = document.querySelector("[data-results-scroller]");
  return { cut, ths, container: sc.clientWidth, scroll: sc.scrollWidth };
}));
await b.close();
