import type { ReactNode } from "react";
import { ReloadButton } from "@/components/ui/reload-button";

/** The profile could not be loaded at all (the data service failing with nothing cached). */
export function ProfileUnavailable({ retry = <ReloadButton /> }: { retry?: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="max-w-2xl space-y-4">
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
