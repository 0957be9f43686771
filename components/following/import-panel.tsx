"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { UpstreamText } from "@/components/ui/upstream-text";
import {
  type FollowedCompany,
  followedName,
  type ImportMode,
  MAX_FOLLOWING,
  normalizedKey,
} from "@/lib/following/list";
import { companiesWord } from "@/lib/format";
import { followedRowsQuery } from "./queries";

export interface PendingImport {
  source: "link" | "file";
  fileName?: string;
  companies: FollowedCompany[];
  /** Entries that are no company key. */
  invalid: string[];
  /** Companies past the list's limit, left out. */
  skipped: number;
  /** The named list a link's import goes into (its `name=`); the followed list when absent. */
  into?: string;
}

const SHOWN = 20;
const PRIMARY =
  "rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50";
const SECONDARY =
  "rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-white dark:ring-slate-600 dark:hover:bg-slate-800";

/**
 * What an import would bring, and the choice: add to the list, replace it, or leave it. The keys
 * are first checked with the data service: one it does not know is named and left out, and the
 * others come with their names. If the check fails, every key is offered (the list then says which
 * cannot be loaded).
 */
export function ImportPanel({
  pending,
  current,
  onApply,
  onCancel,
}: {
  pending: PendingImport;
  current: readonly FollowedCompany[];
  onApply: (mode: ImportMode, companies: readonly FollowedCompany[]) => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { invalid, skipped, into } = pending;
  const keys = useMemo(() => pending.companies.map((c) => c.companyKey), [pending.companies]);
  const check = useQuery({ ...followedRowsQuery(keys), enabled: keys.length > 0, retry: 1 });
  const checking = check.isPending && keys.length > 0;
  const { companies, unknown } = useMemo(() => {
    const answers = new Map((check.data?.companies ?? []).map((c) => [c.requested, c]));
    const unknown: string[] = [];
    const companies: FollowedCompany[] = [];
    for (const c of pending.companies) {
      const answer = answers.get(c.companyKey);
      if (answer && !answer.ok && answer.reason === "not_found") unknown.push(c.companyKey);
      else if (!answer?.ok) companies.push(c);
      else {
        // Under the key the service answered (a former ticker's becomes the current one), each once.
        const companyKey = normalizedKey(answer.row.companyKey);
        if (!companies.some((k) => k.companyKey === companyKey))
          companies.push({ ...c, companyKey, name: followedName(answer.row.displayNameEnglish ?? c.name) });
      }
    }
    return { companies, unknown };
  }, [check.data, pending.companies]);

  const known = new Set(current.map((c) => c.companyKey));
  const fresh = companies.filter((c) => !known.has(c.companyKey)).length;
  // What "Add" adds: the new companies that fit (applyImport keeps the current list whole).
  const room = Math.max(0, MAX_FOLLOWING - current.length);
  const adds = Math.min(fresh, room);
  const from = pending.source === "link" ? "this link" : `“${pending.fileName ?? "the file"}”`;
  const n = companies.length;
  const named = pending.companies.length + skipped;
  const target = into === undefined ? "your list" : `“${into}”`;
  const toList = into === undefined ? "" : ` into the list “${into}”`;
  return (
    <section
      aria-labelledby="import-heading"
      className="space-y-3 rounded-lg border border-brand-600 bg-brand-50 p-4 text-sm dark:border-sky-400 dark:bg-slate-900"
    >
      <h2 id="import-heading" ref={heading} tabIndex={-1} className="text-base font-semibold">
        {n === 0 && !checking
          ? `Nothing to import from ${from}`
          : skipped > 0
            ? `Import ${n} of the ${named} companies from ${from}${toList}?`
            : `Import ${companiesWord(n)} from ${from}${toList}?`}
      </h2>
      {/* Present from the start, so that the check's end is heard as its text changes. */}
      <p role="status" className={checking ? "" : "sr-only"}>
        {checking
          ? "Checking these companies with the data service…"
          : check.isSuccess
            ? `Checked with the data service: ${companiesWord(n)} found${unknown.length > 0 ? `, ${unknown.length} not known` : ""}.`
            : ""}
      </p>
      {check.isError && (
        <p>
          They could not be checked with the data service just now: any it does not know will say so in your
          list.
        </p>
      )}
      {n > 0 && !checking && (
        <>
          <p>
            {fresh === 0
              ? `${n === 1 ? "It is" : "All of them are"} in ${target} already.`
              : fresh === n
                ? `None of them ${n === 1 ? "is" : "are"} in ${target} yet.`
                : `${fresh} of them ${fresh === 1 ? "is" : "are"} new to ${target}.`}{" "}
            {into === undefined ? "Your list" : `“${into}”`} has {companiesWord(current.length)}.
            {adds < fresh &&
              (room === 0
                ? ` It is full (at most ${MAX_FOLLOWING}): replace it, or ${into === undefined ? "unfollow" : "take out"} some companies first.`
                : ` Only ${room} more ${room === 1 ? "fits" : "fit"} (at most ${MAX_FOLLOWING}): adding leaves out ${fresh - room} of them.`)}
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Companies to import">
            {companies.slice(0, SHOWN).map((c) => (
              <li
                key={c.companyKey}
                className="rounded-full bg-white px-2 py-0.5 text-xs ring-1 ring-slate-300 dark:bg-slate-950 dark:ring-slate-600"
              >
                {c.name && (
                  <>
                    <UpstreamText>{c.name}</UpstreamText>{" "}
                  </>
                )}
                <UpstreamText className="font-mono text-slate-600 dark:text-slate-300">
                  {c.companyKey}
                </UpstreamText>
              </li>
            ))}
            {n > SHOWN && <li className="px-1 text-xs">and {n - SHOWN} more</li>}
          </ul>
        </>
      )}
      {(invalid.length > 0 || unknown.length > 0 || skipped > 0) && (
        <p className="text-amber-900 dark:text-amber-200">
          {unknown.length > 0 && (
            <>
              Left out, not known to the data service:{" "}
              <span className="font-mono">{unknown.slice(0, 5).join(", ")}</span>
              {unknown.length > 5 ? ` and ${unknown.length - 5} more` : ""}.{" "}
            </>
          )}
          {invalid.length > 0 && (
            <>
              Left out, not company keys:{" "}
              <UpstreamText className="font-mono">{invalid.slice(0, 5).join(", ")}</UpstreamText>
              {invalid.length > 5 ? ` and ${invalid.length - 5} more` : ""}.{" "}
            </>
          )}
          {skipped > 0 && `The other ${skipped} did not fit: a list holds at most ${MAX_FOLLOWING}.`}
        </p>
      )}
      {/* While the keys are checked, only Cancel: what the others would do is not known yet. */}
      <div className="flex flex-wrap gap-2">
        {n > 0 && !checking && current.length === 0 && (
          <button type="button" className={PRIMARY} onClick={() => onApply("replace", companies)}>
            {into === undefined ? "Follow" : `Put in “${into}”:`} {n === 1 ? "it" : `these ${n}`}
          </button>
        )}
        {n > 0 && !checking && current.length > 0 && (
          <>
            {adds > 0 && (
              <button type="button" className={PRIMARY} onClick={() => onApply("merge", companies)}>
                Add {adds} to {into === undefined ? "my list" : `“${into}”`}
              </button>
            )}
            <button type="button" className={SECONDARY} onClick={() => onApply("replace", companies)}>
              {into === undefined ? "Replace my list" : `Replace “${into}”'s companies`}
            </button>
          </>
        )}
        <button type="button" className={SECONDARY} onClick={onCancel}>
          {n === 0 && !checking ? "Close" : "Cancel"}
        </button>
      </div>
    </section>
  );
}
