// `npm run bench`: prints the project's performance figures. Each section compares side by
// side within one run where machine noise would swamp absolute times.
import { browserBench } from "./browser";
import { budgetBench } from "./budget";
import { compareBench } from "./compare";
import { directoryBench } from "./directory";
import { exportScrapeBench } from "./export-scrape";
import { freeDayBench } from "./free-day";
import { lighthouseBench } from "./lighthouse";
import { loadBench } from "./load";
import { benchNews } from "./news";
import { benchProfile } from "./profile";
import { sandboxBench } from "./sandbox";
import { serverCostBench } from "./server-cost";

const sections: [string, () => Promise<void>][] = [
  ["Sandbox", sandboxBench],
  ["Directory and route handlers", directoryBench],
  ["Upstream budget", budgetBench],
  ["Free-plan day", freeDayBench],
  ["Profile page", benchProfile],
  ["News feed and overview", benchNews],
  ["Browser", browserBench],
  ["Compare page", compareBench],
  ["Server cost", serverCostBench],
  ["Lighthouse", lighthouseBench],
  ["Load", loadBench],
  ["Export scraping", exportScrapeBench],
];

const only = process.argv[2];
for (const [name, run] of sections) {
  if (only && !name.toLowerCase().includes(only.toLowerCase())) continue;
  console.log(`\n## ${name}`);
  await run();
}
