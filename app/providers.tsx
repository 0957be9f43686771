"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { type ReactNode, useState } from "react";
import { ApiError } from "@/lib/client/api";
import { directoryParsers } from "./companies/search-params";
import { compareParsers } from "./compare/search-params";
import { feedParsers } from "./news/search-params";

/** Each page's parameters in the order its links write them (the parser sets' order). */
const PARAM_ORDER: Record<string, string[]> = {
  "/companies": Object.keys(directoryParsers),
  "/news": Object.keys(feedParsers),
  "/compare": Object.keys(compareParsers),
};

/**
 * A URL written by useQueryStates keeps the page's parameter order (a shared link reads the same
 * however it was built); parameters the page does not know keep their place after them.
 */
function inPageOrder(search: URLSearchParams): URLSearchParams {
  const order = PARAM_ORDER[window.location.pathname];
  if (!order) return search;
  const rank = (key: string) => {
    const at = order.indexOf(key);
    return at < 0 ? order.length : at;
  };
  const entries = [...search.entries()];
  // Array sort is stable: repeated parameters keep their order.
  return new URLSearchParams(entries.sort(([a], [b]) => rank(a) - rank(b)));
}

function makeClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Our own 4xx answers are final; a network blip or a 5xx is worth one more try.
        retry: (count, error) =>
          count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeClient);
  return (
    <NuqsAdapter processUrlSearchParams={inPageOrder}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </NuqsAdapter>
  );
}
