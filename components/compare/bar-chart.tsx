"use client";

import type { CSSProperties } from "react";
import { UpstreamText } from "@/components/ui/upstream-text";
import { useElementWidth } from "@/lib/client/element-width";
import { linearScale, logScale, type Scale } from "@/lib/compare/scale";
import { plainText } from "@/lib/format";

export interface BarItem {
  key: string;
  label: string;
  /** Shown where the label would not fit (a company's ticker for its name). */
  short?: string | null;
  /** Null draws no bar: the row says "not available" instead. */
  value: number | null;
  highlight?: boolean;
  /** The exact figure, shown on hover. */
  title?: string;
  /** Said after the value, e.g. the ratio to the focus company. */
  note?: string;
}

const ROW = 28;
const BAR = 18;
const AXIS = 26;
const VALUE_LABEL = 64;
/** About the width of a character of the 12 px value labels and the 11 px axis labels. */
const CHAR = 6.8;
/** About the width of a character of the 14 px labels left of the bars. */
const LABEL_CHAR = 7.6;
/** Room left of the bars for half of the first axis label (the box clips what overflows). */
const INSET = 10;
const TICK = 8;
/**
 * Notes show where the bars' column is at least this wide (a phone's is narrower): there, the
 * longest value and its note leave the bars room. The class picks the plot's width to match.
 */
const NOTES_FROM = 352;
const PLOT = "[--plot:var(--plot-bare)] @min-[22rem]:[--plot:var(--plot-full)]";
/**
 * The bars' column before it is measured: about a phone's. Only the axis's tick count waits for
 * the measure; the first axis then has no more ticks than fit the narrowest chart.
 */
const UNMEASURED = 200;

/**
 * Horizontal bars in the order given, one row each: the label (so long names truncate and stay
 * readable in both themes), the bar and its value, with a shared axis. Rows with no value say so
 * instead of drawing a zero. A log scale spreads values across magnitudes.
 *
 * Bars, values and ticks are placed by CSS as fractions of the column, less the room the longest
 * value needs: the server's HTML fits any width, with scripts off and before they run. The column's
 * measured width only thins the axis's ticks so their labels do not collide.
 */
export function BarChart({
  items,
  format,
  axisFormat = format,
  log = false,
  counts = false,
  label,
}: {
  items: readonly BarItem[];
  format: (value: number) => string;
  axisFormat?: (value: number) => string;
  log?: boolean;
  /** The values are counts: the axis has whole numbers only. */
  counts?: boolean;
  /** What the picture shows, for assistive technology (the figure's table has the figures). */
  label: string;
}) {
  const { ref, width: measured } = useElementWidth(UNMEASURED);
  // Until measured (the server's render) every label is whole, cut to its column by CSS.
  const { ref: labelsRef, width: labelsWidth } = useElementWidth(Number.POSITIVE_INFINITY);
  const labelOf = (item: BarItem) =>
    item.short && item.label.length * LABEL_CHAR > labelsWidth ? item.short : item.label;
  const values = items.flatMap((i) => (i.value !== null && (!log || i.value > 0) ? [i.value] : []));
  const max = Math.max(1, ...values);
  const min = Math.min(max, ...values);
  // Room right of the longest bar for the longest value, with its note where the column is wide
  // enough to show notes (NOTES_FROM), so neither is cut.
  const reserveFor = (withNote: boolean) =>
    Math.max(
      VALUE_LABEL,
      CHAR *
        Math.max(
          0,
          ...items.map((i) =>
            i.value === null ? 0 : format(i.value).length + (withNote && i.note ? i.note.length + 3 : 0),
          ),
        ) +
        8,
    ) + INSET;
  // The plot's width as CSS (--plot, chosen by the column's width), and a fraction of it (the
  // scales map onto [0, 1]).
  const plotVars = {
    "--plot-bare": `max(40px, 100% - ${reserveFor(false)}px)`,
    "--plot-full": `max(40px, 100% - ${reserveFor(true)}px)`,
  } as CSSProperties;
  const along = (fraction: number) => `var(--plot) * ${fraction}`;
  const scale = log ? logScale(Math.max(min / 2, 1e-9), max, 1) : linearScale(max, 1, { nice: true });
  const plotPx = Math.max(40, Math.max(120, measured) - reserveFor(measured >= NOTES_FROM));
  const ticks = axisTicks(scale, { log, counts, plotPx, axisFormat });

  return (
    <div role="img" aria-label={label} className="grid grid-cols-[minmax(6rem,32%)_minmax(0,1fr)] gap-x-3">
      <ul ref={labelsRef} className="text-sm" style={{ paddingBottom: AXIS }}>
        {items.map((item) => (
          <li
            key={item.key}
            title={plainText(item.label)}
            style={{ height: ROW }}
            className={`flex items-center justify-end truncate text-right ${item.highlight ? "font-semibold text-slate-900 dark:text-white" : "text-slate-700 dark:text-slate-300"}`}
          >
            <UpstreamText className="truncate">{labelOf(item)}</UpstreamText>
          </li>
        ))}
      </ul>
      <div
        ref={ref}
        data-plot
        aria-hidden="true"
        className="@container min-w-0 overflow-hidden text-xs text-slate-600 tabular-nums dark:text-slate-300"
        style={plotVars}
      >
        {items.map((item) => {
          const usable = item.value !== null && (!log || item.value > 0);
          const bar = usable ? `max(2px, ${along(scale(item.value as number))})` : "";
          return (
            <div
              key={item.key}
              title={plainText(item.title ?? item.label)}
              className={`relative ${PLOT}`}
              style={{ height: ROW, lineHeight: `${ROW}px` }}
            >
              {usable ? (
                <>
                  <div
                    data-bar
                    className={`absolute rounded-[3px] ${item.highlight ? "bg-brand-600 dark:bg-sky-400" : "bg-slate-400 dark:bg-slate-500"}`}
                    style={{ left: INSET, top: (ROW - BAR) / 2, height: BAR, width: bar }}
                  />
                  <span
                    data-value
                    className={`absolute whitespace-nowrap ${item.highlight ? "font-semibold" : ""}`}
                    style={{ left: `calc(${INSET + 6}px + ${bar})` }}
                  >
                    {format(item.value as number)}
                    {item.note && (
                      <span className="hidden font-normal text-slate-500 @min-[22rem]:inline dark:text-slate-400">{` · ${item.note}`}</span>
                    )}
                  </span>
                </>
              ) : (
                <span className="absolute italic" style={{ left: INSET }}>
                  not available
                </span>
              )}
            </div>
          );
        })}
        <div className={`relative text-[11px] leading-none ${PLOT}`} style={{ height: AXIS }}>
          <div
            className="absolute top-0 border-t border-current"
            style={{ left: INSET, width: "var(--plot)" }}
          />
          {ticks.map((tick) => (
            <div
              key={tick}
              className="absolute top-0 flex -translate-x-1/2 flex-col items-center"
              style={{ left: `calc(${INSET}px + ${along(scale(tick))})` }}
            >
              <span className="w-px bg-current" style={{ height: TICK }} />
              <span className="mt-0.5 whitespace-nowrap">{axisFormat(tick)}</span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * The axis's ticks. A linear axis: round values evenly spaced that end on the domain's round end
 * (it is nice'd for ten ticks, so the finest set ends there), every k-th of them, the fewest
 * strides apart whose labels do not collide (a count up to 3 drew ticks 0 and 2 under a bar of 3).
 * A log axis: about one per 90 px, less those whose label would run into the one before.
 */
function axisTicks(
  scale: Scale,
  {
    log,
    counts,
    plotPx,
    axisFormat,
  }: { log: boolean; counts: boolean; plotPx: number; axisFormat: (value: number) => string },
): number[] {
  const room = (a: number, b: number) => ((axisFormat(a).length + axisFormat(b).length) / 2) * CHAR + 8;
  const gap = (a: number, b: number) => (scale(b) - scale(a)) * plotPx;
  if (!log) {
    const all = scale.ticks(10).filter((t) => !counts || Number.isInteger(t));
    const intervals = all.length - 1;
    const widest = all.reduce((w, t) => (axisFormat(t).length > axisFormat(w).length ? t : w), all[0] ?? 0);
    for (let k = 1; k < intervals; k++) {
      const next = all[k];
      if (
        intervals % k === 0 &&
        next !== undefined &&
        gap(all[0] ?? 0, next) >= Math.max(40, room(widest, widest))
      )
        return all.filter((_, i) => i % k === 0);
    }
    return intervals > 0 ? [all[0] ?? 0, all[intervals] ?? 0] : all;
  }
  const ticks: number[] = [];
  for (const tick of scale.ticks(Math.max(2, Math.floor(plotPx / 90)))) {
    const before = ticks.at(-1);
    if (before === undefined || gap(before, tick) >= room(before, tick)) ticks.push(tick);
  }
  return ticks;
}
