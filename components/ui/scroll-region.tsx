import type { ReactNode } from "react";

/** A sideways- or up-and-down-scrolling box that keyboard users can focus and scroll. */
export function ScrollRegion({
  label,
  className = "overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // `relative`: screen-reader-only text in a scrolled-away cell is positioned absolutely; without
    // a positioned ancestor it would escape the scroll box and widen the whole page. `isolate`: the
    // z-index of a sticky cell inside stays inside (it painted over the site's sticky header).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section aria-label={label} tabIndex={0} className={`relative isolate ${className}`}>
      {children}
    </section>
  );
}

/** A table in its own scroll region, its caption for screen readers (the region's label is what they hear first). */
export function ScrollTable({
  label,
  caption,
  className,
  children,
}: {
  label: string;
  caption: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label} className={className}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </ScrollRegion>
  );
}

/** A table's column headers, one cell per label. */
export function ColumnHeaders({ labels, className }: { labels: readonly string[]; className: string }) {
  return labels.map((label) => (
    <th key={label} scope="col" className={className}>
      {label}
    </th>
  ));
}
