import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { collectProblems, expectNoAxeViolations, holdScripts, waitForIndex } from "./helpers";

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
/** Focuses the table header's last control: the next Tab goes into the rows. */
const focusHeaderEnd = (page: Page) =>
  results(page)
    .locator("thead")
    .evaluate((thead) =>
      [...thead.querySelectorAll<HTMLElement>("button, [tabindex]")]
        .filter((element) => element.tabIndex >= 0)
        .at(-1)
        ?.focus(),
    );
/**
 * The focused row's index, and whether all of it shows: below the table's header and the site's,
 * above the table's bottom edge and the window's.
 */
const focusedRowOf = (page: Page) =>
  page.evaluate(() => {
    const s = document.querySelector("[data-results-scroller]") as HTMLElement;
    const row = document.activeElement?.closest("tbody tr");
    if (!row) return { index: null, whole: false };
    const top = Math.max(
      (s.querySelector("thead") as HTMLElement).getBoundingClientRect().bottom,
      (document.querySelector("[data-site-header]") as HTMLElement).getBoundingClientRect().bottom,
    );
    const bottom = Math.min(s.getBoundingClientRect().top + s.clientTop + s.clientHeight, window.innerHeight);
    const box = row.getBoundingClientRect();
    return {
      index: row.getAttribute("data-index"),
      whole: box.top >= top - 0.5 && box.bottom <= bottom + 0.5,
    };
  });
const settled = (page: Page) => expect(results(page)).toHaveAttribute("aria-busy", "false");
/** Opens the directory's default view, settled, and gives its results' scroller. */
/**
 * Holds the second request for a page's server part matching `pattern` for 1.5 s (a Back to an entry
 * the URL state wrote makes the router ask twice, the second time after the first answer). Resolves
 * once that second request is under way, or after 1.5 s for a router that asks once.
 */
async function holdSecondAsk(page: Page, pattern: RegExp): Promise<Promise<unknown>> {
  let asked = 0;
  let secondAsked = () => {};
  const second = new Promise<void>((resolve) => {
    secondAsked = resolve;
  });
  await page.route(pattern, async (route) => {
    asked += 1;
    if (asked >= 2) {
      secondAsked();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await route.continue().catch(() => {}); // the page may have gone on without it
  });
  return Promise.race([second, new Promise((resolve) => setTimeout(resolve, 1_500))]);
}

async function openDirectory(page: Page) {
  await page.goto("/companies");
  await settled(page);
  return page.locator("[data-results-scroller]");
}
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
    await expect(firstRow(page)).toContainText(`FIGI (venue): ${company.primaryListing.figi}`);
    expect(await resultCount(page)).toBe(1);
  });

  test("a link with values the page does not read says what it left out, and the address drops them", async ({
    page,
  }) => {
    await page.goto("/companies?sector=Energy&sort=zzz&minMarketCap=-5");
    const notes = page
      .getByRole("status")
      .filter({ hasText: "The link asked for something the directory cannot show" });
    await expect(notes).toContainText("There is no sorting by “zzz”: the default order.");
    await expect(notes).toContainText("not “-5”: no minimum.");
    await expect(page).toHaveURL(/\/companies\?sector=Energy$/);
    await notes.getByRole("button", { name: "Dismiss" }).click();
    await expect(notes).toHaveCount(0);
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

    await page.getByRole("link", { name: "Remove filter: Sector: Industrials" }).click();
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
    // The address changes when the profile commits: a CI run's took 5.2 s (its RSC answer began in
    // 0.4 s and streamed on while the machine ran another worker's suite).
    await expect(page).toHaveURL(new RegExp(`${third}$`), { timeout: 15_000 });
  });

  test("keys act on the row whose star or checkbox was clicked", async ({ page }) => {
    await page.goto("/companies?sector=Utilities");
    const row = (index: number) => results(page).locator(`tbody tr[data-index="${index}"]`);
    const star = (index: number) => row(index).getByRole("button", { name: /^Follow/ });
    await star(3).click();
    await expect(star(3)).toHaveAttribute("aria-pressed", "true");
    // F unfollows the clicked row's company, not the first row's.
    await page.keyboard.press("f");
    await expect(star(3)).toHaveAttribute("aria-pressed", "false");
    await expect(star(0)).toHaveAttribute("aria-pressed", "false");
    await row(7).getByRole("checkbox").click();
    await page.keyboard.press("ArrowDown");
    await expect(row(8).getByRole("link")).toBeFocused();
  });

  test("after the table is scrolled away from the active row, Tab and ArrowDown reach the first row on screen", async ({
    page,
  }) => {
    const scroller = await openDirectory(page);
    // As a scrollbar drag leaves it: row 500 at the top, the active row 0 no longer rendered.
    await scroller.evaluate((element) => element.scrollTo({ top: 500 * 48 }));
    const onScreen = results(page).locator('tbody tr[data-index="500"]').getByRole("link");
    await expect(onScreen).toBeVisible();
    await expect(results(page).locator('tbody tr[data-index="0"]')).toHaveCount(0);
    const focusedRow = () =>
      page.evaluate(() => document.activeElement?.closest("tbody tr")?.getAttribute("data-index") ?? null);

    // Tab from the header's last control goes into the rows, not past the table.
    await focusHeaderEnd(page);
    await page.keyboard.press("Tab");
    await expect(onScreen).toBeFocused();
    expect(await focusedRow()).toBe("500");

    await search(page).focus();
    await page.keyboard.press("ArrowDown");
    await expect(onScreen).toBeFocused();
    expect(await scroller.evaluate((element) => element.scrollTop)).toBe(500 * 48);
  });

  test("a row the keyboard reaches is shown whole, clear of the sticky header; End and Page Down move the focus", async ({
    page,
  }) => {
    const scroller = await openDirectory(page);
    const focusedRow = () => focusedRowOf(page);
    // Scrolled by the mouse to a row half under the header; Tab in from the header's last control.
    await scroller.evaluate((element) => element.scrollTo({ top: 500 * 48 + 20 }));
    // Row 500, half under the header, has become the row Tab reaches (the active row 0 is gone).
    await expect(results(page).locator('tbody tr[data-index="500"] a[tabindex="0"]')).toBeVisible();
    const scrolled = await scroller.evaluate((element) => element.scrollTop);
    await focusHeaderEnd(page);
    // (A header control taking the focus does not scroll the table.)
    expect(await scroller.evaluate((element) => element.scrollTop)).toBe(scrolled);
    await page.keyboard.press("Tab");
    await expect.poll(focusedRow).toEqual({ index: "500", whole: true });

    // Down past the bottom edge, a page down, and the end of a 12,000-row result.
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    // Row 0 drawn again (before, the first link drawn may still be one near row 500).
    const top = results(page).locator('tbody tr[data-index="0"] a');
    await expect(top).toBeVisible();
    await top.focus();
    // Keys back to back, faster than frames: the table scrolls as fast as a fling, which draws
    // rows light (another element), and the row with the focus, or about to take it, was one of
    // them: the focus fell to the page. Each press moves one row, and the focus stays in the rows.
    for (let i = 1; i <= 60; i++) {
      await page.keyboard.press("ArrowDown");
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
    }
    await expect.poll(focusedRow).toEqual({ index: "60", whole: true });
    // Page Down moves a screen of rows less one (48 px each), five times as fast.
    const perPage = await scroller.evaluate((element) =>
      Math.max(1, Math.floor(element.clientHeight / 48) - 1),
    );
    for (let i = 0; i < 5; i++) await page.keyboard.press("PageDown");
    await expect.poll(focusedRow).toEqual({ index: String(60 + 5 * perPage), whole: true });
    await page.keyboard.press("End");
    const last = String((await resultCount(page)) - 1);
    await expect.poll(focusedRow, { timeout: 10_000 }).toEqual({ index: last, whole: true });
  });

  test("Back from a profile opened from a row: the same rows, that row focused; a new visit starts at the top", async ({
    page,
  }) => {
    const scroller = await openDirectory(page);
    await scroller.evaluate((element) => element.scrollTo({ top: 48 * 300 }));
    const link = results(page).locator('tbody tr[data-index="305"] a');
    await link.focus();
    const top = await scroller.evaluate((element) => element.scrollTop);
    expect(top).toBeGreaterThan(48 * 290);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/companies\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/companies$/);
    await expect(link).toBeFocused();
    expect(await scroller.evaluate((element) => element.scrollTop)).toBe(top);
    expect((await focusedRowOf(page)).whole).toBe(true);
    // Forward to the profile, then the directory from the site's menu: a new visit, at the top.
    await page.goForward();
    await expect(page).toHaveURL(/\/companies\/[^/?]+$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Companies" }).click();
    await expect(page).toHaveURL(/\/companies$/);
    await expect(search(page)).toBeFocused();
    await expect(results(page).locator('tbody tr[data-index="0"] a')).toBeVisible();
    expect(await scroller.evaluate((element) => element.scrollTop)).toBe(0);
  });

  test("Back to a search, from a row clicked as its text was still being written to the address: that row focused", async ({
    page,
  }) => {
    await page.goto("/companies");
    await expect(search(page)).toBeFocused();
    await search(page).fill("lime");
    const row = bodyRows(page).nth(1);
    await expect(row).toContainText(/lime/i);
    const link = row.getByRole("link").first();
    const name = await link.textContent();
    await link.click();
    await expect(page).toHaveURL(/\/companies\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await page.goBack();
    await expect(page).toHaveURL(/q=lime/);
    await expect(
      results(page)
        .getByRole("link", { name: name ?? "" })
        .first(),
    ).toBeFocused();
    await expect(search(page)).toHaveValue("lime");
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 800 } });
    test("the search box takes no focus on load, so no on-screen keyboard covers the rows", async ({
      page,
    }) => {
      await page.goto("/companies");
      await expect(firstRow(page)).toBeVisible();
      // Hydrated: the box would have been focused by now.
      await expect
        .poll(() => search(page).evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))))
        .toBe(true);
      expect(await page.evaluate(() => window.matchMedia("(pointer: coarse)").matches)).toBe(true);
      await expect(search(page)).not.toBeFocused();
    });
  });

  test("a cell's text selects without opening its row, and an identifier copies from its button", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/companies?cols=name,ticker,isin,sector");
    const cell = firstRow(page).locator('td[data-column="isin"]');
    const isin = cell.locator(".font-mono");
    const value = (await isin.textContent()) ?? "";
    expect(value).toMatch(/^[A-Z]{2}[A-Z0-9]{9}\d$/);
    await isin.dblclick();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(value);
    // A drag across the sector's words selects them too; the row stays where it is.
    const sector = firstRow(page).locator('td[data-column="sector"] span').first();
    const box = await sector.boundingBox();
    if (!box) throw new Error("no sector cell");
    await page.mouse.move(box.x + 1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(((await page.evaluate(() => window.getSelection()?.toString())) ?? "").length).toBeGreaterThan(3);
    await expect(page).toHaveURL(/\/companies\?/);
    await cell.getByRole("button", { name: `Copy ISIN ${value}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    // The name is the row's link.
    await firstRow(page).getByRole("link").click();
    await expect(page).toHaveURL(/\/companies\/[^/?]+$/);
  });

  test("keys that outrun the rows still loading keep the focus in the table", async ({ page }) => {
    // 120 key presses, each checked: a CI machine running four browsers took over 30 s for 160.
    test.setTimeout(90_000);
    // The pages after the first come when the test lets them: the keys move past the loaded rows,
    // where there is no link to focus, and the row that still has the focus scrolls far off the
    // screen, its page no longer among those on screen. It stays drawn (its element replaced or
    // removed, the focus would fall to the page) until the row the keys reached takes the focus.
    let releasePage2 = () => {};
    let releaseRest = () => {};
    const page2 = new Promise<void>((resolve) => {
      releasePage2 = resolve;
    });
    const rest = new Promise<void>((resolve) => {
      releaseRest = resolve;
    });
    await page.route(/\/api\/companies\?/, async (route) => {
      const number = Number(/[?&]page=(\d+)/.exec(route.request().url())?.[1]);
      await (number === 2 ? page2 : number > 2 ? rest : Promise.resolve());
      await route.continue();
    });
    await page.goto("/companies");
    await settled(page);
    await results(page).locator('tbody tr[data-index="0"] a').focus();
    const press = async (times: number) => {
      for (let i = 0; i < times; i++) {
        await page.keyboard.press("ArrowDown");
        expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
      }
    };
    // Past the first page: the focus stays on its last row the keys reached.
    await press(60);
    expect(Number((await focusedRowOf(page)).index)).toBeLessThan(50);
    releasePage2();
    await expect.poll(() => focusedRowOf(page)).toEqual({ index: "60", whole: true });
    // Past the second (rows 50 to 99): the focus stays in it, off the rows drawn around the
    // screen (row 120 and a few more either side) and their pages.
    await press(60);
    const held = Number((await focusedRowOf(page)).index);
    expect(held).toBeGreaterThanOrEqual(60);
    expect(held).toBeLessThan(100);
    releaseRest();
    await expect.poll(() => focusedRowOf(page), { timeout: 15_000 }).toEqual({ index: "120", whole: true });
  });

  test("removing a filter hands the focus to the next chip, else the one before, else the search box", async ({
    page,
  }) => {
    await page.goto("/companies?sector=Industrials&sector=Utilities&region=Europe");
    const chips = page
      .getByRole("list", { name: "Active filters" })
      .getByRole("link", { name: /^Remove filter/ });
    await expect(chips).toHaveCount(3);
    const names = await chips.evaluateAll((links) => links.map((link) => link.getAttribute("aria-label")));
    const chip = (index: number) => page.getByRole("link", { name: names[index] ?? "", exact: true });
    await chip(1).focus();
    await page.keyboard.press("Enter");
    await expect(chips).toHaveCount(2);
    await expect(chip(2)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(chips).toHaveCount(1);
    await expect(chip(0)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(chips).toHaveCount(0);
    await expect(search(page)).toBeFocused();

    // A facet's Clear: its heading.
    const filters = page.getByRole("complementary", { name: "Filters" });
    await filters.getByRole("checkbox", { name: /^Europe/ }).check();
    const clear = filters.getByRole("button", { name: "Clear HQ region" });
    await clear.focus();
    await page.keyboard.press("Enter");
    await expect(clear).toHaveCount(0);
    await expect(filters.getByRole("button", { name: "HQ region", exact: true })).toBeFocused();

    // Clear all filters: the first filter's heading.
    await filters.getByRole("checkbox", { name: /^Europe/ }).check();
    await filters.getByRole("checkbox", { name: /^Asia-Pacific/ }).check();
    const clearAll = filters.getByRole("button", { name: "Clear all filters" });
    await clearAll.focus();
    await page.keyboard.press("Enter");
    await expect(clearAll).toHaveCount(0);
    await expect(filters.getByRole("checkbox", { checked: true })).toHaveCount(0);
    await expect(filters.getByRole("button", { name: "Market cap", exact: true })).toBeFocused();
  });

  test("restores the view on reload and on back, even Back twice while the first still loads", async ({
    page,
  }) => {
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
    // Back reloads the filtered page's server part: the router asks twice (the second time after
    // the first answer), and the second answer is held, so the next Back comes while it loads.
    // Without a repair the router stayed on the first entry for good (9 runs in 10).
    const second = await holdSecondAsk(page, /\/companies\?region=Asia-Pacific&_rsc=/);
    await page.goBack();
    await expect(page).toHaveURL(/region=Asia-Pacific$/);
    await expect(page.getByRole("switch", { name: "Compact" })).not.toBeChecked();
    await expect(results(page).getByRole("columnheader", { name: "Industry" })).toBeVisible();
    await expect.poll(() => resultCount(page)).toBe(count);
    await second;
    await page.goBack();
    await expect(page).toHaveURL(/\/companies$/);
    await expect.poll(() => resultCount(page)).toBeGreaterThan(count);
    await expect(page.getByRole("checkbox", { name: /^Asia-Pacific/ })).not.toBeChecked();
  });

  test("a row opened within a second of a lost Back opens, not cancelled by the repair", async ({ page }) => {
    await page.goto("/companies");
    await page
      .getByRole("complementary", { name: "Filters" })
      .getByRole("checkbox", { name: /^Asia-Pacific/ })
      .check();
    await page.getByRole("switch", { name: "Compact" }).check();
    await expect(page).toHaveURL(/view=compact/);
    // As above: after a reload the router has none of the entries, and the second Back comes while
    // the first one's second request is held, so the router loses it; the repair looks a second later.
    await page.reload();
    await expect(page.getByRole("switch", { name: "Compact" })).toBeChecked();
    const second = await holdSecondAsk(page, /\/companies\?region=Asia-Pacific&_rsc=/);
    await page.goBack();
    await expect(page).toHaveURL(/region=Asia-Pacific$/);
    await second;
    // The profile's server part is held past that second: the click's navigation is under way
    // when the repair would have looked.
    await page.route(/\/companies\/[^?/]+\?_rsc=/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => {});
    });
    await page.goBack();
    // Which row is first depends on whether the router kept this Back: any row will do.
    await bodyRows(page).first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/companies\/[^?]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a query typed just before a filter or a row link keeps its own history entry", async ({ page }) => {
    await page.goto("/companies?sector=Utilities");
    await settled(page);
    const name = (await bodyRows(page).first().getByRole("link").first().textContent()) ?? "";
    const word = name.trim().split(" ")[0] ?? "";
    // Each step follows the typing within the pause it waits for before it writes the URL.
    await search(page).fill(word);
    // click, not check: the switch follows the URL state, which turns once the typed query's own
    // entry is written (a moment after the click when typing has not paused yet).
    const compact = page.getByRole("switch", { name: "Compact" });
    await compact.click();
    await expect(compact).toBeChecked();
    await expect(page).toHaveURL(/view=compact/);
    expect(new URL(page.url()).searchParams.get("q")).toBe(word);
    await page.goBack();
    await expect(page).not.toHaveURL(/view=/);
    expect(new URL(page.url()).searchParams.get("q")).toBe(word);

    await settled(page);
    const prefix = word.slice(0, 3);
    // The profile's server part is held: its navigation is still under way a second after the
    // Back, when the repair of a lost Back (components/url-state.tsx) looks, and must not cancel it.
    await page.route(/\/companies\/[^?/]+\?_rsc=/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => {}); // the page may have gone on without it
    });
    await search(page).fill(prefix);
    await bodyRows(page).first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/companies\/[^?]+$/);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(prefix);
    await expect(search(page)).toHaveValue(prefix);
  });

  test("exports every row of the filtered view as CSV, for a spreadsheet or plain", async ({ page }) => {
    await page.goto("/companies?region=Europe&sector=Energy");
    const count = await resultCount(page);
    await page.getByText("Export CSV").click();
    await expect(page.getByRole("link", { name: /Plain CSV/ })).toContainText("For pandas, R");
    const [plain] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Plain CSV/ }).click(),
    ]);
    const plainText = await readFile((await plain.path()) as string, "utf8");
    expect(plainText).toMatch(/^companyKey,displayName,/);
    expect(plainText).not.toContain('="');
    // The menu closed with the first choice.
    await expect(page.getByRole("link", { name: /Plain CSV/ })).toBeHidden();
    await page.getByText("Export CSV").click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Spreadsheet CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-spreadsheet\.csv$/);
    const text = (await readFile((await download.path()) as string, "utf8")).replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^companyKey,displayName,/);
    expect(lines).toHaveLength(count + 1);
    const sectorColumn = (lines[0] as string).split(",").indexOf("sector");
    for (const line of lines.slice(1, 20)) expect(line).toContain(",Energy,");
    expect(sectorColumn).toBeGreaterThan(0);
  });

  test("a query the server refuses says why, with no Loading… and no Try again that cannot help", async ({
    page,
  }) => {
    await page.goto("/companies?q=lime%00");
    const alert = page.getByRole("alert").filter({ hasText: "Could not search the directory" });
    await expect(alert).toContainText("q: must not contain control characters");
    await expect(alert.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await expect(page.getByText("No results (see below).")).toBeVisible();
    await expect(page.getByText("Loading…").filter({ visible: true })).toHaveCount(0);
  });

  test("explains an empty result and offers to widen it", async ({ page }) => {
    await page.goto("/companies?q=zzqxv&sector=Energy");
    await expect(page.getByText(/No API-enabled companies match “zzqxv” with these filters/)).toBeVisible();
    await page.getByRole("button", { name: "Clear the filter" }).click();
    await expect(page).toHaveURL(/\/companies\?q=zzqxv$/);
    // Clearing the search is a step of its own: Back returns to it.
    await page.getByRole("button", { name: "Clear the search" }).click();
    await expect(page).toHaveURL(/\/companies$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/companies\?q=zzqxv$/);
    await expect(page.getByRole("searchbox", { name: /search companies/i })).toHaveValue("zzqxv");
  });

  test("has no axe violations, wide and in the narrow filter drawer", async ({ page }) => {
    await page.goto("/companies?q=nord");
    await expect(firstRow(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 760 });
    await page.getByRole("button", { name: /^Filters/ }).click();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Filters" })).toHaveCount(0);
  });
});

test.describe("server rendering", () => {
  test.beforeAll(async ({ request }) => waitForIndex(request));

  test("hydrates the server's first page: no loading state, no second fetch of it", async ({ page }) => {
    const problems = collectProblems(page);
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/companies") fetched.push(request.url());
    });
    const html = await (await page.request.get("/companies?q=lime")).text();
    expect(html).toMatch(/<a [^>]*href="\/companies\/[^"]+"/);
    // A desktop browser gets the wide layout (filter column, full columns) from the server already.
    expect(html).toMatch(/<aside [^>]*id="directory-filters"/);
    expect(html).toContain(">Sector</button>");
    await page.goto("/companies?q=lime");
    await expect(firstRow(page).getByRole("link")).toBeVisible();
    await expect(page.getByText("Loading…")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(fetched).toEqual([]);
    expect(problems).toEqual([]);
  });
});

test.describe("before the page hydrates", () => {
  test("a query typed and a filter ticked while the scripts still load are searched once they run", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/companies", { waitUntil: "commit" });
    await search(page).fill("bank");
    await page
      .getByRole("complementary", { name: "Filters" })
      .getByRole("checkbox", { name: /^Europe/ })
      .check();
    release();
    await expect(page).toHaveURL(/[?&]q=bank/);
    await expect(page).toHaveURL(/[?&]region=Europe/);
    await expect(search(page)).toHaveValue("bank");
    const expected = (await (
      await page.request.get("/api/companies?q=bank&region=Europe&pageSize=1")
    ).json()) as {
      total: number;
    };
    await expect.poll(() => resultCount(page)).toBe(expected.total);
  });

  test("a scroll made while the scripts still load is kept: its rows are drawn where it is", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/companies", { waitUntil: "commit" });
    const scroller = page.locator("[data-results-scroller]");
    await scroller.evaluate((el) => el.scrollTo({ top: 48 * 200 }));
    release();
    // Its page (rows 200 to 249) is fetched once the scripts run: a loaded CI machine took over 5 s.
    await expect(results(page).locator('tbody tr[data-index="200"] a')).toBeVisible({ timeout: 15_000 });
    expect(await scroller.evaluate((el) => el.scrollTop)).toBe(48 * 200);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.beforeAll(async ({ request }) => waitForIndex(request));

  interface ApiPage {
    total: number;
    rows: { companyKey: string; displayNameEnglish: string }[];
  }
  const apiPage = async (page: Page, query: string) =>
    (await (await page.request.get(`/api/companies?${query}&pageSize=50`)).json()) as ApiPage;
  const list = (page: Page) => page.getByRole("table", { name: /^Companies \d/ });
  const profileLinks = (page: Page) => list(page).locator('tbody a[href^="/companies/"]');

  test("the header's search box is a form: Enter lists the directory's matches", async ({ page }) => {
    await page.goto("/news");
    const box = page.getByRole("banner").getByRole("combobox", { name: /find a company/i });
    await box.fill("lime");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/companies\?q=lime$/);
    await expect(profileLinks(page).first()).toBeVisible();
  });

  test("the first page of results is links from the server; search and paging work", async ({ page }) => {
    const lime = await apiPage(page, "q=lime");
    await page.goto("/companies?q=lime");
    await expect(page.getByText(/^[\d,]+ compan(y|ies)$/)).toBeVisible();
    await expect(profileLinks(page)).toHaveCount(Math.min(50, lime.total));
    await expect(profileLinks(page).first()).toHaveAttribute(
      "href",
      `/companies/${encodeURIComponent(lime.rows[0]?.companyKey ?? "")}`,
    );
    await expect(page.getByText("Loading…").filter({ visible: true })).toHaveCount(0);
    // Controls that need a script are not offered.
    await expect(page.getByRole("switch")).toHaveCount(0);

    // The search is a GET form that keeps the filters.
    await page.goto("/companies?sector=Energy");
    await search(page).fill("oil");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/companies\?sector=Energy&q=oil$/);
    const oil = await apiPage(page, "sector=Energy&q=oil");
    expect(oil.total).toBeGreaterThan(0);
    await expect(profileLinks(page).first()).toHaveText(oil.rows[0]?.displayNameEnglish ?? "");

    // Paging with links: the second page is the API's second page.
    await page.goto("/companies?sector=Energy");
    const energy = await apiPage(page, "sector=Energy&page=2");
    expect(energy.total).toBeGreaterThan(50);
    await page.getByRole("link", { name: "Next 50 →" }).click();
    await expect(page).toHaveURL(/\/companies\?sector=Energy&page=2$/);
    await expect(list(page)).toHaveAccessibleName(/^Companies 51–/);
    await expect(profileLinks(page).first()).toHaveText(energy.rows[0]?.displayNameEnglish ?? "");
    await expect(page.getByRole("link", { name: "← Previous 50" })).toHaveAttribute(
      "href",
      "/companies?sector=Energy",
    );

    // A row is a real link to the profile.
    const name = (await profileLinks(page).first().textContent()) ?? "";
    await profileLinks(page).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  });

  test("a query the server cannot run is explained, not a blank list", async ({ page }) => {
    await page.goto("/companies?q=lime%01");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Could not search the directory");
    await expect(alert).toContainText("q: must not contain control characters");
    await expect(page.getByText("Loading…").filter({ visible: true })).toHaveCount(0);
  });
});

test.describe("failed pages of rows", () => {
  test.beforeAll(async ({ request }) => waitForIndex(request));

  test("Try again fetches exactly the pages that failed", async ({ page }) => {
    let failing = true;
    const asked: number[] = [];
    await page.route(/\/api\/companies\?/, (route) => {
      const pageNumber = Number(new URL(route.request().url()).searchParams.get("page"));
      if (pageNumber > 1) {
        asked.push(pageNumber);
        if (failing)
          return route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ errors: [{ message: "The data service is unavailable." }] }),
          });
      }
      return route.continue();
    });
    await page.goto("/companies");
    await expect(firstRow(page).getByRole("link")).toBeVisible();
    // Row 121 lies on page 3.
    await page.locator("[data-results-scroller]").evaluate((el) => el.scrollTo({ top: 48 * 120 }));
    const alert = page.getByRole("alert").filter({ hasText: "Some rows could not be loaded" });
    // The failed page is tried twice (the client's one retry of a 5xx) before it shows as failed.
    await expect(alert).toBeVisible({ timeout: 15_000 });
    const failed = [...new Set(asked)].sort();
    expect(failed).toContain(3);
    asked.length = 0;
    failing = false;
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.locator('tbody tr[data-index="120"] a')).toBeVisible();
    expect([...new Set(asked)].sort()).toEqual(failed);
  });
});

test.describe("narrow: the filters dialog", () => {
  test.use({ viewport: { width: 390, height: 800 } });
  test.beforeAll(async ({ request }) => waitForIndex(request));

  const focusInDialog = (page: Page) =>
    page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.id ?? null);

  test("is modal for the keyboard: Tab stays inside, the page is inert, Escape closes, focus returns", async ({
    page,
  }) => {
    const problems = collectProblems(page);
    await page.goto("/companies?q=nord");
    await expect(firstRow(page)).toBeVisible();
    const opener = page.getByRole("button", { name: /^Filters/ });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await expect(dialog).toBeVisible();
    const first = dialog.getByRole("button", { name: /^Show .* results$/ });
    await expect(first).toBeFocused();
    await expectNoAxeViolations(page);
    // The page behind does not scroll (the lock's style is the page's policy's to allow).
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

    // Tab goes round the dialog and comes back to its first control; Shift+Tab likewise.
    for (const key of ["Tab", "Shift+Tab"]) {
      let presses = 0;
      do {
        await page.keyboard.press(key);
        expect(await focusInDialog(page)).toBe("directory-filters");
        presses++;
      } while (presses < 300 && !(await first.evaluate((el) => el === document.activeElement)));
      expect(presses).toBeGreaterThan(3);
      expect(presses).toBeLessThan(300);
    }

    // The page behind is hidden from assistive technology, and cannot take focus, while the dialog is open.
    await expect(page.getByRole("searchbox", { name: /search companies/i })).toHaveCount(0);
    expect(
      await page.evaluate(() => {
        document.getElementById("directory-q")?.focus();
        return document.activeElement?.id;
      }),
    ).not.toBe("directory-q");

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(page.getByRole("searchbox", { name: /search companies/i })).toBeVisible();

    // Closing with its own button returns focus too.
    await page.keyboard.press("Enter");
    await expect(first).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("visible");
    expect(problems).toEqual([]);
  });
});

test.describe("narrow: clearing inside the filters dialog", () => {
  test.use({ viewport: { width: 390, height: 800 } });
  test.beforeAll(async ({ request }) => waitForIndex(request));

  test("Clear all takes itself away and hands the focus to the first filter, not to the dialog's box", async ({
    page,
  }) => {
    await page.goto("/companies?sector=Energy");
    await expect(firstRow(page)).toBeVisible();
    await page.getByRole("button", { name: /^Filters/ }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    const clear = dialog.getByRole("button", { name: "Clear all filters" });
    await clear.focus();
    await page.keyboard.press("Enter");
    await expect(clear).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? "")).toBe("BUTTON");
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  });
});

test.describe("directory columns", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.beforeAll(async ({ request }) => waitForIndex(request));

  const header = (page: Page, id: string) => results(page).locator(`thead th[data-column="${id}"]`);
  const widthOf = async (page: Page, id: string) =>
    Math.round((await header(page, id).boundingBox())?.width ?? 0);
  /** Texts of a column cut short (wider than their box) in the rows on screen. */
  const cutTexts = (page: Page, column: string) =>
    results(page).evaluate(
      (table, id) =>
        [...table.querySelectorAll<HTMLElement>(`tbody td[data-column="${id}"] .truncate`)]
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      column,
    );

  test("at 1440 px the default columns fit: names, sectors and tickers are not cut", async ({ page }) => {
    await page.goto("/companies");
    await settled(page);
    await expect(firstRow(page).locator('td[data-column="sector"]')).not.toBeEmpty();
    const scroller = page.locator("[data-results-scroller]");
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await cutTexts(page, "sector")).toEqual([]);
    expect(await cutTexts(page, "ticker")).toEqual([]);
    const names = await bodyRows(page).locator('td[data-column="name"]').count();
    expect((await cutTexts(page, "name")).length).toBeLessThanOrEqual(Math.floor(names / 10));
    // The whole text is in a title on hover, and laid out in full under the pointer or focus.
    const name = firstRow(page).locator('td[data-column="name"] .truncate').first();
    await expect(name).toHaveAttribute("title", (await name.textContent()) ?? "");
    await expect(firstRow(page).locator('td[data-column="ticker"] > span')).toHaveAttribute("title", / · /);
    await firstRow(page).hover();
    expect(await name.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("normal");
    await bodyRows(page).nth(1).getByRole("link").focus();
    await page.keyboard.press("ArrowDown");
    const third = bodyRows(page).nth(2).locator('td[data-column="sector"] .truncate');
    await page.mouse.move(0, 0);
    expect(await third.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("normal");
    expect(await name.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("nowrap");
  });

  test("at 375 px the two columns fit without scrolling sideways", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const scroller = await openDirectory(page);
    // A desktop browser's request makes the server guess a wide window; the narrow columns take
    // over once the page has hydrated and measured it.
    await expect
      .poll(() => scroller.evaluate((el) => el.scrollWidth - el.clientWidth))
      .toBeLessThanOrEqual(0);
    await expect(firstRow(page).locator('td[data-column="marketCap"]')).toBeInViewport();
    // The two columns share the width: no resize handles to Tab through.
    await expect(page.getByRole("separator", { name: /^Resize .* column$/ })).toHaveCount(0);
  });

  test("at 1280 px the market cap (the default order) shows; Tab into the rows shows them from their start", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const scroller = await openDirectory(page);
    const right = await scroller.evaluate((el) => el.getBoundingClientRect().left + el.clientWidth);
    const marketCap = (await header(page, "marketCap").boundingBox()) ?? { x: 0, width: 0 };
    expect(marketCap.x + marketCap.width).toBeLessThanOrEqual(right);
    // The columns after it are cut: the last one's resize handle, reached by Tab, scrolls the
    // table to its right end. Tab on into the rows: they show from their start again.
    await focusHeaderEnd(page);
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.keyboard.press("Tab");
    await expect(firstRow(page).getByRole("link")).toBeFocused();
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBe(0);
    await expect(firstRow(page).getByRole("checkbox")).toBeInViewport();
  });

  test("columns cut off at the right cast a shade at that edge, gone once the table is scrolled to its end", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/companies");
    await settled(page);
    const scroller = page.locator("[data-results-scroller]");
    const shade = page.locator("[data-edge-shade]");
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect.poll(() => shade.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await scroller.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect.poll(() => shade.evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    await scroller.evaluate((el) => {
      el.scrollLeft = 0;
    });
    await expect.poll(() => shade.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  });

  test("at 390 px a row the keyboard reaches shows whole in the window, not below its bottom edge", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/companies");
    await settled(page);
    // The table reaches below the window's bottom edge on a phone: the page scrolls past it.
    expect(
      await page.locator("[data-results-scroller]").evaluate((el) => el.getBoundingClientRect().bottom),
    ).toBeGreaterThan(844);
    await results(page).locator('tbody tr[data-index="0"] a').focus();
    for (let i = 1; i <= 12; i++) {
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => focusedRowOf(page)).toEqual({ index: String(i), whole: true });
    }
    // Its name stays one line (the ticker is on the line below): three would overflow the row.
    const name = results(page).locator('tbody tr[data-index="12"] td[data-column="name"] .truncate').first();
    expect(await name.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("nowrap");
    await page.keyboard.press("PageDown");
    // Moved on by a page's rows (not only still at row 12, which shows whole too), and whole.
    await expect
      .poll(async () => {
        const { index, whole } = await focusedRowOf(page);
        return { below: Number(index) > 12, whole };
      })
      .toEqual({ below: true, whole: true });
    // Scrolled by the wheel to the page's top, the table's end under the window's edge: the next
    // row still shows whole.
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    const at = Number((await focusedRowOf(page)).index);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedRowOf(page)).toEqual({ index: String(at + 1), whole: true });
  });

  test("columns resize by keyboard and by dragging, and keep their width in this browser", async ({
    page,
  }) => {
    await page.goto("/companies");
    await settled(page);
    const sector = await widthOf(page, "sector");
    const handle = results(page).getByRole("separator", { name: "Resize Sector column" });
    await handle.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => widthOf(page, "sector")).toBe(sector + 32);
    await expect(handle).toHaveAttribute("aria-valuenow", String(sector + 32));
    // The rows follow the header.
    expect(
      Math.round((await firstRow(page).locator('td[data-column="sector"]').boundingBox())?.width ?? 0),
    ).toBe(sector + 32);

    const nameHandle = results(page).getByRole("separator", { name: "Resize Company column" });
    const name = await widthOf(page, "name");
    const box = (await nameHandle.boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => widthOf(page, "name")).toBe(name + 40);

    await page.reload();
    await settled(page);
    await expect.poll(() => widthOf(page, "sector")).toBe(sector + 32);
    expect(await widthOf(page, "name")).toBe(name + 40);
    await expectNoAxeViolations(page);

    // Home gives the default width back.
    await results(page).getByRole("separator", { name: "Resize Sector column" }).focus();
    await page.keyboard.press("Home");
    await expect.poll(() => widthOf(page, "sector")).toBeLessThan(sector + 32);
  });

  test("columns the filters make the same in every row are left out, with a note", async ({ page }) => {
    await page.goto("/companies?country=DE&exchange=XETR");
    await settled(page);
    const note = page.getByRole("note").filter({ hasText: "every row has the same" });
    await expect(note).toHaveText(
      "HQ country is not shown: with these filters every row has the same. Show them",
    );
    await expect(header(page, "country")).toHaveCount(0);
    // A ticker keeps its exchange: alone it names no listing.
    await expect(firstRow(page).locator('td[data-column="ticker"]')).toContainText("XETR");
    await expectNoAxeViolations(page);
    await note.getByRole("button", { name: "Show them" }).click();
    await expect(header(page, "country")).toBeVisible();
    await page.getByRole("button", { name: "Hide them" }).click();
    await expect(header(page, "country")).toHaveCount(0);
  });
});
