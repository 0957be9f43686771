"use client";

import { memo } from "react";
import { type FilterChip, FilterChips } from "@/components/ui/filter-chips";
import { FACET_FIELDS } from "@/lib/directory/fields";
import { directoryHref } from "@/lib/directory/search-params";
import { clearFilters, type DirectoryState, toggleValue } from "@/lib/directory/view-state";
import { formatMarketCap } from "@/lib/format";
import { type FilterProps, facetLabel, sectionLabel } from "./facet-panel";

/** The directory's filters that are on, as chips (the last one gone, the focus goes to the search box). */
export const ActiveFilters = memo(function ActiveFilters({ state, data, onChange }: FilterProps) {
  const chips: FilterChip<DirectoryState>[] = [];
  for (const field of FACET_FIELDS)
    for (const value of state.filters[field] ?? []) {
      const server = data?.facets?.[field]?.find((f) => f.value === value)?.label;
      chips.push({
        key: `${field}:${value}`,
        label: `${sectionLabel(field)}: ${facetLabel(field, value, server)}`,
        without: toggleValue(state, field, value),
      });
    }
  for (const field of ["marketCap", "datasets"] as const)
    for (const value of state[field])
      chips.push({
        key: `${field}:${value}`,
        label: `${sectionLabel(field)}: ${facetLabel(field, value)}`,
        without: toggleValue(state, field, value),
      });
  if (state.minMarketCap !== undefined)
    chips.push({
      key: "min",
      label: `Market cap ≥ ${formatMarketCap(state.minMarketCap)}`,
      without: { ...state, minMarketCap: undefined },
    });
  if (state.maxMarketCap !== undefined)
    chips.push({
      key: "max",
      label: `Market cap ≤ ${formatMarketCap(state.maxMarketCap)}`,
      without: { ...state, maxMarketCap: undefined },
    });
  return (
    <FilterChips
      chips={chips}
      withoutAll={clearFilters(state)}
      hrefOf={directoryHref}
      apply={onChange}
      focusAfterLast={() => document.getElementById("directory-q")}
    />
  );
});
