import Link from "next/link";
import { CompanySearchForm } from "@/components/ui/company-search-form";

/** A company (or a lookup) that this server's API plan does not cover. */
export function PlanUnavailable({ requested, reason }: { requested: string; reason: string }) {
  return (
    <section aria-labelledby="page-title" className="max-w-2xl space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
        Not available on your plan
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        <code className="font-mono font-semibold">{requested}</code> is not available on the API plan this
        server uses. The free plan covers a fixed set of companies only, and lookups by ISIN or CUSIP need a
        licence.
      </p>
      {reason && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          The data service said: <q>{reason}</q>
        </p>
      )}
      <ul className="list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
        <li>
          Browse the companies your plan includes in the{" "}
          <Link href="/companies" className="text-brand-600 underline dark:text-brand-100">
            company directory
          </Link>
          , or search for another one below.
        </li>
        <li>To see every company, whoever runs this server can configure a paid API key.</li>
      </ul>
      <CompanySearchForm />
    </section>
  );
}
