/** The pages the header links to, in order: the site header draws them, the smoke test walks them. */
export const NAV_ITEMS = [
  { href: "/", label: "Overview" },
  { href: "/companies", label: "Companies" },
  { href: "/news", label: "Top news" },
  { href: "/compare", label: "Compare" },
  { href: "/following", label: "Following" },
  { href: "/changes", label: "Changes" },
] as const;
