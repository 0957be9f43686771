"use client";

import { type FilterChip, FilterChips } from "@/components/ui/filter-chips";
import {
  capModeOf,
  DEFAULT_FEED_STATE,
  describeCapFilter,
  describeImportance,
  describeRange,
  describeRelative,
  type FeedState,
  isDefaultImportance,
  withoutFilters,
} from "@/lib/news/feed-state";
import { feedHref } from "@/lib/news/search-params";
import { EVENT_TYPE_LABELS } from "@/lib/upstream/vocabulary";

/** The feed's filters that differ from the API defaults, as chips (the last one gone, the focus goes to the filters' heading). */
export function ActiveFilters({
  state,
  today,
  companyName,
  onChange,
}: {
  state: FeedState;
  /** The feed's today (for the links' relative dates). */
  today: string;
  companyName: string | undefined;
  onChange: (patch: Partial<FeedState>) => void;
}) {
  const chips: FilterChip<Partial<FeedState>>[] = [];
  if (state.range)
    chips.push({
      key: "dates",
      label: state.relative ? describeRelative(state.relative) : `Dates ${describeRange(state.range)}`,
      without: { range: null },
    });
  if (!isDefaultImportance(state.importance))
    chips.push({
      key: "importance",
      label: describeImportance(state.importance).replace(/^i/, "I"),
      without: { importance: DEFAULT_FEED_STATE.importance },
    });
  if (state.eventTypes.length > 0)
    chips.push({
      key: "types",
      label: state.eventTypes.map((t) => EVENT_TYPE_LABELS[t]).join(", "),
      without: { eventTypes: [] },
    });
  if (state.company)
    chips.push({ key: "company", label: companyName ?? state.company, without: { company: null } });
  if (capModeOf(state) !== "default") {
    const label = describeCapFilter(state);
    chips.push({
      key: "cap",
      label: label.charAt(0).toUpperCase() + label.slice(1),
      note: state.company ? "not applied with a company" : undefined,
      without: { minMarketCap: undefined, maxMarketCap: undefined, sizes: [] },
    });
  }
  return (
    <FilterChips
      chips={chips}
      withoutAll={withoutFilters(state)}
      hrefOf={(patch) => feedHref({ ...state, ...patch }, today)}
      apply={onChange}
      focusAfterLast={() => document.getElementById("feed-filters-heading")}
      className="mt-3 print:hidden"
    />
  );
}

/** Placeholder cards while the first page loads (only when the server could not prefetch it). */
export function FeedSkeleton() {
  return (
    <div aria-busy="true" aria-live="polite">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">Loading stories…</p>
      <ul className="space-y-3" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="h-36 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800/60" />
        ))}
      </ul>
    </div>
  );
}
