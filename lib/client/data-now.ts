import { useEffect, useState } from "react";
import { useHydrated } from "./hydrated";

/**
 * "Now" on the data's clock (the server's, which is the sandbox's when it serves), as it moves on:
 * the server's `now` while the page hydrates (so the markup matches), then that plus the whole
 * minutes the page has been open. A component that renders rows loaded later (a scrolled table, a refreshed
 * index) then never dates them after "now" ("in 40 minutes").
 *
 * It moves when the component renders for another reason. `ticking`: it also renders the component
 * each minute, for "3 minutes ago" on a list that may not change for a while (the overview's).
 */
export function useDataNow(serverNow: number, { ticking = false } = {}): number {
  const hydrated = useHydrated();
  const [openedAt] = useState(() => Date.now());
  const [, setMinutes] = useState(0);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setMinutes((n) => n + 1), MINUTE);
    return () => clearInterval(timer);
  }, [ticking]);
  // In whole minutes: a render a moment later gives the same value, so what depends on it (the
  // table's cells) does not render again for it.
  return hydrated ? serverNow + Math.floor((Date.now() - openedAt) / MINUTE) * MINUTE : serverNow;
}

const MINUTE = 60_000;
