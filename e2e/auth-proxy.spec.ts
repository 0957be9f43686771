// A team that runs its own sign-in gateway: a real nginx (tests/nginx.ts) in front of an app
// instance on a real key, naming the signed-in user in X-Forwarded-Email. The app believes the
// header from the proxy's address alone: the same header sent to the app directly is ignored.
import { expect, test } from "@playwright/test";
import { type RunningNginx, startAuthProxy } from "../tests/nginx";
import { freePort } from "../tests/redis-server";
import { type AppProcess, licensedCompany, startOnRealKey } from "./app-process";

const USER = "ana@example.com";

test.describe.configure({ mode: "default" });

let app: AppProcess;
let direct: string;
let proxy: RunningNginx;
let company: { key: string; isin: string };

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const port = await freePort();
  direct = `http://127.0.0.1:${port}`;
  proxy = await startAuthProxy(port, "X-Forwarded-Email", USER);
  app = await startOnRealKey(port, {
    AUTH_PROXY_HEADER: "X-Forwarded-Email",
    AUTH_PROXY_FROM: proxy.from,
    TRUSTED_PROXY_HOPS: "1",
    PAGE_MISS_LIMIT: "off",
  });
  expect(app.output()).toContain("access: people the auth proxy at 127.0.0.2 names in x-forwarded-email");
  company = await licensedCompany();
});

test.afterAll(async () => {
  await app?.stop();
  await proxy?.stop();
});

test("through the gateway a person is signed in, whatever header the client sent", async ({ browser }) => {
  // A client that names someone else: the gateway's own header replaces it.
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-email": "eve@elsewhere.example" },
  });
  const page = await context.newPage();
  const answer = await page.goto(`${proxy.base}/companies/${encodeURIComponent(company.key)}`);
  expect(answer?.status()).toBe(200);
  await expect(page.getByText(`Signed in as ${USER}`)).toBeVisible();
  await expect(page.locator("#identifiers").getByText(company.isin).first()).toBeVisible();
  // The gateway signs people out, not the app.
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  const api = await page.request.get(
    `${proxy.base}/api/profile?companyKey=${encodeURIComponent(company.key)}`,
  );
  expect(await api.text()).toContain(company.isin);
  await context.close();
});

test("the same header sent to the app directly is ignored", async ({ request }) => {
  const headers = { "x-forwarded-email": USER };
  const profile = `/api/profile?companyKey=${encodeURIComponent(company.key)}`;
  // From this machine: in, as anyone on it, without the licensed identifiers.
  const local = await request.get(`${direct}${profile}`, { headers });
  expect(local.status()).toBe(200);
  expect(await local.text()).not.toContain(company.isin);
  // From elsewhere (a client the proxy would report): refused.
  const remote = await request.get(`${direct}${profile}`, {
    headers: { ...headers, "x-forwarded-for": "198.51.100.7" },
  });
  expect(remote.status()).toBe(401);
  // And through the gateway, a visitor from elsewhere is its user.
  const proxied = await request.get(`${proxy.base}${profile}`, {
    headers: { "x-forwarded-for": "198.51.100.7" },
  });
  expect(proxied.status()).toBe(200);
  expect(await proxied.text()).toContain(company.isin);
});
