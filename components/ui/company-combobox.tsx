"use client";

import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useRef, useState } from "react";
import { CompanyLine } from "@/components/ui/company-line";
import { MarketCap } from "@/components/ui/market-cap";
import { describeError } from "@/components/ui/states";
import type { DirectoryPage, DirectoryRow } from "@/lib/api-types";
import { getJson, toSearch } from "@/lib/client/api";
import { useDebounced } from "@/lib/client/debounce";
import type { CompanyCard } from "@/lib/client/recent-companies";
import { MAX_QUERY_LENGTH } from "@/lib/directory/fields";
import { indexingText } from "@/lib/directory/progress-text";
import { NOT_API_ENABLED } from "@/lib/directory/sets";

/**
 * The first eight matches for a picker (name, ticker or any identifier) among every company the key
 * can see: the whole universe once its list is complete.
 */
export function companySearchOptions(q: string) {
  return queryOptions({
    queryKey: ["companies", "picker", q] as const,
    queryFn: ({ signal }) =>
      getJson<DirectoryPage>(
        `/api/companies${toSearch({ q, pageSize: 8, set: "any", facets: false })}`,
        signal,
      ),
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
  const typed = text.trim();
  const q = useDebounced(typed, 200);
  const search = useQuery(companySearchOptions(q));
  const client = useQueryClient();
  // An Enter waiting for its text's matches (see onKeyDown): typing on, Escape, leaving the box
  // or another Enter ends the wait; the choice then goes through the latest render's onChoose.
  const waiting = useRef(0);
  const chooseLatest = useRef<(row: DirectoryRow | C) => void>(() => {});
  useEffect(() => {
    chooseLatest.current = choose;
  });
  useEffect(
    () => () => {
      waiting.current++;
    },
    [],
  );
  // While the box is empty the list holds the suggestions; once typed, the matches for the text.
  const typing = typed.length > 0;
  const rows: readonly (DirectoryRow | C)[] = typing
    ? q
      ? (search.data?.rows ?? [])
      : []
    : (suggestions?.rows ?? []);
  // The matches still shown are an earlier text's (the search waits for typing to pause): Enter
  // does not take them.
  const stale = typing && q !== typed;
  const showList = open && rows.length > 0;
  // A shorter list may come after the highlight moved down it.
  const at = Math.min(active, Math.max(0, rows.length - 1));
  // An option's id names its company: a new list's first option is a new element to a screen
  // reader, which announces it (an id by place alone would stay the same, and say nothing).
  const optionId = (index: number) =>
    `${id}-opt-${index}-${encodeURIComponent(rows[index]?.companyKey ?? "")}`;
  // Matches of an earlier text are shown but not offered: Enter would not take them.
  const highlighted = showList && !stale ? at : -1;
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
      // A closed list opens on the highlighted option; an open one moves (not over an earlier
      // text's matches, which offer nothing to move to).
      if (highlighted >= 0)
        setActive(event.key === "ArrowDown" ? (at + 1) % rows.length : (at - 1 + rows.length) % rows.length);
    } else if (event.key === "Enter") {
      // The Enter that confirms an input method's word (Japanese, Chinese) is not a choice.
      if (event.nativeEvent.isComposing || event.keyCode === 229) return;
      const row = rows[at];
      if (showList && row && !stale) {
        event.preventDefault();
        choose(row);
      } else if (onSubmitText) {
        // Handled here rather than by the form around the box: a client navigation, and the box
        // empties instead of dropping its matches over the page it went to.
        event.preventDefault();
        if (!typed) return;
        onSubmitText(typed);
        setText("");
        setOpen(false);
      } else if (typing && (stale || !search.data)) {
        // The first match for the text as typed, once it comes (unless the wait has ended).
        event.preventDefault();
        const wait = ++waiting.current;
        client
          .fetchQuery(companySearchOptions(typed))
          .then((page) => {
            const first = page.rows[0];
            if (first && wait === waiting.current) {
              waiting.current++;
              chooseLatest.current(first);
            }
          })
          .catch(() => {
            // The search's own query shows the failure once the typing pauses.
          });
      }
    } else if (event.key === "Escape") {
      // The Escape that cancels an input method's candidate (Japanese, Chinese) is not the box's.
      if (event.nativeEvent.isComposing || event.keyCode === 229) return;
      waiting.current++;
      // The first Escape closes the list; with it closed, Escape clears the text (ARIA's pattern).
      if (!showList && text) setText("");
      setOpen(false);
    }
  };

  // In a toolbar the popup may be wider than its narrow box, kept inside the window.
  const popupPlace = inline ? "right-0 w-[min(24rem,calc(100vw-2rem))]" : "inset-x-0";
  const searched = typing ? q : "";
  let status = "";
  if (searched && search.isFetching && !search.data) status = "Searching…";
  else if (searched && search.isError) status = describeError(search.error);
  else if (searched && search.data && rows.length === 0)
    status = `No ${search.data.set === "default" ? "API-enabled " : ""}company matches “${searched}”.`;
  // Under the matches, not announced: its count changes with every search.
  const indexing =
    searched && search.data?.progress.state === "syncing"
      ? indexingText(search.data.progress, "Matches")
      : "";

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
        // The search API refuses longer text (a pasted paragraph read "q: Too big: expected string…").
        maxLength={MAX_QUERY_LENGTH}
        disabled={disabled}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={highlighted >= 0 ? optionId(highlighted) : undefined}
        className={inline ? inputClass : `${inputClass} mt-1`}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          waiting.current++;
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          waiting.current++;
          setOpen(false);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        hidden={!showList}
        className={`absolute z-20 mt-1 ${popupPlace} overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900`}
      >
        {/* tabIndex -1: Chromium makes a scrolling box a Tab stop of its own; Tab from the input
            went to this list, whose blur then hid it, and focus fell to the page. Its options are
            reached by the arrows from the input (aria-activedescendant). */}
        <div
          id={listId}
          role="listbox"
          aria-label={listLabel}
          tabIndex={-1}
          className="max-h-80 overflow-auto py-1"
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
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === highlighted}
                  aria-disabled={off || undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(row)}
                  onMouseEnter={() => {
                    if (!stale) setActive(index);
                  }}
                  className={`flex items-center gap-2 px-2 py-1.5 text-sm ${off ? "cursor-default opacity-70" : "cursor-pointer"} ${index === highlighted ? "bg-brand-50 dark:bg-slate-800" : ""}`}
                >
                  <CompanyLine company={row} logoSize={22}>
                    {"apiEnabled" in row && row.apiEnabled === false && ` · ${NOT_API_ENABLED}`}
                    {extra && ` · ${extra}`}
                  </CompanyLine>
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    <MarketCap value={row.marketCapUsd} />
                  </span>
                </div>
              );
            })}
        </div>
        {showList && indexing && (
          <p className="border-t border-slate-200 px-2 py-1.5 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {indexing}
          </p>
        )}
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
