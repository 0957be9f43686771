"use client";

import { UpstreamText } from "@/components/ui/upstream-text";
import { useRemovalFocus } from "@/components/ui/use-removal-focus";
import { plainText } from "@/lib/format";
import {
  DEFAULT_FEED_STATE,
  describeImportance,
  describeMarketCap,
  describeRange,
  describeRelative,
  type FeedState,
  isDefaultImportance,
  withoutFilters,
} from "@/lib/news/feed-state";
import { EVENT_TYPE_LABELS } from "@/lib/upstream/vocabulary";

function Chip({
  label,
  note,
  onRemove,
}: {
  label: string;
  note?: string;
  onRemove: (control: HTMLButtonElement) => void;
}) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-0.5 pl-2.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">
      <UpstreamText className={note ? "line-through decoration-slate-400" : undefined}>{label}</UpstreamText>
      {note && <span className="text-slate-600 dark:text-slate-400">({note})</span>}
      <button
        type="button"
        data-removes=""
        onClick={(event) => onRemove(event.currentTarget)}
        aria-label={`Remove filter: ${plainText(label)}`}
        className="inline-flex size-5 items-center justify-center rounded-full hover:bg-slate-300 dark:hover:bg-slate-600"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/** The filters that differ from the API defaults, each removable, and a reset. */
export function ActiveFilters({
  state,
  companyName,
  onChange,
}: {
  state: FeedState;
  companyName: string | undefined;
  onChange: (patch: Partial<FeedState>) => void;
}) {
  // The last filter gone, the focus goes to the filters' heading.
  const { group, removing } = useRemovalFocus(() => document.getElementById("feed-filters-heading"));
  const remove = (patch: Partial<FeedState>) => (control: HTMLButtonElement) => {
    removing(control);
    onChange(patch);
  };
  const chips = [];
  if (state.range)
    chips.push(
      <Chip
        key="dates"
        label={state.relative ? describeRelative(state.relative) : `Dates ${describeRange(state.range)}`}
        onRemove={remove({ range: null })}
      />,
    );
  if (!isDefaultImportance(state.importance))
    chips.push(
      <Chip
        key="importance"
        label={describeImportance(state.importance).replace(/^i/, "I")}
        onRemove={remove({ importance: DEFAULT_FEED_STATE.importance })}
      />,
    );
  if (state.eventTypes.length > 0)
    chips.push(
      <Chip
        key="types"
        label={state.eventTypes.map((t) => EVENT_TYPE_LABELS[t]).join(", ")}
        onRemove={remove({ eventTypes: [] })}
      />,
    );
  if (state.company)
    chips.push(
      <Chip key="company" label={companyName ?? state.company} onRemove={remove({ company: null })} />,
    );
  if (state.minMarketCap !== undefined || state.maxMarketCap !== undefined) {
    const label = describeMarketCap(state.minMarketCap, state.maxMarketCap);
    chips.push(
      <Chip
        key="cap"
        label={label.charAt(0).toUpperCase() + label.slice(1)}
        note={state.company ? "not applied with a company" : undefined}
        onRemove={remove({ minMarketCap: undefined, maxMarketCap: undefined })}
      />,
    );
  }
  if (chips.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 print:hidden">
      <ul ref={group} aria-label="Active filters" className="flex flex-wrap gap-1.5">
        {chips}
      </ul>
      <button
        type="button"
        className="text-xs font-medium text-brand-600 hover:underline dark:text-sky-300"
        onClick={(event) => remove(withoutFilters(state))(event.currentTarget)}
      >
        Reset all
      </button>
    </div>
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
