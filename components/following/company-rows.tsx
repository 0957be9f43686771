"use client";

// A list of companies on /following (the followed ones, or a named list): their rows in the
// directory's table (one request), the ones that could not be loaded said above it, and their news
// ranked by importance. The list's own page says what the list is and where it is kept.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { CompareNews } from "@/components/compare/compare-news";
import { SelectionBar, useCompareSelection } from "@/components/directory/compare-selection";
import { ResultsTable } from "@/components/directory/results-table";
import type { DirectoryRow } from "@/components/directory/use-directory";
import { useMediaQuery } from "@/components/directory/use-media-query";
import { useColumnWidths } from "@/components/directory/use-table-layout";
import { DataLink } from "@/components/ui/data-link";
import { ErrorState } from "@/components/ui/states";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { SetFailure } from "@/lib/compare/model";
import { compareHref } from "@/lib/compare/search-params";
import { MAX_COMPARE } from "@/lib/compare/set";
import { sortCompanies } from "@/lib/directory/field-values";
import type { SortField } from "@/lib/directory/fields";
import { type ColumnId, defaultOrder } from "@/lib/directory/view-state";
import { profileHref } from "@/lib/hrefs";
import { followedRowsQuery } from "./queries";

const WIDE_COLUMNS: readonly ColumnId[] = ["name", "ticker", "sector", "country", "marketCap", "updatedAt"];
const NARROW_COLUMNS: readonly ColumnId[] = ["name", "marketCap"];
type Sort = { sort: Exclude<SortField, "relevance">; order: "asc" | "desc" } | null;

const LINK = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300";

/** The rows of a list's companies (shared by its table and its news: one request). */
export function useListRows(keys: readonly string[]) {
  const rows = useQuery({
    ...followedRowsQuery(keys),
    enabled: keys.length > 0,
    placeholderData: keepPreviousData,
  });
  const byKey = useMemo(() => {
    const map = new Map<string, DirectoryRow>();
    for (const c of rows.data?.companies ?? []) if (c.ok) map.set(c.requested, c.row);
    return map;
  }, [rows.data]);
  return { rows, byKey };
}

export function CompanyRows({
  keys,
  nameOf,
  label,
  now,
  order,
  onRenames,
  remove,
  actions,
  scope,
}: {
  /** The list's keys, in its own order. */
  keys: readonly string[];
  /** A company's name as the list kept it (for one that could not be loaded). */
  nameOf: (key: string) => string;
  /** The table's accessible name. */
  label: string;
  now: number;
  /** The list's own order, in words: as it stands ("Most recently followed first"), and the way back to it. */
  order: { now: string; reset: string };
  /** Keys the server answered under another (a former ticker): stored as the current one. */
  onRenames: (renames: ReadonlyMap<string, string>) => void;
  /** How a company leaves the list ("Unfollow", "Remove"), and the list's words for its keyboard way. */
  remove: { verb: string; run: (key: string) => void; hint: string };
  /** More actions on the ticked rows, beside Compare; `clear` unticks them (after a removal). */
  actions?: (picked: readonly string[], clear: () => void) => ReactNode;
  /** The table's own name for its ticked rows (each list keeps its own). */
  scope: string;
}) {
  const { rows, byKey } = useListRows(keys);
  const [sort, setSort] = useState<Sort>(null);
  const wide = useMediaQuery("(min-width: 768px)", true);
  const selection = useCompareSelection(scope);
  const { widths, onResize } = useColumnWidths();
  const listed = useMemo(() => new Set(keys), [keys]);
  const failed = (rows.data?.companies ?? []).filter(
    (c): c is Extract<typeof c, { ok: false }> => !c.ok && listed.has(c.requested),
  );

  useEffect(() => {
    const renames = new Map<string, string>();
    for (const c of rows.data?.companies ?? [])
      if (c.ok && c.row.companyKey !== c.requested) renames.set(c.requested, c.row.companyKey);
    if (renames.size > 0) onRenames(renames);
  }, [rows.data, onRenames]);

  // The table's order: a company that failed to load is listed above the table instead.
  const ordered = useMemo(() => {
    const failedKeys = new Set((rows.data?.companies ?? []).flatMap((c) => (c.ok ? [] : [c.requested])));
    const shown = keys.filter((k) => !failedKeys.has(k));
    if (!sort) return shown;
    const loaded = shown.flatMap((k) => byKey.get(k) ?? []);
    const sorted = sortCompanies(loaded, sort.sort, sort.order).map((r) => r.companyKey);
    return [...sorted, ...shown.filter((k) => !byKey.has(k))];
  }, [keys, byKey, sort, rows.data]);
  const rowAt = useCallback((index: number) => byKey.get(ordered[index] ?? ""), [byKey, ordered]);
  const onSort = useCallback((field: SortField) => {
    if (field === "relevance") return;
    setSort((current) =>
      current?.sort === field
        ? { sort: field, order: current.order === "asc" ? "desc" : "asc" }
        : { sort: field, order: defaultOrder(field) },
    );
  }, []);
  const onRangeChange = useCallback(() => {}, []);
  // Only the rows this table shows: a company taken out of the list meanwhile is no longer ticked.
  const picked = selection.picked.filter((p) => listed.has(p.companyKey));

  return (
    <section aria-labelledby="list-companies" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="list-companies" className="text-lg font-semibold">
          Companies
        </h2>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {sort ? (
            <button type="button" className={LINK} onClick={() => setSort(null)}>
              {order.reset}
            </button>
          ) : (
            `${order.now}; sort by a column's header.`
          )}{" "}
          {remove.hint}
        </p>
      </div>
      {rows.isError && !rows.data ? (
        <ErrorState
          title="Could not load these companies"
          error={rows.error}
          onRetry={() => rows.refetch()}
        />
      ) : (
        <>
          {rows.isError && (
            <ErrorState
              title="Could not refresh the list"
              error={rows.error}
              onRetry={() => rows.refetch()}
            />
          )}
          {rows.data?.warning && (
            <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
              {rows.data.warning}
            </p>
          )}
          {failed.length > 0 && (
            <FailedRows failed={failed} nameOf={nameOf} remove={remove} onRetry={() => rows.refetch()} />
          )}
          <SelectionBar picked={picked} notice={selection.notice} onClear={selection.clear}>
            {actions?.(
              picked.map((p) => p.companyKey),
              selection.clear,
            )}
          </SelectionBar>
          <ResultsTable
            fit
            columns={wide ? WIDE_COLUMNS : NARROW_COLUMNS}
            count={ordered.length}
            rowAt={rowAt}
            onRangeChange={onRangeChange}
            sort={sort ?? { sort: "relevance", order: "asc" }}
            onSort={onSort}
            query=""
            now={now}
            busy={rows.isFetching}
            resetKey=""
            label={label}
            selected={selection.selected}
            onToggleSelected={selection.toggle}
            widths={widths}
            onResize={onResize}
          />
        </>
      )}
    </section>
  );
}

/** A list's way to /compare: the first MAX_COMPARE of its companies, from two on. */
export function CompareThese({ keys, className }: { keys: readonly string[]; className: string }) {
  if (keys.length < 2) return null;
  return (
    <DataLink href={compareHref(keys)} className={className}>
      {keys.length > MAX_COMPARE ? `Compare these (the first ${MAX_COMPARE})` : "Compare these"}
    </DataLink>
  );
}

/** The list's news: the top stories of each of its companies over the last 7 days. */
export function ListNews({ keys }: { keys: readonly string[] }) {
  const { byKey } = useListRows(keys);
  const companies = useMemo(
    () =>
      keys.map((companyKey) => {
        const row = byKey.get(companyKey);
        return {
          companyKey,
          ticker: row?.primaryListing.ticker ?? null,
          hasLogo: row?.availableDatasets.includes("logos") ?? false,
        };
      }),
    [keys, byKey],
  );
  return (
    <section aria-labelledby="list-news" className="space-y-3">
      <div>
        <h2 id="list-news" className="text-lg font-semibold">
          Their news
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          The last 7 days, most material first: the top 25 stories of each company in the list.
        </p>
      </div>
      <CompareNews companies={companies} set="following" />
    </section>
  );
}

function FailedRows({
  failed,
  nameOf,
  remove,
  onRetry,
}: {
  failed: readonly { requested: string; reason: SetFailure; message: string }[];
  nameOf: (key: string) => string;
  remove: { verb: string; run: (key: string) => void };
  onRetry: () => void;
}) {
  return (
    <div
      role="status"
      className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>
        {failed.length === 1 ? "One company" : `${failed.length} companies`} could not be loaded.{" "}
        {/* Only a failure of the moment mends by asking again; an unknown key or the plan does not. */}
        {failed.some((f) => f.reason === "unavailable") && (
          <button type="button" onClick={onRetry} className="font-medium underline underline-offset-2">
            Retry
          </button>
        )}
      </p>
      <ul className="mt-1 space-y-1">
        {failed.map((f) => (
          <li key={f.requested} className="flex flex-wrap items-center gap-x-2">
            <DataLink href={profileHref(f.requested)} className="font-medium underline underline-offset-2">
              <UpstreamText>{nameOf(f.requested)}</UpstreamText>
            </DataLink>
            <span>{f.message}</span>
            <button
              type="button"
              onClick={() => remove.run(f.requested)}
              className="font-medium underline underline-offset-2"
            >
              {remove.verb}
              <span className="sr-only"> {nameOf(f.requested)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
