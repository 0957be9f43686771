// Strict security headers on every page and API route, a nonce CSP that the browser enforces
// (no eval, no inline handlers), and pages that work under it with no CSP violation.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { collectCspViolations } from "./security-helpers";

const RICH = "XSHE_300980";
const PAGES = [
  "/",
  "/companies",
  "/companies?q=ruihua&sector=Industrials",
  `/companies/${RICH}`,
  "/news",
  "/news?view=company",
  `/compare?companies=${RICH},NASDAQ_CRO`,
  "/companies/NASDAQ_NOSUCHCO",
  "/no-such-page",
];
const API = [
  "/api/companies?q=ruihua",
  "/api/companies?pageSize=0",
  "/api/companies/export?q=ruihua",
  "/api/index-status",
  "/api/status",
  `/api/profile?companyKey=${RICH}`,
  "/api/profile?companyKey=NASDAQ_NOSUCHCO",
  `/api/profile-v2?companyKey=${RICH}`,
  `/api/logo?companyKey=${RICH}`,
  `/api/news?companyKey=${RICH}`,
  "/api/top-news",
  `/api/compare?companies=${RICH}`,
  `/api/resolve?id=${RICH}`,
  "/api/resolve?id=a%0d%0ab",
  "/api/nope",
  "/sandbox/v3/companies-list?apiKey=demo-free",
  "/sandbox/v3/companies-list",
];

const COMMON = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

test("every page sends a strict nonce CSP and the other security headers", async ({ request }) => {
  const nonces = new Set<string>();
  const hitsBefore = await keptPageHits(request);
  // Each page twice: the second view of a page whose data is cached is answered from the page the
  // front kept (lib/server/front/page-front.ts), and must still carry a nonce of its own.
  for (const path of PAGES.flatMap((p) => [p, p])) {
    const response = await request.get(path);
    expect([200, 404], path).toContain(response.status());
    const headers = response.headers();
    expect(headers, path).toMatchObject(COMMON);
    expect(headers["permissions-policy"], path).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).not.toContain("unsafe-eval");
    const d = directives(csp);
    const script = d.get("script-src") ?? [];
    expect(script, path).toContain("'strict-dynamic'");
    expect(script.join(" "), path).not.toMatch(/unsafe-inline|\*|https?:|data:/);
    const nonce = script.find((v) => v.startsWith("'nonce-"))?.slice(7, -1) ?? "";
    expect(nonce.length, path).toBeGreaterThanOrEqual(16);
    nonces.add(nonce);
    expect(d.get("frame-ancestors"), path).toEqual(["'none'"]);
    expect(d.get("object-src"), path).toEqual(["'none'"]);
    expect(d.get("base-uri"), path).toEqual(["'none'"]);
    expect(d.get("default-src"), path).toEqual(["'self'"]);
    expect(d.get("img-src"), path).toEqual(["'self'"]);
    // Every script in the HTML carries this response's nonce.
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    expect(
      html.match(/nonce="([^"]+)"/g)?.every((n) => n === `nonce="${nonce}"`),
      path,
    ).toBe(true);
  }
  expect(nonces.size).toBe(PAGES.length * 2);
  expect(await keptPageHits(request)).toBeGreaterThan(hitsBefore);
});

async function keptPageHits(request: APIRequestContext): Promise<number> {
  const status = (await (await request.get("/api/status")).json()) as { pages: { hits: number } };
  return status.pages.hits;
}

test("every API and sandbox answer, errors included, sends a no-content CSP and the security headers", async ({
  request,
}) => {
  for (const path of API) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers, path).toMatchObject(COMMON);
    expect(headers["cross-origin-resource-policy"], path).toBe("same-origin");
    const d = directives(headers["content-security-policy"] ?? "");
    expect(d.get("default-src"), path).toEqual(["'none'"]);
    expect(d.get("frame-ancestors"), path).toEqual(["'none'"]);
    if (path.startsWith("/api/") && response.status() !== 404)
      expect(headers["x-request-id"], path).toMatch(/^[0-9a-f-]{36}$/);
  }
});

/** Headers that differ between two answers of the same file for reasons other than its content. */
const PER_ANSWER = new Set([
  "date",
  "etag",
  "last-modified",
  "accept-ranges",
  "content-range",
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
]);

test("scripts, stylesheets and the icon from the static front: the files and headers Next sends", async ({
  request,
}) => {
  const html = await (await request.get("/companies")).text();
  const files = [...new Set(html.match(/\/_next\/static\/[^"?]+\.(?:js|css)/g)), "/icon.svg"];
  expect(files.filter((f) => f.endsWith(".css")).length).toBeGreaterThan(0);
  expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(3);
  const same = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));
  for (const file of files) {
    // Next answers a byte range (the front leaves ranges to it): the whole file, with its headers.
    const next = await request.get(file, { headers: { "accept-encoding": "identity", range: "bytes=0-" } });
    expect(next.status(), file).toBe(206);
    // Under 1 KB (the icon, a small chunk) a file is sent as it is, by Next too.
    const compressible = (await next.body()).length >= 1024;
    for (const encoding of ["br", "gzip", "identity"]) {
      const expected = compressible && encoding !== "identity" ? encoding : undefined;
      const front = () => request.get(file, { headers: { "accept-encoding": encoding } });
      // The front reads a file at its first request (Next answers that one), then answers itself.
      await expect
        .poll(async () => (await front()).headers().etag?.startsWith('"'), { message: file })
        .toBe(true);
      const answer = await front();
      expect(answer.headers()["content-encoding"], `${file} ${encoding}`).toBe(expected);
      expect((await answer.body()).equals(await next.body()), file).toBe(true);
      expect(same(answer.headers()), file).toEqual(same(next.headers()));
      const revalidated = await request.get(file, {
        headers: { "accept-encoding": encoding, "if-none-match": answer.headers().etag ?? "" },
      });
      expect(revalidated.status(), file).toBe(304);
    }
  }
});

test("HSTS is sent behind TLS only", async ({ request }) => {
  expect((await request.get("/")).headers()["strict-transport-security"]).toBeUndefined();
  const tls = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
  expect(tls.headers()["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
});

test("the browser enforces the policy: no eval, no inline event handlers", async ({ page }) => {
  await page.goto("/");
  // DevTools' evaluate is allowed to eval; a click handler running later, as page code, is not.
  await page.evaluate(() => {
    const button = document.createElement("button");
    button.id = "try-eval";
    button.textContent = "try eval";
    button.addEventListener("click", () => {
      try {
        // biome-ignore lint/security/noGlobalEval: the point is that the policy stops it.
        eval("1");
        button.dataset.result = "ran";
      } catch (error) {
        button.dataset.result = (error as Error).name;
      }
    });
    document.body.append(button);
    const host = document.createElement("div");
    host.innerHTML = `<img src="/no-such-image.png" onerror="window.__inlineHandlerRan = true">`;
    document.body.append(host);
  });
  await page.locator("#try-eval").click();
  await expect(page.locator("#try-eval")).toHaveAttribute("data-result", "EvalError");
  await page.waitForTimeout(300);
  expect(
    await page.evaluate(() => (window as unknown as { __inlineHandlerRan?: boolean }).__inlineHandlerRan),
  ).toBeUndefined();
});

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    const end = document.body.scrollHeight;
    for (let y = 0; y < end; y += 700) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState("networkidle");
}

test("pages work under the policy: no CSP violation while browsing", async ({ page }) => {
  test.slow();
  const problems: string[] = [];
  collectCspViolations(page, problems);
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  for (const path of PAGES) {
    await page.goto(path);
    await settle(page);
  }
  // Client-side work: typing a search, opening a profile from the results, a logo, the API view.
  await page.goto("/companies");
  await page.getByRole("searchbox").first().fill("ruihua");
  const row = page
    .getByRole("row")
    .filter({ hasText: /Ruihua/ })
    .first();
  await expect(row).toBeVisible();
  await row.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/companies/${RICH}`));
  await settle(page);
  await expect(page.locator("#api pre").first()).toBeVisible();
  await page.goto("/news");
  await page
    .getByRole("radio", { name: /company/i })
    .first()
    .check();
  await settle(page);
  expect(problems).toEqual([]);
});
