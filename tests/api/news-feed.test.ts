// GET /news/feed.xml: the top-news view as Atom 1.0, read back with a validating XML parser.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as feed } from "@/app/news/feed.xml/route";
import { atomFeed, xmlText } from "@/lib/news/atom";
import type { TopNewsArticle } from "@/lib/upstream/schemas";

// The feed's links come from PUBLIC_URL, never from the Host a request names.
beforeAll(() => {
  vi.stubEnv("PUBLIC_URL", "http://atlas.example:8080");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const call = (path: string, headers: HeadersInit = { host: "evil.example" }) =>
  feed(new Request(`http://localhost${path}`, { headers }));

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (n) => n === "entry" || n === "link" || n === "category",
});

interface Link {
  "@rel": string;
  "@href": string;
}
interface Entry {
  id: string;
  title: string;
  updated: string;
  published: string;
  summary: string;
  link: Link[];
  category: { "@term": string; "@label": string }[];
}

async function parsed(response: Response) {
  const text = await response.text();
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text).feed as {
    "@xmlns": string;
    id: string;
    title: string;
    updated: string;
    author: { name: string };
    link: Link[];
    entry?: Entry[];
  };
}

describe("GET /news/feed.xml", () => {
  it("is a valid Atom feed of the top news with profile and source links", async () => {
    const response = await call("/news/feed.xml?minImportance=1&maxImportance=3");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const doc = await parsed(response);
    expect(doc["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(doc.id).toBe("http://atlas.example:8080/news/feed.xml?minImportance=1&maxImportance=3");
    expect(doc.title).toMatch(/importance 1–3/);
    expect(doc.author.name).toBe("Fiscal Atlas");
    expect(doc.link.find((l) => l["@rel"] === "self")?.["@href"]).toBe(doc.id);
    expect(Date.parse(doc.updated)).not.toBeNaN();
    const entries = doc.entry ?? [];
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.title).toBeTruthy();
      expect(Date.parse(entry.updated)).not.toBeNaN();
      const profile = entry.link.find((l) => l["@rel"] === "related");
      expect(profile?.["@href"]).toMatch(/^http:\/\/atlas\.example:8080\/companies\/[^/]+$/);
      for (const link of entry.link) expect(link["@href"]).toMatch(/^https?:\/\//);
    }
    // The same story keeps its id on the next fetch.
    const again = await parsed(await call("/news/feed.xml?minImportance=1&maxImportance=3"));
    expect(again.entry?.map((e) => e.id)).toEqual(entries.map((e) => e.id));
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    // From any host (another instance, a new domain) the same story has the same id.
    for (const entry of entries)
      expect(entry.id).toMatch(
        /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    const elsewhere = await parsed(
      await call("/news/feed.xml?minImportance=1&maxImportance=3", { host: "other.example" }),
    );
    expect(elsewhere.entry?.map((e) => e.id)).toEqual(entries.map((e) => e.id));
    // The page's layout is no filter: subscribed from the headlines, grouped by day, it is the same feed.
    const laidOut = await parsed(
      await call("/news/feed.xml?maxImportance=3&view=headlines&minImportance=1&group=day"),
    );
    expect(laidOut.id).toBe(doc.id);
  });

  it("is titled by the view it serves: a reader subscribed to several tells them apart", async () => {
    const doc = await parsed(
      await call("/news/feed.xml?company=XSHE_300980&range=today&eventType=earnings,ma&importance=2"),
    );
    expect(doc.title).toBe(
      "Fiscal Atlas: top news · Ruihua Machinery Holdings Limited · today · importance 2 only · Earnings, M&A",
    );
    const market = await parsed(
      await call("/news/feed.xml?startDate=2025-11-20&endDate=2025-11-25&minMarketCap=10e9"),
    );
    expect(market.title).toBe(
      "Fiscal Atlas: top news · Nov 20 – Nov 25, 2025 · importance 1–2 · market cap ≥ $10B",
    );
  });

  it("follows a list of companies, in the compare set's encoding", async () => {
    const doc = await parsed(
      await call("/news/feed.xml?companies=XSHE_300980,XLON_EMBE&minImportance=1&maxImportance=5"),
    );
    expect(doc.title).toBe("Fiscal Atlas: news of 2 followed companies · importance 1–5");
    // The same companies in another order are the same feed.
    const reordered = await parsed(
      await call("/news/feed.xml?companies=XLON_EMBE,XSHE_300980&maxImportance=5&minImportance=1"),
    );
    expect(reordered.id).toBe(doc.id);
    const companies = new Set(
      (doc.entry ?? []).map((e) =>
        e.link
          .find((l) => l["@rel"] === "related")
          ?.["@href"].split("/")
          .at(-1),
      ),
    );
    expect(companies.size).toBeGreaterThan(0);
    for (const key of companies) expect(["XSHE_300980", "XLON_EMBE"]).toContain(key);
  });

  it("applies the view's filters to each followed company's stories", async () => {
    const view = "companies=XSHE_300980,XLON_EMBE&startDate=2026-11-14&endDate=2026-11-20";
    const every = await parsed(await call(`/news/feed.xml?${view}&minImportance=1&maxImportance=5`));
    const terms = (doc: typeof every) => (doc.entry ?? []).map((e) => e.category.map((c) => c["@term"]));
    // The stories on file are of more than one importance, so a filter has something to drop.
    expect(new Set(terms(every).map((t) => t[1])).size).toBeGreaterThan(1);
    const top = await parsed(await call(`/news/feed.xml?${view}&importance=1`));
    expect(terms(top).length).toBeGreaterThan(0);
    expect(terms(top).length).toBeLessThan(terms(every).length);
    for (const [, importance] of terms(top)) expect(importance).toBe("importance-1");
    const type = terms(every)[0]?.[0] ?? "";
    const typed = await parsed(
      await call(`/news/feed.xml?${view}&minImportance=1&maxImportance=5&eventType=${type}`),
    );
    expect(terms(typed).length).toBeGreaterThan(0);
    for (const [eventType] of terms(typed)) expect(eventType).toBe(type);
  });

  it("takes a key in lower case, and says so when no company of a watchlist is known", async () => {
    const lower = await parsed(
      await call("/news/feed.xml?companies=xshe_300980&minImportance=1&maxImportance=5"),
    );
    expect(lower.entry?.length).toBeGreaterThan(0);
    const unknown = await call("/news/feed.xml?companies=NASDAQ_ZZZZZ");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      errors: [{ message: "No company is known as “NASDAQ_ZZZZZ”.", parameter: "companies" }],
    });
  });

  it("answers bad parameters with 400 and JSON errors", async () => {
    for (const path of [
      "/news/feed.xml?importance=9",
      "/news/feed.xml?startDate=yesterday",
      "/news/feed.xml?companies=not%20a%20key",
      "/news/feed.xml?companies=",
      `/news/feed.xml?companies=${Array.from({ length: 51 }, (_, i) => `NYSE_C${i}`).join(",")}`,
    ]) {
      const response = await call(path);
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { errors: { message: string }[] };
      expect(body.errors.length, path).toBeGreaterThan(0);
    }
  });

  it("says what a corrected address would be, without claiming to have corrected it", async () => {
    const body = async (path: string) =>
      ((await (await call(path)).json()) as { errors: { message: string; parameter?: string }[] }).errors;
    expect(await body("/news/feed.xml?minImportance=4&maxImportance=2")).toEqual([
      {
        message:
          "A feed serves its address as it stands, and this one needs correcting (here is what /news would do).",
      },
      { message: "On /news: The importance range was reversed; swapped it." },
    ]);
  });

  it("refuses a parameter given twice rather than keep one silently", async () => {
    const response = await call("/news/feed.xml?eventType=analyst&eventType=legal");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        {
          message: "eventType is given 2 times: give it once (several types as one list: eventType=a,b).",
          parameter: "eventType",
        },
      ],
    });
  });
});

describe("atomFeed", () => {
  const article = (over: Partial<TopNewsArticle>): TopNewsArticle =>
    ({
      date: "2026-11-20",
      title: "Title",
      description: "",
      summary: "Summary",
      eventType: "earnings_release",
      importance: 1,
      sourceUrl: "https://news.example/a",
      collectedAt: "2026-11-20T10:00:00Z",
      companyKey: "NYSE_A&B",
      ...over,
    }) as TopNewsArticle;

  it("escapes markup, drops control characters and keeps only http(s) source links", () => {
    const text = atomFeed({
      origin: "http://h",
      selfUrl: "http://h/news/feed.xml?a=1&b=2",
      pageUrl: "http://h/news",
      title: "T",
      now: Date.parse("2026-11-20T15:00:00Z"),
      articles: [
        article({ title: "<b>Bold</b> & \u0000bell\u0007 \uD800", sourceUrl: "javascript:alert(1)" }),
        article({ title: "Second", sourceUrl: "https://news.example/b?x=1&y=2" }),
      ],
    });
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = parser.parse(text).feed as { entry: Entry[] };
    // The parser decodes the entities and trims: the markup arrives as text.
    expect(doc.entry[0]?.title).toBe("NYSE_A&B: <b>Bold</b> & bell");
    expect(text).toContain("<title>NYSE_A&amp;B: &lt;b&gt;Bold&lt;/b&gt; &amp; bell </title>");
    // An entry must have an alternate link (or content): without a source, the company's profile.
    expect(doc.entry[0]?.link.map((l) => l["@rel"])).toEqual(["alternate"]);
    expect(doc.entry[0]?.link[0]?.["@href"]).toBe("http://h/companies/NYSE_A%26B");
    expect(doc.entry[1]?.link[0]?.["@href"]).toBe("https://news.example/b?x=1&y=2");
    expect(xmlText('"<&>')).toBe("&quot;&lt;&amp;&gt;");
  });

  const feedOf = (articles: TopNewsArticle[]) =>
    parser.parse(
      atomFeed({
        origin: "http://h",
        selfUrl: "http://h/news/feed.xml",
        pageUrl: "http://h/news?importance=1",
        title: "T",
        now: Date.parse("2026-11-20T15:00:00Z"),
        articles,
      }),
    ).feed as { updated: string; entry: Entry[] };

  it("gives each entry its event type and importance as categories with readable labels", () => {
    const doc = feedOf([article({ eventType: "guidance", importance: 2 })]);
    expect(doc.entry[0]?.category).toEqual([
      { "@term": "guidance", "@label": "Guidance" },
      { "@term": "importance-2", "@label": "Importance 2: Measurable Impact" },
    ]);
  });

  it("without a source or a company, links the entry to the page the feed mirrors", () => {
    const doc = feedOf([article({ sourceUrl: "", companyKey: null })]);
    expect(doc.entry[0]?.link).toEqual([
      { "@rel": "alternate", "@type": "text/html", "@href": "http://h/news?importance=1" },
    ]);
  });

  it("dates an entry by its collection, else its day, else the feed's time: never a thrown error", () => {
    const doc = feedOf([
      article({ collectedAt: "2026-11-19T08:30:00Z" }),
      article({ collectedAt: "", date: "2026-11-18" }),
      article({ collectedAt: "soon", date: "2026-13-45" }),
      article({ collectedAt: "+275760-09-14T00:00:00.001Z", date: "0000-00-00" }),
    ]);
    expect(doc.entry.map((e) => e.updated)).toEqual([
      "2026-11-19T08:30:00.000Z",
      "2026-11-18T00:00:00.000Z",
      "2026-11-20T15:00:00.000Z",
      "2026-11-20T15:00:00.000Z",
    ]);
  });

  it("keeps a story's id when its company's ticker changes, where the story names its fiscal identifier", () => {
    const before = article({ companyKey: "NYSE_OLD", companyFiscalIdentifier: "F0001X" });
    const after = article({ companyKey: "NYSE_NEW", companyFiscalIdentifier: "F0001X" });
    const [a, b] = feedOf([before, after]).entry;
    expect(a?.id).toBe(b?.id);
    const [c, d] = feedOf([article({ companyKey: "NYSE_OLD" }), article({ companyKey: "NYSE_NEW" })]).entry;
    expect(c?.id).not.toBe(d?.id);
  });
});
