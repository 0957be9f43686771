"use client";

import { Fragment, memo, useId, useMemo, useRef, useState } from "react";
import { useRemovalFocus } from "@/components/ui/use-removal-focus";
import type { DirectoryPage } from "@/lib/api-types";
import { parseCapBounds, toBillionsText } from "@/lib/cap-bounds";
import type { FacetCount } from "@/lib/directory/company-index";
import { CAP_BUCKETS, type FacetField } from "@/lib/directory/fields";
import { clearField, type DirectoryState, type StateEditor, toggleValue } from "@/lib/directory/view-state";
import { formatCount } from "@/lib/format";
import {
  COMPANY_STATUS_LABELS,
  COMPANY_TYPE_LABELS,
  DATASET_LABELS,
  labelOf,
  SECURITY_TYPE_LABELS,
  TRADING_STATUS_LABELS,
} from "@/lib/upstream/vocabulary";

type SectionField = FacetField | "datasets" | "marketCap";

/** `noun`: what its search box finds ("Find an industry"). */
const SECTIONS: { field: SectionField; label: string; noun?: string; open?: boolean; hint?: string }[] = [
  { field: "marketCap", label: "Market cap", open: true },
  { field: "sector", label: "Sector", noun: "a sector", open: true },
  { field: "industryGroup", label: "Industry group", noun: "an industry group" },
  { field: "industry", label: "Industry", noun: "an industry" },
  { field: "subIndustry", label: "Sub-industry", noun: "a sub-industry" },
  { field: "region", label: "HQ region", noun: "a region", open: true },
  { field: "country", label: "HQ country", noun: "a country" },
  { field: "domicile", label: "Legal domicile", noun: "a country of domicile" },
  { field: "exchange", label: "Exchange", noun: "an exchange" },
  { field: "companyType", label: "Company type", noun: "a company type" },
  { field: "companyStatus", label: "Company status" },
  { field: "tradingStatus", label: "Trading status" },
  { field: "securityType", label: "Security type", noun: "a security type" },
  { field: "reportingCurrency", label: "Reporting currency", noun: "a currency" },
  { field: "tradingCurrency", label: "Trading currency", noun: "a currency" },
  { field: "datasets", label: "Datasets", noun: "a dataset", hint: "Companies with every dataset ticked." },
];

const VOCABULARY: Partial<Record<SectionField, Record<string, string>>> = {
  companyType: COMPANY_TYPE_LABELS,
  companyStatus: COMPANY_STATUS_LABELS,
  tradingStatus: TRADING_STATUS_LABELS,
  securityType: SECURITY_TYPE_LABELS,
  datasets: DATASET_LABELS,
};

let regionNames: Intl.DisplayNames | undefined;
/** The label of a value: the server's (country and exchange names), else the vocabulary's. */
export function facetLabel(field: SectionField, value: string, serverLabel?: string): string {
  if (field === "marketCap")
    return value === "none" ? "Not available" : (CAP_BUCKETS.find((b) => b.id === value)?.label ?? value);
  const vocabulary = VOCABULARY[field];
  if (vocabulary) return labelOf(vocabulary, value);
  if (serverLabel && serverLabel !== value) return serverLabel;
  if ((field === "country" || field === "domicile") && /^[A-Z]{2}$/.test(value)) {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    return regionNames.of(value) ?? value;
  }
  return value;
}

export function sectionLabel(field: SectionField): string {
  return SECTIONS.find((s) => s.field === field)?.label ?? field;
}

function countsOf(field: SectionField, data: DirectoryPage | undefined): FacetCount[] {
  if (!data) return [];
  if (field === "datasets") return data.datasets ?? [];
  if (field === "marketCap") return data.marketCap ?? [];
  return data.facets?.[field] ?? [];
}

function selectedOf(state: DirectoryState, field: SectionField): string[] {
  return field === "datasets" || field === "marketCap" ? state[field] : (state.filters[field] ?? []);
}

const SHOWN = 8;

function FacetSection({
  field,
  label,
  noun,
  hint,
  counts,
  selected,
  defaultOpen,
  onToggle,
  onClear,
  children,
}: {
  field: SectionField;
  label: string;
  noun: string;
  hint?: string;
  counts: FacetCount[];
  selected: string[];
  defaultOpen: boolean;
  onToggle: (value: string) => void;
  onClear: () => void;
  children?: React.ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen || selected.length > 0);
  const [all, setAll] = useState(false);
  const [filter, setFilter] = useState("");
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // Clear takes itself away: the focus goes to the section's heading.
  const { removing } = useRemovalFocus(() => toggle.current);
  const options = useMemo(() => {
    const byValue = new Map(counts.map((c) => [c.value, c]));
    // Selected values stay listed (with 0) even when the other filters leave none of them.
    const pinned = selected.map((value) => byValue.get(value) ?? { value, label: value, count: 0 });
    const rest = counts.filter((c) => !selected.includes(c.value));
    const ordered =
      field === "marketCap" ? counts.map((c) => byValue.get(c.value) ?? c) : [...pinned, ...rest];
    const needle = filter.trim().toLowerCase();
    return needle
      ? ordered.filter(
          (c) =>
            facetLabel(field, c.value, c.label).toLowerCase().includes(needle) ||
            c.value.toLowerCase().includes(needle),
        )
      : ordered;
  }, [counts, selected, filter, field]);
  const shown = all || filter ? options : options.slice(0, Math.max(SHOWN, selected.length));
  return (
    <section className="border-b border-slate-200 py-2 dark:border-slate-800" aria-labelledby={`${id}-h`}>
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-h`} className="min-w-0 flex-1">
          <button
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-body`}
            onClick={() => setOpen(!open)}
            className="flex w-full items-center gap-1.5 rounded py-1 text-left text-sm font-semibold"
          >
            <span
              aria-hidden="true"
              className={`inline-block text-[10px] text-slate-500 transition-transform ${open ? "rotate-90" : ""}`}
            >
              ▶
            </span>
            {label}
            {selected.length > 0 && (
              <span className="rounded-full bg-brand-600 px-1.5 text-[11px] font-semibold text-white">
                {selected.length}
              </span>
            )}
          </button>
        </h3>
        {selected.length > 0 && (
          <button
            type="button"
            onClick={(event) => {
              removing(event.currentTarget);
              onClear();
            }}
            className="rounded px-1 text-xs font-medium text-brand-700 hover:underline dark:text-brand-100"
            aria-label={`Clear ${label}`}
          >
            Clear
          </button>
        )}
      </div>
      {open && (
        <div id={`${id}-body`} className="mt-1 space-y-1">
          {hint && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
          {options.length > 12 && (
            <input
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder={`Find ${noun}`}
              aria-label={`Find ${noun}`}
              className="mb-1 w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
            />
          )}
          {options.length === 0 && (
            <p className="text-xs text-slate-500 dark:text-slate-400">No values in these results.</p>
          )}
          <ul className="space-y-0.5">
            {shown.map((option) => {
              const checked = selected.includes(option.value);
              const text = facetLabel(field, option.value, option.label);
              return (
                <li key={option.value}>
                  <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => onToggle(option.value)}
                      className="size-3.5 shrink-0 accent-brand-600"
                    />
                    <span className="min-w-0 flex-1 truncate" title={text}>
                      {text}
                    </span>
                    <span
                      className={`shrink-0 text-xs tabular-nums ${option.count === 0 ? "text-slate-400 dark:text-slate-500" : "text-slate-500 dark:text-slate-400"}`}
                    >
                      {formatCount(option.count)}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          {!filter && options.length > shown.length && (
            <button
              type="button"
              onClick={() => setAll(true)}
              className="text-xs font-medium text-brand-700 hover:underline dark:text-brand-100"
            >
              Show all {options.length}
            </button>
          )}
          {all && !filter && options.length > SHOWN && (
            <button
              type="button"
              onClick={() => setAll(false)}
              className="text-xs font-medium text-brand-700 hover:underline dark:text-brand-100"
            >
              Show fewer
            </button>
          )}
          {children}
        </div>
      )}
    </section>
  );
}

const RANGE_FIELDS = [
  { bound: "min", label: "Minimum market cap in billions of USD", placeholder: "Min" },
  { bound: "max", label: "Maximum market cap in billions of USD", placeholder: "Max" },
] as const;

/** Custom market-cap bounds in billions of USD, applied on Enter or with the button. */
function CapRange({ state, onChange }: StateEditor) {
  const [draft, setDraft] = useState({
    min: toBillionsText(state.minMarketCap),
    max: toBillionsText(state.maxMarketCap),
  });
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      className="mt-2 space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        const bounds = parseCapBounds(draft.min, draft.max);
        if (!bounds.ok) return setError(bounds.message);
        setError(null);
        onChange({ ...state, minMarketCap: bounds.min, maxMarketCap: bounds.max });
      }}
    >
      <p className="text-xs text-slate-500 dark:text-slate-400">Custom range, billions of USD</p>
      <div className="flex items-center gap-1.5">
        {RANGE_FIELDS.map((field) => (
          <Fragment key={field.bound}>
            {field.bound === "max" && <span aria-hidden="true">–</span>}
            <label className="sr-only" htmlFor={`${id}-${field.bound}`}>
              {field.label}
            </label>
            <input
              id={`${id}-${field.bound}`}
              inputMode="decimal"
              value={draft[field.bound]}
              onChange={(e) => setDraft({ ...draft, [field.bound]: e.target.value })}
              placeholder={field.placeholder}
              className="w-16 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900"
            />
          </Fragment>
        ))}
        <button
          type="submit"
          className="rounded bg-slate-200 px-2 py-1 text-xs font-medium hover:bg-slate-300 dark:bg-slate-700 dark:hover:bg-slate-600"
        >
          Apply
        </button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
    </form>
  );
}

/** What the filter controls are given: the view, how to replace it, and the page shown (its facets). */
export type FilterProps = StateEditor & { data: DirectoryPage | undefined };

/** Every facet of the directory with its counts under the other filters. */
export const FacetPanel = memo(function FacetPanel({ state, data, onChange }: FilterProps) {
  const capKey = `${state.minMarketCap}-${state.maxMarketCap}`;
  return (
    <div>
      {SECTIONS.map(({ field, label, noun, open, hint }) => {
        const selected = selectedOf(state, field);
        return (
          <FacetSection
            key={field}
            field={field}
            label={label}
            noun={noun ?? `a ${label.toLowerCase()}`}
            hint={hint}
            counts={countsOf(field, data)}
            selected={selected}
            defaultOpen={Boolean(open)}
            onToggle={(value) => onChange(toggleValue(state, field, value))}
            onClear={() => onChange(clearField(state, field))}
          >
            {field === "marketCap" && <CapRange key={capKey} state={state} onChange={onChange} />}
          </FacetSection>
        );
      })}
    </div>
  );
});
