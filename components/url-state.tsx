"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { type ReactNode, useCallback, useEffect, useRef } from "react";

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
    // The reader went on before the check (a link, a chosen company, a submitted form, Enter): a
    // navigation may be under way that has not yet moved the address, and ours would cancel it.
    const onAction = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== "Enter") return;
      const target = event.target instanceof Element ? event.target : null;
      if (event.type === "click" && !target?.closest('a[href], [role="option"]')) return;
      clearTimeout(timer);
    };
    const actions = ["click", "keydown", "submit"] as const;
    window.addEventListener("popstate", onTraversal);
    for (const type of actions) window.addEventListener(type, onAction, true);
    return () => {
      window.removeEventListener("popstate", onTraversal);
      for (const type of actions) window.removeEventListener(type, onAction, true);
      clearTimeout(timer);
    };
  }, [router]);
  return null;
}
