// The pages people open, in one table: each one's path, the upstream loads it makes, and whether
// its render may be kept. The page gate (lib/server/pages/page-gate.ts) makes a page's loads first,
// within the client's budget, so that a failing upstream answers a real status and the page then
// renders from warm caches; the page front (lib/server/front/page-front.ts) keeps the renders it may.
// The loads are the very functions the pages call. A new page is one entry here, plus its files.

export interface PageRoute {
  /** The page's path; `[name]` stands for one segment. */
  readonly path: string;
  /** Its upstream loads, as the page makes them; absent for a page that needs none. */
  readonly load?: (url: URL, segment: string) => Promise<unknown>;
  /** Whether the page front may keep a render of it for later views (its data cached, its status 200). */
  readonly keepable: boolean;
}

/** A loader of loaders.ts, loaded when a page is first gated. */
async function loaded(name: "overview" | "news" | "profile" | "comparison", url: URL, segment = "") {
  const loaders = await import("./loaders");
  return loaders[name](url, segment);
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: "/", keepable: true, load: (url) => loaded("overview", url) },
  // The directory reads the app's own index of companies: no upstream call of its own.
  { path: "/companies", keepable: true },
  {
    path: "/companies/[companyKey]",
    keepable: true,
    load: (url, companyKey) => loaded("profile", url, companyKey),
  },
  { path: "/news", keepable: true, load: (url) => loaded("news", url) },
  {
    path: "/compare",
    keepable: true,
    load: (url) => loaded("comparison", url),
  },
  { path: "/changes", keepable: true },
  { path: "/following", keepable: true },
  // The budget's figures move with every call: never kept.
  { path: "/status", keepable: false },
  { path: "/sign-in", keepable: false },
];

const MATCHERS = PAGE_ROUTES.map((route) => ({
  route,
  // `[name]` is one segment; a trailing slash is the same page.
  pattern: new RegExp(`^${route.path.replace(/\/$/, "").replace(/\[[^\]]+\]/g, "([^/]+)")}/?$`),
}));

/** The page at `path`, and the segment its `[name]` stands for; null for anything else. */
export function pageRouteOf(path: string): { route: PageRoute; segment: string } | null {
  for (const { route, pattern } of MATCHERS) {
    const match = pattern.exec(path);
    if (match) return { route, segment: match[1] ?? "" };
  }
  return null;
}

/**
 * The routes that take a write, and with which methods; every other request but GET, HEAD and
 * OPTIONS is 405 at the front (lib/server/front/listener.ts). routes.test.ts checks this against
 * app/'s route files.
 */
export const WRITE_ROUTES: Readonly<Record<string, readonly string[]>> = {
  "/auth/sign-out": ["POST"],
  "/api/account/following": ["PUT"],
  "/api/account/saved": ["PUT"],
  "/api/account/feed-link": ["POST", "DELETE"],
  "/sandbox/clock": ["PUT"],
  "/sandbox/faults": ["PUT"],
  "/sandbox/faults/age-caches": ["POST"],
};

/** Whether some route answers `method` at `path` (Next answers HEAD and OPTIONS for any route itself). */
export function methodAnswered(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return true;
  return WRITE_ROUTES[path]?.includes(method) ?? false;
}
