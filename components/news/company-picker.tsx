"use client";

import { useRef } from "react";
import { CompanyCombobox } from "@/components/ui/company-combobox";
import { CompanyLogo } from "@/components/ui/company-logo";
import { UpstreamText } from "@/components/ui/upstream-text";
import { useRemovalFocus } from "@/components/ui/use-removal-focus";
import { plainText } from "@/lib/format";
import { type PickedCompany, pickedFromRow } from "@/lib/news/picked-company";
import { FilterGroup } from "./filter-parts";

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
  const input = useRef<HTMLInputElement>(null);
  // Remove takes itself away: the focus goes to the search box below it.
  const { removing } = useRemovalFocus(() => input.current);
  return (
    <FilterGroup legend="Company" hint="One company's news: the market-cap bounds do not apply to it.">
      {value && (
        <div className="flex items-center gap-2 rounded-md bg-brand-50 p-2 ring-1 ring-brand-100 dark:bg-slate-800 dark:ring-slate-600">
          <CompanyLogo companyKey={value.companyKey} name={value.name} hasLogo={value.hasLogo} size={24} />
          <div className="min-w-0 flex-1 text-sm leading-tight">
            <span className="block truncate font-medium">
              <UpstreamText>{value.name}</UpstreamText>
            </span>
            <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{value.companyKey}</span>
          </div>
          <button
            type="button"
            onClick={(event) => {
              removing(event.currentTarget);
              onChange(null);
            }}
            aria-label={`Remove the company filter (${plainText(value.name)})`}
            className="rounded px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-700"
          >
            Remove
          </button>
        </div>
      )}
      <CompanyCombobox
        inputRef={input}
        label={value ? "Switch to another company" : "Search by name, ticker or identifier"}
        onChoose={(row) => onChange(pickedFromRow(row))}
        note={(row) => (row.availableDatasets.includes("news") ? null : "no news coverage")}
      />
    </FilterGroup>
  );
}
