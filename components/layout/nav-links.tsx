"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { useScrollEdges } from "@/lib/client/scroll-edges";

export function NavLinks({ items }: { items: readonly { href: string; label: string }[] }) {
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
      className="-mx-1.5 flex scroll-px-8 items-center gap-0.5 overflow-x-auto text-[13px] sm:gap-1 sm:text-sm lg:mx-0"
    >
      {items.map((item) => {
        const active = item.href === currentHref;
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={`whitespace-nowrap rounded-md px-1.5 py-1.5 font-medium transition-colors sm:px-3 ${
              active
                ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white"
                : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
            }`}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
