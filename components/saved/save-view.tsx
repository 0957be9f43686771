"use client";

// "Save view" on a page whose state is its URL (the directory, /news, /compare): keeps the URL
// under a name, and lists this kind's saved views to open again. Kept in this browser, and in the
// account once signed in (lib/client/saved.ts); all of them are on /following.
import Link from "next/link";
import { useId, useRef, useState } from "react";
import { NameForm } from "@/components/saved/name-form";
import { saveView, useSavedProblem, useSavedViews } from "@/lib/client/saved";
import { MAX_SAVED_NAME, SAVED_KIND_LABELS, savedKey, savedName, type ViewKind } from "@/lib/saved/views";

const BUTTON =
  "rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800";
const LINK = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300";

export function SaveView({ kind, suggestion = "" }: { kind: ViewKind; suggestion?: string }) {
  const views = useSavedViews(kind);
  // A save to the account that failed is said here too, not only on /following.
  const problem = useSavedProblem();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [said, setSaid] = useState<{ text: string; error?: boolean } | null>(null);
  // Bumped when a name is refused: the field takes the focus again.
  const [refused, setRefused] = useState(0);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();
  const label = SAVED_KIND_LABELS[kind];
  const taken = views.find((v) => savedKey(v) === savedKey({ kind, name: savedName(name) ?? "" }));

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const submit = () => {
    const why = saveView(kind, name, `${window.location.pathname}${window.location.search}`);
    if (why) {
      setSaid({ text: why, error: true });
      setRefused((n) => n + 1);
      return;
    }
    setSaid({ text: `Saved “${savedName(name)}”.` });
    close();
  };

  return (
    <div data-needs-js="" className="relative flex flex-wrap items-center gap-2 text-sm">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        className={BUTTON}
        onClick={() => {
          if (open) return close();
          setName(suggestion.slice(0, MAX_SAVED_NAME));
          setSaid(null);
          setOpen(true);
        }}
      >
        Save view
      </button>
      {views.length > 0 && (
        <details>
          <summary className={`${LINK} cursor-pointer`}>
            {label.many} ({views.length})
          </summary>
          {/* Under the row, from its start: under the summary it ran off a phone's screen. */}
          <ul className="absolute top-full left-0 z-20 mt-1 max-h-72 w-72 max-w-full overflow-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            {views.map((v) => (
              <li key={savedKey(v)}>
                <Link
                  href={v.href}
                  className="block truncate rounded px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
                >
                  {v.name}
                </Link>
              </li>
            ))}
            <li className="border-t border-slate-200 dark:border-slate-700">
              <Link href="/following#saved-views" className={`block px-2 py-1.5 text-xs ${LINK}`}>
                Manage saved views
              </Link>
            </li>
          </ul>
        </details>
      )}
      {open && (
        <NameForm
          id={`${id}-form`}
          label={`Save this ${label.one}`}
          value={name}
          onChange={setName}
          onSubmit={submit}
          onCancel={close}
          submit="Save"
          refocus={refused}
          hint={
            taken
              ? `Replaces the saved ${label.one} “${taken.name}”.`
              : "Saved as this page's link, in this browser (and in your account when signed in)."
          }
        />
      )}
      {/* Live regions kept in the page, their text changed: one added with its text is often not read. */}
      <p role="status" className="text-slate-600 empty:hidden dark:text-slate-300">
        {problem ?? (said && !said.error ? said.text : "")}
      </p>
      <p role="alert" className="text-rose-700 empty:hidden dark:text-rose-300">
        {said?.error ? said.text : ""}
      </p>
    </div>
  );
}
