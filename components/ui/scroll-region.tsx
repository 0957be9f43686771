import type { ReactNode } from "react";

/** A scroll region's box: its own scrolling, a rounded border. Add to it rather than restate it. */
export const SCROLL_BOX = "overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800";

/**
 * A sideways- or up-and-down-scrolling box that keyboard users can focus and scroll (a stacking one
 * only where its table is a table: below 40rem and on paper it is cards, and does not scroll).
 */
export function ScrollRegion({
  label,
  className = SCROLL_BOX,
  stack = false,
  children,
}: {
  label: string;
  className?: string;
  /** Its table becomes cards of labelled values on narrow screens and on paper (globals.css). */
  stack?: boolean;
  children: ReactNode;
}) {
  return (
    // `relative`: screen-reader-only text in a scrolled-away cell is positioned absolutely; without
    // a positioned ancestor it would escape the scroll box and widen the whole page. `isolate`: the
    // z-index of a sticky cell inside stays inside (it painted over the site's sticky header).
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      data-stack={stack ? "" : undefined}
      className={`relative isolate ${className}`}
    >
      {children}
    </section>
  );
}

/**
 * A table in its own scroll region, its caption for screen readers (the region's label is what they
 * hear first). `roles`: its parts carry their ARIA roles, for a table whose rows CSS lays out as
 * blocks, grids or flex lines on some screens (a stacking one always): WebKit then stops reading it
 * as a table unless the roles say so. Its rows, headers and cells must say theirs too (biome.json lets
 * those components say roles its linter calls redundant).
 */
export function ScrollTable({
  label,
  caption,
  className,
  stack = false,
  roles = stack,
  children,
}: {
  label: string;
  caption: ReactNode;
  className?: string;
  stack?: boolean;
  roles?: boolean;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label} className={className} stack={stack}>
      <table role={roles ? "table" : undefined} className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </ScrollRegion>
  );
}

/** A table's column headers, one cell per label (with its role in a table of `roles`). */
export function ColumnHeaders({
  labels,
  className,
  roles = false,
}: {
  labels: readonly string[];
  className: string | ((label: string) => string);
  roles?: boolean;
}) {
  return labels.map((label) => (
    <th
      key={label}
      scope="col"
      role={roles ? "columnheader" : undefined}
      className={typeof className === "string" ? className : className(label)}
    >
      {label}
    </th>
  ));
}
