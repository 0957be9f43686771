import type { ReactNode } from "react";

/** A page whose feature is owned by a later issue: says what will be here. */
export function PagePlaceholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="max-w-2xl">
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <div className="mt-3 space-y-3 text-slate-600 dark:text-slate-300">{children}</div>
    </section>
  );
}
