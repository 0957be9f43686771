"use client";

import { useEffect, useRef, useState } from "react";

/** Writes text to the clipboard, falling back to a selection copy where the API is missing. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

/** A small button that copies one value and says so (visibly and to screen readers). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await writeClipboard(value);
      setState("copied");
    } catch {
      setState("failed");
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2500);
  }

  const message =
    state === "copied" ? "Copied" : state === "failed" ? "Copy failed: select the text instead" : "";
  return (
    // The message floats above the button, out of the flow: said inline, it widened its table
    // column and shifted every column of the table, twice.
    <span className="relative inline-flex items-center">
      <button
        type="button"
        // The clipboard needs a script: without one there is nothing to press.
        data-needs-js=""
        onClick={copy}
        aria-label={`Copy ${label}`}
        title={`Copy ${label}`}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        {state === "copied" ? (
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-4 fill-emerald-600 dark:fill-emerald-400"
          >
            <path d="M7.6 13.2 4.4 10l-1.2 1.2 4.4 4.4 9.2-9.2-1.2-1.2z" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
            <path d="M7 2h9a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-2v-2h2V4H7v2H5V4a2 2 0 0 1 2-2zM4 7h9a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2zm0 2v7h9V9z" />
          </svg>
        )}
      </button>
      {/* Right-aligned with the button, so it never reaches past a table's last column. */}
      <span
        role="status"
        className={
          message
            ? "pointer-events-none absolute right-0 bottom-full z-10 mb-1 whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow dark:bg-slate-100 dark:text-slate-900"
            : "sr-only"
        }
      >
        {message}
      </span>
    </span>
  );
}
