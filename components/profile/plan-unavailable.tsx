import Link from "next/link";
import { CompanySearchForm } from "./company-search-form";

/** A company that exists but that this server's API plan does not cover. */
export function PlanUnavailable({ companyKey }: { companyKey: string }) {
  return (
    <section aria-labelledby="page-title" className="max-w-2xl space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
        Not available on your plan
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        <code className="font-mono font-semibold">{companyKey}</code> is a company the data service knows, but
        the API plan this server uses does not include it. The free plan covers a fixed set of companies only.
      </p>
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
