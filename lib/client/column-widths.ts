// Directory column widths a person set by dragging or with the keyboard, kept in this browser.

import { type ColumnWidth, parseColumnWidth } from "@/lib/directory/column-layout";
import { COLUMN_IDS } from "@/lib/directory/view-state";
import { type StoredList, storedList } from "./stored-list";

export const directoryColumnWidths: StoredList<ColumnWidth> = storedList(
  "fiscal-atlas:directory-column-widths",
  parseColumnWidth,
  COLUMN_IDS.length,
);
