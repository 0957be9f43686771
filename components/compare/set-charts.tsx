"use client";

import { importanceLevelLabel } from "@/components/news/importance";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { CompareCompany } from "@/lib/compare/model";
import { IMPORTANCE_LEVELS, newsVolume, peerOverlap } from "@/lib/compare/set-charts";
import { plainText } from "@/lib/format";
import { BarChart } from "./bar-chart";
import { ChartFrame, DataTable, UpstreamList } from "./chart-frame";
import { useCompareNews } from "./compare-news";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const tickerOf = (c: CompareCompany) => c.ticker ?? c.companyKey;

/** Listings per company, with the exchanges and currencies they span. */
export function ListingsChart({ companies }: { companies: readonly CompareCompany[] }) {
  const focus = companies[0];
  const sorted = [...companies].sort((a, b) => b.listingCount - a.listingCount);
  const most = sorted[0];
  const exchanges = new Set(companies.flatMap((c) => c.exchanges));
  const currencies = new Set(companies.flatMap((c) => c.currencies));
  const summary = most
    ? `${plural(
        companies.reduce((n, c) => n + c.listingCount, 0),
        "listing",
      )} on ${plural(exchanges.size, "exchange")} in ${plural(currencies.size, "currency", "currencies")}; most: ${plainText(most.name)} (${most.listingCount}).`
    : "";
  return (
    <ChartFrame
      title="Listings, exchanges and currencies"
      summary={summary}
      table={
        <DataTable
          caption="Listings, exchanges and trading currencies of each company, most listings first"
          head={["Company", "Listings", "Exchanges", "Currencies"]}
          rows={sorted.map((c) => ({
            key: c.companyKey,
            cells: [
              <UpstreamText key="name">{c.name}</UpstreamText>,
              c.listingCount,
              <UpstreamList key="ex" items={c.exchanges} />,
              <UpstreamList key="cur" items={c.currencies} />,
            ],
          }))}
        />
      }
    >
      <BarChart
        label={`Bar chart of listings per company, most first. ${summary}`}
        format={(v) => plural(v, "listing")}
        axisFormat={String}
        counts
        items={sorted.map((c) => ({
          key: c.companyKey,
          label: c.name,
          short: c.ticker,
          value: c.listingCount,
          highlight: c === focus,
          note: `${c.exchanges.length} exch. · ${c.currencies.length} ccy`,
          title: `${c.name}: ${plural(c.listingCount, "listing")} on ${c.exchanges.join(", ") || "no exchange"}, traded in ${c.currencies.join(", ") || "no currency given"}`,
        }))}
      />
    </ChartFrame>
  );
}

/** Who names whom as a peer within the set: a small matrix, row names column. */
export function PeerOverlapChart({ companies }: { companies: readonly CompareCompany[] }) {
  const overlap = peerOverlap(companies);
  const focus = companies[0];
  const others = companies.length - 1;
  const summary =
    overlap.links === 0
      ? "None of these companies names another in the set as a peer."
      : `${plural(overlap.links, "peer link")} of ${overlap.pairs} possible${overlap.mutual ? `, ${plural(overlap.mutual, "pair")} naming each other` : ""}; ${overlap.nameFocus} of ${others} name ${plainText(focus?.name)}.`;
  return (
    <ChartFrame
      title="Peer overlap"
      summary={summary}
      table={
        <DataTable
          caption="For each company, the others in the set it names as peers, and those naming it"
          head={["Company", "Names as peers", "Named by"]}
          rows={companies.map((c, i) => {
            const names = companies.filter((_, j) => overlap.names[i]?.[j]).map((o) => o.name);
            const namedBy = companies.filter((_, j) => overlap.names[j]?.[i]).map((o) => o.name);
            return {
              key: c.companyKey,
              cells: [
                <UpstreamText key="name">{c.name}</UpstreamText>,
                names.length ? <UpstreamList key="names" items={names} /> : "none in the set",
                namedBy.length ? <UpstreamList key="by" items={namedBy} /> : "none in the set",
              ],
            };
          })}
        />
      }
    >
      <ScrollRegion label="Peer overlap matrix" className="overflow-x-auto">
        <div
          role="img"
          aria-label={`Matrix of who names whom as a peer: each row names the columns marked. ${summary}`}
          className="inline-grid gap-px text-xs"
          style={{ gridTemplateColumns: `minmax(6rem, 10rem) repeat(${companies.length}, 1.75rem)` }}
        >
          <span className="self-end pb-1 text-[11px] text-slate-500 dark:text-slate-400">
            names ↓ / named →
          </span>
          {companies.map((c, j) => (
            <span
              key={c.companyKey}
              title={plainText(c.name)}
              className={`flex h-20 items-end justify-center pb-1 font-mono [writing-mode:vertical-rl] rotate-180 ${j === 0 ? "font-semibold text-brand-700 dark:text-sky-300" : "text-slate-700 dark:text-slate-300"}`}
            >
              <UpstreamText className="truncate">{tickerOf(c)}</UpstreamText>
            </span>
          ))}
          {companies.map((row, i) => [
            <span
              key={`${row.companyKey}-label`}
              title={plainText(row.name)}
              className={`truncate pr-2 leading-7 ${i === 0 ? "font-semibold text-brand-700 dark:text-sky-300" : "text-slate-700 dark:text-slate-300"}`}
            >
              <UpstreamText className="font-mono">{tickerOf(row)}</UpstreamText>{" "}
              <UpstreamText className="text-slate-500 dark:text-slate-400">{row.name}</UpstreamText>
            </span>,
            ...companies.map((col, j) => {
              const named = overlap.names[i]?.[j] ?? false;
              const mutual = named && (overlap.names[j]?.[i] ?? false);
              return (
                <span
                  key={`${row.companyKey}-${col.companyKey}`}
                  data-named={named || undefined}
                  title={
                    i === j
                      ? plainText(row.name)
                      : `${plainText(row.name)} ${named ? "names" : "does not name"} ${plainText(col.name)}`
                  }
                  className={`flex size-7 items-center justify-center rounded-sm ${
                    i === j
                      ? "bg-slate-200 dark:bg-slate-800"
                      : named
                        ? mutual
                          ? "bg-brand-600 text-white dark:bg-sky-500 dark:text-slate-950"
                          : "bg-brand-100 text-brand-700 ring-1 ring-inset ring-brand-500 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-600"
                        : "bg-slate-50 ring-1 ring-inset ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
                  }`}
                >
                  {i !== j && named ? (mutual ? "⇄" : "→") : ""}
                </span>
              );
            }),
          ])}
        </div>
      </ScrollRegion>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        → the row names the column as a peer · ⇄ both name each other
      </p>
    </ChartFrame>
  );
}

const LEVEL_SWATCH = [
  "bg-rose-600 dark:bg-rose-500",
  "bg-amber-500 dark:bg-amber-400",
  "bg-sky-500 dark:bg-sky-400",
  // The two quiet levels told apart from each other, and each from the background, in both schemes.
  "bg-slate-500 dark:bg-slate-300",
  "bg-slate-300 dark:bg-slate-500",
] as const;
const ROW = 28;
const BAR = 18;
/** Room right of the longest bar for its total. */
const TOTAL_LABEL = 48;

/**
 * Each company's stories of the last 7 days, stacked by importance, from the set's news the page
 * already loads (no further calls). Beyond the top stories loaded per company, the rest are
 * counted but not split by level: they are drawn as an outline.
 */
export function NewsVolumeChart({ companies }: { companies: readonly CompareCompany[] }) {
  const news = useCompareNews(companies.map((c) => c.companyKey));
  const volumes = news.data ? newsVolume(companies, news.data.articles, news.data.companies) : [];
  const total = volumes.reduce((n, v) => n + (v.total ?? 0), 0);
  const major = volumes.reduce((n, v) => n + (v.byLevel[0] ?? 0), 0);
  const busiest = [...volumes].sort((a, b) => (b.total ?? 0) - (a.total ?? 0))[0];
  const busiestName = companies.find((c) => c.companyKey === busiest?.companyKey)?.name;
  const anyNotLoaded = volumes.some((v) => v.notLoaded > 0);
  const unavailable = volumes.filter((v) => v.total === null).length;
  // Companies whose news failed are not "no stories": the count says how many are missing.
  const missing =
    unavailable > 0 ? ` The news of ${plural(unavailable, "company", "companies")} could not be loaded.` : "";
  const summary = news.isPending
    ? "Loading the set's news…"
    : news.isError || (volumes.length > 0 && unavailable === volumes.length)
      ? "The set's news could not be loaded."
      : total === 0
        ? `No stories in the last 7 UTC days for ${unavailable > 0 ? "the others" : "these companies"}.${missing}`
        : `${plural(total, "story", "stories")} in the last 7 UTC days, ${major} of them major events; most: ${plainText(busiestName)} (${busiest?.total}).${missing}`;
  const max = Math.max(1, ...volumes.map((v) => v.total ?? 0));
  // A count's length as CSS: a fraction of the column less room for the total, so the bars fit any
  // width without measuring it.
  const along = (count: number) => `max(40px, 100% - ${TOTAL_LABEL}px) * ${count / max}`;

  return (
    <ChartFrame
      title="News volume by importance, last 7 days"
      summary={
        news.isPending ? (
          <>
            <span data-needs-js="">{summary}</span>
            {/* Without a script the set's news never loads (the section below says where to read it). */}
            <span data-without-js="">The set's news loads with JavaScript.</span>
          </>
        ) : (
          summary
        )
      }
      table={
        <DataTable
          caption="Stories of the last 7 UTC days per company, by importance"
          head={[
            "Company",
            ...IMPORTANCE_LEVELS.map((l) => `Importance ${l}`),
            ...(anyNotLoaded ? ["Not split"] : []),
            "Total",
          ]}
          rows={companies.map((c, i) => {
            const v = volumes[i];
            return {
              key: c.companyKey,
              cells: [
                <UpstreamText key="name">{c.name}</UpstreamText>,
                ...IMPORTANCE_LEVELS.map((_, l) => v?.byLevel[l] ?? 0),
                ...(anyNotLoaded ? [v?.notLoaded ?? 0] : []),
                v?.total ?? "unavailable",
              ],
            };
          })}
        />
      }
    >
      <ul className="mb-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
        {IMPORTANCE_LEVELS.map((level, i) => (
          <li key={level} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-2.5 rounded-sm ${LEVEL_SWATCH[i]}`} />
            {importanceLevelLabel(level)}
          </li>
        ))}
        {anyNotLoaded && (
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm ring-1 ring-inset ring-slate-400" />
            Less material, not split by level
          </li>
        )}
      </ul>
      <div
        role="img"
        aria-label={`Stacked bars of stories per company by importance.${news.isPending ? "" : ` ${summary}`}`}
        className="grid grid-cols-[minmax(6rem,32%)_minmax(0,1fr)] gap-x-3"
      >
        <ul className="text-sm">
          {companies.map((c, i) => (
            <li
              key={c.companyKey}
              title={plainText(c.name)}
              style={{ height: ROW }}
              className={`flex items-center justify-end truncate ${i === 0 ? "font-semibold text-slate-900 dark:text-white" : "text-slate-700 dark:text-slate-300"}`}
            >
              <UpstreamText className="truncate">{c.name}</UpstreamText>
            </li>
          ))}
        </ul>
        <div
          aria-hidden="true"
          className="min-w-0 overflow-hidden text-xs text-slate-600 tabular-nums dark:text-slate-300"
        >
          {volumes.map((v) => {
            let before = 0;
            const segments = IMPORTANCE_LEVELS.map((level, l) => {
              const count = v.byLevel[l] ?? 0;
              const left = before;
              before += count;
              return (
                <div
                  key={level}
                  title={`${importanceLevelLabel(level)}: ${count}`}
                  className={`absolute ${LEVEL_SWATCH[l]}`}
                  style={{
                    left: `calc(${along(left)})`,
                    top: 0,
                    height: BAR,
                    width: `calc(${along(count)})`,
                  }}
                />
              );
            });
            return (
              <div key={v.companyKey} className="relative" style={{ height: ROW, lineHeight: `${ROW}px` }}>
                <div className="absolute inset-x-0" style={{ top: (ROW - BAR) / 2, height: BAR }}>
                  {segments}
                  {v.notLoaded > 0 && (
                    <div
                      className="absolute top-0 ring-1 ring-slate-400 ring-inset"
                      style={{
                        left: `calc(${along(before)})`,
                        height: BAR,
                        width: `calc(${along(v.notLoaded)})`,
                      }}
                    />
                  )}
                </div>
                <span className="absolute" style={{ left: `calc(${along(before + v.notLoaded)} + 6px)` }}>
                  {v.total ?? "n/a"}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </ChartFrame>
  );
}
