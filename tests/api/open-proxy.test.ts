// No open proxy: every browser-facing handler accepts only its own parameters. Path traversal,
// absolute URLs, injected apiKey parameters, header injection (CR/LF) and oversized inputs get a
// 400 with a JSON `errors` body, and none of them reaches the upstream (a spy transport counts).
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { GET as exportCsv } from "@/app/api/companies/export/route";
import { GET as companies } from "@/app/api/companies/route";
import { GET as compare } from "@/app/api/compare/route";
import { GET as indexStatus } from "@/app/api/index-status/route";
import { GET as logo } from "@/app/api/logo/route";
import { GET as news } from "@/app/api/news/route";
import { GET as profile } from "@/app/api/profile/route";
import { GET as profileV2 } from "@/app/api/profile-v2/route";
import { GET as resolve } from "@/app/api/resolve/route";
import { GET as status } from "@/app/api/status/route";
import { GET as topNews } from "@/app/api/top-news/route";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { Services, setServices } from "@/lib/server/services/services";
import { UpstreamClient } from "@/lib/upstream/client";

type Handler = (request: Request) => Promise<Response>;

const sandbox = createSandboxHandler({ now: () => Date.parse("2026-11-20T15:00:00Z") });
const upstreamCalls: Request[] = [];
setServices(
  new Services({
    startSync: false,
    client: new UpstreamClient({
      baseUrl: "http://sandbox.internal",
      apiKey: "demo-licensed",
      retries: 0,
      transport: (request) => {
        upstreamCalls.push(request);
        return sandbox(request);
      },
    }),
  }),
);
afterAll(() => setServices(undefined));
beforeEach(() => {
  upstreamCalls.length = 0;
});

const get = (handler: Handler, query: Record<string, string> | string, headers: HeadersInit = {}) =>
  handler(
    new Request(`http://localhost/api/x?${typeof query === "string" ? query : new URLSearchParams(query)}`, {
      headers,
    }),
  );

async function expectRejected(response: Response, what: string) {
  expect(response.status, what).toBe(400);
  expect(response.headers.get("content-type"), what).toContain("application/json");
  const body = (await response.json()) as { errors: { message: string }[] };
  expect(body.errors.length, what).toBeGreaterThan(0);
  for (const e of body.errors) expect(typeof e.message).toBe("string");
  expect(
    upstreamCalls.map((r) => r.url),
    what,
  ).toEqual([]);
}

/** Values that try to steer a forwarded parameter somewhere else. */
const HOSTILE_VALUES = {
  "path traversal": "../../v3/companies-list",
  "encoded traversal": "..%2F..%2Fv2%2Fcompany%2Flogo",
  "traversal after a key": "NASDAQ_AAPL/../../v3/companies-list",
  "absolute URL": "http://evil.example/v3/companies-list",
  "protocol-relative URL": "//evil.example/v3/companies-list",
  "header injection": "NASDAQ_AAPL\r\nX-Api-Key: attacker",
  "header injection (LF)": "NASDAQ_AAPL\nSet-Cookie: a=b",
  "NUL byte": "NASDAQ_AAPL\u0000",
  oversized: "NASDAQ_".padEnd(5000, "A"),
};

/** Parameters an attacker might add to get a key or a credential into the upstream call. */
const INJECTED = ["apiKey", "APIKEY", "api_key", "X-Api-Key", "key", "token"];

/** Each handler, a valid query, and the parameter that names what it forwards. */
const FORWARDING: [string, Handler, Record<string, string>, string][] = [
  ["/api/profile", profile, {}, "companyKey"],
  ["/api/profile-v2", profileV2, {}, "companyKey"],
  ["/api/logo", logo, { variant: "icon" }, "companyKey"],
  ["/api/news", news, {}, "companyKey"],
  ["/api/top-news", topNews, {}, "companyKey"],
  ["/api/top-news (event types)", topNews, {}, "eventType"],
  ["/api/top-news (dates)", topNews, { endDate: "2026-11-20" }, "startDate"],
  ["/api/compare", compare, {}, "companies"],
  ["/api/resolve", resolve, {}, "id"],
];

describe("no open proxy", () => {
  for (const [name, handler, base, param] of FORWARDING) {
    it(`${name}: ${param} cannot be steered`, async () => {
      for (const [what, value] of Object.entries(HOSTILE_VALUES)) {
        await expectRejected(await get(handler, { ...base, [param]: value }), `${name} ${what}`);
      }
      if (param === "companies")
        await expectRejected(
          await get(handler, { companies: "NASDAQ_AAPL,../../x" }),
          "one bad key in a list",
        );
    });
  }

  const ALL: [string, Handler, Record<string, string>][] = [
    ["/api/profile", profile, { companyKey: "NASDAQ_AAPL" }],
    ["/api/profile-v2", profileV2, { companyKey: "NASDAQ_AAPL" }],
    ["/api/logo", logo, { companyKey: "NASDAQ_AAPL" }],
    ["/api/news", news, { companyKey: "NASDAQ_AAPL" }],
    ["/api/top-news", topNews, {}],
    ["/api/compare", compare, { companies: "NASDAQ_AAPL" }],
    ["/api/resolve", resolve, { id: "NASDAQ_AAPL" }],
    ["/api/companies", companies, { q: "apple" }],
    ["/api/companies/export", exportCsv, { q: "apple" }],
    ["/api/index-status", indexStatus, {}],
    ["/api/status", status, {}],
  ];
  for (const [name, handler, base] of ALL) {
    it(`${name}: an injected key or credential parameter is a 400`, async () => {
      for (const param of INJECTED) {
        await expectRejected(await get(handler, { ...base, [param]: "sk-attacker" }), `${name} ${param}`);
      }
      await expectRejected(await get(handler, { ...base, "../../v3/companies-list": "1" }), `${name} path`);
      await expectRejected(
        await get(handler, `${new URLSearchParams(base)}&${"x".repeat(5000)}=1`),
        `${name} oversized name`,
      );
    });
  }

  it("search and filter text: CR/LF, NUL and oversized values are 400s", async () => {
    for (const handler of [companies, exportCsv]) {
      await expectRejected(await get(handler, { q: "apple\r\nX-Api-Key: attacker" }), "q CRLF");
      await expectRejected(await get(handler, { q: "a\u0000" }), "q NUL");
      await expectRejected(await get(handler, { q: "a".repeat(201) }), "q oversized");
      await expectRejected(await get(handler, { sector: "Energy\r\nX: y" }), "facet CRLF");
      await expectRejected(await get(handler, { sector: "E".repeat(501) }), "facet oversized");
      await expectRejected(await get(handler, Array(51).fill("sector=Energy").join("&")), "too many values");
      await expectRejected(await get(handler, { datasets: "../../x" }), "dataset traversal");
    }
  });

  it("search text is searched locally: a URL or a traversal in it reaches no upstream", async () => {
    for (const q of ["http://evil.example/v3/companies-list", "../../v3/companies-list"]) {
      const response = await get(companies, { q });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { total: number }).total).toBe(0);
    }
    expect(upstreamCalls).toEqual([]);
  });

  it("a valid request forwards only the contract's parameters, the stored key, and no client header", async () => {
    const response = await get(
      profile,
      { companyKey: "NASDAQ_AAPL" },
      { "x-api-key": "sk-attacker", authorization: "Bearer sk-attacker", cookie: "session=1" },
    );
    expect([200, 404]).toContain(response.status);
    expect(upstreamCalls).toHaveLength(1);
    const call = upstreamCalls[0] as Request;
    const url = new URL(call.url);
    expect(url.origin + url.pathname).toBe("http://sandbox.internal/v3/company/profile");
    expect([...url.searchParams.keys()]).toEqual(["companyKey"]);
    expect(call.headers.get("x-api-key")).toBe("demo-licensed");
    expect(call.headers.get("authorization")).toBeNull();
    expect(call.headers.get("cookie")).toBeNull();
  });
});
