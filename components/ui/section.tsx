import type { ReactNode } from "react";

/** One titled section of the profile, reachable by its id from the page's section links. */
export function Section({
  id,
  title,
  description,
  actions,
  loadsOnClient = false,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /**
   * Its content arrives after the page (and changes height then): the browser does not anchor the
   * scroll position to it, so a reader already further down (at the section links' "API view",
   * say) stays where they are when it arrives, instead of being pushed down by its height.
   */
  loadsOnClient?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-[calc(var(--header-height)+1.5rem)] border-t border-slate-200 pt-6 dark:border-slate-800 ${loadsOnClient ? "[overflow-anchor:none]" : ""}`}
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
