"use client";

import { useQueries } from "@tanstack/react-query";
import { type FeedState, type FilterId, relaxations, toApiParams } from "@/lib/news/feed-state";
import { stories } from "./feed-list";
import { feedCountOptions } from "./queries";

const FILTER_NAMES: Record<FilterId, string> = {
  company: "company",
  eventTypes: "event type",
  importance: "importance",
  marketCap: "market cap",
  dates: "date",
};

/**
 * No stories: asks the API how many each one-filter widening would find, names the filter that
 * emptied the feed when one alone did, and offers each widening as a button.
 */
export function EmptyFeed({
  state,
  onApply,
  onReset,
}: {
  state: FeedState;
  onApply: (state: FeedState) => void;
  onReset: () => void;
}) {
  const options = relaxations(state);
  const counts = useQueries({ queries: options.map((r) => feedCountOptions(toApiParams(r.state))) });
  const settled = counts.every((c) => !c.isPending);
  const helpful = options.filter((_, i) => (counts[i]?.data?.count ?? 0) > 0);

  let verdict = "Checking which filter emptied it…";
  if (settled) {
    const first = helpful[0];
    if (helpful.length === 1 && first) verdict = `The ${FILTER_NAMES[first.filter]} filter emptied it.`;
    else if (helpful.length > 1) verdict = "Widening any one of these filters finds stories:";
    else verdict = "Widening one filter alone finds nothing; reset the filters to start again.";
  }

  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-6 dark:border-slate-700">
      <p className="font-semibold">No stories match these filters.</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {verdict}
      </p>
      {options.length > 0 && (
        <ul className="mt-4 space-y-2">
          {options.map((option, i) => {
            const count = counts[i];
            const n = count?.data?.count;
            return (
              <li key={option.filter} className="flex flex-wrap items-center gap-3 text-sm">
                <button
                  type="button"
                  onClick={() => onApply(option.state)}
                  disabled={n === 0}
                  className="rounded-md bg-white px-3 py-1.5 font-medium text-brand-700 ring-1 ring-brand-100 hover:bg-brand-50 disabled:text-slate-500 disabled:ring-slate-200 dark:bg-slate-900 dark:text-sky-300 dark:ring-slate-600 dark:hover:bg-slate-800"
                >
                  Widen {FILTER_NAMES[option.filter]}: {option.label}
                </button>
                <span className="text-slate-600 dark:text-slate-400">
                  {count?.isPending
                    ? "counting…"
                    : count?.isError
                      ? "could not count"
                      : n === 0
                        ? "still no stories"
                        : stories(n ?? 0, count?.data?.known)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        onClick={onReset}
        className="mt-4 text-sm font-medium text-brand-600 hover:underline dark:text-sky-300"
      >
        Reset every filter
      </button>
    </div>
  );
}
