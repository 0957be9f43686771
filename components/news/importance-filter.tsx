"use client";

import { useId } from "react";
import { Segmented } from "@/components/ui/segmented";
import {
  DEFAULT_IMPORTANCE,
  type ImportanceFilter as Importance,
  type ImportanceRange,
  LEVELS,
  type Level,
} from "@/lib/news/feed-state";
import { FilterGroup, inputClass } from "./filter-parts";
import { importanceLabel } from "./importance";

function LevelSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Level;
  onChange: (level: Level) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs text-slate-600 dark:text-slate-400">
        {label}
      </label>
      <select
        id={id}
        className={`${inputClass} mt-1`}
        value={value}
        onChange={(e) => onChange(Number(e.target.value) as Level)}
      >
        {LEVELS.map((level) => (
          <option key={level} value={level}>
            {level} · {importanceLabel(level)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Importance as a range or as one exact level: never both, as the API requires. `fallback`: the
 * range that applies by default (the top news: 1–2; a company's news: every level), which the
 * Range choice returns to.
 */
export function ImportanceFilter({
  value,
  onChange,
  fallback = DEFAULT_IMPORTANCE,
}: {
  value: Importance;
  onChange: (value: Importance) => void;
  fallback?: ImportanceRange;
}) {
  const id = useId();
  return (
    <FilterGroup
      legend="Importance"
      hint={`1 is most material, 5 least. The default is ${fallback.min}–${fallback.max}. A range or an exact level, not both.`}
    >
      <Segmented
        name={`${id}-kind`}
        label="Importance filter kind"
        value={value.kind}
        options={[
          { value: "range", label: "Range" },
          { value: "exact", label: "Exact level" },
        ]}
        onChange={(kind) =>
          onChange(
            kind === "range"
              ? fallback
              : { kind: "exact", level: value.kind === "range" ? value.min : value.level },
          )
        }
      />
      {value.kind === "range" ? (
        <div className="grid grid-cols-1 gap-2">
          <LevelSelect
            label="From (most material)"
            value={value.min}
            onChange={(min) => onChange({ kind: "range", min, max: Math.max(value.max, min) as Level })}
          />
          <LevelSelect
            label="To (least material)"
            value={value.max}
            onChange={(max) => onChange({ kind: "range", min: Math.min(value.min, max) as Level, max })}
          />
        </div>
      ) : (
        <LevelSelect
          label="Level"
          value={value.level}
          onChange={(level) => onChange({ kind: "exact", level })}
        />
      )}
    </FilterGroup>
  );
}
