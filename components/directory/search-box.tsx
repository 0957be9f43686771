"use client";

import { memo, useEffect, useRef, useState } from "react";
import { useDebouncedCallback } from "@/lib/client/debounce";
import { cameBack } from "@/lib/client/traversal";
import { useFocusShortcut } from "@/lib/client/use-focus-shortcut";
import { MAX_QUERY_LENGTH } from "@/lib/directory/fields";

/**
 * The directory's query box: focused on load (with a keyboard) and by "/", reports what is typed (a burst of keys
 * as one request), and follows the URL when it changes (back button). Enter on a query already
 * shown calls `onSubmit` instead of searching again (the view opens a lone hit); ArrowDown calls
 * `onArrowDown` (into the table).
 * Without JavaScript it is a plain GET form to /companies that keeps the rest of the view (`keep`,
 * a query string).
 */
export const SearchBox = memo(function SearchBox({
  value,
  onSearch,
  onSubmit,
  onArrowDown,
  keep,
  delayMs = 40,
}: {
  value: string;
  onSearch: (q: string) => void;
  onSubmit?: () => void;
  onArrowDown?: () => void;
  keep: string;
  delayMs?: number;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  // A key typed after a pause searches at once; keys that follow each other within delayMs wait
  // for the burst to end, so fast typing makes one request rather than one per key.
  const send = useDebouncedCallback(
    (q: string) => {
      sent.current = q;
      onSearch(q);
    },
    delayMs,
    { leading: true },
  );
  useEffect(() => {
    // The URL brought back what was sent (the back button): nothing waits to be sent.
    if (text === sent.current) send.cancel();
    else send(text);
  }, [text, send]);

  useFocusShortcut(input);
  // The directory is a search page: the box is where a person starts, with a keyboard. Not on a
  // touch screen (the focus would open the on-screen keyboard over the results), and not coming
  // Back (the focus goes to the row that was opened), nor when a control of the page has it.
  useEffect(() => {
    if (cameBack() || window.matchMedia("(pointer: coarse)").matches) return;
    // The link or header box that led here still has it: the page's own controls have not.
    if (!document.activeElement?.closest("main")) input.current?.focus();
  }, []);

  return (
    <search className="block">
      <form
        action="/companies"
        method="get"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          send.cancel();
          sent.current = text;
          onSearch(text);
        }}
      >
        {[...new URLSearchParams(keep)].map(([name, v]) => (
          <input key={`${name}=${v}`} type="hidden" name={name} value={v} />
        ))}
        <div className="relative min-w-0 flex-1">
          <label htmlFor="directory-q" className="sr-only">
            Search companies by name, ticker or identifier
          </label>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          >
            <path
              fill="currentColor"
              d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64a.75.75 0 1 1-1.06 1.06l-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z"
            />
          </svg>
          <input
            ref={input}
            id="directory-q"
            name="q"
            // The page's own search box: "/" focuses it rather than the header's (components/layout/header-search.tsx).
            data-page-search=""
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // Enter on a query already shown opens a lone hit, and does not also submit the form:
              // a search of the same query would write the URL again while the router navigates,
              // and that write cancels the navigation. On a new query Enter submits (searches).
              if (e.key === "Enter" && text === value && onSubmit) {
                e.preventDefault();
                onSubmit();
              } else if (e.key === "ArrowDown" && onArrowDown) {
                e.preventDefault();
                onArrowDown();
              }
            }}
            maxLength={MAX_QUERY_LENGTH}
            placeholder="Name, ticker, ISIN, CUSIP, FIGI, CIK or fscl"
            className="w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-9 pr-12 text-base shadow-sm placeholder:text-slate-500 focus:border-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:placeholder:text-slate-400"
          />
          <kbd className="pointer-events-none absolute right-3 top-1/2 hidden -translate-y-1/2 rounded border border-slate-300 px-1.5 text-xs text-slate-500 sm:block dark:border-slate-600 dark:text-slate-400">
            /
          </kbd>
        </div>
        <noscript>
          <button
            type="submit"
            className="h-full rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 dark:bg-brand-500"
          >
            Search
          </button>
        </noscript>
      </form>
    </search>
  );
});
