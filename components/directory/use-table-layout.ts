"use client";

import { useCallback, useMemo, useState } from "react";
import { directoryColumnWidths } from "@/lib/client/column-widths";
import { useStoredList } from "@/lib/client/stored-list";
import { constantColumns, withWidth } from "@/lib/directory/column-layout";
import type { ColumnId, DirectoryState } from "@/lib/directory/view-state";

/** The column widths the person set, kept in this browser and shared by every table of companies. */
export function useColumnWidths() {
  const widths = useStoredList(directoryColumnWidths);
  const onResize = useCallback((id: ColumnId, px: number | null) => {
    directoryColumnWidths.write(withWidth(directoryColumnWidths.read(), id, px));
  }, []);
  return { widths, onResize };
}

/**
 * The table's columns as laid out: the chosen ones less those the filters make the same in every
 * row (unless the person asks to see them), and the widths kept in this browser.
 */
export function useTableLayout(state: DirectoryState, chosen: readonly ColumnId[], wide: boolean) {
  const [showConstant, setShowConstant] = useState(false);
  const constant = useMemo(() => constantColumns(state), [state]);
  const hidden = useMemo(
    () => (wide && !showConstant ? constant.filter((id) => chosen.includes(id)) : []),
    [wide, showConstant, constant, chosen],
  );
  const columns = useMemo(
    () => (hidden.length === 0 ? chosen : chosen.filter((id) => !hidden.includes(id))),
    [chosen, hidden],
  );
  const { widths, onResize } = useColumnWidths();
  return {
    columns,
    widths,
    onResize,
    /** Columns left out because every row has the same value. */
    hidden,
    showConstant,
    setShowConstant,
    /** Whether anything could be left out at all (the note offers to hide it again). */
    canHide: wide && constant.some((id) => chosen.includes(id)),
    resetWidths: () => directoryColumnWidths.write([]),
  };
}
