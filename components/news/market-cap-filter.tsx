"use client";

import { type FormEvent, useId, useState } from "react";
import { parseCapBounds, toBillionsText } from "@/lib/cap-bounds";
import {
  capModeOf,
  chosenSizes,
  describeCapFilter,
  FEED_SIZE_LABELS,
  FEED_SIZES,
  type FeedSize,
  type FeedState,
} from "@/lib/news/feed-state";
import { DEFAULT_MIN_MARKET_CAP } from "@/lib/upstream/vocabulary";
import { FilterGroup, inputClass, linkButtonClass } from "./filter-parts";

const BOUND_FIELDS = [
  { bound: "min", label: "Min ($B)", placeholder: "1 (default)" },
  { bound: "max", label: "Max ($B)", placeholder: "none" },
] as const;

type CapState = Pick<FeedState, "minMarketCap" | "maxMarketCap" | "sizes">;

/**
 * Company size: one or more of the five sizes (all five is no floor), or custom bounds; none of
 * them is the API's $1B floor. With a company chosen they do not apply (the API returns that
 * company's news whatever its size): shown disabled, with the reason, and kept for later.
 */
export function MarketCapFilter({
  value,
  companyChosen,
  onChange,
}: {
  value: CapState;
  companyChosen: boolean;
  onChange: (value: CapState) => void;
}) {
  const id = useId();
  const { minMarketCap: min, maxMarketCap: max } = value;
  const mode = capModeOf(value);
  const chosen = chosenSizes(value);
  const [customOpen, setCustomOpen] = useState(mode === "custom");
  const [draft, setDraft] = useState({ min: toBillionsText(min), max: toBillionsText(max) });
  const [error, setError] = useState<string | null>(null);
  // Bounds changed from outside ("reset", a suggestion, a size): follow them.
  const [seen, setSeen] = useState({ min, max });
  if (seen.min !== min || seen.max !== max) {
    setSeen({ min, max });
    setCustomOpen(mode === "custom");
    setDraft({ min: toBillionsText(min), max: toBillionsText(max) });
  }
  const showCustom = customOpen || mode === "custom";

  const applyCustom = (event?: FormEvent) => {
    event?.preventDefault();
    const bounds = parseCapBounds(draft.min, draft.max);
    if (!bounds.ok) return setError(bounds.message);
    setError(null);
    onChange({ minMarketCap: bounds.min, maxMarketCap: bounds.max, sizes: [] });
  };

  const toggle = (size: FeedSize, on: boolean) => {
    const base = mode === "custom" ? [] : chosen;
    const sizes = on ? [...base, size] : base.filter((s) => s !== size);
    setCustomOpen(false);
    setError(null);
    // Every size is no floor (normalized to minMarketCap=0); none is the API's default.
    onChange({ minMarketCap: undefined, maxMarketCap: undefined, sizes });
  };

  return (
    <FilterGroup
      legend="Market cap"
      disabled={companyChosen}
      hint={
        companyChosen
          ? "Not applied while a company is chosen: the feed shows that company's news whatever its size."
          : `Now: ${describeCapFilter(value)}. With no size chosen, the API keeps companies of $1B and up.`
      }
    >
      <div className="space-y-0.5">
        {FEED_SIZES.map((size) => (
          <label key={size} className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm">
            <input
              type="checkbox"
              checked={mode !== "custom" && chosen.includes(size)}
              onChange={(e) => toggle(size, e.target.checked)}
              className="size-4 accent-brand-600"
            />
            {FEED_SIZE_LABELS[size]}
          </label>
        ))}
      </div>
      <div className="flex flex-wrap gap-x-3 gap-y-1">
        {mode !== "default" && (
          <button
            type="button"
            className={linkButtonClass}
            onClick={() => {
              setCustomOpen(false);
              setError(null);
              onChange({ minMarketCap: undefined, maxMarketCap: undefined, sizes: [] });
            }}
          >
            $1B and up (default)
          </button>
        )}
        {!showCustom && (
          <button
            type="button"
            className={linkButtonClass}
            aria-controls={`${id}-custom`}
            aria-expanded={false}
            onClick={() => {
              setCustomOpen(true);
              setDraft({ min: toBillionsText(min ?? DEFAULT_MIN_MARKET_CAP), max: toBillionsText(max) });
            }}
          >
            Custom bounds…
          </button>
        )}
      </div>
      {showCustom && (
        <form
          id={`${id}-custom`}
          onSubmit={applyCustom}
          className="space-y-2"
          aria-label="Custom market cap bounds"
        >
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
