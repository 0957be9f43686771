"use client";

// A named list on /following?list=NAME: its companies (added from here, a profile or a table's
// ticked rows), their news, a comparison and a feed of them; renamed and deleted here.

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { FeedIcon } from "@/components/news/subscribe-link";
import { NameForm } from "@/components/saved/name-form";
import { CompanyCombobox } from "@/components/ui/company-combobox";
import { useAccount } from "@/lib/client/account";
import { getJson, toSearch } from "@/lib/client/api";
import {
  addToList,
  removeFromList,
  removeSaved,
  renameInList,
  renameSaved,
  useLists,
} from "@/lib/client/saved";
import { importHref } from "@/lib/following/list";
import { companiesWord } from "@/lib/format";
import { companiesFeedHref } from "@/lib/news/search-params";
import { listHref, MAX_LIST_COMPANIES, MAX_SAVED_NAME, savedKey, savedName } from "@/lib/saved/views";
import { AddToList } from "./add-to-list";
import { CompanyRows, CompareThese, ListNews } from "./company-rows";
import { ShareLink, useOrigin } from "./share-link";

const BUTTON =
  "inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800";
const LINK = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300";

export function NamedListView({ name, now }: { name: string; now: number }) {
  const lists = useLists();
  // Renamed here: shown under its new name while the address catches up.
  const [renamedTo, setRenamedTo] = useState<string | null>(null);
  const find = (wanted: string) =>
    lists.find((l) => savedKey(l) === savedKey({ kind: "list", name: wanted }));
  const list = find(name) ?? (renamedTo === null ? undefined : find(renamedTo));
  const account = useAccount();
  const router = useRouter();
  const origin = useOrigin();
  const [said, setSaid] = useState<{ text: string; error?: boolean; undo?: () => boolean } | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [newName, setNewName] = useState("");
  const formId = useId();
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const confirmDelete = useRef<HTMLButtonElement>(null);
  const stopRenaming = () => {
    setRenaming(false);
    renameButton.current?.focus();
  };
  // Another list opened (a tab, a link): nothing said or opened about this one carries over.
  const shown = savedKey({ kind: "list", name });
  const [shownBefore, setShownBefore] = useState(shown);
  if (shownBefore !== shown) {
    setShownBefore(shown);
    if (renamedTo === null || savedKey({ kind: "list", name: renamedTo }) !== shown) {
      setSaid(null);
      setRenaming(false);
      setDeleting(false);
    }
    setRenamedTo(null);
  }
  useEffect(() => {
    if (deleting) confirmDelete.current?.focus();
  }, [deleting]);
  const keys = list?.companies ?? [];
  const listName = list?.name ?? name;
  const onRenames = useCallback(
    (renames: ReadonlyMap<string, string>) => renameInList(listName, renames),
    [listName],
  );
  const removal = useMemo(
    () => ({
      verb: "Remove",
      hint: "Tick rows, then “Remove from list”.",
      run: (key: string) => {
        const undo = removeFromList(listName, [key]);
        setSaid({ text: `Took ${key} out of “${listName}”.`, undo });
      },
    }),
    [listName],
  );

  // Signed in with a feed link: this list's own secret link (a feed reader cannot sign in).
  const personalLink = account.status === "ready" ? account.feedLink : null;
  const listFeed = useQuery({
    queryKey: ["feed-link", list?.id, personalLink] as const,
    queryFn: ({ signal }) =>
      getJson<{ feedLink: string | null }>(`/api/account/feed-link${toSearch({ list: list?.id })}`, signal),
    enabled: personalLink !== null && list !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (deleted !== null)
    return (
      <p role="status" className="text-sm">
        Deleted the list “{deleted}”.
      </p>
    );
  if (!list)
    return (
      <section aria-labelledby="list-missing" className="space-y-2">
        <h1 id="list-missing" className="text-2xl font-semibold tracking-tight">
          No list named “{name}”
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          It may have been renamed or deleted, or kept in another browser
          {account.status === "ready" ? "" : " (sign in to have your lists wherever you are)"}. Your lists are
          above;{" "}
          <Link href="/following" className={LINK}>
            the companies you follow
          </Link>{" "}
          are on their own page.
        </p>
      </section>
    );

  const count = keys.length;
  const feed = account.status === "signed-out" ? companiesFeedHref(keys) : (listFeed.data?.feedLink ?? null);
  return (
    <div className="space-y-6">
      <header className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">{list.name}</h1>
            <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
              {count === 0 ? "No companies yet" : companiesWord(count)}, kept in{" "}
              {account.status === "ready" ? "your account" : "this browser"} (at most {MAX_LIST_COMPANIES}).
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <CompareThese keys={keys} className={BUTTON} />
            {count > 0 && feed && (
              <a href={feed} type="application/atom+xml" className={BUTTON}>
                <FeedIcon />
                Subscribe (Atom feed of their news)
              </a>
            )}
            {count > 0 && !feed && account.status === "ready" && account.feedLinks && !account.feedLink && (
              // A feed reader cannot sign in: a list's feed is a secret link, made from the person's.
              <Link href="/following#feed-link-title" className={`text-sm ${LINK}`}>
                Make a feed link to subscribe
              </Link>
            )}
            <button
              ref={renameButton}
              type="button"
              className={BUTTON}
              aria-expanded={renaming}
              onClick={() => {
                setNewName(list.name);
                setRenaming(!renaming);
              }}
            >
              Rename
            </button>
            <button
              ref={deleteButton}
              type="button"
              className={BUTTON}
              aria-expanded={deleting}
              onClick={() => setDeleting(!deleting)}
            >
              Delete list
            </button>
          </div>
        </div>
        {renaming && (
          <NameForm
            id={`${formId}-rename`}
            label={`Rename “${list.name}”`}
            fieldLabel="New name"
            value={newName}
            onChange={setNewName}
            onSubmit={() => {
              const kept = savedName(newName);
              if (!kept || !renameSaved(list, kept)) {
                setSaid({
                  text: `“${newName.trim()}” cannot be used: a name is 1 to ${MAX_SAVED_NAME} characters, and another list may have it.`,
                  error: true,
                });
                return;
              }
              setRenamedTo(kept);
              stopRenaming();
              setSaid({ text: `Renamed to “${kept}”.` });
              router.replace(listHref(kept), { scroll: false });
            }}
            onCancel={stopRenaming}
            submit="Rename"
          />
        )}
        {deleting && (
          <fieldset className="flex flex-wrap items-center gap-2 rounded-md bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-950 dark:text-rose-100">
            <legend className="sr-only">Delete this list</legend>
            <p>
              Delete the list “{list.name}” ({companiesWord(count)})? The companies you follow and your other
              lists stay as they are.
            </p>
            <button
              type="button"
              className="rounded-md bg-rose-700 px-3 py-1.5 font-semibold text-white hover:bg-rose-800"
              ref={confirmDelete}
              onClick={() => {
                setDeleted(list.name);
                removeSaved(list);
                router.push("/following");
              }}
            >
              Yes, delete “{list.name}”
            </button>
            <button
              type="button"
              className={BUTTON}
              onClick={() => {
                setDeleting(false);
                deleteButton.current?.focus();
              }}
            >
              Keep it
            </button>
          </fieldset>
        )}
        {/* Live regions kept in the page, their text changed: one added with its text is often not read. */}
        <div role="status" className="flex flex-wrap items-center gap-2 text-sm empty:hidden">
          {said && !said.error && (
            <>
              <span>{said.text}</span>
              {said.undo && (
                <button
                  type="button"
                  className={LINK}
                  onClick={() => {
                    setSaid(
                      said.undo?.()
                        ? { text: "Put back." }
                        : { text: "Could not put them back: the list was renamed or deleted.", error: true },
                    );
                  }}
                >
                  Undo
                </button>
              )}
            </>
          )}
        </div>
        <p role="alert" className="text-sm text-rose-700 empty:hidden dark:text-rose-300">
          {said?.error ? said.text : ""}
        </p>
        <AddCompany name={list.name} keys={keys} onSaid={(text, error) => setSaid({ text, error })} />
      </header>

      {count === 0 ? (
        <section
          aria-labelledby="list-empty"
          className="rounded-lg border border-dashed border-slate-300 p-6 text-sm dark:border-slate-700"
        >
          <h2 id="list-empty" className="font-semibold">
            Add companies to “{list.name}”
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
            <li>Find one in the box above.</li>
            <li>
              On a company&apos;s profile, press <strong>Add to list</strong>.
            </li>
            <li>
              In the{" "}
              <Link href="/companies" className={LINK}>
                directory
              </Link>
              , tick rows (Space on a focused row), then press <strong>Add to list</strong>.
            </li>
          </ul>
        </section>
      ) : (
        <>
          <CompanyRows
            keys={keys}
            nameOf={(key) => key}
            label={`${list.name}, ${companiesWord(count)}`}
            now={now}
            order={{ now: "In the order added", reset: "Order as added" }}
            onRenames={onRenames}
            remove={removal}
            scope={`list:${savedKey(list)}`}
            actions={(picked, clear) => (
              <>
                <AddToList companies={picked} what={companiesWord(picked.length)} />
                <button
                  type="button"
                  className={BUTTON}
                  onClick={() => {
                    const undo = removeFromList(list.name, picked);
                    clear();
                    setSaid({ text: `Took ${companiesWord(picked.length)} out of “${list.name}”.`, undo });
                  }}
                >
                  Remove from list
                </button>
              </>
            )}
          />
          <ListNews keys={keys} />
          <section
            aria-labelledby="share-list"
            className="space-y-2 border-t border-slate-200 pt-6 dark:border-slate-800"
          >
            <h2 id="share-list" className="text-lg font-semibold">
              Share this list
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Whoever opens the link is asked before it makes or changes their list “{list.name}”. All your
              lists move together as a file under Saved views and lists below.
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <ShareLink link={importHref(origin, keys, list.name)} />
            </div>
          </section>
        </>
      )}
    </div>
  );
}

/** A search box that adds the company chosen to the list. */
function AddCompany({
  name,
  keys,
  onSaid,
}: {
  name: string;
  keys: readonly string[];
  onSaid: (text: string, error?: boolean) => void;
}) {
  const held = new Set(keys);
  const full = keys.length >= MAX_LIST_COMPANIES;
  return (
    <div className="max-w-md">
      <CompanyCombobox
        label={full ? `The list is full (at most ${MAX_LIST_COMPANIES})` : "Add a company"}
        disabled={full}
        note={(row) => (held.has(row.companyKey) ? "in the list" : null)}
        isDisabled={(row) => held.has(row.companyKey)}
        onChoose={(row) => {
          const { added } = addToList(name, [row.companyKey]);
          if (added > 0) onSaid(`Added ${row.displayNameEnglish ?? row.companyKey} to “${name}”.`);
          else onSaid(`${row.companyKey} is not added: the list is full.`, true);
        }}
      />
    </div>
  );
}
