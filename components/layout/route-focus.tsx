"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { cameBack } from "@/lib/client/traversal";

// Where the keyboard's focus goes when the page changes without a document load (the router
// swaps the page in, and the focus would stay on the link or search box that led there, or fall
// to the body): to the new page's heading, as a screen reader reads a new document from its top.
// Coming Back (or Forward), to the link the page was left by, as a browser's own Back does.

const STORAGE_KEY = "fiscal-atlas:left-by";
/** How long a page that comes back may take to draw the link it was left by (its data may load). */
const WAIT_MS = 3_000;

/** The link a page was left by: its href, and which of the page's links to that href it was. */
interface LeftBy {
  page: string;
  href: string;
  nth: number;
}

function linksTo(href: string): HTMLAnchorElement[] {
  return [...document.querySelectorAll<HTMLAnchorElement>("main a[href]")].filter(
    (a) => a.getAttribute("href") === href,
  );
}

/** Remembers, for this tab, the link in the page's content a person follows (for Back). */
function remember(link: HTMLAnchorElement): void {
  const href = link.getAttribute("href");
  if (!href || !link.closest("main")) return;
  const left: LeftBy = { page: window.location.href, href, nth: Math.max(0, linksTo(href).indexOf(link)) };
  try {
    const all = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, LeftBy>;
    all[left.page] = left;
    // The last few pages only: Back rarely goes further, and the tab's storage stays small.
    const kept = Object.fromEntries(Object.entries(all).slice(-20));
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage refused or not ours: Back lands on the heading.
  }
}

function leftBy(page: string): LeftBy | null {
  try {
    const all = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, LeftBy>;
    const left = all[page];
    return left && typeof left.href === "string" && typeof left.nth === "number" ? left : null;
  } catch {
    return null;
  }
}

/** Focuses the page's heading, focusable by script only (not a Tab stop); false while it has none. */
export function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return false;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  return true;
}

/** Whether a page's own code has put the focus somewhere already (the directory's row, say). */
function placedByPage(): boolean {
  const active = document.activeElement;
  return active !== null && active !== document.body && active.closest("main") !== null;
}

export function RouteFocus() {
  const pathname = usePathname();
  // The page shown: the first is a document load, which the browser starts at the top itself.
  const shown = useRef(pathname);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link =
        event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
      if (link) remember(link);
    };
    // Capture: a link's own handler may navigate before the click bubbles.
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const back = cameBack();
    const left = back ? leftBy(window.location.href) : null;
    // The new page may still be drawing its heading, or the link (its data loading): looked for
    // at each frame for a while. A page that placed the focus itself keeps it: coming back, it is
    // given that while (the directory restores the row opened once its rows are drawn).
    const started = performance.now();
    let frame = 0;
    const tryFocus = () => {
      if (placedByPage()) return;
      const link = left && (linksTo(left.href)[left.nth] ?? linksTo(left.href)[0]);
      if (link) return link.focus();
      const late = performance.now() - started >= WAIT_MS;
      if ((!back || late) && focusHeading()) return;
      if (!late) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return null;
}
