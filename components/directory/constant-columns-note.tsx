"use client";

import type { ColumnId } from "@/lib/directory/view-state";
import { columnLabel } from "./columns";

/** Says which columns the filters made the same in every row and were left out, with a way back. */
export function ConstantColumnsNote({
  hidden,
  exchange,
  shown,
  onToggle,
}: {
  hidden: ColumnId[];
  exchange: string | null;
  /** The person asked to see them anyway. */
  shown: boolean;
  onToggle: () => void;
}) {
  const parts = hidden.map((id) => columnLabel(id));
  if (exchange) parts.push(`the exchange code (${exchange})`);
  if (!shown && parts.length === 0) return null;
  return (
    <p role="note" className="mb-2 text-xs text-slate-600 dark:text-slate-300">
      {shown
        ? "Showing the columns the filters make the same in every row."
        : `Left out, the same in every row with these filters: ${parts.join(", ")}.`}{" "}
      <button
        type="button"
        onClick={onToggle}
        className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        {shown ? "Hide them" : "Show them"}
      </button>
    </p>
  );
}
