"use client";

import { memo } from "react";
import { directoryHref } from "@/app/companies/search-params";
import { RemoveLink, useRemoveLinks } from "@/components/ui/remove-link";
import { FACET_FIELDS } from "@/lib/directory/fields";
import { clearFilters, type DirectoryState, toggleValue } from "@/lib/directory/view-state";
import { formatMarketCap } from "@/lib/format";
import { type FilterProps, facetLabel, sectionLabel } from "./facet-panel";

/**
 * The filters that are on, each removable, and "clear all": links to the view without them, so
 * they work without JavaScript too; with it, the view changes in place.
 */
export const ActiveFilters = memo(function ActiveFilters({ state, data, onChange }: FilterProps) {
  // The last chip gone, the focus goes to the search box above.
  const { group, linkTo: go } = useRemoveLinks(
    () => document.getElementById("directory-q"),
    directoryHref,
    onChange,
  );
  const chips: { key: string; text: string; remove: DirectoryState }[] = [];
  for (const field of FACET_FIELDS)
    for (const value of state.filters[field] ?? []) {
      const server = data?.facets?.[field]?.find((f) => f.value === value)?.label;
      chips.push({
        key: `${field}:${value}`,
        text: `${sectionLabel(field)}: ${facetLabel(field, value, server)}`,
        remove: toggleValue(state, field, value),
      });
    }
  for (const field of ["marketCap", "datasets"] as const)
    for (const value of state[field])
      chips.push({
        key: `${field}:${value}`,
        text: `${sectionLabel(field)}: ${facetLabel(field, value)}`,
        remove: toggleValue(state, field, value),
      });
  if (state.minMarketCap !== undefined)
    chips.push({
      key: "min",
      text: `Market cap ≥ ${formatMarketCap(state.minMarketCap)}`,
      remove: { ...state, minMarketCap: undefined },
    });
  if (state.maxMarketCap !== undefined)
    chips.push({
      key: "max",
      text: `Market cap ≤ ${formatMarketCap(state.maxMarketCap)}`,
      remove: { ...state, maxMarketCap: undefined },
    });
  if (chips.length === 0) return null;
  return (
    <ul ref={group} aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <RemoveLink
            {...go(chip.remove)}
            data-removes=""
            aria-label={`Remove filter ${chip.text}`}
            className="inline-flex max-w-72 items-center gap-1.5 rounded-full bg-brand-50 py-1 pl-3 pr-2 text-sm text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100 dark:bg-slate-800 dark:text-brand-100 dark:ring-slate-600"
          >
            <span className="truncate">{chip.text}</span>
            {/* A drawn cross, not a "×" character: the link's spoken name must contain all its text. */}
            <svg aria-hidden="true" viewBox="0 0 10 10" className="size-2.5 shrink-0">
              <path d="M2 2l6 6M8 2l-6 6" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
          </RemoveLink>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <RemoveLink
            {...go(clearFilters(state))}
            className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
          >
            Clear all
          </RemoveLink>
        </li>
      )}
    </ul>
  );
});
