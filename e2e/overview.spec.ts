// The overview page against the sandbox with its clock pinned to 2026-11-20T15:00:00Z.
import { type APIRequestContext, expect, type Request, test } from "@playwright/test";
import { collectProblems, expectNoAxeViolations } from "./helpers";

async function apiTotal(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/top-news?${query}&pageSize=1`);
  const body = (await response.json()) as { data: { pagination: { totalCount: number } } };
  return body.data.pagination.totalCount;
}

test("shows today's top stories, the week by event type, recent updates and a directory search", async ({
  page,
  request,
}) => {
  const errors = collectProblems(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // Today's top stories: the first five of the default feed for today (UTC), most material first.
  const stories = page.getByRole("region", { name: "Top stories today" });
  await expect(stories.locator("article")).toHaveCount(5);
  expect(
    new Set(await stories.locator("article").evaluateAll((n) => n.map((a) => a.getAttribute("data-date")))),
  ).toEqual(new Set(["2026-11-20"]));
  const today = await apiTotal(request, "startDate=2026-11-20&endDate=2026-11-20");
  await expect(
    stories.getByRole("link", { name: `All ${today.toLocaleString("en-US")} from Nov 20, 2026 →` }),
  ).toHaveAttribute("href", "/news?range=today");

  // The week's counts: one row per event type, each the feed's own total for that type.
  const chart = page.getByRole("region", { name: "This week by event type" }).getByRole("table");
  await expect(chart.getByRole("row")).toHaveCount(20); // the header row and 19 types
  const maRow = chart.getByRole("row", { name: /^M&A/ });
  await expect(maRow).toContainText((await apiTotal(request, "eventType=ma")).toLocaleString("en-US"));
  const total = await apiTotal(request, "");
  await expect(chart.locator("caption")).toContainText(
    `${total.toLocaleString("en-US")} stories, Nov 14 – Nov 20, 2026`,
  );

  // Each bar is as long as its count says: width per story is the same in every row (above the
  // floor a count of a few is drawn at).
  const bars = await chart.locator("tbody tr").evaluateAll((rows) =>
    rows.map((row) => ({
      count: Number(row.querySelector("td span.tabular-nums")?.textContent?.replace(/,/g, "")),
      width: row.querySelector("td span.h-2\\.5")?.getBoundingClientRect().width ?? 0,
    })),
  );
  const longest = Math.max(...bars.map((b) => b.count));
  const perStory = bars.filter((b) => b.count >= longest / 10).map((b) => b.width / b.count);
  expect(perStory.length).toBeGreaterThan(2);
  expect(Math.max(...perStory) / Math.min(...perStory)).toBeLessThan(1.05);

  // Recently updated companies, newest change first, as "data updated … ago" (the profile's wording).
  const recent = page.getByRole("region", { name: "Recently updated companies" });
  await expect(recent.getByRole("listitem")).toHaveCount(10);
  await expect(recent.getByRole("listitem").first()).toContainText(
    /data updated (\d+ seconds? ago|just now|\d+ minutes? ago)/,
  );
  const times = await recent
    .locator("time")
    .evaluateAll((n) => n.map((t) => t.getAttribute("datetime") ?? ""));
  expect(times).toEqual([...times].sort().reverse());
  // Flags are images this app serves (an emoji flag is an empty box on Linux), and they load.
  const flag = recent.locator("img[data-flag]").first();
  await expect(flag).toHaveAttribute("src", /^\/api\/flag\/[a-z]{2}\.svg$/);
  await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await recent.textContent()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);

  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);

  // A bar's label opens the feed filtered by that type.
  await maRow.getByRole("link", { name: "M&A" }).click();
  await expect(page).toHaveURL(/\/news\?eventType=ma$/);
  await expect(page.getByRole("checkbox", { name: "M&A" })).toBeChecked();
});

test("today's stories link keeps today relative, so a shared link does not go stale", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("region", { name: "Top stories today" }).getByRole("link", { name: /^All / }).click();
  await expect(page).toHaveURL(/\/news\?range=today$/);
  await expect(page.getByRole("article").first()).toHaveAttribute("data-date", "2026-11-20");
});

test("the recent-companies poll asks for rows only, not every facet count", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await expect(
    page.getByRole("region", { name: "Recently updated companies" }).getByRole("listitem"),
  ).toHaveCount(10);
  let polled: Request | null = null;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/companies") polled ??= request;
  });
  // The poll's timer exists only once the page has hydrated (the list above is the server's):
  // move the clock on until it asks.
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(61_000);
        return polled !== null;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const request = polled as Request | null;
  if (!request) throw new Error("no poll");
  expect(new URL(request.url()).searchParams.get("facets")).toBe("false");
  expect(await (await request.response())?.json()).not.toHaveProperty("facets");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the overview is complete from the server, and its one search box, the header's, still works", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Top stories today" }).locator("article")).toHaveCount(5);
    await expect(
      page.getByRole("region", { name: "Recently updated companies" }).getByRole("listitem"),
    ).toHaveCount(10);
    await expect(page.getByRole("main").getByRole("searchbox")).toHaveCount(0);
    const box = page.getByRole("banner").getByRole("combobox", { name: /find a company/i });
    await box.fill("ACME");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/companies\?q=ACME$/);
  });
});

test.describe("narrow, dark", () => {
  test.use({ viewport: { width: 375, height: 800 }, colorScheme: "dark" });

  test("fits the window and passes axe", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});
