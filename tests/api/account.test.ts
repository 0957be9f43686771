// A signed-in person's list and feed link on the server: the account routes and the feed's secret
// link, with a session cookie as the sign-in makes it, over the people store in memory.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as listLink, POST as makeLink, DELETE as revokeLink } from "@/app/api/account/feed-link/route";
import { GET as following, PUT as setFollowing } from "@/app/api/account/following/route";
import { GET as savedViews, PUT as setSavedViews } from "@/app/api/account/saved/route";
import { GET as feed } from "@/app/news/feed.xml/route";
import { getPeople, PeopleStoreUnavailable, personId, setPeopleInMemory } from "@/lib/server/access/people";
import { cookieName, sign } from "@/lib/server/access/session";
import { PEER_ADDRESS_HEADER, stampPeer } from "@/lib/server/front/peer";

const SECRET = "a-session-secret-for-the-account-tests";
const ORIGIN = "http://atlas.example";

beforeAll(() => {
  vi.stubEnv("OIDC_ISSUER", "https://id.example.com");
  vi.stubEnv("OIDC_CLIENT_ID", "atlas");
  vi.stubEnv("OIDC_CLIENT_SECRET", "secret");
  vi.stubEnv("OIDC_ALLOWED", "@example.com");
  vi.stubEnv("SESSION_SECRET", SECRET);
  vi.stubEnv("PUBLIC_URL", ORIGIN);
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => setPeopleInMemory());

const session = (email: string) =>
  `${cookieName("session", false)}=${sign(SECRET, "session", { e: email }, Date.now() + 60_000)}`;
const call = (
  route: (r: Request) => Promise<Response>,
  path: string,
  init: { email?: string; method?: string; body?: unknown; origin?: string } = {},
) =>
  route(
    new Request(`${ORIGIN}${path}`, {
      method: init.method ?? "GET",
      headers: {
        [PEER_ADDRESS_HEADER]: stampPeer("198.51.100.7"),
        ...(init.email ? { cookie: session(init.email) } : {}),
        ...(init.origin ? { origin: init.origin } : {}),
        ...(init.body ? { "content-type": "application/json" } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    }),
  );
const list = (keys: string[]) => ({
  format: "fiscal-atlas-following",
  version: 1,
  companies: keys.map((companyKey) => ({ companyKey, name: null, followedAt: "2026-11-20T12:00:00Z" })),
});

/** Ana's (or `email`'s) list as the server keeps it, with her feed link. */
const readAccount = async (email = "ana@example.com") =>
  (await call(following, "/api/account/following", { email })).json();
/** Ana saves her list from the dashboard's own page. */
const saveList = (keys: string[]) =>
  call(setFollowing, "/api/account/following", {
    email: "ana@example.com",
    method: "PUT",
    body: list(keys),
    origin: ORIGIN,
  });
/** Ana makes a new feed link: its address. */
const newLink = async (): Promise<string> =>
  (
    await (
      await call(makeLink, "/api/account/feed-link", {
        email: "ana@example.com",
        method: "POST",
        origin: ORIGIN,
      })
    ).json()
  ).feedLink;

describe("a person's list on the server", () => {
  it("is none until saved, then theirs alone", async () => {
    const before = await readAccount();
    expect(before).toMatchObject({ companies: null, feedLink: null, feedLinks: true });
    const saved = await saveList(["NASDAQ_AAPL", "nyse_ibm"]);
    expect(saved.status).toBe(200);
    const after = await readAccount();
    expect(after.companies.map((c: { companyKey: string }) => c.companyKey)).toEqual([
      "NASDAQ_AAPL",
      "NYSE_IBM",
    ]);
    expect((await readAccount("bo@example.com")).companies).toBeNull();
  });

  it("refuses anyone not signed in, another site's page, and a list that is none", async () => {
    expect((await call(following, "/api/account/following")).status).toBe(401);
    const put = (body: unknown, origin = ORIGIN) =>
      call(setFollowing, "/api/account/following", { email: "ana@example.com", method: "PUT", body, origin });
    expect((await put(list(["NASDAQ_AAPL"]), "https://evil.example")).status).toBe(403);
    const bad = await put({ format: "other" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0].message).toMatch(/not a list of followed companies/);
  });

  it("answers 503, not 500, while the store cannot be reached", async () => {
    vi.spyOn(getPeople(), "read").mockRejectedValueOnce(new PeopleStoreUnavailable("down"));
    const answer = await call(following, "/api/account/following", { email: "ana@example.com" });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("10");
  });
});

describe("the feed's secret link", () => {
  const feedOf = async (url: string) =>
    feed(new Request(url, { headers: { [PEER_ADDRESS_HEADER]: stampPeer("198.51.100.9") } }));

  it("opens the person's feed to a reader that cannot sign in, until it is replaced or revoked", async () => {
    await saveList([]);
    const made = await newLink();
    expect(made).toMatch(new RegExp(`^${ORIGIN}/news/feed\\.xml\\?.*following=`));
    const first = await feedOf(made);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(/^private/);
    expect(await first.text()).toContain("none followed yet");
    // Saving the list again does not bring back a link that was replaced.
    const renewed = await newLink();
    await saveList([]);
    expect((await feedOf(made)).status).toBe(404);
    expect((await feedOf(renewed)).status).toBe(200);
    await call(revokeLink, "/api/account/feed-link", {
      email: "ana@example.com",
      method: "DELETE",
      origin: ORIGIN,
    });
    expect((await feedOf(renewed)).status).toBe(404);
    // Without a link, the feed is for people let in.
    expect((await feedOf(`${ORIGIN}/news/feed.xml`)).status).toBe(401);
  });

  it("stops when the settings no longer let its person in", async () => {
    const made = await newLink();
    expect((await feedOf(made)).status).toBe(200);
    vi.stubEnv("OIDC_ALLOWED", "@elsewhere.example");
    try {
      expect((await feedOf(made)).status).toBe(404);
    } finally {
      vi.stubEnv("OIDC_ALLOWED", "@example.com");
    }
  });
});

describe("a named list's feed", () => {
  const saveViews = (views: unknown[]) =>
    call(setSavedViews, "/api/account/saved", {
      email: "ana@example.com",
      method: "PUT",
      body: { format: "fiscal-atlas-saved-views", version: 1, views },
      origin: ORIGIN,
    });
  const listFeedLink = async (id: string) =>
    call(listLink, `/api/account/feed-link?list=${id}`, { email: "ana@example.com" });
  const read = (url: string) =>
    feed(new Request(url, { headers: { [PEER_ADDRESS_HEADER]: stampPeer("198.51.100.9") } }));
  const at = "2026-11-20T12:00:00Z";

  it("has its own secret link: it opens that list alone, through a rename, until the list goes", async () => {
    const id = "list-empty-0001";
    expect((await saveViews([{ kind: "list", name: "Empty", id, companies: [], savedAt: at }])).status).toBe(
      200,
    );
    await saveList([]);
    const followed = await newLink();
    const made = (await (await listFeedLink(id)).json()).feedLink as string;
    expect(made).toMatch(new RegExp(`^${ORIGIN}/news/feed\\.xml\\?.*following=`));
    expect(made).not.toBe(followed);
    const ofList = await read(made);
    expect(ofList.status).toBe(200);
    const text = await ofList.text();
    expect(text).toContain("news of your list “Empty” · no companies in it yet");
    // Its address names no list: nothing in it can be changed to open the person's other feeds.
    expect(made).not.toContain("Empty");
    expect(await (await read(followed)).text()).toContain("none followed yet");
    // Renamed, the same link serves it under its new name; deleted, the link opens nothing.
    await saveViews([{ kind: "list", name: "Still empty", id, companies: [], savedAt: at }]);
    expect(await (await read(made)).text()).toContain("news of your list “Still empty”");
    await saveViews([]);
    expect((await read(made)).status).toBe(404);
    // A new personal link ends every list's link with it.
    await saveViews([{ kind: "list", name: "Empty", id, companies: [], savedAt: at }]);
    expect((await read(made)).status).toBe(200);
    await newLink();
    expect((await read(made)).status).toBe(404);
  });

  it("is asked for by a list's id, signed in", async () => {
    expect((await listFeedLink("not an id!")).status).toBe(400);
    expect((await call(listLink, "/api/account/feed-link?list=list-empty-0001")).status).toBe(401);
  });
});

it("keeps people by a hash of their address", () => {
  expect(personId("Ana@Example.com")).toBe(personId("ana@example.com"));
  expect(personId("ana@example.com")).not.toContain("ana");
});

describe("saved views in the account", () => {
  const views = (names: string[]) => ({
    format: "fiscal-atlas-saved-views",
    version: 1,
    views: names.map((name) => ({
      kind: "screen",
      name,
      href: `/companies?q=${encodeURIComponent(name)}`,
      savedAt: "2026-11-20T12:00:00Z",
    })),
  });
  const put = (body: unknown, init: { email?: string; origin?: string } = {}) =>
    call(setSavedViews, "/api/account/saved", {
      email: "ana@example.com",
      origin: ORIGIN,
      ...init,
      method: "PUT",
      body,
    });

  it("keeps each person's views, none until first saved, and only from the dashboard's own pages", async () => {
    const first = await call(savedViews, "/api/account/saved", { email: "ana@example.com" });
    expect(await first.json()).toEqual({ views: null });
    expect((await put(views(["Energy", "Banks"]))).status).toBe(200);
    const read = (await (
      await call(savedViews, "/api/account/saved", { email: "ana@example.com" })
    ).json()) as {
      views: { name: string; href: string }[];
    };
    expect(read.views.map((v) => [v.name, v.href])).toEqual([
      ["Energy", "/companies?q=Energy"],
      ["Banks", "/companies?q=Banks"],
    ]);
    // Another person's are their own; another site cannot write them; signed out, none.
    expect(await (await call(savedViews, "/api/account/saved", { email: "bo@example.com" })).json()).toEqual({
      views: null,
    });
    expect((await put(views(["X"]), { origin: "https://evil.example" })).status).toBe(403);
    const anonymous = await call(savedViews, "/api/account/saved");
    expect(anonymous.status).toBe(401);
  });

  it("refuses a body that is not saved views, naming what is wrong, and a link to another site", async () => {
    const bad = await put({
      format: "fiscal-atlas-saved-views",
      version: 1,
      views: [{ kind: "screen", name: "x", href: "https://evil.example/companies" }],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      errors: [
        {
          message:
            "This is not a file of saved views and lists: views.0 is neither a saved view (a kind, a name and a link to its page) nor a list (a name and at most 50 company keys).",
          code: "invalid_views",
        },
      ],
    });
    expect((await put({ format: "other", version: 1, views: [] })).status).toBe(400);
    // A list of something that is not a company key is refused as a whole.
    const list = { kind: "list", name: "Semis", companies: ["NASDAQ_NVDA", "<script>"] };
    expect((await put({ format: "fiscal-atlas-saved-views", version: 1, views: [list] })).status).toBe(400);
  });

  it("merges a browser's change into what another device saved since, given the base it knew", async () => {
    const at = "2026-11-20T12:00:00Z";
    const file = (views: unknown[], base?: unknown[]) => ({
      format: "fiscal-atlas-saved-views",
      version: 1,
      views,
      ...(base ? { base } : {}),
    });
    const screen = { kind: "screen", name: "Energy", href: "/companies?sector=Energy", savedAt: at };
    const list = (companies: string[]) => ({ kind: "list", name: "Semis", companies, savedAt: at });
    const base = [screen, list(["NYSE_A"])];
    const dy = { email: "dy@example.com" };
    expect((await put(file(base), dy)).status).toBe(200);
    // One device adds a company to the list; another, which knew the same base, saves a new view.
    expect((await put(file([screen, list(["NYSE_A", "NYSE_B"])], base), dy)).status).toBe(200);
    const other = { kind: "news", name: "Latest", href: "/news?sort=newest", savedAt: at };
    const answer = await put(file([other, ...base], base), dy);
    const kept = ((await answer.json()) as { views: { name: string; companies?: string[] }[] }).views;
    expect(kept.map((v) => [v.name, v.companies])).toEqual([
      ["Latest", undefined],
      ["Semis", ["NYSE_A", "NYSE_B"]],
      ["Energy", undefined],
    ]);
    // Without a base, a save replaces what is kept, as a file does.
    const replaced = await put(file([other]), dy);
    expect(((await replaced.json()) as { views: unknown[] }).views).toHaveLength(1);
  });

  it("keeps named lists beside the views, their keys normalised", async () => {
    const body = views(["Energy"]);
    const list = {
      kind: "list",
      name: "Semis",
      companies: ["nasdaq_nvda", "NYSE_TSM"],
      savedAt: "2026-11-20T12:00:00Z",
    };
    expect((await put({ ...body, views: [...body.views, list] }, { email: "cy@example.com" })).status).toBe(
      200,
    );
    const read = (await (
      await call(savedViews, "/api/account/saved", { email: "cy@example.com" })
    ).json()) as {
      views: { kind: string; name: string; companies?: string[] }[];
    };
    expect(read.views.map((v) => [v.kind, v.name, v.companies])).toEqual([
      ["screen", "Energy", undefined],
      ["list", "Semis", ["NASDAQ_NVDA", "NYSE_TSM"]],
    ]);
  });
});
