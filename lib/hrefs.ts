// The app's own URLs for a company. A companyKey is any text the upstream sends (`NYSE_BRK/B`,
// `XPAR_A&B+C%`), so it is always percent-encoded as one path segment or query value, never
// spliced in raw; the compare set's URL is built in lib/compare/set.ts.

/** A company's profile page, with the identifier the visitor followed when it was another one. */
export function profileHref(companyKey: string, from?: string): string {
  const path = `/companies/${encodeURIComponent(companyKey)}`;
  return from ? `${path}?${new URLSearchParams({ from })}` : path;
}

export type LogoVariant = "icon" | "logo" | "logo-dark" | "tile";

/** A company's logo through this server's logo route. */
export function logoSrc(companyKey: string, variant: LogoVariant): string {
  return `/api/logo?${new URLSearchParams({ companyKey, variant })}`;
}
