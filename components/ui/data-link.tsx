import Link from "next/link";
import type { ComponentProps } from "react";

/**
 * A link to a page whose render asks the data service for something of its own: a profile, a
 * comparison, a filtered feed. Next prefetches a link as it scrolls into view by rendering its
 * page on the server, so a feed of twenty stories would spend twenty profile calls of a metered
 * key on pages nobody opens. These are never prefetched: the page is asked for on the click.
 * Links to the few fixed pages (the header's) keep Next's prefetch.
 */
export function DataLink(props: Omit<ComponentProps<typeof Link>, "prefetch">) {
  return <Link {...props} prefetch={false} />;
}
