// The directory table's column layout beyond the chosen columns: widths a person dragged (kept in
// the browser), and the columns the active filters make constant (hidden, with a note).
import type { FacetField } from "./fields";
import { COLUMN_IDS, type ColumnId, type DirectoryState } from "./view-state";

export const MIN_COLUMN_PX = 64;
export const MAX_COLUMN_PX = 640;
/** One arrow-key step of a column's resize handle (Shift: four). */
export const RESIZE_STEP_PX = 16;

export interface ColumnWidth {
  id: ColumnId;
  px: number;
}

export function clampWidth(px: number): number {
  return Math.round(Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, px)));
}

/** A stored width entry, or null for anything else (storage is the person's to edit). */
export function parseColumnWidth(value: unknown): ColumnWidth | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, px } = value as Record<string, unknown>;
  if (typeof id !== "string" || !(COLUMN_IDS as readonly string[]).includes(id)) return null;
  if (typeof px !== "number" || !Number.isFinite(px)) return null;
  return { id: id as ColumnId, px: clampWidth(px) };
}

/** The widths with one column's set (or removed, with null), one entry per column. */
export function withWidth(widths: readonly ColumnWidth[], id: ColumnId, px: number | null): ColumnWidth[] {
  const others = widths.filter((w) => w.id !== id);
  return px === null ? others : [...others, { id, px: clampWidth(px) }];
}

/**
 * Facets whose one chosen value fixes a column's value for every result, and the columns that
 * follows for: GICS levels fix the levels above them, a country its region.
 */
const CONSTANT_WITH: Partial<Record<FacetField, readonly ColumnId[]>> = {
  sector: ["sector"],
  industryGroup: ["industryGroup", "sector"],
  industry: ["industry", "industryGroup", "sector"],
  subIndustry: ["subIndustry", "industry", "industryGroup", "sector"],
  region: ["region"],
  country: ["country", "region"],
  domicile: ["domicile"],
  companyType: ["companyType"],
  companyStatus: ["companyStatus"],
  tradingStatus: ["tradingStatus"],
  securityType: ["securityType"],
  reportingCurrency: ["reportingCurrency"],
  tradingCurrency: ["tradingCurrency"],
};

/**
 * The columns the active filters make the same in every row (the active filter chips name the
 * values). A ticker keeps its exchange code whatever the filters: a ticker alone names no listing.
 */
export function constantColumns(state: Pick<DirectoryState, "filters">): ColumnId[] {
  const columns = new Set<ColumnId>();
  for (const [field, ids] of Object.entries(CONSTANT_WITH) as [FacetField, readonly ColumnId[]][])
    if (state.filters[field]?.length === 1) for (const id of ids) columns.add(id);
  return [...columns];
}
