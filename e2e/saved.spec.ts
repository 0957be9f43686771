// Saved views: a directory screen, a news view and a comparison kept under a name in this browser,
// reopened from their page and from /following, renamed, deleted, exported and imported. (Kept in
// the account once signed in: e2e/access.spec.ts, with a real OpenID provider.)
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations as axe, collectProblems, waitForIndex } from "./helpers";

test.beforeAll(async ({ request }) => waitForIndex(request));

test("a named screen is saved and reopened by keyboard, and all views are kept on /following", async ({
  page,
}) => {
  const problems = collectProblems(page);
  await page.goto("/companies?sector=Energy");
  await expect(
    page
      .getByRole("table", { name: /^Companies/ })
      .getByRole("row")
      .nth(1),
  ).toBeVisible();
  const save = page.getByRole("button", { name: "Save view" });
  await save.focus();
  await page.keyboard.press("Enter");
  const name = page.getByRole("textbox", { name: "Name", exact: true });
  await expect(name).toBeFocused();
  await page.keyboard.type("Energy majors");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Saved “Energy majors”." })).toBeVisible();
  await expect(save).toBeFocused();
  await axe(page);

  // From another view of the directory, the saved one opens again.
  await page.goto("/companies");
  await page.getByText("Directory screens (1)").click();
  await page.getByRole("link", { name: "Energy majors" }).click();
  await expect(page).toHaveURL(/\/companies\?sector=Energy$/);

  // A news view, and the same name again replaces it rather than adding one.
  await page.goto("/news?sort=newest");
  for (const label of ["Newest", "newest"]) {
    await page.getByRole("button", { name: "Save view" }).click();
    const field = page.getByRole("textbox", { name: "Name", exact: true });
    await field.fill(label);
    if (label === "newest")
      await expect(page.getByText("Replaces the saved news view “Newest”.")).toBeVisible();
    await page.getByRole("button", { name: "Save", exact: true }).click();
  }
  await expect(page.getByText("News views (1)")).toBeVisible();

  await page.goto("/following");
  const saved = page.getByRole("region", { name: "Saved views" });
  await expect(saved.getByRole("link", { name: "Energy majors" })).toHaveAttribute(
    "href",
    "/companies?sector=Energy",
  );
  await expect(saved.getByRole("link", { name: "newest" })).toHaveAttribute("href", "/news?sort=newest");
  await axe(page);

  // Renamed by keyboard.
  await saved.getByRole("button", { name: "Rename “newest”" }).focus();
  await page.keyboard.press("Enter");
  await expect(saved.getByRole("textbox", { name: "New name" })).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Latest news");
  await page.keyboard.press("Enter");
  await expect(saved.getByRole("link", { name: "Latest news" })).toBeVisible();
  // The keyboard carries on from the renamed view's Rename, as from Escape.
  await expect(saved.getByRole("button", { name: "Rename “Latest news”" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(saved.getByRole("button", { name: "Rename “Latest news”" })).toBeFocused();

  // Exported as a file that reads back.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    saved.getByRole("button", { name: "Download saved views and lists (JSON)" }).click(),
  ]);
  const file = await download.path();
  const exported = JSON.parse(await readFile(file, "utf8")) as { format: string; views: { name: string }[] };
  expect(exported.format).toBe("fiscal-atlas-saved-views");
  expect(exported.views.map((v) => v.name).sort()).toEqual(["Energy majors", "Latest news"]);

  // Deleted: the keyboard carries on from the section; the file brings it back.
  await saved.getByRole("button", { name: "Delete “Energy majors”" }).click();
  await expect(saved.getByRole("status")).toContainText("Deleted “Energy majors”.");
  // Undone, it is back where it was; deleted again for the file to bring back.
  await saved.getByRole("status").getByRole("button", { name: "Undo" }).click();
  await expect(saved.getByRole("link", { name: "Energy majors" })).toBeVisible();
  await expect(saved.getByRole("status")).toHaveText("Put back.");
  await saved.getByRole("button", { name: "Delete “Energy majors”" }).click();
  await expect(saved.getByRole("status")).toContainText("Deleted “Energy majors”.");
  await expect(page.locator("#saved-views-heading")).toBeFocused();
  await expect(saved.getByRole("link", { name: "Energy majors" })).toHaveCount(0);
  await saved.getByLabel("Import saved views and lists").setInputFiles(file);
  await expect(saved.getByRole("status")).toHaveText(
    "Imported: 1 new, 1 replaced; 2 saved views and lists (at most 100).",
  );
  await expect(saved.getByRole("link", { name: "Energy majors" })).toBeVisible();
  // A file that is not one is refused, saying why.
  await saved.getByLabel("Import saved views and lists").setInputFiles({
    name: "list.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ format: "fiscal-atlas-following", version: 1, companies: [] })),
  });
  await expect(saved.getByRole("alert")).toContainText(
    "This is not a file of saved views and lists: format is not",
  );
  expect(problems).toEqual([]);
});

test("a comparison is saved under the names it compares", async ({ page }) => {
  await page.goto("/compare?companies=XSHE_300980,XLON_EMBE");
  await page.getByRole("button", { name: "Save view" }).click();
  const field = page.getByRole("textbox", { name: "Name", exact: true });
  await expect(field).toHaveValue(/ vs /);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Comparisons (1)")).toBeVisible();
});
