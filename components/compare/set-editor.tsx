"use client";

import { useRef } from "react";
import { CompanyCombobox } from "@/components/ui/company-combobox";
import { CompanyLogo } from "@/components/ui/company-logo";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { DirectoryRow } from "@/lib/api-types";
import { companiesParam, LIMIT_MESSAGE, MAX_COMPARE } from "@/lib/compare/set";
import { plainText } from "@/lib/format";

export interface SetMember {
  companyKey: string;
  label: string;
  name: string;
  hasLogo: boolean;
  /** The company whose peers the page shows (the first one served). */
  focus: boolean;
  /** Why it is not shown: the data service failed for now, or the plan leaves it out. */
  failed?: "unavailable" | "plan";
}

/** The set as chips (each removable with one press) and a search box that adds to it. */
export function SetEditor({
  members,
  onAdd,
  onRemove,
  pending,
}: {
  members: readonly SetMember[];
  onAdd: (row: DirectoryRow) => void;
  onRemove: (companyKey: string) => void;
  pending: boolean;
}) {
  const full = members.length >= MAX_COMPARE;
  const keys = new Set(members.map((m) => m.companyKey));
  // A removed chip takes its button with it (and every button is disabled while the set updates):
  // focus waits on the heading, whose count then says the set is one smaller.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 ref={heading} tabIndex={-1} className="text-sm font-semibold">
          Companies{" "}
          <span className="font-normal tabular-nums text-slate-600 dark:text-slate-300">
            ({members.length} of {MAX_COMPARE})
          </span>
        </h2>
        {pending && (
          <p role="status" className="text-xs text-slate-600 dark:text-slate-300">
            Updating the comparison…
          </p>
        )}
      </div>
      {members.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Companies in the comparison">
          {members.map((m) => (
            <li
              key={m.companyKey}
              data-member={m.companyKey}
              // A company not shown just now: a dashed outline, not a faded chip (faded initials fail contrast).
              className={`flex max-w-full items-center gap-1.5 rounded-full py-0.5 pr-0.5 pl-1 text-sm ${m.failed ? "outline-1 outline-slate-500 outline-dashed dark:outline-slate-400" : "ring-1"} ${m.focus ? "bg-brand-50 ring-brand-600 dark:bg-slate-800 dark:ring-sky-400" : "ring-slate-300 dark:ring-slate-600"}`}
            >
              <CompanyLogo companyKey={m.companyKey} name={m.name} hasLogo={m.hasLogo} size={20} />
              <span className="truncate" title={plainText(m.name)}>
                <UpstreamText className="font-mono text-xs font-semibold">{m.label}</UpstreamText>
                {m.focus && <span className="ml-1 text-xs text-brand-700 dark:text-sky-300">focus</span>}
                {m.failed && (
                  <span className="sr-only">
                    {m.failed === "plan" ? ", not on this server's plan" : ", not shown just now"}
                  </span>
                )}
              </span>
              <button
                type="button"
                data-needs-js=""
                disabled={pending}
                onClick={() => {
                  heading.current?.focus();
                  onRemove(m.companyKey);
                }}
                aria-label={`Remove ${plainText(m.name)} from the comparison`}
                className="flex size-6 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-700 dark:hover:text-white"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* A form to the set with the typed company, for a page without a script: Enter adds it (the
          server resolves an identifier, or says it knows none). With one, a company is chosen in
          place and the form is never sent (it would reload the page, and could send a set older
          than an edit still on its way). */}
      <form
        action="/compare"
        method="get"
        onSubmit={(event) => event.preventDefault()}
        className="mt-3 max-w-md"
      >
        <input type="hidden" name="companies" value={companiesParam(members.map((m) => m.companyKey))} />
        <CompanyCombobox
          name="companies"
          label={full ? "The comparison is full" : "Add a company"}
          disabled={full}
          onChoose={onAdd}
          note={(row) => (keys.has(row.companyKey) ? "already compared" : null)}
          isDisabled={(row) => keys.has(row.companyKey)}
        />
        {full && (
          <p className="mt-1 text-xs text-slate-700 dark:text-slate-300" data-limit-message>
            {LIMIT_MESSAGE}
          </p>
        )}
      </form>
    </div>
  );
}
