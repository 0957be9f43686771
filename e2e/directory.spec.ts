import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { waitForIndex } from "./helpers";

interface Row {
  companyKey: string;
  displayNameEnglish: string;
  primaryListing: { ticker: string; figi: string };
}

/** A company of the sandbox to look for: the largest one with a multi-word name. */
async function sampleCompany(page: Page): Promise<Row> {
  const response = await page.request.get("/api/companies?pageSize=20");
  const body = (await response.json()) as { rows: Row[] };
  const row = body.rows.find(
    (r) => r.displayNameEnglish.split(" ").length >= 3 && r.primaryListing.ticker.length >= 3,
  );
  if (!row) throw new Error("no sample company");
  return row;
}

const results = (page: Page) => page.getByRole("table", { name: /^Companies/ });
const bodyRows = (page: Page) => results(page).locator("tbody tr");
const firstRow = (page: Page) => bodyRows(page).first();
const search = (page: Page) => page.getByRole("searchbox", { name: /search companies/i });
const settled = (page: Page) => expect(results(page)).toHaveAttribute("aria-busy", "false");
const resultCount = async (page: Page) => {
  await settled(page);
  const text =
    (await page
      .getByText(/^[\d,]+ compan(y|ies)/)
      .first()
      .textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
};

test.describe("company directory", () => {
  // Counts are compared across steps: wait until the first sync of the index has finished.
  test.beforeAll(async ({ request }) => waitForIndex(request));

  test("finds a company by name, ticker, misspelt name and identifier, with the match shown", async ({
    page,
  }) => {
    await page.goto("/companies");
    const company = await sampleCompany(page);
    const [first, second] = company.displayNameEnglish.split(" ") as [string, string];
    await expect(search(page)).toBeFocused();

    await search(page).fill(`${first} ${second.slice(0, 3)}`);
    await expect(firstRow(page)).toContainText(company.displayNameEnglish);
    await expect(firstRow(page).locator("mark").first()).toHaveText(first);
    await expect(page).toHaveURL(new RegExp(`q=${first}`));

    await search(page).fill(company.primaryListing.ticker);
    await expect(firstRow(page)).toContainText(company.displayNameEnglish);
    await expect(firstRow(page).locator('td[data-column="ticker"] mark')).toHaveText(
      company.primaryListing.ticker,
    );

    // One typo: two letters swapped inside the first word.
    const typo = `${first.slice(0, 1)}${first[2]}${first[1]}${first.slice(3)} ${second}`;
    await search(page).fill(typo);
    await expect(firstRow(page)).toContainText(company.displayNameEnglish);

    await search(page).fill(company.primaryListing.figi);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(firstRow(page)).toContainText(`FIGI: ${company.primaryListing.figi}`);
    expect(await resultCount(page)).toBe(1);
  });

  test("applies and clears filters, with facet counts following", async ({ page }) => {
    await page.goto("/companies");
    const total = await resultCount(page);
    const filters = page.getByRole("complementary", { name: "Filters" });
    const europe = filters.getByRole("checkbox", { name: /^Europe/ });
    await europe.check();
    await expect(page).toHaveURL(/region=Europe/);
    await expect.poll(() => resultCount(page)).toBeLessThan(total);
    const europeTotal = await resultCount(page);
    // The sector counts now count European companies only.
    const energy = filters.getByRole("checkbox", { name: /^Industrials/ });
    const energyLabel = energy.locator("xpath=..");
    const energyCount = Number((await energyLabel.textContent())?.replace(/[^\d]/g, ""));
    await energy.check();
    await expect.poll(() => resultCount(page)).toBe(energyCount);
    expect(energyCount).toBeLessThan(europeTotal);
    for (const sector of await bodyRows(page).locator('td[data-column="sector"]').allTextContents())
      expect(sector).toBe("Industrials");

    await page.getByRole("link", { name: /Remove filter Sector: Industrials/ }).click();
    await expect.poll(() => resultCount(page)).toBe(europeTotal);
    await filters.getByRole("button", { name: "Clear all filters" }).click();
    await expect.poll(() => resultCount(page)).toBe(total);
    await expect(page).toHaveURL(/\/companies$/);
  });

  test("sorts by a column, both ways", async ({ page }) => {
    await page.goto("/companies");
    await results(page)
      .getByRole("button", { name: /^Company/ })
      .click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(results(page).getByRole("columnheader", { name: /Company/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    // The rows shown are the sorted ones once the new page has arrived.
    const firstTen = async () => {
      const names = await bodyRows(page).locator('td[data-column="name"] .font-medium').allTextContents();
      const sorted = [...names].sort((a, b) =>
        a.localeCompare(b, "en", { sensitivity: "base", numeric: true }),
      );
      return { shown: names.slice(0, 10), sorted: sorted.slice(0, 10) };
    };
    await expect
      .poll(async () => {
        const { shown, sorted } = await firstTen();
        return shown.length === 10 && shown.join("|") === sorted.join("|");
      })
      .toBe(true);

    await results(page)
      .getByRole("button", { name: /^Company/ })
      .click();
    await expect(results(page).getByRole("columnheader", { name: /Company/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(page).toHaveURL(/order=desc/);
  });

  test("moves through rows with the arrow keys and opens a profile with Enter", async ({ page }) => {
    await page.goto("/companies?sector=Utilities");
    const links = bodyRows(page).getByRole("link");
    await links.first().focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const third = await links.nth(2).getAttribute("href");
    await expect(links.nth(2)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${third}$`));
  });

  test("restores the view on reload and on back", async ({ page }) => {
    await page.goto("/companies");
    await page
      .getByRole("complementary", { name: "Filters" })
      .getByRole("checkbox", { name: /^Asia-Pacific/ })
      .check();
    await expect(page).toHaveURL(/region=Asia-Pacific/);
    await page.getByRole("switch", { name: "Compact" }).check();
    await expect(page).toHaveURL(/view=compact/);
    const count = await resultCount(page);
    await page.reload();
    await expect(page.getByRole("switch", { name: "Compact" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /^Asia-Pacific/ })).toBeChecked();
    expect(await resultCount(page)).toBe(count);
    await expect(results(page).getByRole("columnheader", { name: "Industry" })).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/region=Asia-Pacific$/);
    await expect(page.getByRole("switch", { name: "Compact" })).not.toBeChecked();
    // The router finishes one history step before the next (a second Back while the first is
    // still loading can leave the router on the first).
    await expect(results(page).getByRole("columnheader", { name: "Industry" })).toBeVisible();
    await expect.poll(() => resultCount(page)).toBe(count);
    await page.goBack();
    await expect(page).toHaveURL(/\/companies$/);
    await expect.poll(() => resultCount(page)).toBeGreaterThan(count);
  });

  test("exports every row of the filtered view as CSV", async ({ page }) => {
    await page.goto("/companies?region=Europe&sector=Energy");
    const count = await resultCount(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Export CSV/ }).click(),
    ]);
    const text = (await readFile((await download.path()) as string, "utf8")).replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^companyKey,displayName,/);
    expect(lines).toHaveLength(count + 1);
    const sectorColumn = (lines[0] as string).split(",").indexOf("sector");
    for (const line of lines.slice(1, 20)) expect(line).toContain(",Energy,");
    expect(sectorColumn).toBeGreaterThan(0);
  });

  test("explains an empty result and offers to widen it", async ({ page }) => {
    await page.goto("/companies?q=zzqxv&sector=Energy");
    await expect(page.getByText(/No companies match “zzqxv” with these filters/)).toBeVisible();
    await page.getByRole("button", { name: "Clear the filter" }).click();
    await expect(page).toHaveURL(/\/companies\?q=zzqxv$/);
  });

  test("has no axe violations, wide and in the narrow filter drawer", async ({ page }) => {
    await page.goto("/companies?q=nord");
    await expect(firstRow(page)).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual(
      [],
    );
    await page.setViewportSize({ width: 375, height: 760 });
    await page.getByRole("button", { name: /^Filters/ }).click();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual(
      [],
    );
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Filters" })).toHaveCount(0);
  });
});
