// A team's dashboard on a real key: an app instance of its own (`npm start`) on the main test
// server's sandbox mount as its upstream, with sign-in through a real OpenID provider (the
// oidc-provider package, started here). People from elsewhere sign in; this machine gets in
// without the licensed identifiers; the attacks of a scraper are each refused.
import { request as httpRequest } from "node:http";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { type RunningProvider, startOidcProvider } from "../tests/oidc-provider";
import { freePort } from "../tests/redis-server";
import { type AppProcess, licensedCompany, MAIN, startOnRealKey } from "./app-process";
import { expectNoAxeViolations } from "./helpers";

/** A visitor from elsewhere, as a proxy on this machine would pass one on. */
const REMOTE = { "x-forwarded-for": "198.51.100.7" };
const HEALTH_TOKEN = "a-monitoring-token-0123456789";

test.describe.configure({ mode: "default" });

let provider: RunningProvider;
let app: AppProcess;
let base: string;
/** A company of the main server's sandbox, with its ISIN and CUSIP. */
let company: { key: string; isin: string; cusip: string };

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider(`${base}/auth/callback`);
  app = await startOnRealKey(port, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_ALLOWED: "@example.com",
    SESSION_SECRET: "a-session-secret-for-the-access-tests-0123",
    PUBLIC_URL: base,
    HEALTH_TOKEN,
    PAGE_MISS_LIMIT: "20/300",
  });
  company = await licensedCompany();
});

test.afterAll(async () => {
  await app?.stop();
  await provider?.stop();
});

/** From the sign-in page: the provider's own form (any password), its consent, and back. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.getByRole("link", { name: /^Sign in with 127\.0\.0\.1/ }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

async function remoteContext(browser: import("@playwright/test").Browser): Promise<BrowserContext> {
  return browser.newContext({ extraHTTPHeaders: REMOTE });
}

test("a person from elsewhere signs in, sees the licensed identifiers, and signs out", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await remoteContext(browser);
  const page = await context.newPage();
  const profile = `/companies/${encodeURIComponent(company.key)}`;
  const refused = await page.goto(`${base}${profile}`);
  expect(refused?.status()).toBe(401);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expectNoAxeViolations(page);
  await signIn(page, "ana@example.com");
  // Back on the page they asked for, signed in.
  await expect(page).toHaveURL(`${base}${profile}`);
  await expect(page.getByText("Signed in as ana@example.com")).toBeVisible();
  await expect(page.locator("#identifiers").getByText(company.isin).first()).toBeVisible();
  await expectNoAxeViolations(page);
  const session = (await context.cookies()).find((c) => c.name === "fa_session");
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // The API answers them too, with the licensed identifiers.
  const api = await page.request.get(`${base}/api/profile?companyKey=${encodeURIComponent(company.key)}`);
  expect(await api.text()).toContain(company.isin);

  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page.getByText("You are signed out.")).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "fa_session")).toBeUndefined();
  expect((await page.goto(`${base}/companies`))?.status()).toBe(401);
  expect((await page.request.get(`${base}/api/companies?pageSize=1`)).status()).toBe(401);
  await context.close();
});

test("an account the settings do not allow is refused, and stays signed out", async ({ browser }) => {
  const context = await remoteContext(browser);
  const page = await context.newPage();
  await page.goto(`${base}/news`);
  await signIn(page, "eve@elsewhere.example");
  await expect(page.getByRole("alert").filter({ hasText: "not one this dashboard lets in" })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "fa_session")).toBeUndefined();
  expect((await page.goto(`${base}/news`))?.status()).toBe(401);
  await context.close();
});

test("this machine gets in without ISIN and CUSIP, and sees them once signed in", async ({ page }) => {
  const profile = `${base}/companies/${encodeURIComponent(company.key)}`;
  expect((await page.goto(profile))?.status()).toBe(200);
  const identifiers = page.locator("#identifiers");
  await expect(identifiers.getByRole("note")).toContainText("ISIN and CUSIP are licensed identifiers");
  const html = await page.content();
  expect(html).not.toContain(company.isin);
  expect(html).not.toContain(company.cusip);
  // Nor through the API, the export or the identifier resolver (looking up by ISIN still works).
  const api = await page.request.get(`${base}/api/profile?companyKey=${encodeURIComponent(company.key)}`);
  expect(await api.text()).not.toContain(company.isin);
  const csv = await page.request.get(
    `${base}/api/companies/export?format=plain&q=${encodeURIComponent(company.key)}`,
  );
  expect(csv.status()).toBe(200);
  expect(await csv.text()).not.toContain(company.isin);
  const resolved = await page.request.get(`${base}/api/resolve?id=${company.isin}`);
  expect(resolved.status()).toBe(200);
  expect(await resolved.json()).toMatchObject({ companyKey: company.key });
  expect(await resolved.text()).not.toContain(company.isin);
  const byIsin = await page.goto(`${base}/companies/${company.isin}`);
  expect(byIsin?.url()).toBe(profile.concat(`?from=${company.isin}`));
  await expect(page.getByText(company.isin)).toHaveCount(0);

  await page.getByRole("link", { name: "Sign in", exact: true }).first().click();
  await signIn(page, "ana@example.com");
  await page.goto(profile);
  await expect(identifiers.getByText(company.isin).first()).toBeVisible();
  await expect(identifiers.getByRole("note")).toHaveCount(0);
});

test("a signed-in person's list follows them to another browser, and their feed has a secret link", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const rows = (await (await fetch(`${MAIN}/api/companies?pageSize=2&sort=marketCap&order=desc`)).json()) as {
    rows: { companyKey: string }[];
  };
  const keys = rows.rows.map((r) => r.companyKey);
  // A browser of this machine that follows two companies before its person ever signs in.
  const first = await browser.newContext();
  // And has saved a directory screen.
  await first.addInitScript(
    ({ list, views }) => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("fiscal-atlas:following", JSON.stringify(list));
      localStorage.setItem("fiscal-atlas:saved", JSON.stringify(views));
    },
    {
      list: keys.map((companyKey) => ({ companyKey, name: null, followedAt: "2026-11-20T12:00:00Z" })),
      views: [
        {
          kind: "screen",
          name: "Energy majors",
          href: "/companies?sector=Energy",
          savedAt: "2026-11-20T12:00:00Z",
        },
        // And a named list of the larger one.
        { kind: "list", name: "Top one", companies: keys.slice(0, 1), savedAt: "2026-11-20T12:00:00Z" },
      ],
    },
  );
  const page = await first.newPage();
  await page.goto(`${base}/sign-in?next=/following`);
  // The saved views go to the account (it has none yet) as soon as it is read.
  const savedToAccount = page.waitForResponse(
    (r) => r.url().endsWith("/api/account/saved") && r.request().method() === "PUT",
  );
  await signIn(page, "bo@example.com");
  expect((await savedToAccount).status()).toBe(200);
  // The first sign-in offers this browser's list to the account.
  const offer = page.getByRole("region", { name: "Your following list" });
  await expect(offer).toContainText("This browser follows 2 companies");
  await expectNoAxeViolations(page);
  await offer.getByRole("button", { name: "Keep them in my account" }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByText("2 companies followed, kept in your account")).toBeVisible();
  await first.close();

  // Another browser, from elsewhere: after sign-in, the same list.
  const second = await remoteContext(browser);
  const other = await second.newPage();
  await other.goto(`${base}/following`);
  await signIn(other, "bo@example.com");
  await expect(other.getByText("2 companies followed, kept in your account")).toBeVisible();
  for (const key of keys)
    await expect(
      other
        .getByRole("table", { name: /^Followed companies/ })
        .locator(`a[href="/companies/${key}"]`)
        .first(),
    ).toBeVisible();
  await expect(other.getByRole("region", { name: "Your following list" })).toHaveCount(0);
  // The saved screen came with the account, and opens its view.
  const savedViews = other.getByRole("region", { name: "Saved views and lists" });
  await expect(savedViews).toContainText("They are kept in your account");
  await expect(savedViews.getByRole("link", { name: "Energy majors" })).toHaveAttribute(
    "href",
    "/companies?sector=Energy",
  );

  // The feed's secret link works for a reader that cannot sign in, and stops once replaced or revoked.
  await other.getByRole("button", { name: "Make a secret feed link" }).click();
  const link = other.locator("section[aria-labelledby='feed-link-title'] code");
  await expect(link).toContainText("/news/feed.xml?");
  await expectNoAxeViolations(other);
  const url = (await link.textContent()) ?? "";
  expect(url.startsWith(`${base}/news/feed.xml?`)).toBe(true);
  const reader = (address: string) => fetch(address, { headers: REMOTE });
  const feed = await reader(url);
  expect(feed.status).toBe(200);
  expect(await feed.text()).toContain("news of 2 followed companies");
  // The named list came with the account too, and has a secret feed link of its own.
  await other
    .getByRole("navigation", { name: "Your lists" })
    .getByRole("link", { name: "Top one (1)" })
    .click();
  await expect(other.getByRole("heading", { level: 1, name: "Top one" })).toBeVisible();
  await expect(other.getByText("1 company, kept in your account")).toBeVisible();
  const listFeed = other.getByRole("link", { name: /Subscribe \(Atom feed of their news\)/ });
  await expect(listFeed).toHaveAttribute("href", /\/news\/feed\.xml\?.*following=/);
  const listUrl = (await listFeed.getAttribute("href")) ?? "";
  expect(listUrl).not.toBe(url);
  const ofList = await reader(listUrl);
  expect(ofList.status).toBe(200);
  expect(await ofList.text()).toContain("news of your list “Top one” (1 company)");
  await other.getByRole("link", { name: "Following (2)" }).click();
  // Its links come from PUBLIC_URL, whatever Host the request names, and no shared cache keeps it.
  const target = new URL(url);
  const hosted = await raw("GET", `${target.pathname}${target.search}`, { host: "evil.example" });
  expect(hosted.status).toBe(200);
  expect(hosted.body).not.toContain("evil.example");
  expect(hosted.body).toContain(`href="${base}/`);
  expect(String(hosted.headers["cache-control"])).toMatch(/^private/);
  // Without the link, a reader from elsewhere is refused.
  expect((await reader(`${base}/news/feed.xml`)).status).toBe(401);
  await other.getByRole("button", { name: "New link" }).click();
  await expect(link).not.toHaveText(url);
  const renewed = (await link.textContent()) ?? "";
  expect((await reader(url)).status).toBe(404);
  expect((await reader(listUrl)).status).toBe(404);
  expect((await reader(renewed)).status).toBe(200);
  await other.getByRole("button", { name: "Revoke" }).click();
  await expect(other.getByRole("button", { name: "Make a secret feed link" })).toBeVisible();
  expect((await reader(renewed)).status).toBe(404);
  // A link that was never made, or was tampered with, opens nothing.
  expect((await reader(`${renewed.slice(0, -3)}abc`)).status).toBe(404);
  await second.close();
});

/** One raw request, as curl would send it: a method fetch refuses, or a target of any form. */
function raw(method: string, target: string, headers: Record<string, string> = {}) {
  const url = new URL(base);
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: target, headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("two browsers of one person change a list at once, and the account keeps both changes", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const rows = (await (await fetch(`${MAIN}/api/companies?pageSize=2&sort=marketCap&order=desc`)).json()) as {
    rows: { companyKey: string; displayNameEnglish: string }[];
  };
  const [first, second] = rows.rows;
  if (!first || !second) throw new Error("the sandbox has companies");
  const savedHere = (page: Page) =>
    page.waitForResponse((r) => r.url().endsWith("/api/account/saved") && r.request().method() === "PUT");
  const open = async () => {
    const page = await (await remoteContext(browser)).newPage();
    await page.goto(`${base}/following`);
    await signIn(page, "cy@example.com");
    await expect(page.getByRole("heading", { level: 1, name: "Following" })).toBeVisible();
    return page;
  };
  const a = await open();
  await a.getByRole("button", { name: "+ New list" }).click();
  await a.getByRole("textbox", { name: "Name" }).fill("Shared");
  const made = savedHere(a);
  await a.getByRole("button", { name: "Make the list" }).click();
  expect((await made).status()).toBe(200);
  // The second browser reads the empty list; then both add a company, each to its own copy.
  const b = await open();
  await expect(
    b.getByRole("navigation", { name: "Your lists" }).getByRole("link", { name: "Shared (0)" }),
  ).toBeVisible();
  // Both open the list, each with its own copy of it, empty; each adds a company from its search box.
  await a.goto(`${base}/following?list=Shared`);
  await b.goto(`${base}/following?list=Shared`);
  for (const [page, company] of [
    [a, first],
    [b, second],
  ] as const) {
    await expect(page.getByText("No companies yet, kept in your account")).toBeVisible();
    const search = page.getByRole("combobox", { name: "Add a company" });
    await search.fill(company.displayNameEnglish);
    await expect(page.getByRole("option").first()).toContainText(company.displayNameEnglish);
    const saved = savedHere(page);
    await search.press("Enter");
    expect((await saved).status()).toBe(200);
  }
  // The second save, from a copy that lacked the first company, was merged into the account rather
  // than replacing it: the account, and both browsers once they load again, have both companies.
  for (const page of [a, b]) {
    await page.goto(`${base}/following?list=Shared`);
    await expect(page.getByRole("heading", { level: 1, name: "Shared" })).toBeVisible();
    await expect(page.getByText("2 companies, kept in your account")).toBeVisible();
  }
  await a.context().close();
  await b.context().close();
});

test("a scraper's ways in are closed", async ({ request }) => {
  test.setTimeout(90_000);
  // The whole universe, anonymously: refused from elsewhere, and not for this machine either.
  expect(
    (await request.get(`${base}/api/companies/export?set=all&format=plain`, { headers: REMOTE })).status(),
  ).toBe(401);
  const local = await request.get(`${base}/api/companies/export?set=all&format=plain`);
  expect(local.status()).toBe(403);
  expect(await local.text()).toContain("for people signed in");

  // TRACE and other unknown methods: 405, no stack trace.
  for (const [method, path] of [
    ["TRACE", "/"],
    ["TRACE", "/api/health"],
    ["DELETE", "/companies"],
  ] as const) {
    const answer = await raw(method, path);
    expect(answer.status, `${method} ${path}`).toBe(405);
    expect(answer.body).not.toMatch(/at .*\(|Error:/);
  }
  expect(app.output()).not.toMatch(/TypeError|Error: .*TRACE/);

  // An absolute-form target does not choose where a redirect goes.
  const absolute = await raw("GET", "http://evil.example/companies/");
  expect(absolute.status).toBe(308);
  expect(String(absolute.headers.location)).not.toContain("evil.example");

  // A web page that rebinds its own name to this machine is no one on this machine.
  expect((await raw("GET", "/news/feed.xml?minImportance=1", { host: "evil.example" })).status).toBe(401);
  expect((await raw("GET", "/companies", { host: "evil.example" })).status).toBe(401);

  // Health: liveness for anyone; the details for this machine and for the monitoring token.
  expect(await (await request.get(`${base}/api/health`, { headers: REMOTE })).json()).toEqual({
    status: "live",
  });
  const monitored = await request.get(`${base}/api/health`, {
    headers: { ...REMOTE, authorization: `Bearer ${HEALTH_TOKEN}` },
  });
  expect(await monitored.json()).toHaveProperty("upstream");
  const wrong = await request.get(`${base}/api/health`, {
    headers: { ...REMOTE, authorization: "Bearer nope" },
  });
  expect(await wrong.json()).toEqual({ status: "live" });
  expect(await (await request.get(`${base}/api/health`)).json()).toHaveProperty("budget");
});

test("the prefetch header is charged like any page view", async ({ request }) => {
  test.setTimeout(120_000);
  // 40 companies no cache holds, asked for as the browser's own prefetches: at most the client's
  // 20 page misses reach the upstream; the rest are refused, not served for free.
  const list = (await (
    await request.get(`${base}/api/companies?pageSize=60&sort=name&order=desc`)
  ).json()) as {
    rows: { companyKey: string }[];
  };
  const keys = list.rows.map((r) => r.companyKey).slice(20, 60);
  const statuses: number[] = [];
  for (const key of keys) {
    const answer = await request.get(`${base}/companies/${encodeURIComponent(key)}`, {
      headers: { "sec-purpose": "prefetch" },
      maxRedirects: 0,
    });
    statuses.push(answer.status());
  }
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(20);
});
