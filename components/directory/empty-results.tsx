"use client";

import { EmptyState } from "@/components/ui/states";
import { activeFilterCount, clearFilters, type StateEditor } from "@/lib/directory/view-state";

/** No results: what emptied them, and the ways to widen the search. */
export function EmptyResults({ state, onChange, allAvailable }: StateEditor & { allAvailable: boolean }) {
  const filters = activeFilterCount(state);
  const q = state.q.trim();
  const button =
    "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";
  return (
    <EmptyState
      title={
        q
          ? `No companies match “${q}”${filters ? " with these filters" : ""}`
          : "No companies match these filters"
      }
    >
      <p>
        Search by name (typos are forgiven), ticker, companyKey, or any identifier: ISIN, CUSIP, FIGI, CIK or
        fscl.
      </p>
      <div className="mt-3 flex flex-wrap justify-center gap-2">
        {filters > 0 && (
          <button type="button" className={button} onClick={() => onChange(clearFilters(state))}>
            Clear {filters === 1 ? "the filter" : `all ${filters} filters`}
          </button>
        )}
        {q && (
          <button type="button" className={button} onClick={() => onChange({ ...state, q: "" })}>
            Clear the search
          </button>
        )}
        {state.set === "default" && allAvailable && (
          <button type="button" className={button} onClick={() => onChange({ ...state, set: "all" })}>
            Search all 55,000 companies
          </button>
        )}
      </div>
    </EmptyState>
  );
}
