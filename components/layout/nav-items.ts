/**
 * The pages the header links to, in order: the site header draws them, the smoke test walks them.
 * On a phone every one fits in the row: the overview is the logo's link there, and `short` names
 * a page where its label would not fit.
 */
export const NAV_ITEMS: readonly { href: string; label: string; short?: string; wide?: true }[] = [
  { href: "/", label: "Overview", wide: true },
  { href: "/companies", label: "Companies" },
  { href: "/news", label: "Top news", short: "News" },
  { href: "/compare", label: "Compare" },
  { href: "/following", label: "Following" },
  { href: "/changes", label: "Changes" },
];
