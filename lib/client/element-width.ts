import { useEffect, useState } from "react";
import { useDebouncedCallback } from "./debounce";

/**
 * The width of the element given to `ref`, `initial` until it is measured (the server's render and
 * hydration draw at `initial`). A measurement after a quiet spell (the first one) applies at once; a
 * burst of resizes applies once it has been quiet for `ms`.
 */
export function useElementWidth(initial: number, ms = 50) {
  const [element, ref] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(initial);
  const settle = useDebouncedCallback(setWidth, ms, { leading: true });
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) settle(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, settle]);
  return { ref, width };
}
