"use client";

import { useState } from "react";
import { useDebouncedCallback } from "@/lib/client/debounce";
import { addDays, daysBetween, isIsoDate } from "@/lib/dates";
import {
  type DateRange,
  defaultRange,
  MAX_RANGE_DAYS,
  type RelativeRange,
  resolveRelative,
} from "@/lib/news/feed-state";
import { chipButtonClass, FilterGroup, inputClass } from "./filter-parts";

/** The presets stay relative (the URL says `range=today`, not the date); null is the default 7 days. */
const PRESETS: { label: string; relative: RelativeRange | null }[] = [
  { label: "Today", relative: "today" },
  { label: "Last 3 days", relative: "3d" },
  { label: "Last 7 days", relative: null },
];

/**
 * The UTC date range, at most 7 days. Moving one end past the limit moves the other end with it,
 * and says so, rather than letting the API refuse the range. Dates typed in are fixed dates.
 */
export function DateFilter({
  range,
  relative,
  today,
  onChange,
}: {
  /** The explicit range, or null for the API default (the latest 7 days). */
  range: DateRange | null;
  relative: RelativeRange | null;
  today: string;
  onChange: (patch: { range: DateRange | null; relative: RelativeRange | null }) => void;
}) {
  const [adjusted, setAdjusted] = useState<string | null>(null);
  const shown = range ?? defaultRange(today);

  const set = (next: DateRange, message: string | null) => {
    setAdjusted(message);
    onChange({ range: next, relative: null });
  };

  const changeStart = (value: string) => {
    if (!isIsoDate(value)) return;
    let end = shown.end < value ? value : shown.end;
    let message: string | null = null;
    if (daysBetween(value, end) > MAX_RANGE_DAYS) {
      end = addDays(value, MAX_RANGE_DAYS - 1);
      message = `End date moved to ${end} to stay within ${MAX_RANGE_DAYS} days.`;
    }
    set({ start: value, end }, message);
  };

  const changeEnd = (value: string) => {
    if (!isIsoDate(value)) return;
    let start = shown.start > value ? value : shown.start;
    let message: string | null = null;
    if (daysBetween(start, value) > MAX_RANGE_DAYS) {
      start = addDays(value, -(MAX_RANGE_DAYS - 1));
      message = `Start date moved to ${start} to stay within ${MAX_RANGE_DAYS} days.`;
    }
    set({ start, end: value }, message);
  };

  return (
    <FilterGroup
      legend="Dates (UTC)"
      hint={`The feed covers at most ${MAX_RANGE_DAYS} days at a time; the default is the latest ${MAX_RANGE_DAYS}.`}
    >
      <div className="flex flex-wrap gap-1.5">
        {PRESETS.map((preset) => {
          const pressed = preset.relative ? relative === preset.relative : range === null;
          return (
            <button
              key={preset.label}
              type="button"
              aria-pressed={pressed}
              className={chipButtonClass}
              onClick={() => {
                setAdjusted(null);
                onChange(
                  preset.relative
                    ? { range: resolveRelative(preset.relative, today), relative: preset.relative }
                    : { range: null, relative: null },
                );
              }}
            >
              {preset.label}
            </button>
          );
        })}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <DateField label="From" value={shown.start} today={today} onCommit={changeStart} />
        <DateField label="To" value={shown.end} today={today} onCommit={changeEnd} />
      </div>
      <p aria-live="polite" className="text-xs text-amber-800 empty:hidden dark:text-amber-200">
        {adjusted}
      </p>
    </FilterGroup>
  );
}

/** How long a date being typed holds still before it applies (a day typed "1", "8" is the 18th). */
const SETTLE_MS = 700;

/**
 * One end of the range. Chromium's date field reports a date at every keystroke that makes one
 * (typing "18" gives the 1st, then the 18th), so a typed date applies once it holds still, or at
 * Enter or when the field is left: one change of the range, one history entry, one request.
 */
function DateField({
  label,
  value,
  today,
  onCommit,
}: {
  label: string;
  value: string;
  today: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const apply = (next: string) => {
    setDraft(null);
    if (next !== value) onCommit(next);
  };
  const settle = useDebouncedCallback(apply, SETTLE_MS);
  const now = () => {
    settle.cancel();
    if (draft !== null) apply(draft);
  };
  return (
    <label className="text-xs text-slate-600 dark:text-slate-400">
      {label}
      <input
        type="date"
        className={`${inputClass} mt-1`}
        value={draft ?? value}
        max={today}
        required
        onChange={(e) => {
          setDraft(e.target.value);
          settle(e.target.value);
        }}
        onBlur={now}
        onKeyDown={(e) => {
          if (e.key === "Enter") now();
        }}
      />
    </label>
  );
}
