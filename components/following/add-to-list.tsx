"use client";

// "Add to list": puts one company (a profile) or several (the rows ticked in a table, a comparison)
// in the person's named lists, or in a new one. A disclosure, not a menu: a box per list, ticked
// when every company given is in it (half-ticked when some are), and a field to make a list.
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { addToList, createList, findList, removeFromList, useLists } from "@/lib/client/saved";
import { normalizedKey } from "@/lib/following/list";
import { listHref, MAX_LIST_COMPANIES, MAX_SAVED_NAME, type SavedList, savedKey } from "@/lib/saved/views";

const BUTTON =
  "inline-flex shrink-0 items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800";
const LINK = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300";

/** How many of `keys` a list holds. */
const heldBy = (list: SavedList, keys: readonly string[]) =>
  keys.filter((k) => list.companies.includes(k)).length;

export function AddToList({
  companies,
  what,
  align = "left",
}: {
  /** The company keys to add. */
  companies: readonly string[];
  /** What is added, in words: a company's name, or "3 companies". */
  what: string;
  /** Which edge of the button the panel lines up with. */
  align?: "left" | "right";
}) {
  const lists = useLists();
  const keys = [...new Set(companies.map(normalizedKey))];
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [said, setSaid] = useState<{ text: string; error?: boolean } | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const id = useId();

  // The panel closes when the focus or a click goes elsewhere on the page, and on Escape inside it
  // (the focus then back on the button).
  useEffect(() => {
    const box = wrapper.current;
    if (!open || !box) return;
    const outside = (target: EventTarget | null) => target instanceof Node && !box.contains(target);
    const onDown = (event: PointerEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (outside(event.relatedTarget)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("pointerdown", onDown);
    box.addEventListener("focusout", onFocusOut);
    box.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      box.removeEventListener("focusout", onFocusOut);
      box.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const onTick = (list: SavedList, on: boolean) => {
    if (on) {
      const { added, left } = addToList(list.name, keys);
      setSaid(
        !findList(list.name)
          ? { text: `“${list.name}” is no longer one of your lists (deleted in another tab?).`, error: true }
          : added === 0 && left > 0
            ? {
                text: `“${list.name}” is full (at most ${MAX_LIST_COMPANIES} companies): take some out first.`,
                error: true,
              }
            : {
                text: `Added ${added === keys.length ? what : `${added} of ${keys.length}`} to “${list.name}”.${left > 0 ? ` ${left} did not fit (at most ${MAX_LIST_COMPANIES}).` : ""}`,
              },
      );
    } else {
      removeFromList(list.name, keys);
      setSaid({ text: `Took ${what} out of “${list.name}”.` });
    }
  };

  const onCreate = () => {
    const made = createList(name, keys);
    if ("problem" in made) {
      setSaid({ text: made.problem, error: true });
      return;
    }
    setName("");
    setSaid({ text: `Made the list “${made.name}” with ${what}.` });
  };

  return (
    <div ref={wrapper} data-needs-js="" className="relative print:hidden">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        aria-label={`Add to list: ${what}`}
        className={BUTTON}
        onClick={() => {
          setSaid(null);
          setOpen(!open);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
          <path d="M3 5h10M3 10h10M3 15h6M15 12v6M12 15h6" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        Add to list
      </button>
      {open && (
        <div
          id={`${id}-panel`}
          // Under the button; on a phone, a sheet along the bottom of the screen (under the button
          // it would run off one side).
          className={`fixed inset-x-3 bottom-3 z-30 space-y-2 rounded-md border border-slate-200 bg-white p-3 text-sm shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:bottom-auto sm:mt-1 sm:w-72 dark:border-slate-700 dark:bg-slate-900 ${align === "right" ? "sm:right-0" : "sm:left-0"}`}
        >
          {lists.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-300">No lists yet: name one below.</p>
          ) : (
            <fieldset className="min-w-0">
              <legend className="font-semibold">Your lists</legend>
              <ul className="mt-1 max-h-56 space-y-0.5 overflow-auto">
                {lists.map((list) => (
                  <ListBox
                    key={savedKey(list)}
                    list={list}
                    held={heldBy(list, keys)}
                    of={keys.length}
                    onTick={onTick}
                  />
                ))}
              </ul>
            </fieldset>
          )}
          <form
            className="flex flex-wrap items-center gap-1.5 border-t border-slate-200 pt-2 dark:border-slate-700"
            onSubmit={(e) => {
              e.preventDefault();
              onCreate();
            }}
          >
            <label htmlFor={`${id}-name`} className="w-full font-medium">
              New list
            </label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={MAX_SAVED_NAME}
              placeholder="e.g. Semis to watch"
              // biome-ignore lint/a11y/noAutofocus: the panel just opened has nothing else to start from when there are no lists
              autoFocus={lists.length === 0}
              onChange={(e) => setName(e.target.value)}
              className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-950"
            />
            <button
              type="submit"
              className="rounded-md bg-brand-600 px-3 py-1 font-medium text-white hover:bg-brand-700"
            >
              Make
            </button>
          </form>
          <Link href="/following#saved-views" className={`block text-xs ${LINK}`}>
            Manage lists
          </Link>
        </div>
      )}
      {/* Live regions kept in the page, their text changed: one added with its text is often not read. */}
      <p role="status" className="sr-only">
        {said && !said.error ? said.text : ""}
      </p>
      <p role="alert" className="mt-1 max-w-72 text-xs text-rose-700 empty:hidden dark:text-rose-300">
        {said?.error ? said.text : ""}
      </p>
    </div>
  );
}

function ListBox({
  list,
  held,
  of,
  onTick,
}: {
  list: SavedList;
  held: number;
  of: number;
  onTick: (list: SavedList, on: boolean) => void;
}) {
  const some = held > 0 && held < of;
  const inputId = useId();
  return (
    <li className="flex items-center gap-2">
      <input
        // Set on every render: a press clears the browser's own half-tick, whatever is stored.
        ref={(box) => {
          if (box) box.indeterminate = some;
        }}
        id={inputId}
        type="checkbox"
        checked={held === of && of > 0}
        // Half-ticked: a press adds the rest.
        onChange={(e) => onTick(list, some || e.currentTarget.checked)}
        className="size-4 accent-brand-600"
      />
      <label htmlFor={inputId} className="min-w-0 flex-1 truncate py-1">
        {list.name} <span className="text-slate-600 dark:text-slate-400">({list.companies.length})</span>
      </label>
      <Link href={listHref(list.name)} className={`text-xs ${LINK}`} aria-label={`Open “${list.name}”`}>
        Open
      </Link>
    </li>
  );
}
