import { swatchOf } from "@/components/news/event-colors";
import { DataLink } from "@/components/ui/data-link";
import type { WeekCounts } from "@/lib/api-types";
import { formatCount } from "@/lib/format";
import { describeRange } from "@/lib/news/feed-state";
import { feedHref } from "@/lib/news/search-params";
import { EVENT_TYPE_LABELS, EVENT_TYPES } from "@/lib/upstream/vocabulary";

/**
 * The chart's height, known before its counts come (a panel waiting for them keeps the place):
 * a 28 px row per event type (the contract's 19, each counted even at 0) and the caption's two
 * lines.
 */
export const EVENT_TYPE_CHART_HEIGHT = `${EVENT_TYPES.length * 1.75 + 2.5}rem`;

/**
 * The week's stories by event type as a table whose count cells carry a bar: the table is the
 * text alternative and the chart at once. Each type links to the feed filtered by it.
 */
export function EventTypeChart({ data, today }: { data: WeekCounts; today: string }) {
  const max = Math.max(1, ...data.counts.map((c) => c.count));
  return (
    <table className="w-full text-xs">
      <caption className="mb-2 text-left text-xs text-slate-600 dark:text-slate-400">
        {formatCount(data.total)} stories, {describeRange(data.range)} (UTC), importance 1–2, companies of $1B
        and up.
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Event type</th>
          <th scope="col">Stories</th>
        </tr>
      </thead>
      <tbody>
        {data.counts.map(({ eventType, count }) => (
          <tr key={eventType}>
            <th scope="row" className="w-36 py-0.5 pr-2 text-left font-normal">
              <DataLink
                href={feedHref({ eventTypes: [eventType] }, today)}
                className="inline-flex min-h-6 items-center gap-1.5 text-slate-800 hover:text-brand-600 hover:underline dark:text-slate-200 dark:hover:text-sky-300"
              >
                <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${swatchOf(eventType)}`} />
                {EVENT_TYPE_LABELS[eventType]}
              </DataLink>
            </th>
            <td className="py-0.5">
              <div className="flex items-center gap-2">
                <span className="w-10 shrink-0 text-right tabular-nums">{formatCount(count)}</span>
                {/* The bar's width is a share of its track, the same in every row: a share of the
                    cell (which holds the count too) drew 564 at half of 1,229's length. */}
                <span aria-hidden="true" className="block min-w-0 flex-1">
                  <span
                    className={`block h-2.5 rounded-sm ${swatchOf(eventType)}`}
                    style={{ width: `${Math.max(count > 0 ? 2 : 0, (count / max) * 100)}%` }}
                  />
                </span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
