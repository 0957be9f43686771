"use client";

import { useState } from "react";
import { FollowButton } from "@/components/following/follow-button";
import { Badge, statusTone } from "@/components/ui/badge";
import { ProfileLink } from "@/components/ui/company-line";
import { CompanyLogo } from "@/components/ui/company-logo";
import { MarketCap } from "@/components/ui/market-cap";
import { ScrollTable } from "@/components/ui/scroll-region";
import { UpstreamText } from "@/components/ui/upstream-text";
import {
  ATTRIBUTES,
  type Attribute,
  capRatio,
  datasetDelta,
  differs,
  sameForAll,
} from "@/lib/compare/attributes";
import type { CompareCompany } from "@/lib/compare/model";
import { plainText } from "@/lib/format";

const CELL = "px-3 py-2 align-top";
const DIFF = "bg-amber-100/80 dark:bg-amber-900/40";

function Value({
  attribute,
  company,
  focus,
}: {
  attribute: Attribute;
  company: CompareCompany;
  focus: CompareCompany;
}) {
  switch (attribute.id) {
    case "marketCap": {
      const ratio = capRatio(focus, company);
      return (
        <>
          <MarketCap value={company.marketCapUsd} />
          {ratio && (
            <span className="block text-xs text-slate-600 dark:text-slate-400">{ratio} the focus</span>
          )}
        </>
      );
    }
    case "listing":
      return company.ticker ? (
        <>
          <UpstreamText>{company.ticker}</UpstreamText> ·{" "}
          <UpstreamText>{company.exchangeName ?? company.exchangeCode}</UpstreamText>
        </>
      ) : (
        <Missing />
      );
    case "companyStatus":
      return company.companyStatus ? (
        <Badge tone={statusTone(company.companyStatus)}>{attribute.text(company)}</Badge>
      ) : (
        <Missing />
      );
    case "datasets": {
      if (company === focus) return <span className="tabular-nums">{company.datasets.length} datasets</span>;
      const { extra, missing } = datasetDelta(focus, company);
      return (
        <>
          <span className="tabular-nums">{company.datasets.length} datasets</span>
          {missing.length > 0 && (
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              Lacks {missing.join(", ")}
            </span>
          )}
          {extra.length > 0 && (
            <span className="block text-xs text-slate-600 dark:text-slate-400">Adds {extra.join(", ")}</span>
          )}
        </>
      );
    }
    default: {
      const text = attribute.text(company);
      return text === null ? <Missing /> : <UpstreamText>{text}</UpstreamText>;
    }
  }
}

/** A shared value in the "same for all" line: what is compared (the exchange of a listing), or "not given". */
function SameValue({ attribute, company }: { attribute: Attribute; company: CompareCompany }) {
  const text = (attribute.same ?? attribute.text)(company);
  return text === null ? (
    <span className="text-slate-500 dark:text-slate-400">(not given)</span>
  ) : (
    <strong className="font-semibold">
      <UpstreamText>{text}</UpstreamText>
    </strong>
  );
}

function Missing() {
  return <span className="text-slate-500 dark:text-slate-400">not given</span>;
}

/**
 * The companies side by side, one column each, the focus first. A value that differs from the
 * focus company's is tinted and marked (in words for screen readers). Rows where every company
 * agrees are hidden by default and named in one line, with a switch to show them. The company
 * header and the row labels stay in view while the table scrolls (inside its own box, so that
 * it can scroll sideways too).
 */
export function CompareTable({
  companies,
  onRemove,
  onFocus,
  pending,
}: {
  companies: readonly CompareCompany[];
  onRemove: (companyKey: string) => void;
  onFocus: (companyKey: string) => void;
  pending: boolean;
}) {
  const [showSame, setShowSame] = useState(false);
  const focus = companies[0];
  if (!focus) return null;
  const same = ATTRIBUTES.filter((a) => sameForAll(a, companies));
  const rows = showSame ? ATTRIBUTES : ATTRIBUTES.filter((a) => !same.includes(a));
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-slate-600 dark:text-slate-300">
          <span
            aria-hidden="true"
            className={`mr-1 inline-block size-3 rounded-sm align-[-1px] ring-1 ring-amber-300 dark:ring-amber-800 ${DIFF}`}
          />
          Tinted: differs from <UpstreamText>{focus.name}</UpstreamText>, the focus company.
        </p>
        {same.length > 0 && (
          <label data-needs-js="" className="flex items-center gap-2 print:hidden">
            <input
              type="checkbox"
              role="switch"
              aria-checked={showSame}
              checked={showSame}
              onChange={(e) => setShowSame(e.target.checked)}
              className="size-4 accent-brand-600"
            />
            Show the {same.length === 1 ? "row" : `${same.length} rows`} where all {companies.length} are the
            same
          </label>
        )}
      </div>
      {same.length > 0 && !showSame && (
        <p data-same-rows className="text-sm text-slate-600 dark:text-slate-300">
          <span className="font-medium text-slate-900 dark:text-slate-100">
            Same for all {companies.length}:
          </span>{" "}
          {same.map((a, i) => (
            <span key={a.id}>
              {i > 0 && " · "}
              {a.label} <SameValue attribute={a} company={focus} />
            </span>
          ))}
        </p>
      )}
      <ScrollTable
        label="Companies side by side"
        scrolls="scrolls both ways; the header stays in view"
        className="max-h-[calc(100dvh-var(--header-height)-1.5rem)] overflow-auto rounded-lg border border-slate-200 print:max-h-none print:overflow-visible dark:border-slate-800"
        caption={`${companies.length} companies side by side; ${plainText(focus.name)} is the focus company`}
      >
        <thead>
          <tr>
            <td className="sticky top-0 left-0 z-30 border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900" />
            {companies.map((c, i) => (
              <th
                key={c.companyKey}
                scope="col"
                // h-px: the cell's box is the row's height, so that its buttons sit at its foot, in
                // line across the companies whatever the length of their names.
                className={`${CELL} sticky top-0 z-20 h-px min-w-40 border-b border-slate-200 bg-slate-50 text-left font-normal dark:border-slate-800 dark:bg-slate-900`}
              >
                <div className="flex h-full items-start gap-2">
                  <CompanyLogo companyKey={c.companyKey} name={c.name} hasLogo={c.hasLogo} size={28} />
                  <div className="flex h-full min-w-0 flex-col">
                    <div>
                      <ProfileLink
                        companyKey={c.companyKey}
                        name={c.name}
                        className="font-semibold break-words"
                      />
                      {i === 0 && (
                        <span className="ml-1.5">
                          <Badge tone="brand">Focus</Badge>
                        </span>
                      )}
                    </div>
                    {/* Make focus on a line of its own, Follow and Remove on the last: the same
                        lines in every column. */}
                    <div className="mt-auto flex flex-col items-start gap-1.5 pt-1">
                      {i > 0 && (
                        <button
                          type="button"
                          data-needs-js=""
                          disabled={pending}
                          onClick={() => onFocus(c.companyKey)}
                          className="rounded px-1.5 py-0.5 text-xs text-slate-700 ring-1 ring-slate-300 hover:bg-white disabled:opacity-50 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800"
                        >
                          Make focus<span className="sr-only"> ({plainText(c.name)})</span>
                        </button>
                      )}
                      <div className="flex flex-wrap gap-1.5">
                        <FollowButton companyKey={c.companyKey} name={c.name} compact />
                        <button
                          type="button"
                          data-needs-js=""
                          disabled={pending}
                          onClick={() => onRemove(c.companyKey)}
                          aria-label={`Remove ${plainText(c.name)} from the comparison`}
                          className="rounded px-1.5 py-0.5 text-xs text-slate-700 ring-1 ring-slate-300 hover:bg-white disabled:opacity-50 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800"
                        >
                          Remove
                        </button>
                      </div>
                    </div>
                  </div>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((a) => (
            <tr key={a.id} data-attribute={a.id}>
              <th
                scope="row"
                className={`${CELL} sticky left-0 z-10 max-w-36 bg-white text-left break-words sm:max-w-none sm:whitespace-nowrap text-xs font-semibold uppercase tracking-normal sm:tracking-wide text-slate-600 dark:bg-slate-950 dark:text-slate-300`}
              >
                {a.label}
              </th>
              {companies.map((c) => {
                const diff = a.id !== "marketCap" && differs(a, focus, c);
                return (
                  <td
                    key={c.companyKey}
                    className={`${CELL} ${diff ? DIFF : ""}`}
                    data-differs={diff || undefined}
                  >
                    <Value attribute={a} company={c} focus={focus} />
                    {diff && <span className="sr-only"> (differs from {plainText(focus.name)})</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </div>
  );
}
