import type { Company } from "@/lib/upstream/schemas";
import { COMPACT_DROPPED, COMPACT_DROPPED_LISTING } from "./fields";

/** A company row in the contract's compact shape: the same row without the fields it drops. */
export function compactRow(company: Company): Company {
  const row: Record<string, unknown> = { ...company };
  for (const field of COMPACT_DROPPED) delete row[field];
  const listing: Record<string, unknown> = { ...company.primaryListing };
  for (const field of COMPACT_DROPPED_LISTING) delete listing[field];
  row.primaryListing = listing;
  return row as Company;
}
