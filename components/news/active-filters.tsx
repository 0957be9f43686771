"use client";

import { feedHref } from "@/app/news/search-params";
import { RemoveLink, useRemoveLinks } from "@/components/ui/remove-link";
import { UpstreamText } from "@/components/ui/upstream-text";
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
  href,
  onRemove,
}: {
  label: string;
  note?: string;
  href: string;
  onRemove: (control: HTMLElement) => void;
}) {
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-0.5 pl-2.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">
      <UpstreamText className={note ? "line-through decoration-slate-400" : undefined}>{label}</UpstreamText>
      {note && <span className="text-slate-600 dark:text-slate-400">({note})</span>}
      <RemoveLink
        href={href}
        onRemove={onRemove}
        data-removes=""
        aria-label={`Remove filter: ${plainText(label)}`}
        className="inline-flex size-5 items-center justify-center rounded-full hover:bg-slate-300 dark:hover:bg-slate-600"
      >
        <span aria-hidden="true">×</span>
      </RemoveLink>
    </li>
  );
}

/** The filters that differ from the API defaults, each removable, and a reset. */
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
  // The last filter gone, the focus goes to the filters' heading.
  const { group, linkTo: without } = useRemoveLinks(
    () => document.getElementById("feed-filters-heading"),
    (patch: Partial<FeedState>) => feedHref({ ...state, ...patch }, today),
    onChange,
  );
  const chips = [];
  if (state.range)
    chips.push(
      <Chip
        key="dates"
        label={state.relative ? describeRelative(state.relative) : `Dates ${describeRange(state.range)}`}
        {...without({ range: null })}
      />,
    );
  if (!isDefaultImportance(state.importance))
    chips.push(
      <Chip
        key="importance"
        label={describeImportance(state.importance).replace(/^i/, "I")}
        {...without({ importance: DEFAULT_FEED_STATE.importance })}
      />,
    );
  if (state.eventTypes.length > 0)
    chips.push(
      <Chip
        key="types"
        label={state.eventTypes.map((t) => EVENT_TYPE_LABELS[t]).join(", ")}
        {...without({ eventTypes: [] })}
      />,
    );
  if (state.company)
    chips.push(<Chip key="company" label={companyName ?? state.company} {...without({ company: null })} />);
  if (state.minMarketCap !== undefined || state.maxMarketCap !== undefined) {
    const label = describeMarketCap(state.minMarketCap, state.maxMarketCap);
    chips.push(
      <Chip
        key="cap"
        label={label.charAt(0).toUpperCase() + label.slice(1)}
        note={state.company ? "not applied with a company" : undefined}
        {...without({ minMarketCap: undefined, maxMarketCap: undefined })}
      />,
    );
  }
  if (chips.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 print:hidden">
      <ul ref={group} aria-label="Active filters" className="flex flex-wrap gap-1.5">
        {chips}
      </ul>
      <RemoveLink
        {...without(withoutFilters(state))}
        className="text-xs font-medium text-brand-600 hover:underline dark:text-sky-300"
      >
        Reset all
      </RemoveLink>
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
