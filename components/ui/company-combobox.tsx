"use client";

import { queryOptions, useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, type ReactNode, type Ref, useId, useState } from "react";
import { CompanyLine } from "@/components/ui/company-line";
import { MarketCap } from "@/components/ui/market-cap";
import { describeError } from "@/components/ui/states";
import type { DirectoryPage, DirectoryRow } from "@/lib/api-types";
import { getJson, toSearch } from "@/lib/client/api";
import { useDebounced } from "@/lib/client/debounce";
import type { CompanyCard } from "@/lib/client/recent-companies";
import { formatCount } from "@/lib/format";

/** The directory's first eight matches for a picker (name, ticker or any identifier). */
export function companySearchOptions(q: string) {
  return queryOptions({
    queryKey: ["companies", "picker", q] as const,
    queryFn: ({ signal }) => getJson<DirectoryPage>(`/api/companies${toSearch({ q, pageSize: 8 })}`, signal),
    enabled: q.trim().length > 0,
    staleTime: 5 * 60_000,
  });
}

export const inputClass =
  "w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 disabled:cursor-not-allowed dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:[color-scheme:dark]";

/**
 * A search box over the directory that offers matching companies in a listbox (arrow keys,
 * Enter, Escape; focus stays in the input). `note` adds a word to an option (say, "already
 * compared"); `isDisabled` keeps an option from being chosen. `suggestions` fill the list while
 * the box is empty (the header's recently viewed companies); `inline` is the toolbar form, its
 * label for screen readers only and its messages floating below.
 */
export function CompanyCombobox<C extends CompanyCard = DirectoryRow>({
  label,
  onChoose,
  disabled = false,
  placeholder = "Name, ticker, ISIN, FIGI…",
  note,
  isDisabled,
  suggestions,
  inline = false,
  inputRef,
  name,
  onSubmitText,
}: {
  label: ReactNode;
  onChoose: (row: DirectoryRow | C) => void;
  disabled?: boolean;
  placeholder?: string;
  note?: (row: DirectoryRow | C) => string | null;
  isDisabled?: (row: DirectoryRow | C) => boolean;
  suggestions?: { label: string; rows: readonly C[] };
  inline?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The input's name in a form around the box: without JavaScript, Enter submits the form. */
  name?: string;
  /** Enter with no option to choose (none came yet, or none match): the text, and the box empties. */
  onSubmitText?: (text: string) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), 200);
  const search = useQuery(companySearchOptions(q));
  // While the box is empty the list holds the suggestions; once typed, the matches for the text.
  const typing = text.trim().length > 0;
  const rows: readonly (DirectoryRow | C)[] = typing
    ? q
      ? (search.data?.rows ?? [])
      : []
    : (suggestions?.rows ?? []);
  const showList = open && rows.length > 0;
  const listLabel = typing ? "Matching companies" : (suggestions?.label ?? "Matching companies");

  const choose = (row: DirectoryRow | C) => {
    if (isDisabled?.(row)) return;
    onChoose(row);
    setText("");
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      // A closed list opens on the highlighted option; an open one moves.
      if (showList)
        setActive((i) =>
          event.key === "ArrowDown" ? (i + 1) % rows.length : (i - 1 + rows.length) % rows.length,
        );
    } else if (event.key === "Enter") {
      const row = rows[active];
      if (showList && row) {
        event.preventDefault();
        choose(row);
      } else if (onSubmitText) {
        // Handled here rather than by the form around the box: a client navigation, and the box
        // empties instead of dropping its matches over the page it went to.
        event.preventDefault();
        if (!text.trim()) return;
        onSubmitText(text.trim());
        setText("");
        setOpen(false);
      }
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  };

  // In a toolbar the popup may be wider than its narrow box, kept inside the window.
  const popupPlace = inline ? "right-0 w-[min(24rem,calc(100vw-2rem))]" : "inset-x-0";
  const searched = typing ? q : "";
  let status = "";
  if (searched && search.isFetching && !search.data) status = "Searching…";
  else if (searched && search.isError) status = describeError(search.error);
  else if (searched && search.data && rows.length === 0) status = `No company matches “${searched}”.`;
  else if (searched && search.data?.progress.state === "syncing")
    status = `The directory is still indexing (${formatCount(search.data.progress.rows)} companies so far).`;

  return (
    <div className="relative">
      <label
        htmlFor={`${id}-input`}
        className={inline ? "sr-only" : "text-xs text-slate-600 dark:text-slate-400"}
      >
        {label}
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList ? `${id}-opt-${active}` : undefined}
        className={inline ? inputClass : `${inputClass} mt-1`}
        placeholder={placeholder}
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
        aria-label={listLabel}
        hidden={!showList}
        className={`absolute z-20 mt-1 max-h-80 ${popupPlace} overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900`}
      >
        {/* Options exist only while the list shows: a closed box keeps no copy of its rows in the page. */}
        {showList &&
          rows.map((row, index) => {
            const extra = note?.(row);
            const off = isDisabled?.(row) ?? false;
            return (
              // Options of a combobox keep focus in the input (aria-activedescendant); the keys are handled there.
              // biome-ignore lint/a11y/useFocusableInteractive: see above
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above
              <div
                key={row.companyKey}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={index === active}
                aria-disabled={off || undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(row)}
                onMouseEnter={() => setActive(index)}
                className={`flex items-center gap-2 px-2 py-1.5 text-sm ${off ? "cursor-default opacity-70" : "cursor-pointer"} ${index === active ? "bg-brand-50 dark:bg-slate-800" : ""}`}
              >
                <CompanyLine company={row} logoSize={22}>
                  {extra && ` · ${extra}`}
                </CompanyLine>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  <MarketCap value={row.marketCapUsd} />
                </span>
              </div>
            );
          })}
      </div>
      <p
        aria-live="polite"
        className={`mt-1 text-xs text-slate-600 empty:hidden dark:text-slate-400 ${inline ? `absolute z-20 ${popupPlace} rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900` : ""}`}
      >
        {open ? status : ""}
      </p>
    </div>
  );
}
