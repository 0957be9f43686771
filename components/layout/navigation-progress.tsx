"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";

/** A navigation quicker than this shows nothing: no flash on every click. */
const SHOW_AFTER_MS = 400;
/** From then on the wait is named: the data service is slow, the click was not lost. */
const SLOW_AFTER_MS = 3_000;
/** A navigation that never lands (the router gave up) does not leave the bar up for good. */
const GIVE_UP_AFTER_MS = 30_000;
/** Dispatched on window when code (not a link) starts a navigation to another address. */
export const NAVIGATION_EVENT = "fiscal-atlas:navigation";

/** An address as the router's pathname and search read: the same string for the same address. */
function addressOf(location: { pathname: string; search: string }): string {
  return `${location.pathname}?${new URLSearchParams(location.search)}`;
}

/** Whether `href` is another address of this site than the one shown (not a mere #fragment). */
function elsewhere(href: string): boolean {
  const to = new URL(href, window.location.href);
  const here = window.location;
  return to.origin === here.origin && (to.pathname !== here.pathname || to.search !== here.search);
}

/** The router's push, with the progress bar told: for navigations code starts (not a link). */
export function pushWithProgress(router: { push(href: string): void }, href: string): void {
  if (elsewhere(href)) window.dispatchEvent(new Event(NAVIGATION_EVENT));
  router.push(href);
}

/**
 * Whether a click is a link the router took over (it prevents the browser's own navigation) to
 * another address: seen bubbling to the document, after the router's handler ran.
 */
export function isRouterLinkClick(event: MouseEvent): boolean {
  if (!event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
  if (!link || link.hasAttribute("download") || (link.target && link.target !== "_self")) return false;
  return elsewhere(link.href);
}

/**
 * The router keeps the old page on screen until the new one's data comes, which on a slow data
 * service takes seconds. A click on a link, a company chosen in the search, or Back and Forward
 * shows a thin bar at the top after a moment, and after a few seconds a note that the page is
 * still loading, until the router lands on the new address.
 */
export function NavigationProgress() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  /** The router's address when the navigation started: the bar goes once the router has left it. */
  const [from, setFrom] = useState<string | null>(null);
  const [shown, setShown] = useState<"no" | "bar" | "slow">("no");

  const routed = useRef(`${pathname}?${search}`);
  // Landed: the router shows another address than the one the navigation started from.
  useEffect(() => {
    routed.current = `${pathname}?${search}`;
    setFrom((started) => (started === routed.current ? started : null));
  }, [pathname, search]);

  useEffect(() => {
    // From the address shown now: a push that first rewrites it in place (the directory's row
    // keys write the typed query, then open the row) is not taken for the arrival.
    const start = () => setFrom(addressOf(window.location));
    const onClick = (event: MouseEvent) => {
      if (isRouterLinkClick(event)) start();
    };
    // Back or Forward to another address than the router's (not a mere #fragment): the address
    // bar has moved already, so the router's own is where it started from.
    const onTraversal = () => {
      if (addressOf(window.location) !== routed.current) setFrom(routed.current);
    };
    // Bubbling to the document: the router's link handler (on React's root) has run by then.
    document.addEventListener("click", onClick);
    window.addEventListener("popstate", onTraversal);
    window.addEventListener(NAVIGATION_EVENT, start);
    return () => {
      document.removeEventListener("click", onClick);
      window.removeEventListener("popstate", onTraversal);
      window.removeEventListener(NAVIGATION_EVENT, start);
    };
  }, []);

  useEffect(() => {
    setShown("no");
    if (from === null) return;
    const timers = [
      setTimeout(() => setShown("bar"), SHOW_AFTER_MS),
      setTimeout(() => setShown("slow"), SLOW_AFTER_MS),
      setTimeout(() => setFrom(null), GIVE_UP_AFTER_MS),
    ];
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [from]);

  return (
    <>
      {shown !== "no" && (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-600/20 print:hidden"
        >
          <div className="h-full w-1/3 bg-brand-600 motion-safe:animate-navigation-progress dark:bg-sky-400" />
        </div>
      )}
      <div role="status" className="fixed inset-x-0 bottom-4 z-50 flex justify-center print:hidden">
        {shown === "slow" ? (
          <p className="rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
            Still loading: the data service is slow to answer.
          </p>
        ) : (
          shown === "bar" && <span className="sr-only">Loading…</span>
        )}
      </div>
    </>
  );
}
