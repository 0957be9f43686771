// The main pages against the sandbox in the other shapes a faithful service may send where the
// contract leaves the body open (SANDBOX_SHAPES, lib/sandbox/shapes.ts): top news and company news
// in the vendor mock's envelope (`hasNextPage` alone) or as bare arrays, numbers as text, times
// without a zone, nulls left out and unknown fields everywhere. Each page shows the stories the
// upstream sent, and nothing says an answer could not be read. A server of its own per shape.
import { expect, type Page, test } from "@playwright/test";
import { E2E_SANDBOX_NOW, serverArgs } from "../playwright.config";
import { freePort } from "../tests/redis-server";
import { type AppProcess, spawnApp, untilAnswers } from "./app-process";
import { collectProblems } from "./helpers";

test.describe.configure({ mode: "serial" });

/** Listings, 12 peers, logos and news. */
const PROFILE = { key: "XSHE_300980", name: "Ruihua Machinery Holdings Limited" };
const UNREADABLE = /cannot read|could not be read/i;

async function noUnreadable(page: Page) {
  await expect(page.getByText(UNREADABLE)).toHaveCount(0);
}

for (const shape of ["lean", "bare"] as const) {
  test.describe(`the sandbox's ${shape} shape`, () => {
    let base = "";
    let app: AppProcess;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      app = spawnApp(serverArgs(port), {
        SANDBOX_SHAPES: shape,
        SANDBOX_NOW: E2E_SANDBOX_NOW,
        API_BASE_URL: "",
        API_KEY: "",
        CACHE_DIR: "off",
        API_RATE_LIMIT: "off",
        PAGE_MISS_LIMIT: "2000/300",
      });
      await untilAnswers(`${base}/api/health`, 90_000);
    });

    test.afterAll(async () => {
      await app?.stop();
    });

    test("the overview, the feed, its headlines and the Atom feed show the stories sent", async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const problems = collectProblems(page);
      await page.goto(`${base}/`);
      const stories = page.getByRole("region", { name: "Top stories today" }).getByRole("listitem");
      await expect(stories).toHaveCount(5);
      // Without the service's total, the count is what is known: at least one more than shown.
      await expect(page.getByRole("link", { name: /^At least \d+ from / })).toBeVisible();
      await expect(
        page.getByRole("region", { name: "This week by event type" }).getByRole("table"),
      ).toBeVisible();
      await noUnreadable(page);

      // The stories the upstream sent: /api/top-news reads them, none left out.
      const api = (await (await request.get(`${base}/api/top-news?pageSize=30`)).json()) as {
        data: { data: { title: string }[]; pagination: { totalKnown: boolean; hasNextPage: boolean } };
      };
      expect(api.data.data).toHaveLength(30);
      expect(api.data.pagination).toMatchObject({ totalKnown: false, hasNextPage: true });

      await page.goto(`${base}/news`);
      const articles = page.locator("article");
      await expect(articles).toHaveCount(30);
      await expect(articles.first()).toContainText(api.data.data[0]?.title ?? "(none)");
      await expect(page.locator("#feed-summary")).toContainText(/At least \d+ stories/);
      await noUnreadable(page);
      // The next page comes by hasNextPage (lean) or by a full page (bare).
      await page.mouse.wheel(0, 100_000);
      await expect(articles).toHaveCount(60);

      await page.goto(`${base}/news?view=headlines`);
      // The first page's 30, in the upstream's order. (A tall window shows the dense list's end at
      // once, so the next page may come by itself: 60 is no failure, a missing or moved one is.)
      const headlines = page.locator("li[data-headline]");
      await expect(headlines.nth(29)).toContainText(api.data.data[29]?.title ?? "(none)");
      await expect(headlines.first()).toContainText(api.data.data[0]?.title ?? "(none)");
      expect([30, 60]).toContain(await headlines.count());
      await noUnreadable(page);

      const atom = await request.get(`${base}/news/feed.xml`);
      expect(atom.status()).toBe(200);
      expect(((await atom.text()).match(/<entry>/g) ?? []).length).toBeGreaterThan(10);

      const health = (await (await request.get(`${base}/api/health`)).json()) as {
        upstream: { dropped: { total: number } };
      };
      expect(health.upstream.dropped.total).toBe(0);
      expect(problems).toEqual([]);
    });

    test("a profile shows its listings, peers, logo and news; a comparison its stories", async ({ page }) => {
      test.setTimeout(90_000);
      const problems = collectProblems(page);
      await page.goto(`${base}/companies/${PROFILE.key}`);
      await expect(page.getByRole("heading", { level: 1, name: PROFILE.name })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /^Listings/ })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /^Peers/ })).toBeVisible();
      const logo = page.locator("picture img").first();
      await expect(logo).toHaveAttribute("src", /variant=logo$/);
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(page.locator("#news ol li").first()).toBeVisible({ timeout: 15_000 });
      await noUnreadable(page);

      await page.goto(`${base}/compare?companies=${PROFILE.key},XLON_EMBE`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("article").first()).toBeVisible({ timeout: 15_000 });
      await noUnreadable(page);
      expect(problems).toEqual([]);
    });
  });
}
