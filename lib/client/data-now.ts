import { useState } from "react";
import { useHydrated } from "./hydrated";

/**
 * "Now" on the data's clock (the server's, which is the sandbox's when it serves), as it moves on:
 * the server's `now` while the page hydrates (so the markup matches), then that plus the time the
 * page has been open. A component that renders rows loaded later (a scrolled table, a refreshed
 * index) then never dates them after "now" ("in 40 minutes").
 */
export function useDataNow(serverNow: number): number {
  const hydrated = useHydrated();
  const [openedAt] = useState(() => Date.now());
  return hydrated ? serverNow + (Date.now() - openedAt) : serverNow;
}
