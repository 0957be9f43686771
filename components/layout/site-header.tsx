import Link from "next/link";
import { HeaderSearch } from "./header-search";
import { NAV_ITEMS } from "./nav-items";
import { NavLinks } from "./nav-links";
import { ShortcutSheet } from "./shortcut-sheet";

export function SiteHeader() {
  return (
    <header
      data-site-header=""
      className="sticky top-0 z-30 print:hidden border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90"
    >
      {/* Narrower than a laptop, two rows (the pages would not fit beside the search box): the logo
          and the pages, then the search box and the shortcuts' button across the whole width, so the order Tab takes is the
          order they are seen in. Their heights are globals.css's --header-height, which what
          sticks below the header offsets by. */}
      <div className="mx-auto grid h-(--header-height) max-w-screen-2xl grid-cols-[auto_minmax(0,1fr)_auto] grid-rows-[3rem_2.5rem] items-center gap-x-3 px-4 lg:flex lg:gap-6">
        <Link
          href="/"
          aria-label="Fiscal Atlas home"
          className="flex shrink-0 items-center gap-2 font-semibold tracking-tight"
        >
          <svg aria-hidden="true" viewBox="0 0 64 64" className="size-7">
            <rect width="64" height="64" rx="14" className="fill-brand-600" />
            <path d="M16 44V26h7v18zm12 0V18h7v26zm12 0V31h7v13z" fill="#fff" />
          </svg>
          <span className="hidden whitespace-nowrap sm:inline">Fiscal Atlas</span>
        </Link>
        <NavLinks items={NAV_ITEMS} />
        <HeaderSearch />
        <ShortcutSheet />
      </div>
    </header>
  );
}
