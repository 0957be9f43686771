"use client";

import { useEffect, useRef, useState } from "react";
import { announce } from "@/components/ui/announcer";

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

/**
 * A small button that copies one value and says so: visibly in a bubble above it, and to screen
 * readers through the layout's announcer. One element: a profile has dozens of these, so the icon
 * and the bubble are drawn by CSS (`[data-copy]` in globals.css).
 */
export function CopyButton({
  value,
  label,
  tabIndex,
}: {
  value: string;
  label: string;
  /** -1 in a grid whose rows are one Tab stop each (the directory's). */
  tabIndex?: number;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    let copied = true;
    try {
      await writeClipboard(value);
    } catch {
      copied = false;
    }
    setState(copied ? "copied" : "failed");
    announce(copied ? `Copied ${label}` : `Copy of ${label} failed: select the text instead`);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2500);
  }

  return (
    <button
      type="button"
      // The clipboard needs a script: without one there is nothing to press.
      data-needs-js=""
      data-copy={state}
      // The bubble: above the button, right-aligned with it and out of the flow, so it never widens
      // a table's column (said inline, it shifted every column of the table, twice).
      data-message={
        state === "copied"
          ? "Copied"
          : state === "failed"
            ? "Copy failed: select the text instead"
            : undefined
      }
      onClick={copy}
      tabIndex={tabIndex}
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      className="relative inline-flex size-7 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
    />
  );
}
