"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { useScrollEdges } from "@/lib/client/scroll-edges";
import type { NAV_ITEMS } from "./nav-items";

export function NavLinks({ items }: { items: typeof NAV_ITEMS }) {
  const pathname = usePathname();
  const isCurrent = (href: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));
  const currentHref = items.find((item) => isCurrent(item.href))?.href;
  const nav = useRef<HTMLElement>(null);
  useScrollEdges(nav);
  // On a narrow window the row scrolls sideways: the current page's link is brought into view, clear
  // of the fades, by as little as it takes (centring it cut the first link to "rview" when the
  // current one was in view already). Not scrollIntoView: it would scroll the page to the header.
  useEffect(() => {
    const element = nav.current;
    const current = currentHref && element?.querySelector<HTMLElement>(`a[href="${currentHref}"]`);
    if (!element || !current || element.scrollWidth <= element.clientWidth) return;
    const [box, link] = [element.getBoundingClientRect(), current.getBoundingClientRect()];
    const fade = Number.parseFloat(getComputedStyle(element).scrollPaddingLeft) || 0;
    const past = link.right - (box.right - fade);
    const before = box.left + (element.scrollLeft > 1 ? fade : 0) - link.left;
    if (past > 0) element.scrollLeft += past;
    else if (before > 0) element.scrollLeft -= before;
  }, [currentHref]);
  return (
    <nav
      ref={nav}
      aria-label="Main"
      data-fade-edges=""
      className="col-span-2 -mx-1.5 flex scroll-px-8 items-center overflow-x-auto text-[13px] sm:gap-1 sm:text-sm lg:mx-0"
    >
      {items.map((item) => {
        const active = item.href === currentHref;
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            // One name at every width, the whole label: a phone shows the short one.
            aria-label={item.short ? item.label : undefined}
            className={`${item.wide ? "hidden sm:block " : ""}whitespace-nowrap rounded-md px-1 py-1.5 font-medium transition-colors sm:px-3 ${
              active
                ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white"
                : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
            }`}
          >
            {item.short ? (
              <>
                <span className="sm:hidden">{item.short}</span>
                <span className="hidden sm:inline">{item.label}</span>
              </>
            ) : (
              item.label
            )}
          </Link>
        );
      })}
    </nav>
  );
}
