"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { focusHeading } from "@/components/layout/route-focus";
import { FeedIcon } from "@/components/news/subscribe-link";
import { SavedViews } from "@/components/saved/saved-views";
import { JsonFileInput } from "@/components/ui/json-file-input";
import { useAccount } from "@/lib/client/account";
import { useDataNow } from "@/lib/client/data-now";
import { downloadText } from "@/lib/client/download";
import { following, renameFollowed, unfollow, useFollowing } from "@/lib/client/following";
import { useHydrated } from "@/lib/client/hydrated";
import { addToList, createList, setListCompanies, useLists } from "@/lib/client/saved";
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
import { companiesWord } from "@/lib/format";
import { companiesFeedHref } from "@/lib/news/search-params";
import { listHref, savedKey, savedName } from "@/lib/saved/views";
import { AddToList } from "./add-to-list";
import { CompanyRows, CompareThese, ListNews } from "./company-rows";
import { FeedLinkPanel } from "./feed-link";
import { ImportPanel, type PendingImport } from "./import-panel";
import { ListNav } from "./list-nav";
import { NamedListView } from "./named-list-view";
import { ShareLink, useOrigin } from "./share-link";

const BUTTON =
  "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800";
const LINK = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300";

/**
 * The person's lists: the companies they follow (the star), and their named lists (`?list=NAME`),
 * each with its rows in the directory's table, its news ranked by importance, a comparison and a
 * feed. They live in this browser, and for a signed-in person in their account too
 * (lib/client/account.ts for the followed list, lib/client/saved.ts for the named ones).
 */
export function FollowingView({ now: serverNow }: { now: number }) {
  const now = useDataNow(serverNow);
  // The lists are in this browser's storage: nothing to say about them before the page is hydrated.
  const hydrated = useHydrated();
  const account = useAccount();
  // A name in the address as names are kept (trimmed, one space between words); none when empty.
  const listName = savedName(useSearchParams().get("list"));
  // Another list shown (the page stays, its address changes): where the focus was lost with the
  // last one's controls (a list deleted, or made), it goes to the new one's heading.
  const listShown = useRef(listName);
  useEffect(() => {
    if (listShown.current === listName) return;
    listShown.current = listName;
    if (document.activeElement === null || document.activeElement === document.body) focusHeading();
  }, [listName]);
  if (!hydrated)
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">{listName ?? "Following"}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">Reading your lists…</p>
      </div>
    );
  return (
    <div className="space-y-6">
      <ListNav current={listName} />
      {listName === null ? <FollowedList now={now} /> : <NamedListView name={listName} now={now} />}
      <SavedViews inAccount={account.status === "ready"} />
    </div>
  );
}

/** The followed companies, and the ways to move them (a link, a file). */
function FollowedList({ now }: { now: number }) {
  const { list } = useFollowing();
  const account = useAccount();
  const keys = useMemo(() => list.map((c) => c.companyKey), [list]);
  const [pending, setPending] = useState<PendingImport | null>(null);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);

  // An import link (/following?import=...): asks before it changes the list, then leaves the URL.
  // The parameter repeated (links put together by hand) brings all its keys, as one list.
  const searchParams = useSearchParams();
  const router = useRouter();
  useEffect(() => {
    const imported = searchParams.getAll("import");
    if (imported.length === 0) return;
    const into = savedName(searchParams.get("name")) ?? undefined;
    setPending({ source: "link", ...parseImportParam(imported, new Date()), into });
    router.replace("/following", { scroll: false });
  }, [searchParams, router]);

  const nameOf = useCallback((key: string) => list.find((c) => c.companyKey === key)?.name ?? key, [list]);
  const removal = useMemo(
    () => ({
      verb: "Unfollow",
      run: unfollow,
      hint: "The star (or F on a row) unfollows; Ctrl+Z undoes it.",
    }),
    [],
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
    if (pending?.into !== undefined) return applyToList(pending.into, mode, companies);
    const result = applyImport(following.read(), companies, mode);
    following.write(result.list);
    setPending(null);
    setMessage({
      text: `${mode === "replace" ? "Replaced your list" : "Imported"}: ${companiesWord(result.added)} added, ${result.list.length} followed.${result.dropped > 0 ? ` ${result.dropped} did not fit (at most ${MAX_FOLLOWING}).` : ""}`,
    });
  };

  // A named list's share link: into that list (made when there is none), then its page.
  const lists = useLists();
  const intoList =
    pending?.into === undefined
      ? undefined
      : lists.find((l) => savedKey(l) === savedKey({ kind: "list", name: pending.into ?? "" }));
  const applyToList = (name: string, mode: ImportMode, companies: readonly FollowedCompany[]) => {
    const keys = companies.map((c) => c.companyKey);
    if (!intoList) {
      const made = createList(name, keys);
      if ("problem" in made) return setMessage({ text: made.problem, error: true });
    } else if (mode === "replace") setListCompanies(intoList.name, keys);
    else addToList(intoList.name, keys);
    setPending(null);
    router.push(listHref(intoList?.name ?? name));
  };

  const count = list.length;
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Following</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {count === 0
              ? "You follow no companies yet."
              : `${companiesWord(count)} followed, kept in ${account.status === "ready" ? "your account" : "this browser"} (at most ${MAX_FOLLOWING}).`}
          </p>
        </div>
        {count > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <CompareThese keys={keys} className={BUTTON} />
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
          current={
            pending.into === undefined
              ? list
              : (intoList?.companies ?? []).map((companyKey) => ({ companyKey, name: null, followedAt: "" }))
          }
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
        <>
          <CompanyRows
            keys={keys}
            nameOf={nameOf}
            label={`Followed companies, ${count}`}
            now={now}
            order={{ now: "Most recently followed first", reset: "Order by most recently followed" }}
            onRenames={renameFollowed}
            remove={removal}
            scope="following"
            actions={(picked) => <AddToList companies={picked} what={companiesWord(picked.length)} />}
          />
          <ListNews keys={keys} />
        </>
      )}

      <MoveList list={list} onFile={onFile} inAccount={account.status === "ready"} />
    </>
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
  const link = importHref(
    useOrigin(),
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
          <ShareLink link={link} />
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
