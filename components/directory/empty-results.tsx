"use client";

import { EmptyState } from "@/components/ui/states";
import { activeFilterCount, clearFilters, type StateEditor } from "@/lib/directory/view-state";
import { formatCount } from "@/lib/format";

/** No results: what emptied them, and the ways to widen the search. */
export function EmptyResults({ state, onChange, beyond }: StateEditor & { beyond: number | null }) {
  const filters = activeFilterCount(state);
  const q = state.q.trim();
  const button =
    "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800";
  return (
    <EmptyState
      title={`No ${state.set === "default" ? "API-enabled " : ""}companies match ${
        q ? `“${q}”${filters ? " with these filters" : ""}` : "these filters"
      }`}
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
        {state.set === "default" && beyond !== null && beyond > 0 && (
          <button type="button" className={button} onClick={() => onChange({ ...state, set: "all" })}>
            Show the {beyond === 1 ? "one" : formatCount(beyond)} in the full universe
          </button>
        )}
      </div>
    </EmptyState>
  );
}
