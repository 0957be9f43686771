"use client";

import { FlexRender, useTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import {
  type CSSProperties,
  type MouseEvent,
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { StarIcon } from "@/components/following/follow-button";
import { DataLink } from "@/components/ui/data-link";
import { toggleFollow, useFollowing } from "@/lib/client/following";
import { useScrollEdges } from "@/lib/client/scroll-edges";
import type { ColumnWidth } from "@/lib/directory/column-layout";
import type { SortField } from "@/lib/directory/fields";
import type { ColumnId } from "@/lib/directory/view-state";
import { plainText } from "@/lib/format";
import { profileHref } from "@/lib/hrefs";
import { ColumnResizer } from "./column-resizer";
import { CellContext, columnDefs, columnLabel, type DirectoryColumnMeta, features } from "./columns";
import { keepPlace, keptPlace } from "./kept-place";
import type { DirectoryRow } from "./use-directory";
import { useFling } from "./use-fling";
import { useRangeReporter } from "./use-range-reporter";
import { useRowNavigation } from "./use-row-navigation";

const ROW_HEIGHT = 48;
/** Rows drawn beyond each edge of the screen. */
const OVERSCAN = 6;
/** The selection column: a checkbox per row, for the comparison, and a star to follow the company. */
// 50 px keeps the narrow table (this, the name at 160 px and the market cap at 120) within a 375 px
// phone (a 341 px box).
const SELECT_WIDTH = "50px";
/**
 * Every body row: placed by the virtualizer, laid out on the header's grid (the table's CSS
 * variable, so a resized column re-lays the rows without re-rendering them).
 */
const ROW_CLASS =
  "absolute left-0 top-0 grid w-full items-center border-b border-slate-100 [grid-template-columns:var(--directory-columns)] dark:border-slate-800/60";

/** A column's grid track: the width the person set, or its default (on a narrow window, its narrow one). */
function trackOf(
  id: string,
  meta: DirectoryColumnMeta | undefined,
  widths: readonly ColumnWidth[],
  narrow: boolean,
): string {
  const px = widths.find((w) => w.id === id)?.px;
  return px ? `${px}px` : (narrow && meta?.narrowWidth) || meta?.width || "minmax(100px, 1fr)";
}

function minWidth(tracks: readonly string[]): number {
  return tracks.reduce(
    (sum, track) => sum + Number(/(\d+)px/.exec(track)?.[1] ?? 100),
    Number.parseInt(SELECT_WIDTH, 10),
  );
}

export interface ResultsTableProps {
  columns: readonly ColumnId[];
  count: number;
  rowAt: (index: number) => DirectoryRow | undefined;
  onRangeChange: (range: [number, number]) => void;
  sort: { sort: SortField; order: "asc" | "desc" };
  onSort: (sort: SortField) => void;
  query: string;
  now: number;
  busy: boolean;
  /** Changes when the result set changes: the table scrolls back to the top. */
  resetKey: string;
  label: string;
  /** Companies ticked for the comparison (kept across searches). */
  selected: ReadonlySet<string>;
  onToggleSelected: (row: DirectoryRow) => void;
  /** As tall as its rows (up to the window's height) rather than the window: a short list. */
  fit?: boolean;
  /** Column widths the person set; a column without one has its default. */
  widths: readonly ColumnWidth[];
  /** Absent on a narrow window: its two columns share the width, and a handle would only be a Tab stop. */
  onResize?: (column: ColumnId, px: number | null) => void;
  /** The table's height until it is measured (default 720 px): the first render fills this. */
  firstHeight?: number;
}

/**
 * The directory's results: a virtualized table over the whole result (rows load by page as they
 * scroll into view), whole rows as links, arrow keys to move between rows, Enter to open.
 */
export function ResultsTable(props: ResultsTableProps) {
  const { columns, count, rowAt, onRangeChange, sort, onSort, query, now, busy, resetKey, label } = props;
  const { selected, onToggleSelected, widths, onResize, firstHeight = 720 } = props;
  const followed = useFollowing().keys;
  const scrollRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  useScrollEdges(scrollRef, frameRef);
  const { rangeExtractor, stops, onKeyDown, focusRow } = useRowNavigation({
    count,
    rowHeight: ROW_HEIGHT,
    scrollRef,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: "auto" }),
    resetKey,
    onRowKey: (event, index) => {
      const row = rowAt(index);
      if (event.key === " " && (event.target as HTMLElement).tagName === "A") {
        // Space on a row ticks it for the comparison (a link does nothing with Space).
        if (row) onToggleSelected(row);
        return true;
      }
      if ((event.key === "f" || event.key === "F") && !event.ctrlKey && !event.metaKey && !event.altKey) {
        // F on a row follows or unfollows its company.
        if (row) toggleFollow(row.companyKey, plainText(row.displayNameEnglish) || null);
        return true;
      }
      return false;
    },
  });
  // Back (or Forward) to the page a row was opened from: its place (kept-place.ts).
  const [kept] = useState(() => keptPlace(resetKey));
  // The kept place, or a scroll made before the scripts ran (the server's table scrolls at once),
  // is where the virtualizer starts: mounting, it would scroll the table back to its own offset,
  // 0. (Before useVirtualizer, this effect runs before the virtualizer's own; the instance exists
  // by then.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount; the virtualizer is one instance.
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    if (kept) scroller.scrollTop = kept.top;
    if (scroller.scrollTop > 0) virtualizer.scrollOffset = scroller.scrollTop;
  }, []);
  // The first render (the server's, and the hydration that matches it) draws the rows of the
  // guessed height and the overscan, the rows the measured table will want too: rows added once it
  // is measured would be a synchronous re-render right after hydration (on a phone, a 170 ms task at
  // the 4x CPU slowdown Lighthouse assumes).
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    initialRect: { width: 1200, height: firstHeight },
    // Render new rows in React's own task rather than synchronously inside each scroll event:
    // the scroll handler stays short and React can batch a fling's frames.
    useFlushSync: false,
    rangeExtractor,
  });
  // The drawn rows: those on screen, the overscan, and the row with the focus wherever it is.
  const items = virtualizer.getVirtualItems();
  const onScreen = virtualizer.range ?? { startIndex: 0, endIndex: -1 };
  // The rows on screen and the overscan, for their pages (not the focused row's, however far).
  const first = virtualizer.range ? Math.max(0, onScreen.startIndex - OVERSCAN) : 0;
  const last = virtualizer.range ? Math.min(count, onScreen.endIndex + OVERSCAN + 1) : 0;
  useRangeReporter(first, last, virtualizer.isScrolling, onRangeChange);
  const fling = useFling(scrollRef, virtualizer.isScrolling);
  const { tabStop, keepWhole } = stops(onScreen, (index) => rowAt(index) !== undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount: the row opened takes the focus back.
  useEffect(() => {
    if (kept) focusRow(kept.row, document.activeElement);
  }, []);
  /** A row's link about to open its profile: its place is kept, for Back. */
  const onRowClick = (event: MouseEvent) => {
    const row = (event.target as Element).closest("a")?.closest<HTMLElement>("[data-index]");
    if (row && scrollRef.current)
      keepPlace({ key: resetKey, top: scrollRef.current.scrollTop, row: Number(row.dataset.index) });
  };

  // The table model covers the drawn rows only; the virtualizer positions them.
  const windowRows = useMemo(() => {
    const rows: DirectoryRow[] = [];
    for (const item of items) {
      const row = rowAt(item.index);
      if (row) rows.push(row);
    }
    return rows;
  }, [items, rowAt]);
  const visibleDefs = useMemo(() => columnDefs(columns), [columns]);
  const table = useTable({
    features,
    columns: visibleDefs,
    data: windowRows,
    getRowId: (row) => row.companyKey,
  });
  const rowsById = table.getRowModel().rowsById;
  const narrow = !columns.includes("ticker");
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const tracks = headers.map(({ column }) => trackOf(column.id, column.columnDef.meta, widths, narrow));
  const template = [SELECT_WIDTH, ...tracks].join(" ");
  const columnsKey = columns.join(",");
  const width = minWidth(tracks);

  const cellContext = useMemo(
    () => ({
      query,
      now,
      deferImages: virtualizer.isScrolling,
      narrow,
    }),
    [query, now, virtualizer.isScrolling, narrow],
  );

  return (
    <CellContext.Provider value={cellContext}>
      {/* The frame carries the scroller's marks (useScrollEdges) for the shade at its right edge. */}
      <div ref={frameRef} className="relative">
        <div
          ref={scrollRef}
          data-results-scroller=""
          className={`relative overflow-auto rounded-lg border border-slate-200 dark:border-slate-800 ${props.fit ? "max-h-[calc(100dvh-10rem)]" : "h-[calc(100dvh-16.25rem)] min-h-[360px]"}`}
          // One row's height more for the header (its labels may wrap) and the border.
          style={props.fit ? { height: (count + 1) * ROW_HEIGHT + 2 } : undefined}
        >
          <table
            aria-label={label}
            aria-rowcount={count + 1}
            aria-busy={busy}
            data-query={query}
            className="grid"
            style={{ minWidth: width, "--directory-columns": template } as CSSProperties}
          >
            <thead className="sticky top-0 z-10 grid">
              <tr
                aria-rowindex={1}
                className="grid border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600 [grid-template-columns:var(--directory-columns)] dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
              >
                <th scope="col" className="flex items-center px-2 py-2">
                  <span className="sr-only">Select, follow</span>
                </th>
                {headers.map((header) => {
                  const id = header.column.id as ColumnId;
                  const meta = header.column.columnDef.meta;
                  const label = columnLabel(id);
                  const sortField = meta?.sort;
                  const sorted = sortField && sort.sort === sortField ? sort.order : null;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                      data-column={id}
                      className={`relative flex min-w-0 items-center px-2 py-2 ${meta?.align === "end" ? "justify-end" : ""}`}
                    >
                      {sortField ? (
                        <button
                          type="button"
                          onClick={() => onSort(sortField)}
                          className="-mx-1 inline-flex min-w-0 items-center gap-1 rounded px-1 uppercase hover:text-slate-900 dark:hover:text-white"
                          title={`Sort by ${label.toLowerCase()}`}
                        >
                          <span className="truncate">
                            <FlexRender header={header} />
                          </span>
                          <span
                            aria-hidden="true"
                            className={sorted ? "text-brand-600 dark:text-brand-100" : "opacity-30"}
                          >
                            {sorted === "asc" ? "▲" : "▼"}
                          </span>
                        </button>
                      ) : (
                        <span className="truncate" title={label}>
                          <FlexRender header={header} />
                        </span>
                      )}
                      {onResize && (
                        <ColumnResizer
                          label={label}
                          px={widths.find((w) => w.id === id)?.px}
                          onResize={(px) => onResize(id, px)}
                        />
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody
              onKeyDown={onKeyDown}
              onClickCapture={onRowClick}
              className={`relative block transition-opacity ${busy ? "opacity-60" : ""}`}
              style={{ height: virtualizer.getTotalSize(), minWidth: width }}
            >
              {items.map((item) => {
                const company = rowAt(item.index);
                const row = company ? rowsById[company.companyKey] : undefined;
                const style = { height: ROW_HEIGHT, transform: `translateY(${item.start}px)` };
                // A flung row shows the name alone (not the keyboard's row); a row whose page is loading, placeholders.
                if ((fling && !keepWhole(item.index)) || !company || !row)
                  return (
                    <tr
                      key={`${fling ? "fling" : "pending"}-${item.index}`}
                      aria-rowindex={item.index + 2}
                      data-index={item.index}
                      className={`${ROW_CLASS} text-sm text-slate-500 dark:text-slate-400`}
                      style={style}
                    >
                      {fling ? (
                        <td className="col-span-full truncate pl-[58px] pr-2">
                          {company ? plainText(company.displayNameEnglish || company.companyKey) : ""}
                        </td>
                      ) : (
                        <>
                          <td />
                          {columns.map((id) => (
                            <td key={id} className="px-2">
                              <span className="block h-3 w-3/4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
                            </td>
                          ))}
                        </>
                      )}
                    </tr>
                  );
                return (
                  <ResultRow
                    key={company.companyKey}
                    company={company}
                    row={row}
                    index={item.index}
                    style={style}
                    tabStop={item.index === tabStop}
                    columnsKey={columnsKey}
                    selected={selected.has(company.companyKey)}
                    onToggleSelected={onToggleSelected}
                    followed={followed.has(company.companyKey)}
                  />
                );
              })}
            </tbody>
          </table>
        </div>
        {/* Columns cut off at the right: a shade there says the table scrolls sideways. Over the
          sticky header (z-10), under the toolbar's menus (z-20); clear of scrollbars that take room. */}
        <div
          aria-hidden="true"
          data-edge-shade=""
          className="pointer-events-none absolute top-px right-[calc(1px+var(--scrollbar-inline,0px))] bottom-[calc(1px+var(--scrollbar-block,0px))] z-[11] w-6 rounded-r-lg print:hidden bg-linear-to-l from-slate-900/15 to-transparent dark:from-slate-400/25"
        />
      </div>
    </CellContext.Provider>
  );
}

type TableRow = ReturnType<
  ReturnType<typeof useTable<typeof features, DirectoryRow>>["getRowModel"]
>["rows"][number];

/** One result row; re-renders only when its company, place or focus changes. */
const ResultRow = memo(
  function ResultRow({
    company,
    row,
    index,
    style,
    tabStop,
    selected,
    onToggleSelected,
    followed,
  }: {
    company: DirectoryRow;
    row: TableRow;
    index: number;
    style: CSSProperties;
    /** Whether its link is the table's one stop in the tab order. */
    tabStop: boolean;
    /** The visible columns, for the comparison below: a new set re-renders the row. */
    columnsKey: string;
    selected: boolean;
    onToggleSelected: (row: DirectoryRow) => void;
    followed: boolean;
  }) {
    const name = company.displayNameEnglish || company.companyKey;
    return (
      <tr
        aria-rowindex={index + 2}
        data-index={index}
        data-result-row=""
        className={`${ROW_CLASS} text-sm hover:bg-slate-50 has-[a:focus-visible]:bg-brand-50 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-inset has-[a:focus-visible]:ring-brand-500 dark:hover:bg-slate-900 dark:has-[a:focus-visible]:bg-slate-800`}
        style={style}
      >
        <td className="relative z-[1] flex items-center justify-center gap-0.5">
          <input
            type="checkbox"
            checked={selected}
            onChange={() => onToggleSelected(company)}
            tabIndex={-1}
            aria-label={`Select ${plainText(name)}`}
            className="size-4 cursor-pointer accent-brand-600"
          />
          <button
            type="button"
            aria-pressed={followed}
            onClick={() => toggleFollow(company.companyKey, plainText(company.displayNameEnglish) || null)}
            tabIndex={-1}
            aria-label={`Follow ${plainText(name)}`}
            title={followed ? "Following (F to unfollow)" : "Follow (F)"}
            className="rounded p-0.5 text-slate-400 hover:text-amber-600 aria-pressed:text-amber-500 dark:text-slate-500 dark:hover:text-amber-300 dark:aria-pressed:text-amber-300"
          >
            <StarIcon filled={followed} />
          </button>
        </td>
        {row.getAllCells().map((cell) => {
          const id = cell.column.id;
          const content = <FlexRender cell={cell} />;
          return (
            <td
              key={cell.id}
              data-column={id}
              className={`flex min-w-0 items-center px-2 ${cell.column.columnDef.meta?.align === "end" ? "justify-end" : ""}`}
            >
              {id === "name" ? (
                <DataLink
                  href={profileHref(company.companyKey)}
                  tabIndex={tabStop ? 0 : -1}
                  className="min-w-0 outline-none"
                >
                  {content}
                </DataLink>
              ) : (
                content
              )}
            </td>
          );
        })}
      </tr>
    );
  },
  (a, b) =>
    a.company === b.company &&
    a.index === b.index &&
    a.tabStop === b.tabStop &&
    a.style.transform === b.style.transform &&
    a.columnsKey === b.columnsKey &&
    a.selected === b.selected &&
    a.onToggleSelected === b.onToggleSelected &&
    a.followed === b.followed,
);
