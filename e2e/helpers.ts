// Shared pieces of the browser journeys.
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** Console errors and uncaught exceptions of a page, collected from now on. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** axe finds no violations on the page as it is now. */
/** `include` narrows the check to one part of the page (a CSS selector), for a part whose page is checked elsewhere. */
// `label-content-name-mismatch` is off in axe by default (experimental) but Lighthouse checks it: a
// control's spoken name must start from the words it shows, for people who speak to their browser.
export async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).options({
    rules: { "label-content-name-mismatch": { enabled: true } },
  });
  const result = await (include ? builder.include(include) : builder).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target})`)).toEqual([]);
}

/** Waits until the first sync of the default company index has finished. */
export async function waitForIndex(request: APIRequestContext, set: "default" | "all" = "default") {
  await expect
    .poll(
      async () =>
        ((await (await request.get("/api/index-status")).json()) as Record<string, { state: string }>)[set]
          ?.state,
      { timeout: set === "all" ? 90_000 : 30_000 },
    )
    .toBe("ready");
}

/**
 * Holds the page's scripts back until the returned function is called: what a person does then
 * happens before the page hydrates, as on a slow phone.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_next\/static\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
