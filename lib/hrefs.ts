// The app's own URLs for a company. A companyKey is any text the upstream sends (`NYSE_BRK/B`,
// `XPAR_A&B+C%`), so it is always percent-encoded as one path segment or query value, never
// spliced in raw; the compare set's URL is built in lib/compare/set.ts.

import type { LogoVariant } from "@/lib/upstream/vocabulary";

/** A company's profile page, with the identifier the visitor followed when it was another one. */
export function profileHref(companyKey: string, from?: string): string {
  const path = `/companies/${encodeURIComponent(companyKey)}`;
  return from ? `${path}?${new URLSearchParams({ from })}` : path;
}

/**
 * The directory with these parameters (a search, one facet), for links from outside it; the
 * directory's own links come from its full state (lib/directory/search-params.ts `directoryHref`).
 */
export function companiesHref(params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `/companies?${query}` : "/companies";
}

/** The top-news feed for one company, every importance: where its news is read without JavaScript. */
export function companyNewsHref(companyKey: string): string {
  return `/news?${new URLSearchParams({ company: companyKey, minImportance: "1", maxImportance: "5" })}`;
}

/** A company's logo through this server's logo route. */
export function logoSrc(companyKey: string, variant: LogoVariant): string {
  return `/api/logo?${new URLSearchParams({ companyKey, variant })}`;
}

/** A country's flag image (app/api/flag), or null for anything but a two-letter code. */
export function flagSrc(countryCode: string | null | undefined): string | null {
  if (!countryCode || !/^[A-Za-z]{2}$/.test(countryCode)) return null;
  return `/api/flag/${countryCode.toLowerCase()}.svg`;
}

/**
 * A URL path in which every `%` that starts no decodable escape is the character itself, written
 * `%25`: a key typed as is (`XPAR_A&B+C%`) reaches its page, and a malformed escape (`%E0%A4`)
 * names no company instead of failing the router's decoding.
 */
export function decodablePath(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      const lone = segment.replace(/%(?![0-9A-Fa-f]{2})/g, "%25");
      try {
        decodeURIComponent(lone);
        return lone;
      } catch {
        return segment.replaceAll("%", "%25");
      }
    })
    .join("/");
}

/**
 * The company key or identifier a URL segment names: Next hands the segment over still
 * percent-encoded (`NYSE_BRK%2FB`), so it is decoded exactly once; decoding it twice would turn a
 * key's own `%41` into `A`. A malformed escape leaves the segment as it stands.
 */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).trim();
  } catch {
    return segment.trim();
  }
}
