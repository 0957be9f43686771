import type { ReactNode } from "react";
import { ScrollSection } from "./scroll-section";

/** A scroll region's box: its own scrolling, a rounded border. Add to it rather than restate it. */
export const SCROLL_BOX = "overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800";

/**
 * A sideways- or up-and-down-scrolling box that keyboard users can focus and scroll while it has
 * more to show (ScrollSection; a stacking one only where its table is a table: below 40rem and on
 * paper it is cards, and does not scroll). `scrolls` says how, after its label, while it does.
 */
export function ScrollRegion({
  label,
  scrolls = "scrolls sideways",
  className = SCROLL_BOX,
  stack = false,
  children,
}: {
  label: string;
  scrolls?: string;
  className?: string;
  /** Its table becomes cards of labelled values on narrow screens and on paper (globals.css). */
  stack?: boolean;
  children: ReactNode;
}) {
  return (
    <ScrollSection label={label} scrolls={scrolls} className={className} stack={stack}>
      {children}
    </ScrollSection>
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
  scrolls,
  caption,
  className,
  stack = false,
  roles = stack,
  children,
}: {
  label: string;
  scrolls?: string;
  caption: ReactNode;
  className?: string;
  stack?: boolean;
  roles?: boolean;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label} scrolls={scrolls} className={className} stack={stack}>
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
