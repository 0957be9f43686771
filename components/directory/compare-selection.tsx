"use client";

import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { DataLink } from "@/components/ui/data-link";
import { compareHref } from "@/lib/compare/search-params";
import { LIMIT_MESSAGE, MAX_COMPARE, MIN_COMPARE } from "@/lib/compare/set";
import { plainText } from "@/lib/format";
import type { DirectoryRow } from "./use-directory";

interface Picked {
  companyKey: string;
  ticker: string;
}

const isPicked = (value: unknown): value is Picked =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Picked).companyKey === "string" &&
  typeof (value as Picked).ticker === "string";

/**
 * The rows ticked in a table (for a comparison, or a list), in the order ticked (the first is a
 * comparison's focus). They stay ticked across searches and filters, and for the tab's session (a
 * visit to a profile and back). `scope` names the table: each keeps its own.
 */
export function useCompareSelection(scope = "directory") {
  const storageKey = `${scope}:compare-selection`;
  const [picked, setPicked] = useState<Picked[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const latest = useRef(picked);
  latest.current = picked;
  useEffect(() => {
    try {
      const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? "[]");
      setPicked(Array.isArray(stored) ? stored.filter(isPicked).slice(0, MAX_COMPARE) : []);
    } catch {
      // A damaged entry is dropped: the selection starts empty.
      setPicked([]);
    }
  }, [storageKey]);
  const save = useCallback(
    (next: Picked[]) => {
      latest.current = next;
      setPicked(next);
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the selection still works for this page.
      }
    },
    [storageKey],
  );
  const selected = useMemo(() => new Set(picked.map((p) => p.companyKey)), [picked]);
  const toggle = useCallback(
    (row: DirectoryRow) => {
      const current = latest.current;
      if (current.some((p) => p.companyKey === row.companyKey)) {
        setNotice(null);
        save(current.filter((p) => p.companyKey !== row.companyKey));
      } else if (current.length >= MAX_COMPARE) {
        setNotice(LIMIT_MESSAGE);
      } else {
        setNotice(null);
        save([...current, { companyKey: row.companyKey, ticker: row.primaryListing.ticker }]);
      }
    },
    [save],
  );
  const clear = useCallback(() => {
    setNotice(null);
    save([]);
  }, [save]);
  return { picked, selected, toggle, clear, notice };
}

/** What is ticked, and the way to the comparison; `children` are more actions on the ticked rows. */
export function SelectionBar({
  picked,
  notice,
  onClear,
  children,
}: {
  picked: readonly Picked[];
  notice: string | null;
  onClear: () => void;
  children?: ReactNode;
}) {
  if (picked.length === 0 && !notice) return null;
  const enough = picked.length >= MIN_COMPARE;
  return (
    <section
      aria-label="Selected companies"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-brand-600 bg-brand-50 px-3 py-2 text-sm dark:border-sky-400 dark:bg-slate-900"
    >
      <p className="min-w-48 flex-1">
        <span className="font-semibold tabular-nums">
          {picked.length} of {MAX_COMPARE} selected
        </span>
        {picked.length > 0 && (
          <span className="ml-2 font-mono text-xs text-slate-700 dark:text-slate-300">
            {plainText(picked.map((p) => p.ticker).join(", "))}
          </span>
        )}
        {notice && (
          <span role="status" className="block text-amber-900 dark:text-amber-200">
            {notice}
          </span>
        )}
        {!enough && !notice && (
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            Tick one more to compare (Space ticks the focused row).
          </span>
        )}
      </p>
      {picked.length > 0 && children}
      <button
        type="button"
        onClick={onClear}
        className="rounded-md px-3 py-1.5 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800"
      >
        Clear
      </button>
      {enough ? (
        <DataLink
          href={compareHref(picked.map((p) => p.companyKey))}
          className="rounded-md bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
        >
          Compare {picked.length}
        </DataLink>
      ) : (
        <span className="rounded-md bg-slate-500 px-3 py-1.5 font-semibold text-white dark:bg-slate-600">
          Compare
        </span>
      )}
    </section>
  );
}
