import { type RefObject, useEffect } from "react";

/**
 * Marks `mark` (else the scroller) with `data-more-before` and `data-more-after` while the scroller
 * has more to show to its left and to its right, for CSS to draw a fade at that edge (globals.css):
 * a cut-off column or link then reads as "scrolls". Attributes, not React state: a table flung up
 * and down re-renders nothing for it, and a vertical scroll is not measured at all.
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
    measure(true);
    element.addEventListener("scroll", onScroll, { passive: true });
    // The box's width, and its content's (columns chosen, resized; links changed).
    const observer = new ResizeObserver(() => measure(true));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", onScroll);
      observer.disconnect();
    };
  }, [scroller, mark]);
}
