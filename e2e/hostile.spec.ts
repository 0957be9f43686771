// Every page against hostile and odd upstream data (SANDBOX_HOSTILE=1, lib/sandbox/hostile-fixtures.ts):
// upstream text is shown literally, nothing in it runs, no non-http(s) link is rendered, bidi
// overrides stay inside their own text, long names do not widen the page, unknown enum values
// are shown as information, and company keys that need encoding (NYSE_BRK/B, XPAR_A&B+C%) work
// in every URL.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { compareHref } from "../lib/compare/search-params";
import { profileHref } from "../lib/hrefs";
import * as H from "../lib/sandbox/hostile-fixtures";
import { E2E_HOSTILE_URL, E2E_SANDBOX_NOW } from "../playwright.config";
import { waitForIndex } from "./helpers";
import { collectCspViolations } from "./security-helpers";

test.use({ baseURL: E2E_HOSTILE_URL });

const { script, bidi, long, odd } = H.HOSTILE_KEYS;
const ALL_KEYS = [script, bidi, long, odd];

/** Fixture strings that carry bidi controls: an isolated run must be (part of) one of them. */
const BIDI_VALUES = [
  H.BIDI_NAME,
  `${H.BIDI_NAME} Inc.`,
  H.BIDI_TRADE_NAME,
  H.BIDI_CEO,
  H.BIDI_TITLE,
  `${H.BIDI_TITLE}. ${H.HOSTILE_WORD} text after the override.`,
  "\u202Bשם משפטי\u202C",
];

interface Check {
  problems: string[];
}

/** What must hold on any page: run in the page after it has settled. */
async function pageProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ flag, unsafe, bidiValues }) => {
      const problems: string[] = [];
      if ((window as unknown as Record<string, unknown>)[flag] !== undefined) problems.push("a script ran");
      const injected = "img[src='x'], img[onerror], svg[onload], iframe, marquee, [onclick], main style";
      for (const el of document.querySelectorAll(injected))
        problems.push(`injected ${el.outerHTML.slice(0, 80)}`);
      for (const el of document.querySelectorAll("script")) {
        if (el.textContent?.includes(flag) && !el.textContent.includes("self.__next_f"))
          problems.push(`a script element carries upstream code: ${el.outerHTML.slice(0, 80)}`);
      }
      for (const a of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
        const raw = a.getAttribute("href") ?? "";
        if (!/^https?:$/.test(new URL(a.href).protocol)) problems.push(`non-http(s) link ${raw}`);
        if (raw.startsWith("//") || unsafe.includes(raw)) problems.push(`upstream URL as a link: ${raw}`);
      }
      const controls = /[\u202A-\u202E\u2066-\u2069]/;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || ["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"].includes(parent.tagName)) continue;
        if (!controls.test(node.nodeValue ?? "")) continue;
        // The nearest isolate or paragraph around the text must hold nothing but upstream text.
        let box: Element | null = parent;
        while (box) {
          const style = getComputedStyle(box);
          if (/isolate|plaintext/.test(style.unicodeBidi) || !/^(inline|contents)$/.test(style.display))
            break;
          box = box.parentElement;
        }
        const text = (box?.textContent ?? "").trim();
        if (!bidiValues.some((v) => v.includes(text)))
          problems.push(
            `bidi text not isolated from ${JSON.stringify(text.slice(0, 100))} in <${box?.tagName}>`,
          );
      }
      const plain = (value: string) => value.replace(/\u2068[^\u2068\u2069]*\u2069/g, "");
      if (controls.test(plain(document.title))) problems.push(`bidi controls in the title ${document.title}`);
      for (const el of document.querySelectorAll("[title], [aria-label], [alt]")) {
        for (const name of ["title", "aria-label", "alt"]) {
          const value = el.getAttribute(name);
          if (value && controls.test(plain(value))) problems.push(`bidi controls in ${name}="${value}"`);
        }
      }
      const width = document.documentElement.scrollWidth;
      if (width > window.innerWidth + 1)
        problems.push(`page is ${width}px wide in a ${window.innerWidth}px window`);
      return problems;
    },
    { flag: H.SCRIPT_FLAG, unsafe: H.UNSAFE_URLS as readonly string[], bidiValues: BIDI_VALUES },
  );
}

function watch(page: Page): Check {
  const check: Check = { problems: [] };
  page.on("dialog", (dialog) => {
    check.problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => check.problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") check.problems.push(`console: ${message.text().slice(0, 200)}`);
  });
  collectCspViolations(page, check.problems);
  return check;
}

/** Opens every <details> and scrolls through the page so lazy sections (news, API view) load. */
async function revealAll(page: Page) {
  await page.evaluate(async () => {
    // To the height at the start: an infinite feed would otherwise keep growing.
    const end = document.body.scrollHeight;
    for (let y = 0; y < end; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    for (const details of document.querySelectorAll("details")) details.open = true;
  });
  await page.waitForLoadState("networkidle");
}

async function visit(page: Page, path: string, check: Check) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState("networkidle");
  await revealAll(page);
  const problems = await pageProblems(page);
  expect([...check.problems, ...problems], path).toEqual([]);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the overview, the feed and the comparison show hostile data as text", async ({ page }) => {
      test.slow();
      const check = watch(page);
      await visit(page, "/", check);
      await expect(page.getByText(H.SCRIPT_TITLE).first()).toBeVisible();
      await visit(page, "/news", check);
      await expect(page.getByRole("heading", { name: H.SCRIPT_TITLE })).toBeVisible();
      await expect(page.getByRole("heading", { name: H.BIDI_TITLE })).toBeVisible();
      await expect(page.getByText("Space weather").first()).toBeVisible();
      for (const query of ["group=day", "group=company", "view=headlines", "view=headlines&group=company"])
        await visit(page, `/news?${query}`, check);
      await expect(page.getByRole("button", { name: H.SCRIPT_TITLE }).first()).toBeVisible();
      await visit(page, `/news?company=${script}`, check);
      await visit(page, `/compare?companies=${ALL_KEYS.join(",")}`, check);
    });

    test("the directory finds the hostile companies and shows their names literally", async ({ page }) => {
      const check = watch(page);
      await visit(page, `/companies?q=${H.HOSTILE_WORD}`, check);
      const rows = page.getByRole("row").filter({ hasText: H.HOSTILE_WORD });
      await expect(rows).toHaveCount(4);
      await expect(rows.filter({ hasText: H.SCRIPT_NAME })).toHaveCount(1);
      // The type column is in the column chooser (and one of those a narrow window leaves out).
      if (width >= 1024) {
        await visit(page, `/companies?q=${H.HOSTILE_WORD}&cols=name,ticker,companyType`, check);
        await expect(rows.filter({ hasText: H.ODD_NAME })).toContainText("Sovereign wealth vehicle");
      }
      await visit(page, `/companies?q=${H.HOSTILE_WORD}&companyType=${H.UNKNOWN.companyType}`, check);
      await expect(page.getByRole("row").filter({ hasText: H.ODD_NAME })).toHaveCount(1);
    });

    for (const key of ALL_KEYS) {
      test(`the profile of ${key} renders every section`, async ({ page }) => {
        const check = watch(page);
        await visit(page, `/companies/${key}`, check);
        await expect(page.locator("#news")).not.toContainText(/could not|failed/i);
      });
    }
  });
}

// What the profile says does not depend on the width: checked once, in the default window.
test("an SVG logo that would run script runs none: in the profile, or opened at its own URL", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const ran = () =>
    page
      .evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], H.SCRIPT_FLAG)
      .catch(() => undefined);
  await page.goto(profileHref(script));
  // Labelled application/octet-stream by the sandbox: shown all the same, told an SVG by its bytes.
  const logo = page.locator("picture img").first();
  await expect(logo).toHaveAttribute("src", /variant=logo$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await logo.hover();
  expect(await ran()).toBeUndefined();
  // Opened at its own URL it is a document of its own: its policy forbids script and sandboxes it.
  const response = await page.goto((await logo.getAttribute("src")) ?? "");
  expect(response?.headers()["content-type"]).toBe("image/svg+xml");
  expect(response?.headers()["content-security-policy"]).toMatch(/default-src 'none'.*sandbox/);
  await page.mouse.move(32, 32);
  await page.mouse.click(20, 40);
  await page.waitForTimeout(500);
  expect(await ran()).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("the profile shows script as text and unknown values as information", async ({ page }) => {
  const check = watch(page);
  await visit(page, `/companies/${script}`, check);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(H.SCRIPT_NAME);
  await expect(page.locator("#overview").getByText(H.SCRIPT_CEO)).toBeVisible();
  await expect(page.locator("#news").getByText(H.SCRIPT_TITLE)).toBeVisible();
  await expect(page.getByText("Frenemy").first()).toBeVisible();
  await visit(page, `/companies/${odd}`, check);
  for (const label of ["Sovereign wealth vehicle", "Hibernating", "Quantum telemetry", "Tokenized share"])
    await expect(page.getByText(label).filter({ visible: true }).first()).toBeVisible();
  await expect(
    page.locator("#listings").getByText(H.PROTOTYPE_NAME, { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await visit(page, `/companies/${bidi}`, check);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(H.BIDI_NAME);
  // The API view shows the raw JSON with the override as a visible escape.
  await expect(page.locator("#api pre", { hasText: "displayNameEnglish" })).toContainText("\\u202E");
});

test.describe("company keys that need encoding", () => {
  // The export waits for a complete index (a partial one would export part of the set).
  test.beforeAll(async ({ request }) => waitForIndex(request));
  const ODD: string[] = Object.values(H.ODD_KEYS);
  const nameOf = (key: string) => H.ODD_KEY_NAMES[key] as string;
  const heading = (page: Page) => page.getByRole("heading", { level: 1 });
  /** The page's path and query as the browser holds them (still percent-encoded). */
  const here = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  };

  for (const key of ODD) {
    test(`the profile of ${key} opens at its own URL, without a redirect`, async ({ page }) => {
      const check = watch(page);
      const response = await page.goto(profileHref(key));
      expect(response?.status()).toBe(200);
      expect(response?.request().redirectedFrom()).toBeNull();
      expect(here(page)).toBe(profileHref(key));
      await expect(heading(page)).toHaveText(nameOf(key));
      await expect(page.locator("#identifiers")).toContainText(key);
      await revealAll(page);
      await expect(page.locator("#news")).toContainText(`${nameOf(key)} reports results`);
      expect([...check.problems, ...(await pageProblems(page))]).toEqual([]);
    });
  }

  test("peer links lead to odd keys: from an ordinary company, then from one odd key to another", async ({
    page,
  }) => {
    await page.goto(profileHref(H.ODD_KEY_PEER_HOST));
    // A peer listed twice (two segments) is compared once.
    const compare = page
      .locator("#peers")
      .getByRole("link", { name: /^Compare with these \d+ closest peers$/ });
    const set = new URL((await compare.getAttribute("href")) ?? "", page.url()).searchParams.get("companies");
    const keys = set?.split(",") ?? [];
    expect(keys).toHaveLength(12);
    expect(new Set(keys).size).toBe(12);
    const peerLink = (key: string) =>
      page
        .locator("#peers")
        .getByRole("link", { name: nameOf(key), exact: true })
        .first();
    await peerLink(H.ODD_KEYS.slash).click();
    await expect(heading(page)).toHaveText(nameOf(H.ODD_KEYS.slash));
    expect(here(page)).toBe(profileHref(H.ODD_KEYS.slash));
    await peerLink(H.ODD_KEYS.marks).click();
    await expect(heading(page)).toHaveText(nameOf(H.ODD_KEYS.marks));
    expect(here(page)).toBe(profileHref(H.ODD_KEYS.marks));
    await page.goBack();
    await expect(heading(page)).toHaveText(nameOf(H.ODD_KEYS.slash));
  });

  test("a non-canonical form answers 308 to the canonical key, with the from note", async ({
    page,
    request,
  }) => {
    for (const key of ODD) {
      const lower = await request.get(profileHref(key.toLowerCase()), { maxRedirects: 0 });
      expect(lower.status(), key).toBe(308);
      expect(lower.headers().location, key).toBe(profileHref(key));
    }
    const secondary = await request.get(profileHref(H.ODD_KEY_SECONDARY), { maxRedirects: 0 });
    expect(secondary.status()).toBe(308);
    expect(secondary.headers().location).toBe(profileHref(H.ODD_KEYS.slash, H.ODD_KEY_SECONDARY));
    await page.goto(profileHref(H.ODD_KEY_SECONDARY));
    expect(here(page)).toBe(profileHref(H.ODD_KEYS.slash, H.ODD_KEY_SECONDARY));
    await expect(page.getByRole("note")).toContainText(`Also known as ${H.ODD_KEY_SECONDARY}`);
    await expect(page.getByRole("note")).toContainText("secondary listing on Bolsa Mexicana de Valores");

    const fscl = H.hostileProfiles(Date.parse(E2E_SANDBOX_NOW)).find((p) => p.companyKey === H.ODD_KEYS.space)
      ?.companyFiscalIdentifier as string;
    await page.goto(profileHref(fscl));
    expect(here(page)).toBe(profileHref(H.ODD_KEYS.space, fscl));
    await expect(heading(page)).toHaveText(nameOf(H.ODD_KEYS.space));
    await expect(page.getByRole("note")).toContainText("an identifier of this company");
  });

  test("a key typed as is, with its own %, reaches its page; a malformed escape is a 404", async ({
    page,
    request,
  }) => {
    const typed = await request.get("/companies/XPAR_A&B+C%", { maxRedirects: 0 });
    expect(typed.status()).toBe(308);
    expect(new URL(typed.headers().location as string, E2E_HOSTILE_URL).pathname).toBe(
      "/companies/XPAR_A&B+C%25",
    );
    await page.goto("/companies/XPAR_A&B+C%");
    await expect(heading(page)).toHaveText(nameOf(H.ODD_KEYS.symbols));
    const malformed = await request.get("/companies/%E0%A4%A");
    expect(malformed.status()).toBe(404);
  });

  test("a comparison of odd keys survives its URL: edits, reload and Back", async ({ page }) => {
    const members = page.getByRole("list", { name: "Companies in the comparison" }).getByRole("listitem");
    const keysShown = () => members.evaluateAll((items) => items.map((li) => li.getAttribute("data-member")));
    await page.goto(compareHref(ODD));
    await expect(members).toHaveCount(ODD.length);
    for (const [i, key] of ODD.entries()) await expect(members.nth(i)).toHaveAttribute("data-member", key);

    await page
      .getByRole("button", { name: `Remove ${nameOf(H.ODD_KEYS.symbols)} from the comparison` })
      .first()
      .click();
    const rest = ODD.filter((k) => k !== H.ODD_KEYS.symbols);
    await expect.poll(() => here(page)).toBe(compareHref(rest));
    await expect(members).toHaveCount(rest.length);
    expect(await keysShown()).toEqual(rest);
    await page.reload();
    await expect(members).toHaveCount(rest.length);
    expect(await keysShown()).toEqual(rest);
    await page.goBack();
    await expect.poll(() => here(page)).toBe(compareHref(ODD));
    await expect(members).toHaveCount(ODD.length);
    await expect(page.locator("#news")).toContainText(`${nameOf(H.ODD_KEYS.symbols)} reports results`);
  });

  test("the directory finds, selects for comparison and exports them with their keys whole", async ({
    page,
  }) => {
    await page.goto(`/companies?q=${H.ODD_KEY_WORD}`);
    await page.evaluate(() => sessionStorage.clear());
    const table = page.getByRole("table", { name: /^Companies/ });
    await expect(table.locator("tbody tr")).toHaveCount(ODD.length);
    await expect(table.getByRole("link", { name: nameOf(H.ODD_KEYS.symbols) })).toHaveAttribute(
      "href",
      profileHref(H.ODD_KEYS.symbols),
    );

    await page.getByText("Export CSV").click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Spreadsheet CSV/ }).click(),
    ]);
    const text = (await readFile((await download.path()) as string, "utf8")).replace(/^\uFEFF/, "");
    const keys = text
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((line) => (line.startsWith('"') ? line.slice(1, line.indexOf('"', 1)) : line.split(",")[0]));
    expect(keys.sort()).toEqual([...ODD].sort());

    for (const key of [H.ODD_KEYS.marks, H.ODD_KEYS.escape])
      await page.getByRole("checkbox", { name: `Select ${nameOf(key)}` }).check();
    await page.getByRole("link", { name: "Compare 2" }).click();
    await expect(
      page.getByRole("list", { name: "Companies in the comparison" }).getByRole("listitem"),
    ).toHaveCount(2);
    expect(here(page)).toBe(compareHref([H.ODD_KEYS.marks, H.ODD_KEYS.escape]));
  });
});
