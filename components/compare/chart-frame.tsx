import { Fragment, type ReactNode, useId } from "react";
import { ColumnHeaders, ScrollRegion } from "@/components/ui/scroll-region";
import { UpstreamText } from "@/components/ui/upstream-text";

/**
 * A chart as a figure: a visible title, a one-line summary that also describes the picture to
 * a screen reader, the picture, and its data as a table behind a disclosure (the text
 * alternative, and the exact figures for anyone who wants them).
 */
export function ChartFrame({
  title,
  summary,
  controls,
  table,
  tableLabel = "Show the data as a table",
  children,
}: {
  title: string;
  summary: ReactNode;
  controls?: ReactNode;
  table: ReactNode;
  tableLabel?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <figure
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="font-semibold tracking-tight wrap-anywhere">
            {title}
          </h3>
          <p id={`${id}-summary`} className="text-sm text-slate-600 wrap-anywhere dark:text-slate-300">
            {summary}
          </p>
        </div>
        {controls}
      </div>
      <div className="mt-3">{children}</div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer select-none font-medium text-brand-600 hover:underline dark:text-sky-300">
          {tableLabel}
        </summary>
        {/* A wide table (news by level) scrolls sideways: while it does, keyboard users reach it too. */}
        <ScrollRegion label={`${title}: the data`} className="mt-2 overflow-x-auto">
          {table}
        </ScrollRegion>
      </details>
    </figure>
  );
}

/** A plain data table for a chart's text alternative. */
export function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs uppercase tracking-wide text-slate-600 dark:text-slate-300">
        <tr>
          <ColumnHeaders labels={head} className="px-2 py-1 font-semibold" />
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells of a row have a fixed order
              <td key={i} className="px-2 py-1 align-top">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Several upstream values separated by commas, each isolated on its own. */
export function UpstreamList({ items }: { items: readonly string[] }) {
  return items.map((item, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the same name may appear twice
    <Fragment key={i}>
      {i > 0 && ", "}
      <UpstreamText>{item}</UpstreamText>
    </Fragment>
  ));
}
