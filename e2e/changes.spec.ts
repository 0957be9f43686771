// The reference-data change log, on its own server (E2E_CHANGES_URL) whose sandbox clock these
// journeys move (PUT /sandbox/clock, on with SANDBOX_CLOCK_CONTROL=1): it starts on the pinned
// test clock (2026-11-20 15:00), before the sandbox's scheduled changes begin, so the first sync is
// the baseline; moving the clock three days on syncs again, and the changes scheduled for 21-23
// November appear. In order: the empty state is only true before the move.
import { expect, test } from "@playwright/test";
import { E2E_CHANGES_URL } from "../playwright.config";
import { expectNoAxeViolations as axe, collectProblems, waitForIndex } from "./helpers";

// A profile's first visit on a fresh server fetches the profile, its peers' logos and its news.
test.describe.configure({ mode: "serial", timeout: 60_000 });
test.use({ baseURL: E2E_CHANGES_URL });

const MOVED_TO = "2026-11-23T15:00:00Z";
/** A ticker change the sandbox schedules for 21-23 November 2026 (lib/sandbox/changes.ts). */
const RENAMED_TICKER = { name: "Crosswind Intelligence Inc.", from: "NYSE_CMDE", to: "NYSE_OUWE" };
/** A company the schedule delists, then takes out of the API-enabled set, by 23 November. */
const LEFT = { name: "Alder Data Corp.", key: "NYSE_ALDR", line: "ALDR on New York Stock Exchange" };

test("before any refresh with changes, /changes says since when it has watched, and finds none", async ({
  page,
  request,
}) => {
  await waitForIndex(request);
  const problems = collectProblems(page);
  await page.goto("/changes");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/changes/i);
  await expect(page.getByText("No changes seen since 2026-11-20 15:00 UTC")).toBeVisible();
  // One sync so far: it started the watch, and compared nothing yet; the page says when the first
  // comparing sync is due, and meanwhile shows the companies whose data was updated last.
  await expect(
    page.getByText(
      /The first sync of the company list started the watch\. The next sync, due in \d+ minutes?, is the first to compare/,
    ),
  ).toBeVisible();
  const meanwhile = page.getByRole("region", {
    name: "Meanwhile: the companies whose data was updated last",
  });
  await expect(meanwhile.getByRole("listitem")).toHaveCount(15);
  const updated = await meanwhile
    .locator("time")
    .evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
  expect(updated).toEqual([...updated].sort().reverse());
  await expect(meanwhile.getByRole("listitem").first()).toContainText(/data updated /);
  await expect(meanwhile.getByRole("link", { name: "Every company by its last update" })).toHaveAttribute(
    "href",
    "/companies?sort=updatedAt",
  );
  await expect(page.getByText(/Watching since 2026-11-20 15:00 UTC/)).toBeVisible();
  // No change yet has a sector or a country: those filters are not offered empty.
  await expect(page.getByLabel("Kind")).toBeVisible();
  await expect(page.getByLabel("Sector")).toHaveCount(0);
  await expect(page.getByLabel("Country")).toHaveCount(0);
  await axe(page);
  expect(problems).toEqual([]);
});

test("after a simulated refresh, /changes lists every kind of change, newest first", async ({
  page,
  request,
}) => {
  const moved = await request.put("/sandbox/clock", { data: MOVED_TO });
  expect(moved.status(), await moved.text()).toBe(200);
  expect(((await moved.json()) as { changes: number }).changes).toBeGreaterThan(15);

  const problems = collectProblems(page);
  await page.goto("/changes");
  const rows = page.getByRole("main").getByRole("listitem");
  await expect(page.getByRole("heading", { level: 2, name: /\d+ changes/ })).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(15);
  for (const kind of [
    "Joined the set",
    "Left the set",
    "Name",
    "Ticker",
    "Exchange",
    "Trading status",
    "Identifier",
  ]) {
    await expect(rows.getByText(kind, { exact: true }).first()).toBeVisible();
  }
  await expect(rows.filter({ hasText: RENAMED_TICKER.name })).toContainText("Ticker: CMDE");
  // Once a sync has compared, the meanwhile list is gone.
  await expect(page.getByRole("region", { name: /^Meanwhile/ })).toHaveCount(0);
  // A status reads as the profile's badges read it, with its subject.
  await expect(rows.filter({ hasText: "Trading status" }).first()).toContainText(
    /Primary listing: Trading →\s*changed to Delisted/,
  );
  // Each row's company links to its profile.
  await expect(rows.getByRole("link", { name: RENAMED_TICKER.name })).toHaveAttribute(
    "href",
    `/companies/${RENAMED_TICKER.to}`,
  );
  // Newest first.
  const times = await rows
    .locator("time")
    .evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
  expect(times).toEqual([...times].sort().reverse());
  await axe(page);
  expect(problems).toEqual([]);
});

test("a company that left the API-enabled set reads the same on /changes and on its profile", async ({
  page,
}) => {
  const problems = collectProblems(page);
  await page.goto("/changes?kind=removed");
  const left = page.getByRole("main").getByRole("listitem").filter({ hasText: LEFT.name });
  // Not "gone": it left the API-enabled set and stays in the whole universe, delisted.
  await expect(left).toContainText(
    `Left the API-enabled set (was ${LEFT.line}). Still in the whole universe as ${LEFT.line}:`,
  );
  await expect(left).toContainText("Company: Active");
  await expect(left).toContainText("Primary listing: Delisted");
  await left.getByRole("link", { name: LEFT.name }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${LEFT.key}$`));
  // The profile's header says the same, in the same words, and that it is outside the set.
  const header = page.locator("article > header");
  await expect(header).toContainText("Company: Active");
  await expect(header).toContainText("Primary listing: Delisted");
  await expect(header).toContainText("Outside the API-enabled set");
  const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
  await expect(history).toContainText(
    `Left the API-enabled set (was ${LEFT.line}). Still in the whole universe`,
  );
  await expect(history).toContainText("Primary listing: Delisted");
  await axe(page);
  expect(problems).toEqual([]);
});

test("filters by kind, sector and country with the keyboard only, kept in the URL", async ({ page }) => {
  await page.goto("/changes");
  // Keyboard only: Tab to the Kind select, pick "Ticker", Tab to Apply, Enter.
  const kind = page.getByLabel("Kind");
  await kind.focus();
  await expect(kind).toBeFocused();
  await kind.selectOption("ticker"); // a select's keyboard handling is the browser's own
  // Past Sector and Country (offered once changes have them) to Apply.
  const apply = page.getByRole("button", { name: "Apply" });
  for (let i = 0; i < 3 && !(await apply.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(apply).toBeFocused();
  const asked: string[] = [];
  page.on("request", (request) => asked.push(request.url()));
  await page.keyboard.press("Enter");
  // The filters left at "every" do not stand in the URL as empty values, not even on the way there
  // (a request with them would be answered by a redirect: two round trips for one Apply).
  await expect(page).toHaveURL(/\/changes\?kind=ticker$/);
  expect(asked.filter((url) => /[?&](sector|country)=(&|$)/.test(url))).toEqual([]);
  // The keyboard carries on from the results, not from the top of the page.
  await expect(page.locator("#changes-results")).toBeFocused();
  const rows = page.getByRole("main").getByRole("listitem");
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).toMatch(/Ticker/);
  // Back to every kind: the select says so too, not the kind left behind.
  await page.goBack();
  await expect(page).toHaveURL(/\/changes$/);
  await expect(page.getByRole("heading", { level: 2 })).not.toContainText(/match(es)? these filters/);
  await expect(page.getByLabel("Kind")).toHaveValue("");

  // Sector and country, straight from a shared URL, server-rendered.
  await page.goto("/changes?country=US&sector=Materials");
  await expect(page.getByLabel("Country")).toHaveValue("US");
  await expect(page.getByLabel("Sector")).toHaveValue("Materials");
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).toContain("Materials · United States");
  await expect(page.getByRole("heading", { level: 2 })).toContainText(/match(es)? these filters/);

  // Nothing matches: says so, with a way back; a bad value is reported, not a crash.
  await page.goto("/changes?kind=identifier&country=ZZ");
  await expect(page.getByText("No changes match these filters")).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "No change seen so far is in the country “ZZ”." }),
  ).toBeVisible();
  await page.goto("/changes?page=999999999999999999999");
  await expect(
    page.getByRole("alert").filter({ hasText: "There is one page of these changes: showing the last." }),
  ).toBeVisible();
  await expect(rows.first()).toBeVisible();
  await page.goto("/changes?kind=bogus");
  // (Next's route announcer is an alert too.)
  await expect(page.getByRole("alert").filter({ hasText: 'Unknown kind of change "bogus"' })).toBeVisible();
  await expect(rows.first()).toBeVisible();
});

test("an Apply that renders no new form still hands the focus on, and leaves none behind", async ({
  page,
}) => {
  // Page 3 of one: the same filters, so Apply renders no new form.
  await page.goto("/changes?page=3");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/changes$/);
  await expect(page.locator("#changes-results")).toBeFocused();
  // Away and Back: the form is rendered anew, on a page the Apply did not ask for.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Companies" }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/changes/i);
  await expect(page.getByLabel("Kind")).toBeVisible();
  // A focus that does not come can only be waited for: the form's effect runs as it mounts.
  await page.waitForTimeout(500);
  await expect(page.locator("#changes-results")).not.toBeFocused();
});

test("readable without JavaScript: the filters are a plain form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E_CHANGES_URL });
  const page = await context.newPage();
  await page.goto("/changes");
  await page.getByLabel("Kind").selectOption("name");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/changes\?kind=name$/);
  const rows = page.getByRole("main").getByRole("listitem");
  await expect(rows.first()).toContainText("Name:");
  await context.close();
});

test("a profile's History says what changed and since when; its former ticker's key leads there", async ({
  page,
}) => {
  const problems = collectProblems(page);
  await page.goto("/changes?kind=ticker");
  // Keyboard only, from the change to the company's profile.
  await page.getByRole("link", { name: RENAMED_TICKER.name }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/companies/${RENAMED_TICKER.to}$`));
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("Since 2026-11-20 15:00 UTC");
  const change = history.getByRole("listitem").filter({ hasText: "Ticker" });
  await expect(change).toContainText("Ticker: CMDE");
  await expect(change).toContainText("OUWE");
  await history.scrollIntoViewIfNeeded();
  await axe(page);

  // The former key answers with a redirect to the canonical profile.
  await page.goto(`/companies/${RENAMED_TICKER.from}`);
  await expect(page).toHaveURL(new RegExp(`/companies/${RENAMED_TICKER.to}`));

  expect(problems).toEqual([]);
});

test("a profile without changes says so in its History, and since when", async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto("/companies/XLON_EMBE");
  const quiet = page.getByRole("region", { name: "History" });
  await expect(quiet).toContainText("No changes seen since 2026-11-20 15:00 UTC");
  await quiet.getByRole("link", { name: "Every company's changes" }).click();
  await expect(page).toHaveURL(/\/changes$/);
  expect(problems).toEqual([]);
});

test("the header links to /changes", async ({ page }) => {
  await page.goto("/");
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Changes" });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/changes$/);
  await expect(link).toHaveAttribute("aria-current", "page");
});

test("Older and Newer hand the focus to the results, as Apply does", async ({ page, request }) => {
  // Three weeks of changes: more than one page of them.
  const moved = await request.put("/sandbox/clock", { data: "2026-12-12T15:00:00Z" });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.goto("/changes");
  const heading = page.locator("#changes-results");
  await expect(heading).toContainText("page 1 of");
  await page.getByRole("link", { name: "Older →" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/changes\?page=2$/);
  await expect(heading).toContainText("page 2 of");
  await expect(heading).toBeFocused();
  await page.getByRole("link", { name: "← Newer" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/changes$/);
  await expect(heading).toBeFocused();
});
