"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { CompanyCombobox } from "@/components/ui/company-combobox";
import { recentCompanies } from "@/lib/client/recent-companies";
import { useStoredList } from "@/lib/client/stored-list";
import { profileHref } from "@/lib/hrefs";

const TEXT_FIELD = "input, textarea, select, [contenteditable='true'], [contenteditable='']";

/**
 * The header's company search, on every page. Ctrl/⌘+K focuses it from anywhere; `/` does too
 * outside a text field, except on a page with its own search box (marked `data-page-search`,
 * the directory's), where `/` belongs to that box. Empty, it offers the recently viewed companies.
 */
export function HeaderSearch() {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const recent = useStoredList(recentCompanies);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const commandK = event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.shiftKey;
      const slash = event.key === "/" && !event.ctrlKey && !event.metaKey;
      if (!commandK && !slash) return;
      if (slash) {
        const target = event.target as HTMLElement | null;
        if (target?.closest(TEXT_FIELD) || document.querySelector("[data-page-search]")) return;
      }
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <search className="ml-auto w-32 min-w-0 shrink-0 sm:w-56 lg:w-72">
      <CompanyCombobox
        label="Find a company (press / or Ctrl+K)"
        placeholder="Find a company…"
        inline
        inputRef={input}
        suggestions={{ label: "Recently viewed companies", rows: recent }}
        onChoose={(row) => router.push(profileHref(row.companyKey))}
      />
    </search>
  );
}
