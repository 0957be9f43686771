"use client";

// Every saved view and named list on /following: open, rename, delete, and move them as a file (an
// import joins the file's entries to these, a same-named one replaced).
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { NameForm } from "@/components/saved/name-form";
import { JsonFileInput } from "@/components/ui/json-file-input";
import { downloadText } from "@/lib/client/download";
import { removeSaved, renameSaved, saved, useSaved, useSavedProblem } from "@/lib/client/saved";
import {
  hrefOf,
  importSaved,
  isList,
  listHref,
  MAX_SAVED,
  MAX_SAVED_NAME,
  readSavedFile,
  SAVED_KIND_LABELS,
  SAVED_KINDS,
  type Saved,
  savedFile,
  savedKey,
  savedName,
} from "@/lib/saved/views";

/** A message about the last change, with a way to undo it (false when it cannot be undone). */
type Said = { text: string; error?: boolean; undo?: () => boolean };

const BUTTON =
  "rounded-md px-2.5 py-1 text-xs font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800";
const LINK = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300";

export function SavedViews({ inAccount }: { inAccount: boolean }) {
  const views = useSaved();
  const problem = useSavedProblem();
  const [message, setMessage] = useState<Said | null>(null);
  // A renamed view's row is a new one (a view is known by its name): its Rename button takes the focus.
  const [renamed, setRenamed] = useState<string | null>(null);

  const onFile = async (file: File) => {
    const parsed = await readSavedFile(file);
    if (!parsed.ok) {
      setMessage({ text: parsed.message, error: true });
      return;
    }
    const result = importSaved(saved.read(), parsed.views);
    saved.write(result.list);
    setMessage({
      text: `Imported: ${result.added} new, ${result.replaced} replaced; ${result.list.length} saved views and lists (at most ${MAX_SAVED}).${result.dropped > 0 ? ` ${result.dropped} did not fit: delete some, then import the file again.` : ""}`,
    });
  };

  return (
    <section
      id="saved-views"
      aria-labelledby="saved-views-heading"
      className="space-y-3 border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <div>
        <h2 id="saved-views-heading" tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          Saved views and lists
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Directory screens, news views and comparisons kept under a name with “Save view” on their pages, and
          your named lists of companies.{" "}
          {inAccount ? "They are kept in your account, wherever you sign in." : "They live in this browser."}
        </p>
      </div>
      {/* Live regions kept in the page, their text changed: one added with its text is often not read. */}
      <div
        role="status"
        className="flex flex-wrap items-center gap-2 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 empty:hidden dark:bg-emerald-950 dark:text-emerald-100"
      >
        {message && !message.error && (
          <>
            <span>{message.text}</span>
            {message.undo && (
              <button
                type="button"
                className="font-medium underline underline-offset-2"
                onClick={() =>
                  setMessage(
                    message.undo?.()
                      ? { text: "Put back." }
                      : {
                          text: "It could not be put back: another of that name is kept now, or there is no room.",
                          error: true,
                        },
                  )
                }
              >
                Undo
              </button>
            )}
          </>
        )}
      </div>
      <p
        role="alert"
        className="rounded-md bg-rose-50 p-3 text-sm text-rose-900 empty:hidden dark:bg-rose-950 dark:text-rose-100"
      >
        {message?.error ? message.text : (problem ?? "")}
      </p>
      {views.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          None yet. Use “Save view” on the{" "}
          <Link href="/companies" className={LINK}>
            directory
          </Link>
          ,{" "}
          <Link href="/news" className={LINK}>
            top news
          </Link>{" "}
          or a{" "}
          <Link href="/compare" className={LINK}>
            comparison
          </Link>
          , and “+ New list” or “Add to list” for a list of companies.
        </p>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[repeat(2,minmax(0,1fr))] xl:grid-cols-[repeat(4,minmax(0,1fr))]">
          {SAVED_KINDS.map((kind) => {
            const ofKind = views.filter((v) => v.kind === kind);
            return (
              <div key={kind}>
                <h3 className="text-sm font-semibold">
                  {SAVED_KIND_LABELS[kind].many} ({ofKind.length})
                </h3>
                {ofKind.length === 0 ? (
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">None saved.</p>
                ) : (
                  <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
                    {ofKind.map((view) => (
                      <SavedRow
                        key={savedKey(view)}
                        entry={view}
                        onSaid={setMessage}
                        focus={savedKey(view) === renamed}
                        onRenamed={setRenamed}
                      />
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {views.length > 0 && (
          <button
            type="button"
            className={BUTTON}
            onClick={() => {
              const stamp = new Date();
              downloadText(`saved-views-${stamp.toISOString().slice(0, 10)}.json`, savedFile(views, stamp));
            }}
          >
            Download saved views and lists (JSON)
          </button>
        )}
        <JsonFileInput
          id="import-saved"
          label="Import saved views and lists"
          onFile={(file) => void onFile(file)}
        />
      </div>
    </section>
  );
}

function SavedRow({
  entry: view,
  onSaid,
  focus,
  onRenamed,
}: {
  entry: Saved;
  onSaid: (message: Said) => void;
  /** Just renamed to this: the focus comes back to its Rename button. */
  focus: boolean;
  onRenamed: (key: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const router = useRouter();
  const listParam = useSearchParams().get("list");
  const shownList = (entry: Saved) =>
    isList(entry) && listParam !== null && savedKey({ kind: "list", name: listParam }) === savedKey(entry);
  const [name, setName] = useState(view.name);
  const id = useId();
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back from the name field (Escape), or arrived renamed: the keyboard carries on from Rename.
  useEffect(() => {
    if ((wasEditing.current && !editing) || (focus && !editing)) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing, focus]);
  if (editing)
    return (
      <li className="py-1.5">
        <NameForm
          id={id}
          label={`Rename “${view.name}”`}
          fieldLabel="New name"
          value={name}
          onChange={setName}
          onSubmit={() => {
            const kept = savedName(name);
            if (kept && renameSaved(view, kept)) {
              setEditing(false);
              onRenamed(savedKey({ kind: view.kind, name: kept }));
              // The list shown on this page: its address follows the name.
              if (shownList(view)) router.replace(listHref(kept), { scroll: false });
            } else
              onSaid({
                text: `“${name.trim()}” cannot be used: a name is 1 to ${MAX_SAVED_NAME} characters, and another ${SAVED_KIND_LABELS[view.kind].one} may have it.`,
                error: true,
              });
          }}
          onCancel={() => setEditing(false)}
          submit="Rename"
        />
      </li>
    );
  return (
    <li className="flex items-center gap-2 py-1.5 text-sm">
      <Link href={hrefOf(view)} className={`min-w-0 flex-1 truncate ${LINK}`}>
        {view.name}
        {isList(view) && (
          <span className="font-normal text-slate-600 dark:text-slate-400"> ({view.companies.length})</span>
        )}
      </Link>
      <button
        ref={renameButton}
        type="button"
        className={BUTTON}
        aria-label={`Rename “${view.name}”`}
        onClick={() => {
          setName(view.name);
          setEditing(true);
        }}
      >
        Rename
      </button>
      <button
        type="button"
        className={BUTTON}
        aria-label={`Delete “${view.name}”`}
        onClick={() => {
          const undo = removeSaved(view);
          onSaid({ text: `Deleted “${view.name}”.`, undo });
          // The list shown on this page: the page goes back to the followed companies.
          if (shownList(view)) router.push("/following");
          // The row is gone with its button: the keyboard carries on from the section.
          document.getElementById("saved-views-heading")?.focus();
        }}
      >
        Delete
      </button>
    </li>
  );
}
