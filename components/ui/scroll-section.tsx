"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * The box of a ScrollRegion (scroll-region.tsx). While its content is larger than it (and before a
 * script has measured it, or without one), it is a Tab stop whose name says how it scrolls
 * (`scrolls`), so a keyboard can scroll it. Where everything fits (a wide window, a short table,
 * a table laid out as cards on a phone), it is a plain named region: no Tab stop that does nothing,
 * and no "scrolls sideways" said of a box that does not.
 */
export function ScrollSection({
  label,
  scrolls,
  className,
  stack,
  children,
}: {
  label: string;
  scrolls: string;
  className: string;
  stack: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const [overflows, setOverflows] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setOverflows(
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      );
    measure();
    // The box's size, and its content's (a table that fills in, a window turned).
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    // `relative`: screen-reader-only text in a scrolled-away cell is positioned absolutely; without
    // a positioned ancestor it would escape the scroll box and widen the whole page. `isolate`: the
    // z-index of a sticky cell inside stays inside (it painted over the site's sticky header).
    <section
      ref={ref}
      aria-label={overflows ? `${label} (${scrolls})` : label}
      // A Tab stop while it scrolls: a scrollable region must be reachable by keyboard.
      tabIndex={overflows ? 0 : undefined}
      data-stack={stack ? "" : undefined}
      className={`relative isolate ${className}`}
    >
      {children}
    </section>
  );
}
