"use client";

import { useState } from "react";
import { UpstreamText } from "@/components/ui/upstream-text";
import { breakdown, type CompareCompany } from "@/lib/compare/model";
import { formatRatio, ratioToFocus } from "@/lib/compare/set-charts";
import { formatMarketCap, formatUsdExact, plainText } from "@/lib/format";
import { BarChart } from "./bar-chart";
import { ChartFrame, DataTable, UpstreamList } from "./chart-frame";

const compactUsd = (v: number) => formatMarketCap(v) ?? "";

/** Market cap, largest first, the focus company highlighted with each other's multiple of it; a log scale on request. */
export function MarketCapChart({ companies }: { companies: readonly CompareCompany[] }) {
  const [log, setLog] = useState(false);
  const focus = companies[0];
  const focusName = plainText(focus?.name);
  const sorted = [...companies].sort(
    (a, b) => (b.marketCapUsd ?? Number.NEGATIVE_INFINITY) - (a.marketCapUsd ?? Number.NEGATIVE_INFINITY),
  );
  const missing = companies.filter((c) => c.marketCapUsd === null);
  const rank = !focus || focus.marketCapUsd === null ? null : sorted.indexOf(focus) + 1;
  const withCap = companies.length - missing.length;
  const ratio = (c: CompareCompany) => {
    const r = focus && c !== focus ? ratioToFocus(focus, c) : null;
    return r === null ? undefined : formatRatio(r);
  };
  const bigger = focus ? companies.filter((c) => (ratioToFocus(focus, c) ?? 0) > 1).length : 0;
  const summary =
    focus && rank && withCap === 1
      ? `${focusName} is the only one here with a market cap${missing.length ? ` (${missing.length} without)` : ""}.`
      : focus && rank
        ? `${focusName} is number ${rank} of ${withCap} by market cap${bigger ? ` (${bigger} larger)` : ""}${missing.length ? `; ${missing.length} without a market cap` : ""}.`
        : `${withCap} of ${companies.length} companies have a market cap${focus ? `; ${focusName} has none` : ""}.`;
  return (
    <ChartFrame
      title="Market cap"
      summary={summary}
      controls={
        <label data-needs-js="" className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={log}
            onChange={(e) => setLog(e.target.checked)}
            className="size-4 accent-brand-600"
          />
          Log scale
        </label>
      }
      table={
        <DataTable
          caption="Market cap of each company, largest first"
          head={["Company", "Market cap (USD)", "× the focus"]}
          rows={sorted.map((c) => ({
            key: c.companyKey,
            cells: [
              <UpstreamText key="name">{c.name}</UpstreamText>,
              formatUsdExact(c.marketCapUsd) ?? "not available",
              c === focus ? "focus" : (ratio(c) ?? "—"),
            ],
          }))}
        />
      }
    >
      <BarChart
        label={`Bar chart of market cap, largest first${log ? ", log scale" : ""}. ${summary}`}
        log={log}
        format={compactUsd}
        items={sorted.map((c) => ({
          key: c.companyKey,
          label: c.name,
          short: c.ticker,
          value: c.marketCapUsd,
          highlight: c === focus,
          note: ratio(c),
          title:
            c.marketCapUsd === null
              ? `${c.name}: market cap not available`
              : `${c.name}: ${formatUsdExact(c.marketCapUsd)}`,
        }))}
      />
    </ChartFrame>
  );
}

/**
 * How the set splits by a field (sector, HQ country): a count per value, largest first. When
 * every company has the same value there is nothing to chart: one line says so instead.
 */
export function BreakdownChart({
  title,
  noun,
  companies,
  field,
  allIn,
}: {
  title: string;
  noun: string;
  companies: readonly CompareCompany[];
  field: (c: CompareCompany) => string | null;
  /** The one-line form, plural and singular: "are in" and "is in" (sector). */
  allIn: readonly [string, string];
}) {
  const groups = breakdown(companies, field);
  const only = groups.length === 1 ? groups[0] : undefined;
  /** The one company's name, when one is compared. */
  const sole = companies.length === 1 ? plainText(companies[0]?.name) : null;
  if (only)
    return (
      <p
        data-one-value={noun}
        className="flex flex-wrap items-baseline gap-x-3 rounded-lg border border-slate-200 px-4 py-2.5 text-sm dark:border-slate-800"
      >
        <span className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
          {title}
        </span>
        <span className="text-slate-900 dark:text-slate-100">
          {only.label === "Not given" ? (
            sole ? (
              `${sole} gives no ${noun}.`
            ) : (
              `None of the ${companies.length} gives a ${noun}.`
            )
          ) : (
            <>
              {sole
                ? `${sole} ${allIn[1]}`
                : `${companies.length === 2 ? "Both" : `All ${companies.length}`} ${allIn[0]}`}{" "}
              <strong className="font-semibold">
                <UpstreamText>{only.label}</UpstreamText>
              </strong>
            </>
          )}
        </span>
      </p>
    );
  const focusGroup = companies[0] ? (field(companies[0]) ?? "Not given") : null;
  const count = (n: number) => `${n} ${n === 1 ? "company" : "companies"}`;
  // The largest group, or the groups that share the top count.
  const tied = groups.filter((g) => g.count === groups[0]?.count).map((g) => plainText(g.label));
  const largest =
    tied.length > 1 && tied.length === groups.length
      ? `${count(groups[0]?.count ?? 0)} in each`
      : tied.length > 1
        ? `the largest are ${tied.slice(0, -1).join(", ")} and ${tied.at(-1)} (${groups[0]?.count} each)`
        : `the largest is ${tied[0]} (${groups[0]?.count})`;
  const summary = `${groups.length} ${noun === "country" ? "countries" : `${noun}s`} across ${count(companies.length)}; ${largest}.`;
  return (
    <ChartFrame
      title={title}
      summary={summary}
      table={
        <DataTable
          caption={`Companies by ${noun}`}
          head={[noun[0]?.toUpperCase() + noun.slice(1), "Companies", "Names"]}
          rows={groups.map((g) => ({
            key: g.label,
            cells: [
              <UpstreamText key="label">{g.label}</UpstreamText>,
              g.count,
              <UpstreamList key="names" items={g.companies} />,
            ],
          }))}
        />
      }
    >
      <BarChart
        label={`Bar chart of companies by ${noun}. ${summary}`}
        format={(v) => String(v)}
        counts
        items={groups.map((g) => ({
          key: g.label,
          label: g.label,
          value: g.count,
          highlight: g.label === focusGroup,
          title: `${g.label}: ${g.companies.join(", ")}`,
        }))}
      />
    </ChartFrame>
  );
}
