"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { CompanySearchForm } from "@/components/ui/company-search-form";

/** The profile route's 404: names what was asked for and offers a search for it. */
export function CompanyNotFound() {
  const pathname = usePathname() ?? "";
  const segment = pathname.split("/").filter(Boolean)[1] ?? "";
  let requested = segment;
  try {
    requested = decodeURIComponent(segment);
  } catch {
    // A malformed escape: show it as it was typed.
  }
  requested = requested.slice(0, 64);
  return (
    <section aria-labelledby="page-title" className="max-w-2xl space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
        Company not found
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        {requested ? (
          <>
            No company has the key or identifier <code className="font-mono font-semibold">{requested}</code>.{" "}
          </>
        ) : null}
        A company key looks like <code className="font-mono">EXCHANGE_TICKER</code> (for example{" "}
        <code className="font-mono">NASDAQ_CRO</code>); a fiscal identifier, FIGI, ISIN or CIK works too.
        Search the directory by name or ticker:
      </p>
      <CompanySearchForm defaultValue={requested} />
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Or browse the{" "}
        <Link href="/companies" className="text-brand-600 underline dark:text-brand-100">
          company directory
        </Link>
        .
      </p>
    </section>
  );
}
