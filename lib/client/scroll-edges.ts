import { type RefObject, useEffect } from "react";

/**
 * Marks `mark` (else the scroller) with `data-more-before` and `data-more-after` while the scroller
 * has more to show to its left and to its right, for CSS to draw a fade at that edge (globals.css):
 * a cut-off column or link then reads as "scrolls". Attributes, not React state: a table flung up
 * and down re-renders nothing for it, and a vertical scroll is not measured at all. Also gives the
 * room its scrollbars take, where they take any (not overlay ones), as `--scrollbar-inline` (the
 * vertical one's width) and `--scrollbar-block`, so that a shade can stand clear of them.
 */
export function useScrollEdges(
  scroller: RefObject<HTMLElement | null>,
  mark?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const element = scroller.current;
    const target = mark?.current ?? element;
    if (!element || !target) return;
    let left = Number.NaN;
    const measure = (force: boolean) => {
      if (!force && element.scrollLeft === left) return;
      left = element.scrollLeft;
      target.toggleAttribute("data-more-before", left > 1);
      target.toggleAttribute("data-more-after", left + element.clientWidth < element.scrollWidth - 1);
    };
    const onScroll = () => measure(false);
    const gutters = () => {
      // Borders are the same on both sides here: what is left of the box's size is its scrollbars.
      const inline = element.offsetWidth - element.clientWidth - 2 * element.clientLeft;
      const block = element.offsetHeight - element.clientHeight - 2 * element.clientTop;
      target.style.setProperty("--scrollbar-inline", `${Math.max(0, inline)}px`);
      target.style.setProperty("--scrollbar-block", `${Math.max(0, block)}px`);
    };
    measure(true);
    gutters();
    element.addEventListener("scroll", onScroll, { passive: true });
    // The box's size, and its content's (columns chosen or resized; rows enough to scroll).
    const observer = new ResizeObserver(() => {
      measure(true);
      gutters();
    });
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", onScroll);
      observer.disconnect();
    };
  }, [scroller, mark]);
}
