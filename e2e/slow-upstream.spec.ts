// Pages on a slow upstream, and the pages' budget of upstream misses. The fifth test server
// (E2E_SLOW_URL) answers profiles and news only after 20 s (its calls give up after 6 s), while
// its company list answers at once, so the index knows every name. A page whose data is not
// cached sends its document within 3 s (the gate waits about 2 s, lib/server/pages/page-gate.ts), says
// that the data service is slow, and fills in the data, or a clear failure, when it comes.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { E2E_SLOW_FAULTS, E2E_SLOW_MISS_LIMIT, E2E_SLOW_URL } from "../playwright.config";
import { expectNoAxeViolations as axe, collectProblems, waitForIndex } from "./helpers";

test.describe.configure({ mode: "serial" });
test.use({ baseURL: E2E_SLOW_URL });

/** The bound: the document of a page whose upstream is slow arrives within this. */
const DOCUMENT_MS = 3000;
const SLOW = /The data service is slow to answer\./;

async function setFaults(request: APIRequestContext, spec: string) {
  const response = await request.put("/sandbox/faults", { data: spec });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens a page and says how long its document took to arrive (the response, not the data). */
async function open(page: Page, path: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const response = await page.goto(path, { waitUntil: "commit" });
  return { status: response?.status() ?? 0, ms: Date.now() - started };
}

test.beforeAll(async ({ request }) => {
  await setFaults(request, E2E_SLOW_FAULTS);
  await waitForIndex(request);
  // Each page's code loaded once (a key too short to be one needs no upstream call), so the
  // measured times are the pages', not a cold process's first module loads.
  for (const path of ["/companies/X", "/news?company=X", "/compare", "/page-status"])
    await request.get(path, { maxRedirects: 0 });
});

test.afterAll(async ({ request }) => {
  await setFaults(request, E2E_SLOW_FAULTS);
});

test("a profile not cached: the document at once with the name and the slow state, then a clear failure", async ({
  page,
}) => {
  const problems = collectProblems(page);
  const { status, ms } = await open(page, "/companies/XLON_EMBE");
  expect(status).toBe(200);
  expect(ms).toBeLessThan(DOCUMENT_MS);
  // The name comes from the directory index; the loading state says what is going on.
  await expect(page.getByRole("heading", { level: 1, name: "Ember Partners plc" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: SLOW })).toBeVisible();
  // The same title as the profile's own, its venue too.
  await expect(page).toHaveTitle(/^Ember Partners plc \([A-Z]+: EMBE\) · Fiscal Atlas$/);
  await axe(page);
  // The upstream call gives up (6 s on this server): the page says so, with a retry.
  await expect(page.getByRole("heading", { level: 1, name: "This profile could not be loaded" })).toBeVisible(
    { timeout: 15_000 },
  );
  // Still saying whose: the name was the heading until now.
  await expect(page.getByText("The profile of Ember Partners plc")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: SLOW })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("a profile not cached: the data fills in when the slow upstream answers", async ({ page, request }) => {
  // Slower than the gate's wait, faster than the call's timeout.
  await setFaults(request, "latency=3500,only=/v3/company/profile|/v1/top-news");
  const problems = collectProblems(page);
  const { status, ms } = await open(page, "/companies/XCAI_ALFA");
  expect(status).toBe(200);
  expect(ms).toBeLessThan(DOCUMENT_MS);
  await expect(page.getByRole("status").filter({ hasText: SLOW })).toBeVisible();
  // The whole profile replaces the loading state.
  await expect(page.getByRole("heading", { level: 2, name: /^Listings/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Al Faris Pharmaceuticals" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: SLOW })).toHaveCount(0);
  expect(problems).toEqual([]);
});

for (const { path, what } of [
  { path: "/news?importance=3", what: "The stories" },
  { path: "/compare?companies=NYSE_CWZ,TSXV_DORR", what: "The comparison" },
]) {
  test(`${path}: the document at once, saying the data service is slow`, async ({ page, request }) => {
    await setFaults(request, E2E_SLOW_FAULTS);
    const problems = collectProblems(page);
    const { status, ms } = await open(page, path);
    expect(status).toBe(200);
    expect(ms).toBeLessThan(DOCUMENT_MS);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: SLOW })).toContainText(what);
    // Once the server's call gives up, the feed asks /api/top-news itself, which may answer 504:
    // Chrome logs that response; the page shows the failure with a retry.
    expect(problems.filter((p) => !/status of 50\d/.test(p))).toEqual([]);
  });
}

test("/: the document at once, and each panel fills in when its own data comes", async ({
  page,
  request,
  browser,
}) => {
  // Each top-news call answers after 2.5 s, past the gate's wait: today's stories are one call,
  // the week's counts one per day (7 pages of 1000 stories, two at a time, about 10 s): the counts
  // come last. (Not slower: a page of 1000 stories takes a loaded machine a second or two more,
  // within the server's 6 s limit per call.)
  test.setTimeout(90_000);
  await setFaults(request, "latency=2500,only=/v1/top-news");
  const problems = collectProblems(page);
  // Today's stories come about a second after the document: a loaded machine's browser had put
  // them in place before the test could look for what was there until then. So the page notes
  // every status it shows, as the document brings it.
  await page.addInitScript(() => {
    const shown = new Set<string>();
    Object.assign(window, { shownStatuses: shown });
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) shown.add(status.textContent ?? "");
    }).observe(document, { childList: true, subtree: true });
  });
  const { status, ms } = await open(page, "/");
  expect(status).toBe(200);
  expect(ms).toBeLessThan(DOCUMENT_MS);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const slow = page.getByRole("status").filter({ hasText: SLOW });
  const shown = () =>
    page.evaluate(() => [...(window as unknown as { shownStatuses: Set<string> }).shownStatuses]);
  await expect
    .poll(shown)
    .toContainEqual(
      expect.stringMatching(/The data service is slow to answer\..*Today's top stories will appear/),
    );
  const countsSlow = slow.filter({ hasText: "This week's counts" });
  await expect(countsSlow).toBeVisible();
  // The recently updated companies come from the directory's index: no wait at all.
  const recent = page.getByRole("region", { name: "Recently updated companies" });
  await expect(recent.getByRole("link").first()).toBeVisible();
  const recentTop = (await recent.boundingBox())?.y;
  // Without a script a streamed panel is never put in place: the index's panel is in the document
  // itself, and the counts still on their way say to reload. (Checked first, while the counts are
  // surely still on their way: a loaded CI machine got to it only after they had come.)
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E_SLOW_URL });
  const noScript = await context.newPage();
  // Its document ends only when the counts do: "commit", not the load event.
  await noScript.goto("/", { waitUntil: "commit" });
  await expect(
    noScript.getByRole("region", { name: "Recently updated companies" }).getByRole("link").first(),
  ).toBeVisible();
  await expect(
    noScript
      .getByRole("status")
      .filter({ hasText: "Reload this page in a moment to see this week's counts." }),
  ).toBeVisible();
  await context.close();
  // Today's stories come while the counts are still on their way: one panel does not hold up another.
  const stories = page.getByRole("region", { name: "Top stories today" }).getByRole("listitem");
  await expect(stories.first()).toBeVisible({ timeout: 15_000 });
  await expect(slow.filter({ hasText: "Today's top stories" })).toHaveCount(0);
  await expect(countsSlow).toBeVisible();
  await axe(page);
  expect(problems).toEqual([]);
  // The counts come into the place their panel kept: the companies below them do not move.
  await expect(page.getByRole("region", { name: "This week by event type" }).getByRole("table")).toBeVisible({
    timeout: 45_000,
  });
  await expect(countsSlow).toHaveCount(0);
  expect((await recent.boundingBox())?.y).toBe(recentTop);
});

test("requests waiting for the slow upstream hold up none that need nothing from it", async ({ request }) => {
  await setFaults(request, E2E_SLOW_FAULTS);
  // Many profiles, none cached yet, each waiting 6 s for the upstream and then failing ...
  const listed = (await (await request.get("/api/companies?q=b&page=4&pageSize=14")).json()) as {
    rows: { companyKey: string }[];
  };
  const keys = listed.rows.map((row) => row.companyKey);
  expect(keys).toHaveLength(14);
  let waiting = keys.length;
  const profiles = keys.map((key) =>
    request.get(`/api/profile?companyKey=${key}`, { timeout: 30_000 }).finally(() => waiting--),
  );
  // ... while a search and the directory, which need no upstream call, answer at once.
  const started = Date.now();
  expect((await request.get("/api/companies?q=ember")).status()).toBe(200);
  expect((await request.get("/companies?q=ember")).status()).toBe(200);
  expect(Date.now() - started).toBeLessThan(DOCUMENT_MS);
  expect(waiting).toBe(keys.length);
  expect((await Promise.all(profiles)).map((r) => r.status())).toEqual(keys.map(() => 504));
});

test("the pages' miss budget: a spray of made-up keys gets a readable 429, cached pages and prefetches pass", async ({
  request,
}) => {
  await setFaults(request, "off");
  const as = (client: string, extra: Record<string, string> = {}) => ({
    headers: { "x-forwarded-for": client, ...extra },
    maxRedirects: 0,
  });
  // A profile cached by someone else.
  expect((await request.get("/companies/XCAI_ALFA", as("198.51.100.1"))).status()).toBe(200);
  // Next's link prefetches are neither counted nor blocked.
  for (let i = 0; i < 3; i++) {
    const prefetch = await request.get(
      `/companies/XNYS_PRE${i}`,
      as("203.0.113.7", { rsc: "1", "next-router-prefetch": "1" }),
    );
    expect(prefetch.status()).not.toBe(429);
  }
  // Each made-up key is one upstream miss: the budget's worth are real 404s.
  for (let i = 0; i < E2E_SLOW_MISS_LIMIT; i++) {
    expect((await request.get(`/companies/XNYS_FAKE${i}`, as("203.0.113.7"))).status()).toBe(404);
  }
  const refused = await request.get("/companies/XNYS_FAKEX", as("203.0.113.7"));
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  const html = await refused.text();
  expect(html).toContain("Too many new pages at once");
  expect(html).toMatch(/Try again in/);
  // A page served from the cache costs nothing: the 404 already paid for, a profile cached.
  expect((await request.get("/companies/XNYS_FAKE0", as("203.0.113.7"))).status()).toBe(404);
  expect((await request.get("/companies/XCAI_ALFA", as("203.0.113.7"))).status()).toBe(200);
  // So does a prefetch, even now.
  const prefetch = await request.get(
    "/companies/XNYS_PREX",
    as("203.0.113.7", { rsc: "1", "next-router-prefetch": "1" }),
  );
  expect(prefetch.status()).not.toBe(429);
  // A compare of made-up keys costs one miss each, and is refused too.
  const compare = await request.get("/compare?companies=XNYS_FAKEY,XNYS_FAKEZ", as("203.0.113.7"));
  expect(compare.status()).toBe(429);
  // Another client has its own budget.
  expect((await request.get("/companies/XNYS_FAKEX", as("198.51.100.9"))).status()).toBe(404);
});

test("Next's link prefetches reach no upstream, its metadata-only prefetch included", async ({ request }) => {
  // Every profile call fails here, and is counted: prefetches are never charged to the miss
  // budget, so they must cost the data service nothing, made-up keys or real.
  await setFaults(request, "500=1,only=/v3/company/profile");
  const profileCalls = async () =>
    ((await (await request.get("/sandbox/faults")).json()) as { injected: Record<string, number> }).injected[
      "500"
    ] ?? 0;
  const before = await profileCalls();
  // The router's two kinds: the route's tree, and the head (which renders generateMetadata).
  const metadataOnly = encodeURIComponent(JSON.stringify(["", {}, null, "metadata-only"]));
  for (const key of ["XNYS_PREM0", "XNYS_PREM1", "NYSE_SZB"]) {
    const kinds: Record<string, string>[] = [
      { "next-router-segment-prefetch": "/_tree" },
      { "next-router-state-tree": metadataOnly },
    ];
    for (const tree of kinds) {
      const prefetch = await request.get(`/companies/${key}?_rsc=1`, {
        headers: { "x-forwarded-for": "203.0.113.8", rsc: "1", "next-router-prefetch": "1", ...tree },
      });
      expect(prefetch.status(), `${key} ${JSON.stringify(tree)}`).toBe(200);
    }
  }
  expect(await profileCalls()).toBe(before);
  // The count does see a call: the page itself asks.
  await request.get("/companies/NYSE_SZB", { headers: { "x-forwarded-for": "203.0.113.8" } });
  expect(await profileCalls()).toBeGreaterThan(before);
  await setFaults(request, E2E_SLOW_FAULTS);
});
