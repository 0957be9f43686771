// The page a person gets when the server is too busy to start theirs (lib/server/front/shed.ts): the real
// answer, headers and all, from a server that sheds every request, in the browser.
import { expect, test } from "@playwright/test";
import { shed } from "../lib/server/front/shed";
import { type LocalServer, listenLocal } from "../tests/local-server";
import { expectNoAxeViolations } from "./helpers";

let server: LocalServer;
test.beforeAll(async () => {
  server = await listenLocal((req, res) => shed(req, res));
});
test.afterAll(async () => {
  await server.close();
});

for (const colorScheme of ["light", "dark"] as const)
  for (const width of [390, 1280])
    test(`says the server is busy and links back to the page (${colorScheme}, ${width} px)`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 800 });
      const problems: string[] = [];
      // A style the policy refused, say (the document's own 503 is logged too, and expected).
      page.on("console", (m) => {
        if (m.type() === "error" && !/status of 503/.test(m.text())) problems.push(m.text());
      });
      const response = await page.goto(`${server.base}/companies?q=ember`);
      expect(response?.status()).toBe(503);
      await expect(page).toHaveTitle("Busy · Fiscal Atlas");
      await expect(page.getByRole("heading", { level: 1, name: "The server is busy" })).toBeVisible();
      const again = page.getByRole("link", { name: "Try again" });
      await expect(again).toHaveAttribute("href", "/companies?q=ember");
      // Its style applied (allowed by its hash): the colours follow the reader's scheme.
      await expect(page.locator("body")).toHaveCSS(
        "background-color",
        colorScheme === "dark" ? "rgb(2, 6, 23)" : "rgb(255, 255, 255)",
      );
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
      await page.keyboard.press("Tab");
      await expect(again).toBeFocused();
    });
