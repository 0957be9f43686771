// Every page against hostile and odd upstream data (SANDBOX_HOSTILE=1, lib/sandbox/hostile-fixtures.ts):
// upstream text is shown literally, nothing in it runs, no non-http(s) link is rendered, bidi
// overrides stay inside their own text, long names do not widen the page, and unknown enum values
// are shown as information.
import { expect, type Page, test } from "@playwright/test";
import * as H from "../lib/sandbox/hostile-fixtures";
import { E2E_HOSTILE_URL } from "../playwright.config";
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
      // The type column is one of those a narrow window leaves out.
      if (width >= 1024)
        await expect(rows.filter({ hasText: H.ODD_NAME })).toContainText("Sovereign wealth vehicle");
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
test("the profile shows script as text and unknown values as information", async ({ page }) => {
  const check = watch(page);
  await visit(page, `/companies/${script}`, check);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(H.SCRIPT_NAME);
  await expect(page.locator("#overview").getByText(H.SCRIPT_CEO)).toBeVisible();
  await expect(page.locator("#news").getByText(H.SCRIPT_TITLE)).toBeVisible();
  await expect(page.getByText("Frenemy").first()).toBeVisible();
  await visit(page, `/companies/${odd}`, check);
  for (const label of ["Sovereign wealth vehicle", "Hibernating", "Quantum telemetry", "Tokenized share"])
    await expect(page.getByText(label).first()).toBeVisible();
  await visit(page, `/companies/${bidi}`, check);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(H.BIDI_NAME);
  // The API view shows the raw JSON with the override as a visible escape.
  await expect(page.locator("#api pre", { hasText: "displayNameEnglish" })).toContainText("\\u202E");
});
