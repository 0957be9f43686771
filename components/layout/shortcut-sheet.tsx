"use client";

import { useEffect, useRef } from "react";
import { inTextField } from "@/lib/client/use-focus-shortcut";

/**
 * Every keyboard shortcut of the app, by where it works: the one place they are written down.
 * `keys`: the alternatives (↑ or ↓), each a combination of keys pressed together (Ctrl+K).
 */
const SHORTCUTS: readonly {
  where: string;
  keys: readonly { keys: readonly (readonly string[])[]; does: string }[];
}[] = [
  {
    where: "Everywhere",
    keys: [
      { keys: [["?"]], does: "Show these shortcuts" },
      { keys: [["/"]], does: "Search companies (on the directory, its own search box)" },
      { keys: [["Ctrl", "K"]], does: "The header's company search, from anywhere (⌘K on a Mac)" },
      { keys: [["Ctrl", "Z"]], does: "Undo a follow or unfollow, while its notice shows" },
    ],
  },
  {
    where: "In a company search",
    keys: [
      { keys: [["↑"], ["↓"]], does: "Move through the matches" },
      { keys: [["Enter"]], does: "Open the highlighted company; with none, search the directory" },
      { keys: [["Esc"]], does: "Close the matches; again, clear the text" },
    ],
  },
  {
    where: "In the directory's table",
    keys: [
      { keys: [["↓"]], does: "From the search box, into the table" },
      { keys: [["↑"], ["↓"]], does: "The row above or below" },
      { keys: [["PgUp"], ["PgDn"]], does: "A screen of rows up or down" },
      { keys: [["Home"], ["End"]], does: "The first or last row" },
      { keys: [["Enter"]], does: "Open the company" },
      { keys: [["Space"]], does: "Tick the company for a comparison" },
      { keys: [["F"]], does: "Follow or unfollow the company" },
    ],
  },
];

const kbd =
  "rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";

/**
 * The keyboard shortcuts, in a dialog: opened by `?` outside a text field, or by the header's
 * button. Esc or the close button shut it, and the focus goes back where it was.
 */
export function ShortcutSheet() {
  const dialog = useRef<HTMLDialogElement>(null);
  const open = () => {
    if (!dialog.current?.open) dialog.current?.showModal();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "?" || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (inTextField(event.target)) return;
      event.preventDefault();
      if (!dialog.current?.open) dialog.current?.showModal();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={open}
        aria-haspopup="dialog"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        data-needs-js=""
        className="flex size-8 shrink-0 items-center justify-center rounded-md border border-slate-300 text-sm font-semibold text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        ?
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; the keyboard's way out is Esc, the dialog's own */}
      <dialog
        ref={dialog}
        aria-labelledby="shortcuts-title"
        // A click on the backdrop (outside the sheet's box) closes it, as Esc does.
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close();
        }}
        className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-lg bg-white p-0 text-slate-900 shadow-xl ring-1 ring-slate-200 dark:ring-slate-700 backdrop:bg-slate-950/50 dark:bg-slate-900 dark:text-slate-100"
      >
        <div className="max-h-[80dvh] overflow-y-auto p-5">
          <div className="mb-3 flex items-center justify-between gap-4">
            <h2 id="shortcuts-title" className="text-lg font-semibold">
              Keyboard shortcuts
            </h2>
            <form method="dialog">
              <button
                type="submit"
                className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                Close
              </button>
            </form>
          </div>
          {SHORTCUTS.map((group) => (
            <section key={group.where} className="mt-4 first:mt-0">
              <h3 className="mb-1.5 text-sm font-semibold text-slate-600 dark:text-slate-300">
                {group.where}
              </h3>
              <dl className="grid grid-cols-[9.5rem_1fr] gap-x-4 gap-y-1.5 text-sm">
                {group.keys.map((shortcut) => (
                  <div key={shortcut.does} className="contents">
                    <dt className="whitespace-nowrap">
                      {shortcut.keys.map((combo, i) => (
                        <span key={combo.join("+")}>
                          {i > 0 && <span className="px-1 text-slate-500 dark:text-slate-400">or</span>}
                          {combo.map((key, j) => (
                            <span key={key}>
                              {j > 0 && <span className="px-0.5">+</span>}
                              <kbd className={kbd}>{key}</kbd>
                            </span>
                          ))}
                        </span>
                      ))}
                    </dt>
                    <dd>{shortcut.does}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </dialog>
    </>
  );
}
