"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { type ReactNode, useCallback, useEffect, useRef } from "react";
import { isRouterLinkClick, NAVIGATION_EVENT } from "@/components/layout/navigation-progress";

/** How long a Back or Forward may take to reach the router before it is asked again. */
const TRAVERSAL_SETTLE_MS = 1_000;

/**
 * The URL state of one page (nuqs), given on the pages that keep state in their URL and nowhere else,
 * so other pages load none of it. `order` is the page's parameter order (its parser set's keys): a
 * URL written by useQueryStates keeps it, so a shared link reads the same however it was built;
 * parameters the page does not know keep their place after them.
 */
export function UrlState({ order, children }: { order: readonly string[]; children: ReactNode }) {
  const inPageOrder = useCallback(
    (search: URLSearchParams) => {
      const rank = (name: string) => {
        const at = order.indexOf(name);
        return at < 0 ? order.length : at;
      };
      // Array sort is stable: repeated parameters keep their order.
      return new URLSearchParams([...search.entries()].sort(([a], [b]) => rank(a) - rank(b)));
    },
    [order],
  );
  return (
    <NuqsAdapter processUrlSearchParams={inPageOrder}>
      <TraversalRepair />
      {children}
    </NuqsAdapter>
  );
}

/**
 * Makes sure a Back or Forward lands. Next's router can lose one: a traversal to an entry written
 * by the URL state reloads the page's server part, and a second traversal while that reload is
 * still under way can leave the router on the first entry for good (the address bar shows the
 * second; the page, whose state is read from the router, the first). The router takes a traversal
 * within the page at once (its server part follows), so if a second later it still disagrees with
 * the address bar, the address is opened again, in place.
 */
function TraversalRepair() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const routed = useRef({ pathname, search });
  useEffect(() => {
    routed.current = { pathname, search };
  }, [pathname, search]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = (traversedTo: string) => {
      const { href, pathname, search, hash } = window.location;
      // The address has moved on since (a query typed, a link followed): the page is going
      // elsewhere, and a navigation of ours would cancel that one. Its own write brings the router
      // along anyway.
      if (href !== traversedTo) return;
      // Another page's traversal is left to the router: it shows its old page until the new one's
      // data comes, which may well take longer than this on a slow upstream.
      if (routed.current.pathname !== pathname) return;
      if (routed.current.search === new URLSearchParams(search).toString()) return;
      router.replace(`${pathname}${search}${hash}`, { scroll: false });
    };
    const onTraversal = () => {
      clearTimeout(timer);
      timer = setTimeout(check, TRAVERSAL_SETTLE_MS, window.location.href);
    };
    // The reader went on before the check (a link the router took, a company chosen in the search,
    // a form sent): a navigation may be under way that has not yet moved the address, and ours
    // would cancel it. Anything else (a click that opens a new tab, Enter on a switch) leaves it.
    const standDown = () => clearTimeout(timer);
    const onClick = (event: MouseEvent) => {
      if (isRouterLinkClick(event)) standDown();
    };
    window.addEventListener("popstate", onTraversal);
    document.addEventListener("click", onClick);
    window.addEventListener(NAVIGATION_EVENT, standDown);
    window.addEventListener("submit", standDown, true);
    return () => {
      window.removeEventListener("popstate", onTraversal);
      document.removeEventListener("click", onClick);
      window.removeEventListener(NAVIGATION_EVENT, standDown);
      window.removeEventListener("submit", standDown, true);
      clearTimeout(timer);
    };
  }, [router]);
  return null;
}
