"use client";

import { useRouter } from "next/navigation";
import { useRef } from "react";
import { pushWithProgress } from "@/components/layout/navigation-progress";
import { CompanyCombobox } from "@/components/ui/company-combobox";
import { useEarlyInput } from "@/components/ui/use-early-input";
import { recentCompanies } from "@/lib/client/recent-companies";
import { useStoredList } from "@/lib/client/stored-list";
import { useFocusShortcut } from "@/lib/client/use-focus-shortcut";
import { companiesHref, profileHref } from "@/lib/hrefs";

/**
 * The header's company search, on every page. Ctrl/⌘+K focuses it from anywhere; `/` does too
 * outside a text field, except on a page with its own search box (marked `data-page-search`,
 * the directory's), where `/` belongs to that box. Empty, it offers the recently viewed companies.
 */
export function HeaderSearch() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const recent = useStoredList(recentCompanies);

  useFocusShortcut(input, { commandK: true, yieldToPageSearch: true });
  // A name typed while the scripts still load: its matches show, and Enter acts on it.
  const root = useRef<HTMLElement>(null);
  useEarlyInput(root);

  return (
    <search ref={root} className="col-span-2 w-full min-w-0 lg:ml-auto lg:w-56 lg:shrink-0 xl:w-72">
      {/* Enter without a highlighted company (typed before the matches came, or matching none)
          searches the directory; without JavaScript the form does the same. */}
      <form action="/companies" method="get">
        <CompanyCombobox
          label="Find a company (press / or Ctrl+K)"
          placeholder="Find a company…"
          inline
          name="q"
          inputRef={input}
          suggestions={{ label: "Recently viewed companies", rows: recent }}
          onChoose={(row) => pushWithProgress(router, profileHref(row.companyKey))}
          onSubmitText={(q) => pushWithProgress(router, companiesHref({ q }))}
        />
      </form>
    </search>
  );
}
