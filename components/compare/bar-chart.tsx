"use client";

import { UpstreamText } from "@/components/ui/upstream-text";
import { useElementWidth } from "@/lib/client/element-width";
import { linearScale, logScale } from "@/lib/compare/scale";
import { plainText } from "@/lib/format";

export interface BarItem {
  key: string;
  label: string;
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
/** Room left of the bars for half of the first axis label (the box clips what overflows). */
const INSET = 10;
const TICK = 8;
const TICK_FONT = 11;

/**
 * Horizontal bars in the order given, one row each: the label in HTML (so long names truncate
 * and stay readable in both themes), the bar and its value in SVG with a shared axis. Rows with
 * no value say so instead of drawing a zero. A log scale spreads values across magnitudes.
 */
export function BarChart({
  items,
  format,
  axisFormat = format,
  log = false,
  label,
}: {
  items: readonly BarItem[];
  format: (value: number) => string;
  axisFormat?: (value: number) => string;
  log?: boolean;
  /** What the picture shows, for assistive technology (the figure's table has the figures). */
  label: string;
}) {
  const { ref, width: measured } = useElementWidth(480);
  const width = Math.max(120, measured);
  const values = items.flatMap((i) => (i.value !== null && (!log || i.value > 0) ? [i.value] : []));
  const max = Math.max(1, ...values);
  const min = Math.min(max, ...values);
  // Room right of the longest bar for the longest value and its note, so neither is cut.
  const labelChars = Math.max(
    0,
    ...items.map((i) => (i.value === null ? 0 : format(i.value).length + (i.note ? i.note.length + 3 : 0))),
  );
  const plot = Math.max(40, width - Math.max(VALUE_LABEL, labelChars * CHAR + 8) - INSET);
  const scale = log ? logScale(Math.max(min / 2, 1e-9), max, plot) : linearScale(max, plot, { nice: true });
  const height = items.length * ROW;
  // The axis's ticks, less those whose label would run into the one before (a narrow chart).
  const ticks: number[] = [];
  for (const tick of scale.ticks(Math.max(2, Math.floor(plot / 90)))) {
    const before = ticks[ticks.length - 1];
    const room =
      ((axisFormat(tick).length + (before === undefined ? 0 : axisFormat(before).length)) / 2) * CHAR + 8;
    if (before === undefined || scale(tick) - scale(before) >= room) ticks.push(tick);
  }

  return (
    <div role="img" aria-label={label} className="grid grid-cols-[minmax(6rem,32%)_minmax(0,1fr)] gap-x-3">
      <ul className="text-sm" style={{ paddingBottom: AXIS }}>
        {items.map((item) => (
          <li
            key={item.key}
            title={plainText(item.label)}
            style={{ height: ROW }}
            className={`flex items-center justify-end truncate text-right ${item.highlight ? "font-semibold text-slate-900 dark:text-white" : "text-slate-700 dark:text-slate-300"}`}
          >
            <UpstreamText className="truncate">{item.label}</UpstreamText>
          </li>
        ))}
      </ul>
      <div ref={ref} className="min-w-0 overflow-hidden text-slate-600 dark:text-slate-300">
        <svg aria-hidden="true" width={width} height={height + AXIS} className="block overflow-visible">
          {items.map((item, i) => {
            const y = i * ROW + (ROW - BAR) / 2;
            const usable = item.value !== null && (!log || item.value > 0);
            const w = usable ? Math.max(2, scale(item.value as number)) : 0;
            return (
              <g key={item.key} transform={`translate(${INSET}, ${y})`}>
                <title>{plainText(item.title ?? item.label)}</title>
                {usable ? (
                  <>
                    <rect
                      x={0}
                      y={0}
                      width={w}
                      height={BAR}
                      rx={3}
                      className={
                        item.highlight
                          ? "fill-brand-600 dark:fill-sky-400"
                          : "fill-slate-400 dark:fill-slate-500"
                      }
                    />
                    <text
                      x={w + 6}
                      y={BAR / 2}
                      dy="0.35em"
                      className="fill-current text-xs tabular-nums"
                      fontWeight={item.highlight ? 600 : 400}
                    >
                      {format(item.value as number)}
                      {item.note && (
                        <tspan className="fill-slate-500 dark:fill-slate-400" fontWeight={400}>
                          {` · ${item.note}`}
                        </tspan>
                      )}
                    </text>
                  </>
                ) : (
                  <text x={0} y={BAR / 2} dy="0.35em" className="fill-current text-xs italic">
                    not available
                  </text>
                )}
              </g>
            );
          })}
          <g transform={`translate(${INSET}, ${height})`} stroke="currentColor" fill="currentColor">
            <line x1={0} x2={plot} />
            {ticks.map((tick) => {
              const x = scale(tick);
              return (
                <g key={tick}>
                  <line x1={x} x2={x} y2={TICK} strokeLinecap="square" />
                  <text x={x} y={TICK + TICK_FONT} fontSize={TICK_FONT} textAnchor="middle" stroke="none">
                    {axisFormat(tick)}
                  </text>
                </g>
              );
            })}
          </g>
        </svg>
      </div>
    </div>
  );
}
