"use client";

import { NuqsAdapter } from "nuqs/adapters/next/app";
import { type ReactNode, useCallback } from "react";

/**
 * The URL state of one page (nuqs), given on the pages that keep state in their URL and nowhere else,
 * so other pages load none of it. `order` is the page's parameter order (its parser set's keys): a
 * URL written by useQueryStates keeps it, so a shared link reads the same however it was built;
 * parameters the page does not know keep their place after them.
 */
export function UrlState({ order, children }: { order: readonly string[]; children: ReactNode }) {
  const inPageOrder = useCallback(
    (search: URLSearchParams) => {
      const rank = (name: string) => {
        const at = order.indexOf(name);
        return at < 0 ? order.length : at;
      };
      // Array sort is stable: repeated parameters keep their order.
      return new URLSearchParams([...search.entries()].sort(([a], [b]) => rank(a) - rank(b)));
    },
    [order],
  );
  return <NuqsAdapter processUrlSearchParams={inPageOrder}>{children}</NuqsAdapter>;
}
