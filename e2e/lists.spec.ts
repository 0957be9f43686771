// Named lists (watchlists beside the following list): made and filled from a profile, the
// directory's ticked rows and the list's own search box; read with their news, compared, fed,
// renamed, emptied with undo, deleted, and moved as the saved-views file. (Kept in the account once
// signed in, with a feed behind the secret link: e2e/access.spec.ts, with a real OpenID provider.)
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations as axe, collectProblems, waitForIndex } from "./helpers";

// Companies of the deterministic sandbox universe (see e2e/profile.spec.ts).
const BIG = { key: "NYSE_REL", name: "Relvia Residences REIT Corporation" };
const RICH = { key: "XSHE_300980", name: "Ruihua Machinery Holdings Limited" };
const STORAGE_KEY = "fiscal-atlas:saved";

const storedLists = (page: Page) =>
  page.evaluate(
    (key) =>
      (
        JSON.parse(localStorage.getItem(key) ?? "[]") as {
          kind: string;
          name: string;
          companies?: string[];
        }[]
      )
        .filter((v) => v.kind === "list")
        .map((v) => [v.name, v.companies]),
    STORAGE_KEY,
  );
/** Keeps these lists in the page's browser, as a person who made them. */
const seedLists = (page: Page, lists: { name: string; companies: string[] }[]) =>
  page.evaluate(
    ({ key, entries }) =>
      localStorage.setItem(
        key,
        JSON.stringify(entries.map((l) => ({ kind: "list", savedAt: "2026-11-20T12:00:00Z", ...l }))),
      ),
    { key: STORAGE_KEY, entries: lists },
  );
const listTable = (page: Page, name: string) => page.getByRole("table", { name: new RegExp(`^${name}, `) });

test.beforeAll(async ({ request }) => waitForIndex(request));

test("a list is made from a profile by keyboard, filled from the directory and its own search, and read", async ({
  page,
}) => {
  const problems = collectProblems(page);
  await page.goto(`/companies/${BIG.key}`);
  const toggle = page.getByRole("main").getByRole("button", { name: `Add to list: ${BIG.name}` });
  await toggle.focus();
  // Keyboard only (again while a press before hydration did nothing).
  await expect(async () => {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 2000 });
  }).toPass();
  // No list yet: the new list's name takes the focus.
  const field = page.getByRole("textbox", { name: "New list" });
  await expect(field).toBeFocused();
  await page.keyboard.type("REITs & co");
  await page.keyboard.press("Enter");
  const box = page.getByRole("checkbox", { name: /^REITs & co \(\d\)$/ });
  await expect(box).toBeChecked();
  await expect(
    page.getByRole("status").filter({ hasText: `Made the list “REITs & co” with ${BIG.name}.` }),
  ).toBeAttached();
  await axe(page);
  // Escape closes the panel, and the keyboard carries on from its button.
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  // Unticked and ticked again from the panel.
  await page.keyboard.press("Enter");
  await box.uncheck();
  await expect(
    page.getByRole("status").filter({ hasText: `Took ${BIG.name} out of “REITs & co”.` }),
  ).toBeAttached();
  await box.check();
  expect(await storedLists(page)).toEqual([["REITs & co", [BIG.key]]]);

  // Two more from the directory's ticked rows: the panel half-ticks the list that holds one of them.
  await page.goto("/companies?sort=marketCap&order=desc");
  const table = page.getByRole("table", { name: /^Companies/ });
  await expect(table.getByRole("row").nth(3)).toBeVisible();
  for (const i of [0, 1])
    await table
      .getByRole("checkbox", { name: /^Select / })
      .nth(i)
      .check();
  const bar = page.getByRole("region", { name: "Selected companies" });
  await bar.getByRole("button", { name: "Add to list: 2 companies" }).click();
  const half = page.getByRole("checkbox", { name: "REITs & co (1)" });
  expect(await half.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
  await half.check();
  await expect(page.getByRole("checkbox", { name: "REITs & co (2)" })).toBeChecked();
  await page.getByRole("link", { name: "Open “REITs & co”" }).click();

  // The list's page: its companies in the order added, their news, a comparison and a feed.
  await expect(page).toHaveURL(/\/following\?list=REITs%20%26%20co$/);
  await expect(page.getByRole("heading", { level: 1, name: "REITs & co" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Your lists" });
  await expect(nav.getByRole("link", { name: "REITs & co (2)" })).toHaveAttribute("aria-current", "page");
  await expect(listTable(page, "REITs & co").locator("tbody tr")).toHaveCount(2);
  // The directory's ticks stay the directory's: nothing here is ticked.
  await expect(page.getByRole("region", { name: "Selected companies" })).toHaveCount(0);
  const keys = (await storedLists(page))[0]?.[1] as string[];
  expect(keys[0]).toBe(BIG.key);
  await expect(page.getByRole("link", { name: "Compare these" })).toHaveAttribute(
    "href",
    `/compare?companies=${keys.join(",")}`,
  );
  const feed = page.getByRole("link", { name: /Subscribe \(Atom feed of their news\)/ });
  const feedResponse = await page.request.get((await feed.getAttribute("href")) ?? "");
  expect(feedResponse.status()).toBe(200);
  expect(await feedResponse.text()).toContain("news of 2 followed companies");
  await expect(page.getByRole("region", { name: "Their news" }).getByRole("article").first()).toBeVisible();

  // A third from the list's own search box, by keyboard.
  const search = page.getByRole("combobox", { name: "Add a company" });
  await search.focus();
  await page.keyboard.type("Ruihua Machinery");
  await expect(page.getByRole("option").first()).toContainText(RICH.name);
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: `Added ${RICH.name} to “REITs & co”.` }),
  ).toBeVisible();
  await expect(listTable(page, "REITs & co").locator("tbody tr")).toHaveCount(3);
  await axe(page);
  expect(problems).toEqual([]);
});

test("a list's companies are taken out with undo; it is renamed, and deleted after a question", async ({
  page,
}) => {
  await page.goto("/following");
  await seedLists(page, [{ name: "Watch", companies: [BIG.key, RICH.key] }]);
  await page.goto("/following?list=watch");
  // A name in the address finds its list whatever its case.
  await expect(page.getByRole("heading", { level: 1, name: "Watch" })).toBeVisible();
  const table = listTable(page, "Watch");
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await table.getByRole("checkbox", { name: `Select ${BIG.name}` }).check();
  await page.getByRole("button", { name: "Remove from list" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(2);
  expect(await storedLists(page)).toEqual([["Watch", [BIG.key, RICH.key]]]);

  // Renamed: the address follows the name.
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  const name = page.getByRole("textbox", { name: "New name" });
  await expect(name).toBeFocused();
  await page.keyboard.type("Core holdings");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/following\?list=Core%20holdings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Core holdings" })).toBeVisible();
  // The page stayed through the rename: the keyboard carries on from Rename, and it is said.
  await expect(page.getByRole("button", { name: "Rename", exact: true })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Renamed to “Core holdings”." })).toBeVisible();

  // Deleted only once confirmed; the followed list is left as it was.
  await page.getByRole("button", { name: "Delete list" }).click();
  // The question takes the focus; "Keep it" gives it back to "Delete list".
  await expect(page.getByRole("button", { name: "Yes, delete “Core holdings”" })).toBeFocused();
  await page.getByRole("button", { name: "Keep it" }).click();
  await expect(page.getByRole("button", { name: "Delete list" })).toBeFocused();
  await page.getByRole("button", { name: "Delete list" }).click();
  await page.getByRole("button", { name: "Yes, delete “Core holdings”" }).click();
  await expect(page).toHaveURL(/\/following$/);
  // The focus, lost with the deleted list's page, is on the new page's heading.
  await expect(page.getByRole("heading", { level: 1, name: "Following" })).toBeFocused();
  expect(await storedLists(page)).toEqual([]);

  // An address naming no list says so, and leads to the lists.
  await page.goto("/following?list=Core%20holdings");
  await expect(page.getByRole("heading", { level: 1, name: "No list named “Core holdings”" })).toBeVisible();
  await axe(page);
});

test("lists move in the saved-views file and come back in another browser", async ({ page, browser }) => {
  await page.goto("/following");
  await page.getByRole("button", { name: "+ New list" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Machinery");
  await page.getByRole("button", { name: "Make the list" }).click();
  await expect(page).toHaveURL(/\/following\?list=Machinery$/);
  await expect(page.getByRole("heading", { name: "Add companies to “Machinery”" })).toBeVisible();
  // As another tab would add a company: this one hears it.
  await page.evaluate(
    ({ key, company }) => {
      const saved = JSON.parse(localStorage.getItem(key) ?? "[]");
      saved[0].companies = [company];
      localStorage.setItem(key, JSON.stringify(saved));
      window.dispatchEvent(new StorageEvent("storage", { key }));
    },
    { key: STORAGE_KEY, company: RICH.key },
  );
  await expect(listTable(page, "Machinery").locator("tbody tr")).toHaveCount(1);
  const saved = page.getByRole("region", { name: "Saved views and lists" });
  await expect(saved.getByRole("link", { name: "Machinery (1)" })).toHaveAttribute(
    "href",
    "/following?list=Machinery",
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    saved.getByRole("button", { name: "Download saved views and lists (JSON)" }).click(),
  ]);
  const file = await download.path();
  const exported = JSON.parse(await readFile(file, "utf8")) as { views: unknown[] };
  expect(exported.views).toEqual([
    expect.objectContaining({ kind: "list", name: "Machinery", companies: [RICH.key] }),
  ]);

  const other = await browser.newPage();
  await other.goto("/following");
  await other.getByLabel("Import saved views and lists").setInputFiles(file);
  await expect(other.getByRole("status").filter({ hasText: "Imported: 1 new, 0 replaced" })).toBeVisible();
  await other
    .getByRole("navigation", { name: "Your lists" })
    .getByRole("link", { name: "Machinery (1)" })
    .click();
  await expect(listTable(other, "Machinery").getByText(RICH.name)).toBeVisible();
  await other.close();
});

test("a list's share link makes the list in another browser, after asking", async ({ page, browser }) => {
  await page.goto("/following");
  await seedLists(page, [{ name: "Two & more", companies: [BIG.key, RICH.key] }]);
  await page.goto("/following?list=Two%20%26%20more");
  const link = await page.getByRole("textbox", { name: "Share link" }).inputValue();
  expect(link).toMatch(/\/following\?import=.+&name=Two%20%26%20more$/);

  const other = await browser.newPage();
  await other.goto(link);
  const panel = other.getByRole("region", {
    name: /Import 2 companies from this link into the list “Two & more”/,
  });
  await expect(panel).toContainText("None of them are in “Two & more” yet.");
  await panel.getByRole("button", { name: "Put in “Two & more”: these 2" }).click();
  await expect(other).toHaveURL(/\/following\?list=Two%20%26%20more$/);
  await expect(listTable(other, "Two & more").locator("tbody tr")).toHaveCount(2);
  // The same link again: the list exists, so it is added to or replaced, never made twice.
  await other.goto(link);
  await expect(other.getByRole("region", { name: /into the list “Two & more”/ })).toContainText(
    "All of them are in “Two & more” already.",
  );
  await other.close();
});

test("the list page reads at 390 px in dark mode, accessible", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/following");
  await seedLists(page, [{ name: "Phone", companies: [BIG.key] }]);
  await page.goto("/following?list=Phone");
  await expect(listTable(page, "Phone").locator("tbody tr")).toHaveCount(1);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await axe(page);
});
