// The rows of a set of companies (/api/following): the followed list's, a named list's, and an
// import's before it is applied (which keys the data service knows, under which names). One query
// key for all, so an import of a list already kept asks nothing again.
import { queryOptions } from "@tanstack/react-query";
import type { FollowedRows } from "@/lib/api-types";
import { getJson, toSearch } from "@/lib/client/api";
import { companiesParam } from "@/lib/compare/set";

export const followedRowsQuery = (keys: readonly string[]) =>
  queryOptions({
    queryKey: ["following", "rows", keys] as const,
    queryFn: ({ signal }) =>
      getJson<FollowedRows>(`/api/following${toSearch({ companies: companiesParam(keys) })}`, signal),
    staleTime: 60_000,
  });
