"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { CompareNews } from "@/components/compare/compare-news";
import { SelectionBar, useCompareSelection } from "@/components/directory/compare-selection";
import { ResultsTable } from "@/components/directory/results-table";
import type { DirectoryRow } from "@/components/directory/use-directory";
import { useMediaQuery } from "@/components/directory/use-media-query";
import { useColumnWidths } from "@/components/directory/use-table-layout";
import { FeedIcon } from "@/components/news/subscribe-link";
import { SavedViews } from "@/components/saved/saved-views";
import { CopyButton } from "@/components/ui/copy-button";
import { DataLink } from "@/components/ui/data-link";
import { JsonFileInput } from "@/components/ui/json-file-input";
import { ErrorState } from "@/components/ui/states";
import { UpstreamText } from "@/components/ui/upstream-text";
import { useAccount } from "@/lib/client/account";
import { useDataNow } from "@/lib/client/data-now";
import { downloadText } from "@/lib/client/download";
import { following, renameFollowed, unfollow, useFollowing } from "@/lib/client/following";
import { useHydrated } from "@/lib/client/hydrated";
import type { SetFailure } from "@/lib/compare/model";
import { compareHref } from "@/lib/compare/search-params";
import { MAX_COMPARE } from "@/lib/compare/set";
import { sortCompanies } from "@/lib/directory/field-values";
import type { SortField } from "@/lib/directory/fields";
import { type ColumnId, defaultOrder } from "@/lib/directory/view-state";
import {
  applyImport,
  type FollowedCompany,
  followingFile,
  type ImportMode,
  importHref,
  MAX_FOLLOWING,
  parseImportParam,
  readFollowingFile,
} from "@/lib/following/list";
import { profileHref } from "@/lib/hrefs";
import { companiesFeedHref } from "@/lib/news/search-params";
import { FeedLinkPanel } from "./feed-link";
import { ImportPanel, type PendingImport } from "./import-panel";
import { followedRowsQuery } from "./queries";

const WIDE_COLUMNS: readonly ColumnId[] = ["name", "ticker", "sector", "country", "marketCap", "updatedAt"];
const NARROW_COLUMNS: readonly ColumnId[] = ["name", "marketCap"];
type Sort = { sort: Exclude<SortField, "relevance">; order: "asc" | "desc" } | null;

const BUTTON =
  "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800";
const LINK = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300";

/**
 * The followed companies: their rows in the directory's table (one request), their news ranked
 * by importance, and the ways to move the list (a link, a file). The list lives in this browser,
 * and for a signed-in person in their account too (lib/client/account.ts).
 */
export function FollowingView({ now: serverNow }: { now: number }) {
  const now = useDataNow(serverNow);
  // The list is in this browser's storage: nothing to say about it before the page is hydrated.
  const hydrated = useHydrated();
  const { list, keys: followedKeys } = useFollowing();
  const account = useAccount();
  const keys = useMemo(() => list.map((c) => c.companyKey), [list]);
  const [pending, setPending] = useState<PendingImport | null>(null);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const [sort, setSort] = useState<Sort>(null);
  const wide = useMediaQuery("(min-width: 768px)", true);
  const selection = useCompareSelection();
  const { widths, onResize } = useColumnWidths();

  // An import link (/following?import=...): asks before it changes the list, then leaves the URL.
  // The parameter repeated (links put together by hand) brings all its keys, as one list.
  const searchParams = useSearchParams();
  const router = useRouter();
  useEffect(() => {
    const imported = searchParams.getAll("import");
    if (imported.length === 0) return;
    setPending({ source: "link", ...parseImportParam(imported, new Date()) });
    router.replace("/following", { scroll: false });
  }, [searchParams, router]);

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
  const failed = (rows.data?.companies ?? []).filter(
    (c): c is Extract<typeof c, { ok: false }> => !c.ok && followedKeys.has(c.requested),
  );
  // A key the server answered under another (a former ticker) is stored as the current one.
  useEffect(() => {
    const renames = new Map<string, string>();
    for (const c of rows.data?.companies ?? [])
      if (c.ok && c.row.companyKey !== c.requested) renames.set(c.requested, c.row.companyKey);
    renameFollowed(renames);
  }, [rows.data]);

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

  const newsCompanies = useMemo(
    () =>
      list.map((c) => {
        const row = byKey.get(c.companyKey);
        return {
          companyKey: c.companyKey,
          ticker: row?.primaryListing.ticker ?? null,
          hasLogo: row?.availableDatasets.includes("logos") ?? false,
        };
      }),
    [list, byKey],
  );

  const onFile = async (file: File) => {
    const parsed = await readFollowingFile(file, new Date());
    if (!parsed.ok) {
      setPending(null);
      setMessage({ text: `Could not import “${file.name}”. ${parsed.message}`, error: true });
      return;
    }
    setMessage(null);
    setPending({ source: "file", fileName: file.name, invalid: [], ...parsed });
  };
  const applyPending = (mode: ImportMode, companies: readonly FollowedCompany[]) => {
    const result = applyImport(following.read(), companies, mode);
    following.write(result.list);
    setPending(null);
    setMessage({
      text: `${mode === "replace" ? "Replaced your list" : "Imported"}: ${result.added} ${result.added === 1 ? "company" : "companies"} added, ${result.list.length} followed.${result.dropped > 0 ? ` ${result.dropped} did not fit (at most ${MAX_FOLLOWING}).` : ""}`,
    });
  };

  const count = list.length;
  if (!hydrated)
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">Following</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">Reading your list…</p>
      </div>
    );
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Following</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {count === 0
              ? "You follow no companies yet."
              : `${count} ${count === 1 ? "company" : "companies"} followed, kept in ${account.status === "ready" ? "your account" : "this browser"} (at most ${MAX_FOLLOWING}).`}
          </p>
        </div>
        {count > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            {count >= 2 && (
              <DataLink href={compareHref(keys)} className={BUTTON}>
                {count > MAX_COMPARE ? `Compare these (the first ${MAX_COMPARE})` : "Compare these"}
              </DataLink>
            )}
            {account.status === "signed-out" && (
              <a href={companiesFeedHref(keys)} type="application/atom+xml" className={BUTTON}>
                <FeedIcon />
                Subscribe (Atom feed of their news)
              </a>
            )}
          </div>
        )}
      </header>
      {account.status === "ready" && account.problem && (
        <p
          role="alert"
          className="rounded-md bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-950 dark:text-rose-100"
        >
          {account.problem}
        </p>
      )}
      <FeedLinkPanel />

      {message && (
        <p
          role={message.error ? "alert" : "status"}
          className={`rounded-md p-3 text-sm ${message.error ? "bg-rose-50 text-rose-900 dark:bg-rose-950 dark:text-rose-100" : "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"}`}
        >
          {message.text}
        </p>
      )}
      {pending && (
        <ImportPanel
          pending={pending}
          current={list}
          onApply={applyPending}
          onCancel={() => {
            setPending(null);
            setMessage({ text: "Import cancelled: your list is unchanged." });
          }}
        />
      )}

      {count === 0 ? (
        <EmptyFollowing inAccount={account.status === "ready"} />
      ) : (
        <section aria-labelledby="followed-companies" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="followed-companies" className="text-lg font-semibold">
              Companies
            </h2>
            <p className="text-xs text-slate-600 dark:text-slate-300">
              {sort ? (
                <button type="button" className={LINK} onClick={() => setSort(null)}>
                  Order by most recently followed
                </button>
              ) : (
                "Most recently followed first; sort by a column's header."
              )}{" "}
              The star (or F on a row) unfollows; Ctrl+Z undoes it.
            </p>
          </div>
          {rows.isError && !rows.data ? (
            <ErrorState
              title="Could not load the companies you follow"
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
              {failed.length > 0 && <FailedRows failed={failed} list={list} onRetry={() => rows.refetch()} />}
              <SelectionBar picked={selection.picked} notice={selection.notice} onClear={selection.clear} />
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
                label={`Followed companies, ${count}`}
                selected={selection.selected}
                onToggleSelected={selection.toggle}
                widths={widths}
                onResize={onResize}
              />
            </>
          )}
        </section>
      )}

      {count > 0 && (
        <section aria-labelledby="following-news" className="space-y-3">
          <div>
            <h2 id="following-news" className="text-lg font-semibold">
              Their news
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              The last 7 days, most material first: the top 25 stories of each company you follow.
            </p>
          </div>
          <CompareNews companies={newsCompanies} set="following" />
        </section>
      )}

      <SavedViews inAccount={account.status === "ready"} />

      <MoveList list={list} onFile={onFile} inAccount={account.status === "ready"} />
    </div>
  );
}

function EmptyFollowing({ inAccount }: { inAccount: boolean }) {
  return (
    <section
      aria-labelledby="following-empty"
      className="rounded-lg border border-dashed border-slate-300 p-8 dark:border-slate-700"
    >
      <h2 id="following-empty" className="font-semibold">
        Follow companies to see them here, with their news
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>
          On a company&apos;s profile, press <strong>Follow</strong> beside its name.
        </li>
        <li>
          In the{" "}
          <Link href="/companies" className={LINK}>
            directory
          </Link>
          , press the star on a row, or F on a focused row.
        </li>
        <li>
          On a{" "}
          <Link href="/compare" className={LINK}>
            comparison
          </Link>
          , press Follow above a company.
        </li>
        <li>Or import a list below, from a file or a link someone shared.</li>
      </ul>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        {inAccount
          ? "Your list is kept in your account, and follows you to any browser you sign in on."
          : "Your list is kept in this browser only; nothing is sent to an account."}
      </p>
    </section>
  );
}

function FailedRows({
  failed,
  list,
  onRetry,
}: {
  failed: readonly { requested: string; reason: SetFailure; message: string }[];
  list: readonly FollowedCompany[];
  onRetry: () => void;
}) {
  const nameOf = (key: string) => list.find((c) => c.companyKey === key)?.name ?? key;
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
              onClick={() => unfollow(f.requested)}
              className="font-medium underline underline-offset-2"
            >
              Unfollow<span className="sr-only"> {nameOf(f.requested)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Export (a link, a file) and import (a file) of the list. */
function MoveList({
  list,
  onFile,
  inAccount,
}: {
  list: readonly FollowedCompany[];
  onFile: (file: File) => void;
  inAccount: boolean;
}) {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const link = importHref(
    origin,
    list.map((c) => c.companyKey),
  );
  const download = () => {
    const stamp = new Date();
    downloadText(`following-${stamp.toISOString().slice(0, 10)}.json`, followingFile(list, stamp));
  };
  return (
    <section
      aria-labelledby="move-list"
      className="space-y-3 border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <div>
        <h2 id="move-list" className="text-lg font-semibold">
          Move your list
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {inAccount
            ? "Your list follows you wherever you sign in. To give it to someone, share the link or the file: they are asked before anything is merged or replaced."
            : "The list lives in this browser. Open the link in another browser, or save the file and import it there: you are asked before anything is merged or replaced."}
        </p>
      </div>
      {list.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="share-link" className="text-sm font-medium">
            Share link
          </label>
          <input
            id="share-link"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-60 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
          />
          <CopyButton value={link} label="share link" />
          <button type="button" onClick={download} className={BUTTON}>
            Download file (JSON)
          </button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <JsonFileInput id="import-file" label="Import a file" onFile={onFile} />
      </div>
    </section>
  );
}
