import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { methodAnswered, PAGE_ROUTES, pageRouteOf, WRITE_ROUTES } from "./routes";

/** Every page of app/, as its route path ("/companies/[companyKey]"). */
function appPages(dir = path.resolve(import.meta.dirname, "../../../app"), prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") found.push(prefix || "/");
    if (entry.isDirectory()) found.push(...appPages(path.join(dir, entry.name), `${prefix}/${entry.name}`));
  }
  return found;
}

describe("the route table", () => {
  it("lists every page of app/ and nothing else (the status pages' internal target aside)", () => {
    const pages = appPages().filter((p) => p !== "/page-status");
    expect(PAGE_ROUTES.map((r) => r.path).sort()).toEqual(pages.sort());
  });

  it("finds a page by its path, with its one segment, a trailing slash the same page", () => {
    expect(pageRouteOf("/")?.route.path).toBe("/");
    expect(pageRouteOf("/companies")?.route.path).toBe("/companies");
    expect(pageRouteOf("/companies/")?.route.path).toBe("/companies");
    expect(pageRouteOf("/companies/XNYS_IBM")).toMatchObject({
      route: { path: "/companies/[companyKey]" },
      segment: "XNYS_IBM",
    });
    expect(pageRouteOf("/companies/XNYS_IBM/")?.segment).toBe("XNYS_IBM");
  });

  it("knows nothing else: deeper paths, the API, files", () => {
    for (const other of [
      "/companies/A/B",
      "/api/companies",
      "/news/feed.xml",
      "/sandbox/v3/x",
      "/icon.svg",
      "/newsx",
    ])
      expect(pageRouteOf(other), other).toBeNull();
  });

  it("keeps the pages people read, never the budget's figures or the sign-in page", () => {
    const keepable = PAGE_ROUTES.filter((r) => r.keepable).map((r) => r.path);
    expect(keepable).toEqual([
      "/",
      "/companies",
      "/companies/[companyKey]",
      "/news",
      "/compare",
      "/changes",
      "/following",
    ]);
    expect(pageRouteOf("/status")?.route.keepable).toBe(false);
    expect(pageRouteOf("/sign-in")?.route.keepable).toBe(false);
  });

  it("gives the gate the loads of the pages that ask the upstream, and only those", () => {
    const loading = PAGE_ROUTES.filter((r) => r.load).map((r) => r.path);
    expect(loading).toEqual(["/", "/companies/[companyKey]", "/news", "/compare"]);
  });
});

describe("methodAnswered", () => {
  it("lists exactly the write methods app/'s route files export", () => {
    const exported: Record<string, string[]> = {};
    const app = path.resolve(import.meta.dirname, "../../../app");
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name === "route.ts") {
          const methods = [
            ...readFileSync(file, "utf8").matchAll(
              /export (?:const|async function) (POST|PUT|PATCH|DELETE)\b/g,
            ),
          ].map((m) => m[1] as string);
          if (methods.length > 0) exported[`/${path.relative(app, path.dirname(file))}`] = methods.sort();
        }
      }
    };
    walk(app);
    const listed = Object.fromEntries(
      Object.entries(WRITE_ROUTES).map(([route, methods]) => [route, [...methods].sort()]),
    );
    expect(listed).toEqual(exported);
    expect(methodAnswered("GET", "/anything")).toBe(true);
    expect(methodAnswered("TRACE", "/")).toBe(false);
    expect(methodAnswered("DELETE", "/api/account/following")).toBe(false);
    expect(methodAnswered("PUT", "/api/account/following")).toBe(true);
  });
});
