"use client";

import { useEffect, useRef } from "react";
import { UpstreamText } from "@/components/ui/upstream-text";
import { type FollowedCompany, type ImportMode, MAX_FOLLOWING } from "@/lib/following/list";

export interface PendingImport {
  source: "link" | "file";
  fileName?: string;
  companies: FollowedCompany[];
  /** Entries that are no company key. */
  invalid: string[];
  /** Companies past the list's limit, left out. */
  skipped: number;
}

const SHOWN = 20;
const PRIMARY =
  "rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50";
const SECONDARY =
  "rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-white dark:ring-slate-600 dark:hover:bg-slate-800";

/** What an import would bring, and the choice: add to the list, replace it, or leave it. */
export function ImportPanel({
  pending,
  current,
  onApply,
  onCancel,
}: {
  pending: PendingImport;
  current: readonly FollowedCompany[];
  onApply: (mode: ImportMode) => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { companies, invalid, skipped } = pending;
  const known = new Set(current.map((c) => c.companyKey));
  const fresh = companies.filter((c) => !known.has(c.companyKey)).length;
  // What "Add" adds: the new companies that fit (applyImport keeps the current list whole).
  const room = Math.max(0, MAX_FOLLOWING - current.length);
  const adds = Math.min(fresh, room);
  const from = pending.source === "link" ? "this link" : `“${pending.fileName ?? "the file"}”`;
  const n = companies.length;
  return (
    <section
      aria-labelledby="import-heading"
      className="space-y-3 rounded-lg border border-brand-600 bg-brand-50 p-4 text-sm dark:border-sky-400 dark:bg-slate-900"
    >
      <h2 id="import-heading" ref={heading} tabIndex={-1} className="text-base font-semibold">
        {n === 0
          ? `Nothing to import from ${from}`
          : `Import ${n} ${n === 1 ? "company" : "companies"} from ${from}?`}
      </h2>
      {n > 0 && (
        <>
          <p>
            {fresh === n
              ? "None of them is in your list yet."
              : `${fresh} of them ${fresh === 1 ? "is" : "are"} new to your list.`}{" "}
            Your list has {current.length}.
            {adds < fresh &&
              (room === 0
                ? ` It is full (at most ${MAX_FOLLOWING}): replace it, or unfollow some companies first.`
                : ` Only ${room} more ${room === 1 ? "fits" : "fit"} (at most ${MAX_FOLLOWING}): adding leaves out the other ${fresh - room}.`)}
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Companies to import">
            {companies.slice(0, SHOWN).map((c) => (
              <li
                key={c.companyKey}
                className="rounded-full bg-white px-2 py-0.5 font-mono text-xs ring-1 ring-slate-300 dark:bg-slate-950 dark:ring-slate-600"
              >
                <UpstreamText>{c.companyKey}</UpstreamText>
              </li>
            ))}
            {n > SHOWN && <li className="px-1 text-xs">and {n - SHOWN} more</li>}
          </ul>
        </>
      )}
      {(invalid.length > 0 || skipped > 0) && (
        <p className="text-amber-900 dark:text-amber-200">
          {invalid.length > 0 && (
            <>
              Left out, not company keys:{" "}
              <UpstreamText className="font-mono">{invalid.slice(0, 5).join(", ")}</UpstreamText>
              {invalid.length > 5 ? ` and ${invalid.length - 5} more` : ""}.{" "}
            </>
          )}
          {skipped > 0 && `${skipped} more did not fit: a list holds at most ${MAX_FOLLOWING}.`}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {n > 0 && current.length === 0 && (
          <button type="button" className={PRIMARY} onClick={() => onApply("replace")}>
            Follow {n === 1 ? "it" : `these ${n}`}
          </button>
        )}
        {n > 0 && current.length > 0 && (
          <>
            <button type="button" className={PRIMARY} onClick={() => onApply("merge")} disabled={adds === 0}>
              Add {adds} to my list
            </button>
            <button type="button" className={SECONDARY} onClick={() => onApply("replace")}>
              Replace my list
            </button>
          </>
        )}
        <button type="button" className={SECONDARY} onClick={onCancel}>
          {n === 0 ? "Close" : "Cancel"}
        </button>
      </div>
    </section>
  );
}
