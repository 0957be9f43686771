"use client";

import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { MAX_COLUMN_PX, MIN_COLUMN_PX, RESIZE_STEP_PX } from "@/lib/directory/column-layout";

/**
 * The handle on a column header's right edge: drag it, or focus it and use the arrow keys (Shift
 * for bigger steps); Home or a double click gives the column its default width back.
 */
export function ColumnResizer({
  label,
  px,
  onResize,
}: {
  label: string;
  /** The width the person set, if any. */
  px: number | undefined;
  onResize: (px: number | null) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The header's laid-out width, for a column still at its default (flexible) width.
  const [measured, setMeasured] = useState<number | null>(null);
  const current = () => {
    const laidOut = ref.current?.parentElement?.getBoundingClientRect().width;
    return px ?? (laidOut ? Math.round(laidOut) : MIN_COLUMN_PX);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 4 * RESIZE_STEP_PX : RESIZE_STEP_PX;
    const next: Record<string, number | null> = {
      ArrowRight: current() + step,
      ArrowLeft: current() - step,
      Home: null,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    event.stopPropagation();
    onResize(next[event.key] ?? null);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    const startX = event.clientX;
    const start = current();
    handle.setPointerCapture(event.pointerId);
    const onMove = (move: globalThis.PointerEvent) => onResize(start + move.clientX - startX);
    const onUp = () => {
      handle.removeEventListener("pointermove", onMove);
      handle.removeEventListener("pointerup", onUp);
      handle.removeEventListener("pointercancel", onUp);
    };
    handle.addEventListener("pointermove", onMove);
    handle.addEventListener("pointerup", onUp);
    handle.addEventListener("pointercancel", onUp);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot be focused and dragged; a focusable separator is the ARIA pattern for a splitter.
    <div
      ref={ref}
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label} column`}
      aria-valuenow={px ?? measured ?? MIN_COLUMN_PX}
      aria-valuemin={MIN_COLUMN_PX}
      aria-valuemax={MAX_COLUMN_PX}
      tabIndex={0}
      title={`Drag to resize ${label}; double-click for the default width`}
      onFocus={() => setMeasured(current())}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onDoubleClick={() => onResize(null)}
      className="group absolute inset-y-0 right-0 z-[1] flex w-3 cursor-col-resize touch-none justify-center outline-none focus-visible:bg-brand-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:bg-slate-700 dark:focus-visible:outline-sky-400"
    >
      <span className="my-1.5 w-px bg-slate-300 group-hover:w-0.5 group-hover:bg-brand-500 group-focus-visible:w-0.5 group-focus-visible:bg-brand-500 dark:bg-slate-700" />
    </div>
  );
}
