import type { Metadata } from "next";
import { DirectoryView } from "@/components/directory/directory-view";
import { PAGE_SIZE } from "@/components/directory/use-directory";
import { apiQuery, parseDirectoryState } from "@/lib/directory/url-state";
import { dataNow } from "@/lib/server/clock";
import { type DirectoryPage, directoryPage } from "@/lib/server/directory";
import { parseSearch } from "@/lib/server/http";
import { companiesQuery } from "@/lib/server/query-schemas";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function toParams(record: Awaited<SearchParams>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(record))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  return params;
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const q = parseDirectoryState(toParams(await searchParams)).q.trim();
  return { title: q ? `“${q}” in companies` : "Companies" };
}

/** The directory, server-rendered with its first page of results so it paints complete. */
export default async function CompaniesPage({ searchParams }: { searchParams: SearchParams }) {
  const state = parseDirectoryState(toParams(await searchParams));
  const query = apiQuery(state);
  // The URL parser drops values the API would refuse; should one slip through, the browser's own
  // request shows the error rather than the page failing.
  let data: DirectoryPage | undefined;
  try {
    data = await directoryPage(
      parseSearch(new URLSearchParams(`${query}&page=1&pageSize=${PAGE_SIZE}`), companiesQuery),
    );
  } catch {
    data = undefined;
  }
  return <DirectoryView initial={data ? { query, data } : undefined} now={dataNow()} />;
}
