import { expect, test } from "@playwright/test";
import { NAV_ITEMS } from "../components/layout/nav-items";
import { collectProblems, expectNoAxeViolations } from "./helpers";

/** The first-level heading of each page: its header label, but where the page says more. */
const HEADINGS: Record<string, string> = { "/changes": "Reference-data changes" };
const headingOf = ({ href, label }: (typeof NAV_ITEMS)[number]) => HEADINGS[href] ?? label;
const PAGES = [
  ...NAV_ITEMS.map((item) => ({ path: item.href, heading: headingOf(item) })),
  { path: "/companies/XSHE_300980", heading: "Ruihua Machinery Holdings Limited" },
];

for (const { path, heading } of PAGES) {
  test(`${path} loads without console errors and passes axe`, async ({ page }) => {
    const problems = collectProblems(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
}

test("an address nothing lives at is a 404 that says so, in its heading and its tab's title", async ({
  page,
}) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page).toHaveTitle("Page not found · Fiscal Atlas");
  await expectNoAxeViolations(page);
});

test("navigation reaches every page from the header", async ({ page }) => {
  await page.goto("/");
  for (const item of NAV_ITEMS.slice(1)) {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: item.label, exact: true })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === item.href);
    await expect(page.getByRole("heading", { level: 1, name: headingOf(item) })).toBeVisible();
  }
});

test("a link whose page is slow to come says it is loading, until the page is there", async ({ page }) => {
  await page.goto("/companies");
  const link = page
    .getByRole("table", { name: /^Companies/ })
    .locator("tbody tr a")
    .first();
  await expect(link).toBeVisible();
  // Hydrated (React's props on the link): a click before that is a document load, with no progress.
  await expect
    .poll(() => link.evaluate((a) => Object.keys(a).some((k) => k.startsWith("__reactProps"))))
    .toBe(true);
  // The profile's server part is held, as a slow data service would hold it.
  await page.route(/\/companies\/[^?/]+\?_rsc=/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await route.continue().catch(() => {}); // the test may have ended without it
  });
  const loading = page.locator('[role="status"]', { hasText: "Loading…" });
  const slow = page.getByText("Still loading: the data service is slow to answer.");
  await link.click();
  // The old page stays, but says within a moment that the new one is coming.
  await expect(loading).toBeAttached({ timeout: 1_500 });
  await expect(page.locator('[aria-hidden="true"].fixed.top-0')).toBeVisible();
  await expect(slow).toBeVisible({ timeout: 4_000 });
  await expectNoAxeViolations(page);
  await expect(page).toHaveURL(/\/companies\/[^?]+$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(slow).toHaveCount(0);
  await expect(loading).toHaveCount(0);
});

test("the sandbox is mounted at /sandbox and answers a believable first page", async ({ request }) => {
  const response = await request.get("/sandbox/v3/companies-list?apiKey=demo-pro");
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    pagination: { totalCount: number; hasNextPage: boolean };
    data: { companyKey: string; displayNameEnglish: string; primaryListing: { exchangeCode: string } }[];
  };
  expect(body.data).toHaveLength(1000);
  expect(body.pagination.hasNextPage).toBe(true);
  expect(body.pagination.totalCount).toBeGreaterThan(11_000);
  const exchanges = new Set(body.data.map((row) => row.primaryListing.exchangeCode));
  expect(exchanges.size).toBeGreaterThan(10);
});

test("the sandbox answers the contract's errors over HTTP", async ({ request }) => {
  const noKey = await request.get("/sandbox/v3/companies-list");
  expect(noKey.status()).toBe(403);
  expect(await noKey.json()).toEqual({ errors: [{ message: expect.stringMatching(/key is invalid/i) }] });
  const logo = await request.get(
    "/sandbox/v2/company/logo?apiKey=demo-free&companyKey=NOPE_NOPE&variant=huge",
  );
  expect(logo.status()).toBe(400);
});

test("the app icon is served, and every page links it", async ({ page, request }) => {
  const response = await request.get("/icon.svg");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/svg");
  await page.goto("/news");
  await expect(page.locator('head link[rel="icon"]')).toHaveAttribute("href", "/icon.svg");
});
