import { expect, type Page, test } from "@playwright/test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expectNoAxeViolations as axe, collectProblems, holdScripts, waitForIndex } from "./helpers";

// Companies of the deterministic sandbox universe (see e2e/profile.spec.ts).
const RICH = { key: "XSHE_300980", name: "Ruihua Machinery Holdings Limited" };
const LONDON = { key: "XLON_EMBE", name: "Ember Partners plc" };
/** Outside the API-enabled set; the ISIN is its New York listing's, which only its profile lists. */
const OUTSIDE = { key: "XOSL_SOLS", name: "Solstice Health ASA", isin: "US7481472048" };

const headerBox = (page: Page) => page.getByRole("banner").getByRole("combobox", { name: /find a company/i });
const headerList = (page: Page) => page.getByRole("banner").getByRole("listbox");
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const directoryBox = (page: Page) => page.getByRole("searchbox", { name: /search companies/i });
const results = (page: Page) => page.getByRole("table", { name: /^Companies/ });
/** Presses a shortcut until the header box has focus: a key pressed before hydration does nothing. */
const summon = (page: Page, key: string) =>
  expect(async () => {
    await page.keyboard.press(key);
    await expect(headerBox(page)).toBeFocused({ timeout: 500 });
  }).toPass();

/** The header's box on /news, with Ruihua's matches offered. */
async function ruihuaOffered(page: Page) {
  await page.goto("/news");
  await summon(page, "/");
  await headerBox(page).fill("Ruihua");
  await expect(headerList(page).getByRole("option", { name: new RegExp(RICH.name) })).toBeVisible();
}

test.describe("search from every page", () => {
  test.beforeAll(async ({ request }) => waitForIndex(request));

  for (const width of [390, 800, 1280]) {
    test(`at ${width} px, Tab crosses the header in the order it is seen: logo, pages, search`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/news");
      const banner = page.getByRole("banner");
      const stops: { name: string; x: number; y: number }[] = [];
      for (
        let i = 0;
        i < 12 && !(await headerBox(page).evaluate((el) => el === document.activeElement));
        i++
      ) {
        await page.keyboard.press("Tab");
        const focused = banner.locator(":focus");
        if ((await focused.count()) === 0) continue; // the skip link, before the header
        // Where it is laid out: the row of pages scrolls sideways on a phone as focus moves along it.
        const { x, y } = await focused.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return { x: box.left + (el.closest("nav")?.scrollLeft ?? 0), y: box.top };
        });
        stops.push({
          name: (await focused.getAttribute("aria-label")) ?? (await focused.textContent()) ?? "",
          x,
          y,
        });
      }
      // On a phone the logo is the overview's link.
      expect(stops.map((s) => s.name)).toEqual([
        "Fiscal Atlas home",
        ...(width < 640 ? [] : ["Overview"]),
        "Companies",
        "Top news",
        "Compare",
        "Following",
        "Changes",
        "",
      ]);
      // Each stop is below the one before, or beside it on the same row further right.
      for (let i = 1; i < stops.length; i++) {
        const [before, stop] = [stops[i - 1], stops[i]];
        if (!before || !stop) continue;
        const sameRow = Math.abs(stop.y - before.y) < 16;
        expect(sameRow ? stop.x > before.x : stop.y > before.y, `${before.name} then ${stop.name}`).toBe(
          true,
        );
      }
    });
  }

  test("at 390 px, every page's link shows whole in the row, with nothing to scroll", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const nav = page.getByRole("navigation", { name: "Main" });
    await page.goto("/changes");
    await expect(nav.getByRole("link", { name: "Changes" })).toHaveAttribute("aria-current", "page");
    expect(await nav.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
    // The overview is the logo's link on a phone; every other page has its own.
    const shown = await nav.getByRole("link").evaluateAll((links) =>
      links
        .filter((link) => (link as HTMLElement).offsetWidth > 0)
        .map((link) => {
          const [box, row] = [
            link.getBoundingClientRect(),
            (link.closest("nav") as HTMLElement).getBoundingClientRect(),
          ];
          return {
            name: link.getAttribute("aria-label") ?? link.textContent,
            whole: box.left >= row.left - 0.5 && box.right <= row.right + 0.5,
          };
        }),
    );
    expect(shown).toEqual(
      ["Companies", "Top news", "Compare", "Following", "Changes"].map((name) => ({ name, whole: true })),
    );
    await expect(page.getByRole("banner").getByRole("link", { name: "Fiscal Atlas home" })).toBeVisible();
  });

  test("from one profile to another with the keyboard alone, then the recent companies", async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto(`/companies/${RICH.key}`);
    await expect(heading(page, RICH.name)).toBeVisible();

    await summon(page, "/");
    // Empty, the box offers the companies viewed so far: this one.
    await expect(headerList(page)).toHaveAccessibleName("Recently viewed companies");
    await expect(headerList(page).getByRole("option")).toHaveText([new RegExp(RICH.name)]);
    // The box names its highlighted option (the focus stays in the box).
    const highlighted = headerList(page).locator('[role="option"][aria-selected="true"]');
    const named = () => headerBox(page).getAttribute("aria-activedescendant");
    await expect(highlighted).toHaveText(new RegExp(RICH.name));
    const recentId = await highlighted.getAttribute("id");
    expect(await named()).toBe(recentId);

    await page.keyboard.type("Ember Partners");
    await expect(headerList(page).getByRole("option", { name: new RegExp(LONDON.name) })).toBeVisible();
    await expect(headerList(page)).toHaveAccessibleName("Matching companies");
    const options = headerList(page).getByRole("option");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    // The first match is a new option to a screen reader (which would not announce an id it had
    // named before), and the box names it.
    const firstId = await options.first().getAttribute("id");
    expect(firstId).not.toBe(recentId);
    expect(await named()).toBe(firstId);
    await page.keyboard.press("ArrowDown");
    const count = await options.count();
    await expect(highlighted).toHaveCount(1);
    await expect(options.nth(count > 1 ? 1 : 0)).toHaveAttribute("aria-selected", "true");
    if (count > 1) await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/companies/${LONDON.key}$`));
    // The new page's heading has the focus, not the box it was found in.
    await expect(heading(page, LONDON.name)).toBeFocused();

    // Ctrl+K from anywhere: the recent list now starts with the company just opened.
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("Control+k");
    await expect(headerBox(page)).toBeFocused();
    await expect(headerList(page).getByRole("option")).toHaveText([
      new RegExp(LONDON.name),
      new RegExp(RICH.name),
    ]);
    await page.keyboard.press("Escape");
    await expect(headerList(page)).toBeHidden();
    await expect(headerBox(page)).toHaveAttribute("aria-expanded", "false");

    // Enter on an empty box opens the first recent company.
    await page.keyboard.press("ArrowDown");
    await expect(headerList(page)).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/companies/${LONDON.key}$`));
    expect(problems).toEqual([]);
  });

  test("an ISIN outside the API-enabled set, known only to its company's profile, is found from the header and the directory", async ({
    page,
    request,
  }) => {
    await waitForIndex(request, "all");
    await page.goto("/news");
    await summon(page, "/");
    // Solstice's depositary receipt in New York: no list row carries this ISIN.
    await page.keyboard.type(OUTSIDE.isin);
    const option = headerList(page).getByRole("option", { name: new RegExp(OUTSIDE.name) });
    await expect(option).toContainText("not API-enabled");
    await expect(option).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(heading(page, OUTSIDE.name)).toBeVisible();

    await page.goto(`/companies?q=${OUTSIDE.isin}`);
    await expect(page.getByText(/No API-enabled companies match/)).toBeVisible();
    await page.getByRole("button", { name: "Show the one in the full universe" }).click();
    await expect(page).toHaveURL(/set=all/);
    const row = results(page).getByRole("row", { name: new RegExp(OUTSIDE.name) });
    await expect(row).toContainText("not API-enabled");
  });

  test("? shows every shortcut, from the keyboard or the header's button; Esc gives the focus back", async ({
    page,
  }) => {
    await page.goto("/news");
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    // A key pressed before the scripts run does nothing: pressed until the sheet opens.
    await expect(async () => {
      await page.keyboard.press("?");
      await expect(sheet).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(sheet).toContainText("Follow or unfollow the company");
    await expect(sheet).toContainText("Ctrl+K");
    await axe(page);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    // In a text field "?" is text.
    await summon(page, "/");
    await page.keyboard.type("what?");
    await expect(sheet).toBeHidden();
    await expect(headerBox(page)).toHaveValue("what?");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    const button = page.getByRole("banner").getByRole("button", { name: "Keyboard shortcuts" });
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("a new page's heading takes the focus; Back gives it to the link the page was left by", async ({
    page,
  }) => {
    await page.goto(`/companies/${RICH.key}`);
    await expect(heading(page, RICH.name)).toBeVisible();
    const link = page.locator(`main a[href^="/companies/"]:not([href*="${RICH.key}"])`).nth(1);
    await expect
      .poll(() => link.evaluate((a) => Object.keys(a).some((k) => k.startsWith("__reactProps"))))
      .toBe(true);
    const href = await link.getAttribute("href");
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await page.goBack();
    await expect(heading(page, RICH.name)).toBeVisible();
    await expect(link).toBeFocused();
  });

  test("Tab from the header search, its matches open, goes on to the page's next control; Escape closes, then clears", async ({
    page,
  }) => {
    await page.goto("/news");
    await summon(page, "/");
    await page.keyboard.type("bank");
    await expect(headerList(page).getByRole("option").first()).toBeVisible();
    await page.keyboard.press("Tab");
    // Not the list's scrolling box (Chromium's Tab stop for a scroller), whose blur hid it and
    // dropped focus to the page: the control after the box.
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el && el !== document.body ? el.tagName.toLowerCase() : "body";
      });
    await expect.poll(focused).toMatch(/^(a|button|input|select)$/);
    await expect(headerList(page)).toBeHidden();
    await page.keyboard.press("Shift+Tab");
    await expect(headerBox(page)).toBeFocused();
    await expect(headerBox(page)).toHaveValue("bank");
    await page.keyboard.press("ArrowDown");
    await expect(headerList(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(headerList(page)).toBeHidden();
    await expect(headerBox(page)).toHaveValue("bank");
    await page.keyboard.press("Escape");
    await expect(headerBox(page)).toHaveValue("");
  });

  test("Enter with nothing highlighted searches the directory for the text typed", async ({ page }) => {
    await page.goto("/news");
    await summon(page, "/");
    // Entered before the matches arrive (the box's searches held back): the directory's results.
    const held = (url: URL) => url.pathname === "/api/companies";
    await page.route(held, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue().catch(() => {}); // the page may have moved on
    });
    await headerBox(page).fill("Ember Partners");
    await headerBox(page).press("Enter");
    await expect(page).toHaveURL(/\/companies\?q=Ember(\+|%20)Partners$/);
    await page.unroute(held);
    // The box empties rather than dropping its matches over the results.
    await expect(headerBox(page)).toHaveValue("");
    await expect(headerList(page)).toBeHidden();
    await expect(directoryBox(page)).toHaveValue("Ember Partners");
    await expect(results(page).getByRole("link", { name: LONDON.name })).toBeVisible();
    // A text nothing matches lands on the directory's own "no companies match".
    await summon(page, "Control+k");
    await headerBox(page).fill("qqzzxx");
    await expect(headerList(page)).toBeHidden();
    await headerBox(page).press("Enter");
    await expect(page).toHaveURL(/\/companies\?q=qqzzxx$/);
    await expect(page.getByText(/No API-enabled companies match “qqzzxx”/)).toBeVisible();
    // A pasted paragraph stops at the search's 200 characters (the API refuses more), and the
    // directory's "no match" wraps it instead of running off the page.
    await summon(page, "Control+k");
    await page.keyboard.insertText("q".repeat(260));
    await expect(headerBox(page)).toHaveValue("q".repeat(200));
    await headerBox(page).press("Enter");
    await expect(page.getByText(/No API-enabled companies match “q{200}”/)).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  test("Enter takes no match of an earlier text, nor an input method's confirming Enter", async ({
    page,
  }) => {
    await ruihuaOffered(page);
    // The Enter that confirms a word of a Japanese or Chinese input method.
    await headerBox(page).dispatchEvent("keydown", { key: "Enter", keyCode: 229, isComposing: true });
    await expect(headerList(page)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/news");
    // Typed on and entered before Ruihua's matches make way: the directory's search for the new text.
    // (The new text's matches are held until then: a slow runner's Enter could otherwise come after
    // them, and rightly open the first.)
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/companies\?.*q=Ember/, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await headerBox(page).fill("Ember Partners");
    await headerBox(page).press("Enter");
    release();
    await expect(page).toHaveURL(/\/companies\?q=Ember(\+|%20)Partners$/);
  });

  test("an earlier text's matches, still shown while the new text's are searched, are not offered", async ({
    page,
  }) => {
    await ruihuaOffered(page);
    // What the box names and highlights at every frame from now on, beside its text (the earlier
    // matches stay on screen until typing pauses: no DOM change marks that moment).
    await page.evaluate(() => {
      const w = window as unknown as { seen: { text: string; named: string; selected: string[] }[] };
      w.seen = [];
      const sample = () => {
        const box = document.querySelector<HTMLInputElement>('header input[role="combobox"]');
        const named = box?.getAttribute("aria-activedescendant");
        w.seen.push({
          text: box?.value ?? "",
          named: (named && document.getElementById(named)?.textContent) || "",
          selected: [...document.querySelectorAll('header [role="option"][aria-selected="true"]')].map(
            (o) => o.textContent ?? "",
          ),
        });
        requestAnimationFrame(sample);
      };
      sample();
    });
    await headerBox(page).fill("Ember Partners");
    await expect(headerList(page).getByRole("option", { name: new RegExp(LONDON.name) })).toBeVisible();
    const typed = () =>
      page.evaluate(() =>
        (window as unknown as { seen: { text: string; named: string; selected: string[] }[] }).seen.filter(
          (s) => s.text === "Ember Partners",
        ),
      );
    // Once its own matches came, the first is named.
    const first = await headerList(page).getByRole("option").first().textContent();
    await expect.poll(async () => (await typed()).at(-1)?.named).toBe(first);
    for (const s of await typed()) {
      expect(s.named).not.toContain(RICH.name);
      expect(s.selected.join()).not.toContain(RICH.name);
    }
  });

  test("a search the busy server turned away asks again after its Retry-After, without an error", async ({
    page,
  }) => {
    await page.goto("/news");
    await summon(page, "/");
    // The first search is turned away as a busy server or a proxy in front of it may: 503, Retry-After 2.
    const asked: number[] = [];
    await page.route(/\/api\/companies\?.*q=Ember/, async (route) => {
      asked.push(Date.now());
      if (asked.length > 1) return route.continue();
      await route.fulfill({
        status: 503,
        headers: { "retry-after": "2", "content-type": "application/json" },
        body: JSON.stringify({
          errors: [{ message: "The server is busy; try again in 2 s.", code: "server_busy" }],
        }),
      });
    });
    await headerBox(page).fill("Ember Partners");
    await expect(headerList(page).getByRole("option", { name: new RegExp(LONDON.name) })).toBeVisible();
    const [first = 0, second = 0] = asked;
    expect(asked).toHaveLength(2);
    // React Query's own backoff would have asked again after 1 s.
    expect(second - first).toBeGreaterThanOrEqual(2000);
    await expect(page.getByText("The server is busy")).toHaveCount(0);
  });

  test("a name typed while the scripts still load shows its matches once they run", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/compare", { waitUntil: "commit" });
    await headerBox(page).fill("Ember Partners");
    release();
    await expect(headerList(page).getByRole("option", { name: new RegExp(LONDON.name) })).toBeVisible();
    await headerBox(page).press("Enter");
    await expect(heading(page, LONDON.name)).toBeVisible();
  });

  test("corrupt storage reads as no recent companies", async ({ page }) => {
    const problems = collectProblems(page);
    await page.addInitScript(() => window.localStorage.setItem("fiscal-atlas:recent-companies", "{oops"));
    await page.goto("/news");
    await summon(page, "Control+k");
    await expect(headerList(page)).toBeHidden();
    await page.keyboard.type("Ruihua");
    await expect(headerList(page).getByRole("option", { name: new RegExp(RICH.name) })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("on the directory `/` stays with its own box, Ctrl+K goes to the header's", async ({ page }) => {
    await page.goto("/companies");
    await expect(directoryBox(page)).toBeFocused();
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("/");
    await expect(directoryBox(page)).toBeFocused();
    await page.getByRole("heading", { level: 1 }).click();
    await summon(page, "Control+k");
  });

  test("the directory's box: Enter opens a lone hit, ArrowDown moves into the table", async ({ page }) => {
    await page.goto("/companies");
    // The ticker alone matches one company.
    await directoryBox(page).fill("300980");
    await expect(results(page)).toHaveAttribute("aria-busy", "false");
    await expect(results(page).locator("tbody tr")).toHaveCount(1);
    await directoryBox(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/companies/${RICH.key}$`));

    await page.goto("/companies?sector=Utilities");
    await expect(results(page)).toHaveAttribute("aria-busy", "false");
    await directoryBox(page).focus();
    await page.keyboard.press("ArrowDown");
    const firstLink = results(page).locator('tbody tr[data-index="0"] a');
    await expect(firstLink).toBeFocused();
    const href = await firstLink.getAttribute("href");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  for (const colorScheme of ["light", "dark"] as const)
    for (const width of [1440, 390])
      test(`axe finds nothing with the header search open (${colorScheme}, ${width} px)`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/companies/${RICH.key}`);
        await expect(heading(page, RICH.name)).toBeVisible();
        await summon(page, "Control+k");
        await page.keyboard.type("Ruihua");
        await expect(headerList(page).getByRole("option").first()).toBeVisible();
        // The open search in the banner; the profile page under it has its own axe checks (profile.spec.ts).
        await axe(page, "header");
      });
});

test.describe("the Atom feed", () => {
  test("/news links its feed, and the Subscribe link gives a valid Atom document of the view", async ({
    page,
    request,
  }) => {
    // The layout (headlines, grouped by day) is no filter: the feed is the filters' alone.
    await page.goto("/news?minImportance=1&maxImportance=3&view=headlines&group=day");
    const alternate = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    await expect(alternate).toHaveAttribute("href", /\/news\/feed\.xml\?minImportance=1&maxImportance=3$/);
    const subscribe = page.getByRole("link", { name: /subscribe/i });
    await expect(subscribe).toHaveAttribute("href", "/news/feed.xml?minImportance=1&maxImportance=3");
    const href = (await subscribe.getAttribute("href")) ?? "";
    const response = await request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const text = await response.text();
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (n) => n === "entry" }).parse(text).feed;
    expect(doc.title).toBe("Fiscal Atlas: top news · importance 1–3");
    expect(doc.entry.length).toBeGreaterThan(0);

    await axe(page);
    // Following the link in the browser lands on the same document.
    await subscribe.click();
    await expect(page).toHaveURL(/\/news\/feed\.xml\?minImportance=1&maxImportance=3$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("a view /news corrects subscribes to its corrected query, which the feed takes", async ({
      page,
      request,
    }) => {
      // A start date without its end: /news gives it one, with a note; the feed refuses it.
      await page.goto("/news?startDate=2026-11-18&importance=1");
      expect((await request.get("/news/feed.xml?startDate=2026-11-18&importance=1")).status()).toBe(400);
      const link = page.getByRole("link", { name: /subscribe/i });
      await expect(link).toBeVisible();
      const href = (await link.getAttribute("href")) ?? "";
      expect(href).toMatch(
        /^\/news\/feed\.xml\?startDate=2026-11-18&endDate=\d{4}-\d{2}-\d{2}&importance=1$/,
      );
      expect((await request.get(href)).status()).toBe(200);
    });
  });
});
