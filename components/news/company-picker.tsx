"use client";

import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { CompanyLogo } from "@/components/ui/company-logo";
import { MarketCap } from "@/components/ui/market-cap";
import { describeError } from "@/components/ui/states";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { DirectoryRow } from "@/lib/server/directory";
import { FilterGroup, inputClass } from "./filter-parts";
import { companySearchOptions } from "./queries";

export interface PickedCompany {
  companyKey: string;
  name: string;
  ticker?: string;
  exchangeCode?: string;
  hasLogo: boolean;
}

export function pickedFromRow(row: DirectoryRow): PickedCompany {
  return {
    companyKey: row.companyKey,
    name: row.displayNameEnglish || row.companyKey,
    ticker: row.primaryListing.ticker,
    exchangeCode: row.primaryListing.exchangeCode,
    hasLogo: row.availableDatasets.includes("logos"),
  };
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * One company for the feed, found in the directory by name, ticker or identifier; the feed gets
 * the directory's canonical companyKey (the API refuses any other form).
 */
export function CompanyPicker({
  value,
  onChange,
}: {
  value: PickedCompany | null;
  onChange: (company: PickedCompany | null) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), 200);
  const search = useQuery(companySearchOptions(q));
  const rows = q ? (search.data?.rows ?? []) : [];
  const showList = open && q.length > 0 && rows.length > 0;

  const choose = (row: DirectoryRow) => {
    onChange(pickedFromRow(row));
    setText("");
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (rows.length > 0)
        setActive((i) =>
          event.key === "ArrowDown" ? (i + 1) % rows.length : (i - 1 + rows.length) % rows.length,
        );
    } else if (event.key === "Enter") {
      const row = rows[active];
      if (showList && row) {
        event.preventDefault();
        choose(row);
      }
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  };

  let status = "";
  if (q && search.isFetching && !search.data) status = "Searching…";
  else if (q && search.isError) status = describeError(search.error);
  else if (q && search.data && rows.length === 0) status = `No company matches “${q}”.`;
  else if (q && search.data?.progress.state === "syncing")
    status = `The directory is still indexing (${search.data.progress.rows.toLocaleString("en-US")} companies so far).`;

  return (
    <FilterGroup
      legend="Company"
      hintId={`${id}-hint`}
      hint="One company's news: the market-cap bounds do not apply to it."
    >
      {value && (
        <div className="flex items-center gap-2 rounded-md bg-brand-50 p-2 ring-1 ring-brand-100 dark:bg-slate-800 dark:ring-slate-600">
          <CompanyLogo companyKey={value.companyKey} name={value.name} hasLogo={value.hasLogo} size={24} />
          <div className="min-w-0 flex-1 text-sm leading-tight">
            <span className="block truncate font-medium">{value.name}</span>
            <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{value.companyKey}</span>
          </div>
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={`Remove the company filter (${value.name})`}
            className="rounded px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-700"
          >
            Remove
          </button>
        </div>
      )}
      <div className="relative">
        <label htmlFor={`${id}-input`} className="text-xs text-slate-600 dark:text-slate-400">
          {value ? "Switch to another company" : "Search by name, ticker or identifier"}
        </label>
        <input
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList ? `${id}-opt-${active}` : undefined}
          className={`${inputClass} mt-1`}
          placeholder="Name, ticker, ISIN, FIGI…"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Matching companies"
          hidden={!showList}
          className="absolute inset-x-0 z-20 mt-1 max-h-80 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {rows.map((row, index) => {
            const noNews = !row.availableDatasets.includes("news");
            return (
              // Options of a combobox keep focus in the input (aria-activedescendant); the keys are handled there.
              // biome-ignore lint/a11y/useFocusableInteractive: see above
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above
              <div
                key={row.companyKey}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(row)}
                onMouseEnter={() => setActive(index)}
                className={`flex cursor-pointer items-center gap-2 px-2 py-1.5 text-sm ${index === active ? "bg-brand-50 dark:bg-slate-800" : ""}`}
              >
                <CompanyLogo
                  companyKey={row.companyKey}
                  name={row.displayNameEnglish || row.companyKey}
                  hasLogo={row.availableDatasets.includes("logos")}
                  size={22}
                />
                <span className="min-w-0 flex-1 leading-tight">
                  <span className="block truncate">
                    <UpstreamText>{row.displayNameEnglish || row.companyKey}</UpstreamText>
                  </span>
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    <UpstreamText className="font-mono">{row.primaryListing.ticker}</UpstreamText> ·{" "}
                    <UpstreamText>{row.primaryListing.exchangeCode}</UpstreamText>
                    {noNews && " · no news coverage"}
                  </span>
                </span>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  <MarketCap value={row.marketCapUsd} />
                </span>
              </div>
            );
          })}
        </div>
        <p aria-live="polite" className="mt-1 text-xs text-slate-600 empty:hidden dark:text-slate-400">
          {open ? status : ""}
        </p>
      </div>
    </FilterGroup>
  );
}
