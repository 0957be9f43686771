"use client";

import { EVENT_TYPE_LABELS, EVENT_TYPES, type EventType } from "@/lib/upstream/vocabulary";
import { swatchOf } from "./event-colors";
import { FilterGroup, linkButtonClass } from "./filter-parts";

/** Several event types at once; none ticked means every type (the API default). */
export function EventTypeFilter({
  value,
  onChange,
}: {
  value: readonly EventType[];
  onChange: (value: EventType[]) => void;
}) {
  const selected = new Set(value);
  const toggle = (type: EventType, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(type);
    else next.delete(type);
    onChange(EVENT_TYPES.filter((t) => next.has(t)));
  };
  return (
    <FilterGroup
      legend="Event types"
      hint={
        value.length === 0
          ? "None ticked: every event type."
          : `${value.length} of ${EVENT_TYPES.length} ticked.`
      }
    >
      <div className="flex justify-end">
        <button
          type="button"
          className={linkButtonClass}
          disabled={value.length === 0}
          onClick={() => onChange([])}
        >
          Clear (every type)
        </button>
      </div>
      <ul className="flex flex-wrap gap-1.5">
        {EVENT_TYPES.map((type) => (
          <li key={type}>
            <label className="flex cursor-pointer items-center gap-1.5 rounded-full py-1 pr-2.5 pl-1.5 text-xs ring-1 ring-inset ring-slate-200 hover:bg-slate-100 has-checked:bg-brand-50 has-checked:ring-brand-500 dark:ring-slate-700 dark:hover:bg-slate-800 dark:has-checked:bg-slate-800 dark:has-checked:ring-brand-100">
              <input
                type="checkbox"
                checked={selected.has(type)}
                onChange={(e) => toggle(type, e.target.checked)}
                className="size-3.5 accent-brand-600"
              />
              <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${swatchOf(type)}`} />
              <span>{EVENT_TYPE_LABELS[type]}</span>
            </label>
          </li>
        ))}
      </ul>
    </FilterGroup>
  );
}
