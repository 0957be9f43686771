import type { ReactNode } from "react";
import { NamedCompany } from "@/components/ui/named-company";
import { ReloadButton } from "@/components/ui/reload-button";

/**
 * The profile could not be loaded at all (the data service failing with nothing cached). `name`
 * (the directory index's, when it knows the company) or else `companyKey` says whose.
 */
export function ProfileUnavailable({
  retry = <ReloadButton />,
  name,
  companyKey,
}: {
  retry?: ReactNode;
  name?: string | null;
  companyKey?: string;
}) {
  return (
    <section aria-labelledby="page-title" className="max-w-2xl space-y-4">
      {(name || companyKey) && (
        <p className="text-sm font-medium text-slate-600 dark:text-slate-300">
          The profile of <NamedCompany name={name} companyKey={companyKey} />
        </p>
      )}
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
        This profile could not be loaded
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        The data service did not answer, or is limiting this server&apos;s requests, and no copy of this
        profile is cached. Try again in a moment; other pages keep working.
      </p>
      {retry}
    </section>
  );
}
