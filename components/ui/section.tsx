import type { ReactNode } from "react";

/** One titled section of the profile, reachable by its id from the page's section links. */
export function Section({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-[calc(var(--header-height)+1.5rem)] border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {actions}
      </div>
      {description && <div className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</div>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
