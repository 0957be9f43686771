"use client";

import { useRouter } from "next/navigation";
import { startTransition } from "react";

/** The profile could not be loaded at all (the data service failing with nothing cached). */
export default function ProfileError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  return (
    <section aria-labelledby="page-title" className="max-w-2xl space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
        This profile could not be loaded
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        The data service did not answer, or is limiting this server&apos;s requests, and no copy of this
        profile is cached. Try again in a moment; other pages keep working.
      </p>
      <button
        type="button"
        onClick={() =>
          startTransition(() => {
            router.refresh();
            reset();
          })
        }
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Try again
      </button>
    </section>
  );
}
