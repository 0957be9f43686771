import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { MAX_FILE_BYTES, MAX_FOLLOWING } from "../lib/following/list";
import { HOSTILE_KEYS, ODD_NAME } from "../lib/sandbox/hostile-fixtures";
import { E2E_HOSTILE_URL } from "../playwright.config";
import { expectNoAxeViolations as axe, collectProblems, waitForIndex } from "./helpers";

// Companies of the deterministic sandbox universe (see e2e/profile.spec.ts).
const RICH = { key: "XSHE_300980", name: "Ruihua Machinery Holdings Limited" };
const LONDON = { key: "XLON_EMBE", name: "Ember Partners plc" };
const BIG = { key: "NYSE_REL", name: "Relvia Residences REIT Corporation" };
const STORAGE_KEY = "fiscal-atlas:following";

const followedKeys = (page: Page) =>
  page.evaluate(
    (key) =>
      (JSON.parse(localStorage.getItem(key) ?? "[]") as { companyKey: string }[]).map((c) => c.companyKey),
    STORAGE_KEY,
  );
/** Starts a context's pages with this list (newest first), as a person who followed these. */
async function seed(context: BrowserContext, keys: string[]) {
  await context.addInitScript(
    ({ key, list }) => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem(key, JSON.stringify(list));
    },
    {
      key: STORAGE_KEY,
      list: keys.map((companyKey, i) => ({
        companyKey,
        name: null,
        followedAt: new Date(Date.UTC(2026, 10, 20, 12 - i)).toISOString(),
      })),
    },
  );
}
const followedTable = (page: Page) => page.getByRole("table", { name: /^Followed companies/ });
const tableNames = (page: Page) => followedTable(page).locator("tbody td[data-column='name'] .font-medium");

test.describe("following companies", () => {
  test.beforeAll(async ({ request }) => waitForIndex(request));

  test("follow from a profile, with the keyboard alone, then unfollow with undo", async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto(`/companies/${RICH.key}`);
    const button = page.getByRole("main").getByRole("button", { name: new RegExp(`^Follow.*${RICH.name}`) });
    await expect(button).toHaveAttribute("aria-pressed", "false");
    await expect(button).toHaveText(/^Follow\b/);
    // Keyboard only: the focused button, Enter presses it (again only while a press before hydration did nothing).
    await button.focus();
    await expect(async () => {
      if ((await button.getAttribute("aria-pressed")) !== "true") await page.keyboard.press("Enter");
      await expect(button).toHaveAttribute("aria-pressed", "true", { timeout: 2000 });
    }).toPass();
    await expect(button).toHaveAccessibleName(`Following ${RICH.name}`);
    await expect(page.getByRole("status").filter({ hasText: `Following ${RICH.name}.` })).toBeVisible();
    expect(await followedKeys(page)).toEqual([RICH.key]);

    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-pressed", "false");
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    expect(await followedKeys(page)).toEqual([RICH.key]);
    await axe(page);
    expect(problems).toEqual([]);
  });

  test("follow from directory rows: the star, and F on a focused row", async ({ page }) => {
    await page.goto(`/companies?q=${encodeURIComponent(LONDON.name)}`);
    const star = page.getByRole("button", { name: `Follow ${LONDON.name}` });
    await expect(star).toHaveAttribute("aria-pressed", "false");
    await expect(async () => {
      if ((await star.getAttribute("aria-pressed")) !== "true") await star.click();
      await expect(star).toHaveAttribute("aria-pressed", "true", { timeout: 2000 });
    }).toPass();
    expect(await followedKeys(page)).toEqual([LONDON.key]);

    // Keyboard: ArrowDown from the search box into the first row, F toggles its company.
    await page.getByRole("searchbox", { name: /search companies/i }).focus();
    await page.keyboard.press("ArrowDown");
    const rowLink = page.locator('[data-results-scroller] tbody [data-index="0"] a');
    await expect(rowLink).toBeFocused();
    await page.keyboard.press("f");
    await expect(star).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("status").filter({ hasText: `Unfollowed ${LONDON.name}.` })).toBeVisible();
    await page.keyboard.press("f");
    await expect(star).toHaveAttribute("aria-pressed", "true");
    await expect(rowLink).toBeFocused();
    expect(await followedKeys(page)).toEqual([LONDON.key]);
  });

  test("an unfollow's notice stays while held; Ctrl+Z undoes it and the focus goes to the company's row", async ({
    page,
    context,
  }) => {
    await seed(context, [LONDON.key, RICH.key, BIG.key]);
    await page.clock.install();
    await page.goto("/following");
    const rowLink = (key: string) => followedTable(page).locator(`[data-index] a[href="/companies/${key}"]`);
    await expect(rowLink(RICH.key)).toBeVisible({ timeout: 15_000 });
    await rowLink(RICH.key).focus();
    await page.keyboard.press("f");
    // (Seeded without names: the notice names the key.)
    const notice = page.getByRole("status").filter({ hasText: `Unfollowed ${RICH.key}.` });
    await expect(notice).toBeVisible();
    // Held by the pointer, it outlasts its 8 s; let go, it goes.
    await notice.hover();
    await page.clock.fastForward(20_000);
    await expect(notice).toBeVisible();
    await page.mouse.move(0, 0);
    await page.clock.fastForward(9_000);
    await expect(notice).toHaveCount(0);
    // Unfollow again and undo from the keyboard, wherever the focus is (not in a text field).
    await rowLink(LONDON.key).focus();
    await page.keyboard.press("f");
    await expect(page.getByRole("status").filter({ hasText: `Unfollowed ${LONDON.key}.` })).toBeVisible();
    await page.keyboard.press("Control+z");
    await expect(
      page.getByRole("status").filter({ hasText: `Following ${LONDON.key} again.` }),
    ).toBeVisible();
    expect(await followedKeys(page)).toEqual([LONDON.key, BIG.key]);
    await expect(rowLink(LONDON.key)).toBeFocused();
  });

  test("follow from the comparison", async ({ page }) => {
    await page.goto(`/compare?companies=${RICH.key},${LONDON.key}`);
    const follow = page.getByRole("button", { name: new RegExp(`^Follow(ing)? ${LONDON.name}$`) });
    await expect(follow).toHaveAttribute("aria-pressed", "false");
    await expect(async () => {
      if ((await follow.getAttribute("aria-pressed")) !== "true") await follow.click();
      await expect(follow).toHaveAttribute("aria-pressed", "true", { timeout: 2000 });
    }).toPass();
    expect(await followedKeys(page)).toEqual([LONDON.key]);
  });

  test("/following: the table, the news, compare, subscribe, sorting and removal in place", async ({
    page,
    context,
  }) => {
    const problems = collectProblems(page);
    await seed(context, [LONDON.key, RICH.key, BIG.key]);
    await page.goto("/following");
    await expect(page.getByRole("heading", { level: 1, name: "Following" })).toBeVisible();
    await expect(page.getByText("3 companies followed")).toBeVisible();
    // Most recently followed first.
    await expect(tableNames(page)).toHaveText([LONDON.name, RICH.name, BIG.name]);
    await followedTable(page).getByRole("button", { name: "Market cap" }).click();
    await expect(tableNames(page).first()).toHaveText(BIG.name);
    await page.getByRole("button", { name: "Order by most recently followed" }).click();
    await expect(tableNames(page)).toHaveText([LONDON.name, RICH.name, BIG.name]);

    const news = page.getByRole("list", { name: "Stories, most material first" });
    await expect(news.getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Compare these" })).toHaveAttribute(
      "href",
      `/compare?companies=${LONDON.key},${RICH.key},${BIG.key}`,
    );
    // The feed of the list as the page shows it: every level (the feed's own default is 1 and 2).
    const subscribe = page.getByRole("link", { name: /Subscribe/ });
    await expect(subscribe).toHaveAttribute(
      "href",
      `/news/feed.xml?minImportance=1&maxImportance=5&companies=${[LONDON.key, RICH.key, BIG.key].sort().join(",")}`,
    );
    const feed = await page.request.get((await subscribe.getAttribute("href")) ?? "");
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(
      "<title>Fiscal Atlas: news of 3 followed companies · importance 1–5</title>",
    );
    await axe(page);

    // Unfollow in place, then undo: the row comes back where it was.
    await page.getByRole("button", { name: `Follow ${RICH.name}` }).click();
    await expect(tableNames(page)).toHaveText([LONDON.name, BIG.name]);
    await expect(page.getByText("2 companies followed")).toBeVisible();
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(tableNames(page)).toHaveText([LONDON.name, RICH.name, BIG.name]);

    // From the keyboard the row goes too, and the focus stays in the table, on the row that takes
    // its place (or the one above, for the last): by the row's star, then by F.
    const row = (i: number) => followedTable(page).locator(`tbody [data-index="${i}"] a`).first();
    await page.getByRole("button", { name: `Follow ${RICH.name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(tableNames(page)).toHaveText([LONDON.name, BIG.name]);
    await expect(row(1)).toBeFocused();
    await expect(row(1)).toContainText(BIG.name);
    await page.keyboard.press("f");
    await expect(tableNames(page)).toHaveText([LONDON.name]);
    await expect(row(0)).toBeFocused();
    expect(problems).toEqual([]);
  });

  test("export as a link, import it in another browser after asking", async ({ page, browser }) => {
    await seed(page.context(), [LONDON.key, RICH.key]);
    await page.goto("/following");
    const link = await page.getByRole("textbox", { name: "Share link" }).inputValue();
    expect(link).toMatch(new RegExp(`/following\\?import=${LONDON.key},${RICH.key}$`));

    const other = await browser.newContext();
    await seed(other, [BIG.key]);
    const there = await other.newPage();
    await there.goto(link);
    const panel = there.getByRole("region", { name: /Import 2 companies from this link/ });
    await expect(panel).toBeVisible();
    await expect(there).toHaveURL(/\/following$/);
    // Asked first: the list is unchanged until a choice.
    expect(await followedKeys(there)).toEqual([BIG.key]);
    await panel.getByRole("button", { name: "Add 2 to my list" }).click();
    await expect(
      there.getByRole("status").filter({ hasText: "2 companies added, 3 followed" }),
    ).toBeVisible();
    // The imported companies are the most recently followed: first.
    expect(await followedKeys(there)).toEqual([LONDON.key, RICH.key, BIG.key]);
    await expect(tableNames(there)).toHaveText([LONDON.name, RICH.name, BIG.name]);
    await other.close();
  });

  test("an import link with the parameter repeated brings every key", async ({ page }) => {
    await page.goto(`/following?import=${LONDON.key}&import=${RICH.key},${LONDON.key}`);
    const panel = page.getByRole("region", { name: /Import 2 companies from this link/ });
    // Checked with the data service: each with its name.
    await expect(panel.getByRole("list", { name: "Companies to import" }).getByRole("listitem")).toHaveText([
      `${LONDON.name} ${LONDON.key}`,
      `${RICH.name} ${RICH.key}`,
    ]);
    await panel.getByRole("button", { name: "Follow these 2" }).click();
    expect(await followedKeys(page)).toEqual([LONDON.key, RICH.key]);
  });

  test("an import link's keys are checked first: unknown ones and non-keys are named and left out", async ({
    page,
    context,
  }) => {
    await seed(context, [LONDON.key]);
    await page.goto(`/following?import=NYSE_NOPE1,${LONDON.key},%00,${RICH.key},XNAS_DOESNOTEXIST`);
    const panel = page.getByRole("region", { name: /Import 2 companies from this link/ });
    await expect(panel).toContainText(
      "Left out, not known to the data service: NYSE_NOPE1, XNAS_DOESNOTEXIST.",
    );
    await expect(panel).toContainText("Left out, not company keys: \\u0000.");
    await expect(panel).toContainText("1 of them is new to your list. Your list has 1 company.");
    await panel.getByRole("button", { name: "Add 1 to my list" }).click();
    await expect(page.getByRole("status").filter({ hasText: "1 company added, 2 followed" })).toBeVisible();
    expect(await followedKeys(page)).toEqual([RICH.key, LONDON.key]);

    // Every key already followed: nothing to add, so no Add.
    await page.goto(`/following?import=${RICH.key}`);
    const again = page.getByRole("region", { name: /Import 1 company from this link/ });
    await expect(again).toContainText("It is in your list already.");
    await expect(again.getByRole("button", { name: /^Add/ })).toHaveCount(0);
    await axe(page);
  });

  test("a nearly full list: the import says how many it adds; a full one says it is full", async ({
    page,
  }) => {
    const body = (await (await page.request.get("/api/companies?pageSize=60")).json()) as {
      rows: { companyKey: string }[];
    };
    const list = body.rows
      .map((r) => r.companyKey)
      .filter((k) => k !== LONDON.key && k !== RICH.key)
      .slice(0, MAX_FOLLOWING - 1);
    expect(list).toHaveLength(MAX_FOLLOWING - 1);
    // The news of 49 companies is no part of this journey.
    await page.route("**/api/following/news?**", (route) => route.abort());
    await seed(page.context(), list);

    await page.goto(`/following?import=${LONDON.key},${RICH.key}`);
    const panel = page.getByRole("region", { name: /Import 2 companies from this link/ });
    await expect(panel).toContainText(
      `Only 1 more fits (at most ${MAX_FOLLOWING}): adding leaves out 1 of them.`,
    );
    await panel.getByRole("button", { name: "Add 1 to my list" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: `1 company added, ${MAX_FOLLOWING} followed. 1 did not fit` }),
    ).toBeVisible();
    expect(await followedKeys(page)).toEqual([LONDON.key, ...list]);

    await page.goto(`/following?import=${RICH.key}`);
    const full = page.getByRole("region", { name: /Import 1 company from this link/ });
    await expect(full).toContainText(`It is full (at most ${MAX_FOLLOWING})`);
    await expect(full.getByRole("button", { name: /^Add/ })).toHaveCount(0);
    await full.getByRole("button", { name: "Cancel" }).click();
    expect(await followedKeys(page)).toEqual([LONDON.key, ...list]);
  });

  test("a company stored twice, in another case, is listed once", async ({ page }) => {
    await seed(page.context(), [LONDON.key, LONDON.key.toLowerCase(), RICH.key]);
    await page.goto("/following");
    await expect(page.getByText("2 companies followed")).toBeVisible();
    await expect(tableNames(page)).toHaveText([LONDON.name, RICH.name]);
    await page.getByRole("button", { name: `Follow ${LONDON.name}` }).click();
    await expect(tableNames(page)).toHaveText([RICH.name]);
    expect(await followedKeys(page)).toEqual([RICH.key]);
  });

  test("import a file, replacing the list; a bad file says why", async ({ page }) => {
    await seed(page.context(), [BIG.key]);
    await page.goto("/following");
    const input = page.getByLabel("Import a file");
    await input.setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from('{"format":"fiscal-atlas-following","version":1,"companies":["<b>x</b>"]}'),
    });
    await expect(page.getByRole("alert").filter({ hasText: "broken.json" })).toContainText(
      "Could not import “broken.json”. This is not a list of followed companies: companies.0",
    );
    expect(await followedKeys(page)).toEqual([BIG.key]);

    // A file far larger than any list is refused before it is read.
    await input.setInputFiles({
      name: "huge.json",
      mimeType: "application/json",
      buffer: Buffer.alloc(MAX_FILE_BYTES + 1, " "),
    });
    await expect(page.getByRole("alert").filter({ hasText: "huge.json" })).toContainText(
      "Could not import “huge.json”. This file is too large for a list of followed companies",
    );
    expect(await followedKeys(page)).toEqual([BIG.key]);

    await input.setInputFiles({
      name: "list.json",
      mimeType: "application/json",
      buffer: Buffer.from(
        JSON.stringify({
          format: "fiscal-atlas-following",
          version: 1,
          companies: [{ companyKey: RICH.key, name: RICH.name }, LONDON.key],
        }),
      ),
    });
    const panel = page.getByRole("region", { name: /Import 2 companies from “list\.json”/ });
    await panel.getByRole("button", { name: "Replace my list" }).click();
    expect(await followedKeys(page)).toEqual([RICH.key, LONDON.key]);
    await expect(tableNames(page)).toHaveText([RICH.name, LONDON.name]);

    // The exported file reads back as the same list.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download file (JSON)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^following-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = JSON.parse(
      await (await import("node:fs/promises")).readFile((await file.path()) ?? "", "utf8"),
    );
    expect(saved).toMatchObject({ format: "fiscal-atlas-following", version: 1 });
    expect(saved.companies.map((c: { companyKey: string }) => c.companyKey)).toEqual([RICH.key, LONDON.key]);
  });

  test("a company that cannot be loaded is named above the table, with Unfollow", async ({ page }) => {
    await seed(page.context(), ["XNYS_NOSUCHCOMPANY", LONDON.key]);
    await page.goto("/following");
    await expect(tableNames(page)).toHaveText([LONDON.name]);
    const failure = page.getByRole("status").filter({ hasText: "One company could not be loaded." });
    await expect(failure).toContainText("XNYS_NOSUCHCOMPANY");
    await expect(failure).toContainText("No company is known as “XNYS_NOSUCHCOMPANY”.");
    // Asking again would not mend an unknown key: no Retry.
    await expect(failure.getByRole("button", { name: "Retry" })).toHaveCount(0);
    await failure.getByRole("button", { name: "Unfollow XNYS_NOSUCHCOMPANY" }).click();
    await expect(failure).toBeHidden();
    expect(await followedKeys(page)).toEqual([LONDON.key]);
    await expect(page.getByText("1 company followed")).toBeVisible();
  });

  test("the empty state explains how to follow, and is axe clean", async ({ page }) => {
    await page.goto("/following");
    await expect(
      page.getByRole("heading", { name: "Follow companies to see them here, with their news" }),
    ).toBeVisible();
    await expect(page.getByText(/press Follow beside its name/)).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await axe(page);
  });

  test("at 390 px: the header reaches Following, the page does not overflow", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await seed(page.context(), [LONDON.key, RICH.key]);
    await page.goto("/companies");
    // The star beside each row's checkbox leaves the narrow table (name, market cap) unscrolled sideways.
    const scroller = page.locator("[data-results-scroller]");
    await expect(scroller.locator('tbody [data-index="0"] button[aria-pressed]')).toBeVisible();
    // The narrow columns are chosen once the page knows the window's width (CI once measured first).
    await expect
      .poll(() => scroller.evaluate((el) => el.scrollWidth - el.clientWidth))
      .toBeLessThanOrEqual(0);
    const nav = page.getByRole("navigation", { name: "Main" });
    const link = nav.getByRole("link", { name: "Following" });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page).toHaveURL(/\/following$/);
    await expect(tableNames(page)).toHaveText([LONDON.name, RICH.name]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await axe(page);
  });
});

test.describe("against odd upstream data", () => {
  test.use({ baseURL: E2E_HOSTILE_URL });
  test.beforeAll(async ({ request }) => waitForIndex(request));

  test("a company whose data cannot be shown fails alone; the others load", async ({ page }) => {
    // A secondary listing of a company whose profile has no primary listing (the contract allows it).
    await seed(page.context(), ["XLON_ZZODD.X", HOSTILE_KEYS.odd]);
    await page.goto("/following");
    const failure = page.getByRole("status").filter({ hasText: "One company could not be loaded." });
    // The first profile call of this server, not cached, on a busy machine: the rows wait for it.
    await expect(failure).toContainText("XLON_ZZODD.X", { timeout: 20_000 });
    await expect(failure).toContainText(
      "The data service sent this company in a shape this page cannot show.",
    );
    await expect(tableNames(page)).toHaveText([ODD_NAME]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/following says the list needs JavaScript", async ({ page }) => {
    await page.goto("/following");
    await expect(page.getByText(/kept in this browser, and this page needs JavaScript/)).toBeVisible();
    await expect(page.getByText("Reading your lists…")).toBeHidden();
  });
});
