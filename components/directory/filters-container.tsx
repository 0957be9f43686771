"use client";

import { lazy, type ReactNode, Suspense } from "react";

const load = () => import("./filters-dialog");
const FiltersDialog = lazy(load);

/** Fetches the dialog's chunk ahead of the Filters button's press (once the window is narrow). */
export function prefetchFiltersDialog(): void {
  void load();
}

/**
 * The filters: a side column on a wide window, a full-screen modal dialog on a narrow one (its own
 * chunk, `filters-dialog.tsx`).
 */
export function FiltersContainer({
  wide,
  drawer,
  onClose,
  opener,
  children,
}: {
  wide: boolean;
  drawer: boolean;
  onClose: () => void;
  opener: { readonly current: HTMLElement | null };
  children: ReactNode;
}) {
  if (wide)
    return (
      <aside
        id="directory-filters"
        aria-label="Filters"
        data-needs-js=""
        className="w-60 shrink-0 self-start overflow-auto lg:sticky lg:top-[calc(var(--header-height)+1.5rem)] lg:max-h-[calc(100dvh-var(--header-height)-2.5rem)]"
      >
        <h2 className="sr-only">Filters</h2>
        {children}
      </aside>
    );
  if (!drawer) return null;
  // Only ever opened in the browser (the Filters button needs a script): nothing shows until its chunk is in.
  return (
    <Suspense fallback={null}>
      <FiltersDialog onClose={onClose} opener={opener}>
        {children}
      </FiltersDialog>
    </Suspense>
  );
}
