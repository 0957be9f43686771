"use client";

import { defaultRangeExtractor, type Range } from "@tanstack/react-virtual";
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef, useState } from "react";

/**
 * Scrolls a focused row whole into view: clear of the sticky header the rows pass under (Tab into a
 * row half under it), of the scroller's bottom edge (the virtualizer's scrollToIndex does not
 * count the header), and inside the window: below the site's sticky header and above the window's
 * bottom edge, which on a phone cuts the table (the page scrolls past it). The table scrolls
 * rather than the page, unless too little of it shows in the window for a row. The browser's own
 * focus scrolling knows none of these; a scroll-padding would also scroll the table whenever a
 * header control takes the focus.
 */
function reveal(scroller: HTMLElement, row: HTMLElement): void {
  const siteHeader = document.querySelector("[data-site-header]")?.getBoundingClientRect().bottom ?? 0;
  const band = () => {
    const frame = scroller.getBoundingClientRect();
    const head = scroller.querySelector("thead")?.getBoundingClientRect().bottom ?? frame.top;
    return {
      top: Math.max(head, siteHeader),
      bottom: Math.min(frame.top + scroller.clientTop + scroller.clientHeight, window.innerHeight),
      frame,
    };
  };
  let { top, bottom, frame } = band();
  const box = row.getBoundingClientRect();
  if (bottom - top < 2 * box.height) {
    // The table mostly off the window: the page brings its top under the site header.
    window.scrollBy({ top: frame.top - siteHeader });
    ({ top, bottom } = band());
  }
  const at = row.getBoundingClientRect();
  if (at.top < top) scroller.scrollTop -= top - at.top;
  else if (at.bottom > bottom) scroller.scrollTop += Math.min(at.bottom - bottom, at.top - top);
}

/** How long a key's move waits for its row to be drawn with its link (its page of rows to come). */
const FOCUS_WAIT_MS = 10_000;

/**
 * Arrow keys, Page Up/Down, Home and End between the rows of a virtualized table: one row (the
 * active one) is in the tab order, and moving scrolls it into view and focuses its link. The
 * active row is the one that last took the focus, however (its link, its star or checkbox
 * clicked). Scrolled off screen (by the mouse), it leaves the tab order to the first row on
 * screen (`tabStop`): a row not rendered cannot take the focus.
 * `onRowKey` gets the other keys first, with the active row's index; it answers whether it took
 * the key. A new `resetKey` (a new result) scrolls back to the top and makes the first row active.
 * A row that goes while it has the focus (unfollowed on the Following page, by F or its star)
 * hands the focus to the row in its place, or the one above for the last, not to the page.
 * A row's element replaced or removed drops its focus to the page, so the row with the focus stays
 * drawn, and whole: `rangeExtractor` (the virtualizer's) keeps it among the drawn rows however far
 * the table scrolls from it (keys outrunning rows whose page has not come, the wheel), and
 * `stops(...).keepWhole` names the rows a fling must not draw light (keys pressed faster than
 * frames scroll as fast as a fling).
 * It comes before the virtualizer (whose range it extends): `scrollToIndex` is called from keys only.
 */
export function useRowNavigation({
  count,
  rowHeight,
  scrollRef,
  scrollToIndex,
  resetKey,
  onRowKey,
}: {
  count: number;
  rowHeight: number;
  scrollRef: RefObject<HTMLElement | null>;
  scrollToIndex: (index: number) => void;
  resetKey: string;
  onRowKey?: (event: KeyboardEvent, index: number) => boolean;
}) {
  const [active, setActive] = useState(0);
  // The key's move whose row is still to be focused (see focusRow); a new one, a new result or
  // the table going away ends the wait.
  const moving = useRef(0);
  useEffect(
    () => () => {
      moving.current++;
    },
    [],
  );
  // The result first shown is the server's: a scroll made before the scripts ran is kept.
  const shownKey = useRef(resetKey);
  useEffect(() => {
    if (shownKey.current === resetKey) return;
    shownKey.current = resetKey;
    moving.current++;
    // Reading scrollTop is free here (layout is fresh after the commit); scrolling is not.
    const scroller = scrollRef.current;
    if (scroller && scroller.scrollTop !== 0) scroller.scrollTo({ top: 0 });
    setActive(0);
  }, [resetKey, scrollRef]);

  // The row that has the focus, while the focus is in the table: a blur to anywhere else clears
  // it, a row removed with the focus in it does not (its place takes the focus back, below).
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const onFocusIn = (event: FocusEvent) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>("[data-index]");
      setFocusedRow(row ? Number(row.dataset.index) : null);
      if (!row) return;
      setActive(Number(row.dataset.index));
      // A row the keyboard reached; a pointer's would move under the pointer between press and release.
      if (!(event.target as HTMLElement).matches(":focus-visible")) return;
      // Tabbed in from outside the rows (the last column's resize handle scrolled the table to
      // its right end): the row shows from its start, its tick box, star and name.
      const from =
        event.relatedTarget instanceof Element ? event.relatedTarget.closest("[data-index]") : null;
      if (!from && scroller.scrollLeft > 0) scroller.scrollLeft = 0;
      reveal(scroller, row);
    };
    const onFocusOut = (event: FocusEvent) => {
      const target = event.target as Node;
      // A row being removed blurs too (Chromium): then the row is gone once this task is over.
      queueMicrotask(() => {
        if (target.isConnected && !scroller.contains(document.activeElement)) setFocusedRow(null);
      });
    };
    scroller.addEventListener("focusin", onFocusIn);
    scroller.addEventListener("focusout", onFocusOut);
    return () => {
      scroller.removeEventListener("focusin", onFocusIn);
      scroller.removeEventListener("focusout", onFocusOut);
    };
  }, [scrollRef]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: count is the trigger (rows went), not a value used.
  useEffect(() => {
    const at = focusedRow;
    const scroller = scrollRef.current;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (at === null || !scroller || !lost) return;
    for (const index of [at, at - 1]) {
      const link = scroller.querySelector<HTMLElement>(`[data-index="${index}"] a`);
      if (!link) continue;
      setActive(index);
      link.focus({ preventScroll: true });
      return;
    }
  }, [count, focusedRow, scrollRef]);

  // The row moved to gets the focus once it is drawn: after a far jump (End, Page Down) the
  // virtualizer draws it a few frames later, and its link once its page of rows has come.
  // `from`: an element the focus may be taken from still (the search box, focused as the page
  // mounted, when Back restores the row opened).
  const focusRow = (index: number, from: Element | null = null) => {
    const target = Math.max(0, Math.min(count - 1, index));
    setActive(target);
    scrollToIndex(target);
    const move = ++moving.current;
    const started = performance.now();
    const focusWhenDrawn = () => {
      if (move !== moving.current) return; // another key since, a new result, or no table
      const scroller = scrollRef.current;
      const now = document.activeElement;
      // The person has gone on elsewhere (Tab, a click): the row does not take the focus back.
      if (!scroller || (now && now !== document.body && now !== from && !scroller.contains(now))) return;
      const link = scroller.querySelector<HTMLElement>(`[data-index="${target}"] a`);
      if (link)
        link.focus({ preventScroll: true }); // onFocusIn shows the whole row
      else if (performance.now() - started < FOCUS_WAIT_MS) requestAnimationFrame(focusWhenDrawn);
    };
    requestAnimationFrame(focusWhenDrawn);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (onRowKey?.(event, active)) {
      event.preventDefault();
      return;
    }
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 480) / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusRow(next);
  };

  const rangeExtractor = useCallback(
    (range: Range) => withRow(defaultRangeExtractor(range), focusedRow, range.count),
    [focusedRow],
  );

  /**
   * The row in the tab order, given the rows on screen (the first and last) and whether a row is
   * drawn with its link (its page has come); and whether a row must be drawn whole even in a
   * fling, while the focus is in the rows: the one in the tab order, the one a key moved to (its
   * link is to take the focus), and the one that has it.
   */
  const stops = (
    onScreen: { startIndex: number; endIndex: number },
    isLoaded: (index: number) => boolean,
  ) => {
    const { startIndex, endIndex } = onScreen;
    let tabStop = active;
    if (active < startIndex || active > endIndex) {
      tabStop = startIndex;
      while (tabStop < endIndex && !isLoaded(tabStop)) tabStop++;
    }
    const keepWhole = (index: number) =>
      focusedRow !== null && (index === tabStop || index === active || index === focusedRow);
    return { tabStop, keepWhole };
  };

  return { rangeExtractor, stops, onKeyDown, focusRow };
}

/** The drawn rows' indexes (ascending) with `row` among them, if it is one of the `count` rows. */
function withRow(indexes: number[], row: number | null, count: number): number[] {
  if (row === null || row >= count || indexes.includes(row)) return indexes;
  return row < (indexes[0] ?? 0) ? [row, ...indexes] : [...indexes, row];
}
