"use client";

import type { ColumnId } from "@/lib/directory/view-state";
import { columnLabel } from "./columns";

/** "A", "A and B", "A, B and C". */
function listed(parts: string[]): string {
  return parts.length < 2 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** Says which columns the filters made the same in every row and were left out, with a way back. */
export function ConstantColumnsNote({
  hidden,
  shown,
  onToggle,
}: {
  hidden: ColumnId[];
  /** The person asked to see them anyway. */
  shown: boolean;
  onToggle: () => void;
}) {
  const parts = hidden.map((id) => columnLabel(id));
  if (!shown && parts.length === 0) return null;
  return (
    <p role="note" className="mb-2 text-xs text-slate-600 dark:text-slate-300">
      {shown
        ? "Showing the columns the filters make the same in every row."
        : `${listed(parts)} ${parts.length === 1 ? "is" : "are"} not shown: with these filters every row has the same.`}{" "}
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
