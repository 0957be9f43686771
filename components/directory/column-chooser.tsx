"use client";

import { useEffect, useId, useRef, useState } from "react";
import {
  COLUMN_IDS,
  type ColumnId,
  FULL_ONLY_COLUMNS,
  toggleColumn,
  type ViewMode,
} from "@/lib/directory/view-state";
import { columnLabel } from "./columns";

/** A menu of the columns the view offers; the company column always stays. */
export function ColumnChooser({
  view,
  visible,
  onChange,
  onReset,
  licensed = true,
}: {
  licensed?: boolean;
  view: ViewMode;
  visible: readonly ColumnId[];
  onChange: (columns: ColumnId[]) => void;
  onReset: () => void;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        root.current?.querySelector("button")?.focus();
      }
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const offered = COLUMN_IDS.filter(
    (c) => c !== "name" && !(view === "compact" && FULL_ONLY_COLUMNS.includes(c)),
  );
  return (
    <div ref={root} className="relative" data-needs-js="">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        Columns
      </button>
      {open && (
        <fieldset
          id={id}
          className="absolute right-0 z-20 mt-1 max-h-96 w-60 overflow-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <legend className="sr-only">Visible columns</legend>
          {offered.map((column) => (
            <label
              key={column}
              className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <input
                type="checkbox"
                className="accent-brand-600"
                checked={visible.includes(column)}
                onChange={() => onChange(toggleColumn(visible, column))}
              />
              {columnLabel(column)}
            </label>
          ))}
          {!licensed && (
            <p className="px-2 py-1 text-xs text-slate-600 dark:text-slate-300">
              ISIN and CUSIP are licensed identifiers: their columns fill in for people signed in.
            </p>
          )}
          <button
            type="button"
            onClick={onReset}
            className="mt-1 w-full rounded px-2 py-1 text-left text-sm font-medium text-brand-700 hover:bg-slate-100 dark:text-brand-100 dark:hover:bg-slate-800"
          >
            Reset columns and widths
          </button>
        </fieldset>
      )}
    </div>
  );
}
