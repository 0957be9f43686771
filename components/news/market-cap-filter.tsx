"use client";

import { type FormEvent, useId, useState } from "react";
import { parseCapBounds, toBillionsText } from "@/lib/cap-bounds";
import { CAP_PRESETS, capPresetOf, describeMarketCap } from "@/lib/news/feed-state";
import { DEFAULT_MIN_MARKET_CAP } from "@/lib/upstream/vocabulary";
import { FilterGroup, inputClass } from "./filter-parts";

const BOUND_FIELDS = [
  { bound: "min", label: "Min ($B)", placeholder: "1 (default)" },
  { bound: "max", label: "Max ($B)", placeholder: "none" },
] as const;

/**
 * Market-cap bounds with presets. With a company chosen they do not apply (the API returns that
 * company's news whatever its size): shown disabled, with the reason, and kept for later.
 */
export function MarketCapFilter({
  min,
  max,
  companyChosen,
  onChange,
}: {
  min: number | undefined;
  max: number | undefined;
  companyChosen: boolean;
  onChange: (min: number | undefined, max: number | undefined) => void;
}) {
  const id = useId();
  const preset = capPresetOf(min, max);
  const [customOpen, setCustomOpen] = useState(preset === "custom");
  const [draft, setDraft] = useState({ min: toBillionsText(min), max: toBillionsText(max) });
  const [error, setError] = useState<string | null>(null);
  // Bounds changed from outside (a preset, "reset", a suggestion): follow them.
  const [seen, setSeen] = useState({ min, max });
  if (seen.min !== min || seen.max !== max) {
    setSeen({ min, max });
    setCustomOpen(preset === "custom");
    setDraft({ min: toBillionsText(min), max: toBillionsText(max) });
  }
  const showCustom = customOpen || preset === "custom";

  const applyCustom = (event?: FormEvent) => {
    event?.preventDefault();
    const bounds = parseCapBounds(draft.min, draft.max);
    if (!bounds.ok) return setError(bounds.message);
    setError(null);
    onChange(bounds.min, bounds.max);
  };

  return (
    <FilterGroup
      legend="Market cap"
      disabled={companyChosen}
      hint={
        companyChosen
          ? "Not applied while a company is chosen: the feed shows that company's news whatever its size."
          : `Now: ${describeMarketCap(min, max)}. With no floor set, the API keeps companies of $1B and up.`
      }
    >
      <div role="radiogroup" aria-label="Market cap preset" className="space-y-0.5">
        {CAP_PRESETS.map((p) => (
          <label key={p.id} className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm">
            <input
              type="radio"
              name={`${id}-preset`}
              checked={!showCustom && preset === p.id}
              onChange={() => {
                setCustomOpen(false);
                setError(null);
                setDraft({ min: toBillionsText(p.min), max: toBillionsText(p.max) });
                onChange(p.min, p.max);
              }}
              className="size-4 accent-brand-600"
            />
            {p.label}
          </label>
        ))}
        <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm">
          <input
            type="radio"
            name={`${id}-preset`}
            checked={showCustom}
            onChange={() => {
              setCustomOpen(true);
              setDraft({ min: toBillionsText(min ?? DEFAULT_MIN_MARKET_CAP), max: toBillionsText(max) });
            }}
            className="size-4 accent-brand-600"
          />
          Custom bounds
        </label>
      </div>
      {showCustom && (
        <form onSubmit={applyCustom} className="space-y-2" aria-label="Custom market cap bounds">
          <div className="grid grid-cols-2 gap-2">
            {BOUND_FIELDS.map((field) => (
              <label key={field.bound} className="text-xs text-slate-600 dark:text-slate-400">
                {field.label}
                <input
                  inputMode="decimal"
                  className={`${inputClass} mt-1`}
                  value={draft[field.bound]}
                  placeholder={field.placeholder}
                  onChange={(e) => setDraft({ ...draft, [field.bound]: e.target.value })}
                />
              </label>
            ))}
          </div>
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-3 py-1 text-xs font-medium text-white hover:bg-brand-700 dark:bg-brand-500"
          >
            Apply bounds
          </button>
          <p role="alert" className="text-xs text-rose-700 empty:hidden dark:text-rose-300">
            {error}
          </p>
        </form>
      )}
    </FilterGroup>
  );
}
