import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { DirectoryView } from "@/components/directory/directory-view";
import { directoryPageOptions, directoryPageSearch } from "@/components/directory/queries";
import { UrlState } from "@/components/url-state";
import {
  apiQuery,
  directoryParsers,
  directoryUrlNotes,
  loadDirectorySearchParams,
  stateOf,
} from "@/lib/directory/search-params";
import { forLicence } from "@/lib/server/access/licensed";
import { pageViewer } from "@/lib/server/access/page-viewer";
import { isPhoneRequest } from "@/lib/server/front/page-front";
import { loadDirectoryPage } from "@/lib/server/pages/directory";
import { dataNow } from "@/lib/server/services/clock";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { q } = await loadDirectorySearchParams(searchParams);
  return { title: q.trim() ? `“${q.trim()}” in companies` : "Companies" };
}

/** Whether the request comes from a phone (the page front keeps the page per answer to this). */
async function isPhone(): Promise<boolean> {
  const request = await headers();
  return isPhoneRequest((name) => request.get(name));
}

/**
 * The directory, server-rendered with its first page of results under the key the browser reads,
 * so it paints complete and hydrates without a fetch. Without JavaScript, the page the URL names
 * is a plain list of links instead of the table.
 */
export default async function CompaniesPage({ searchParams }: { searchParams: SearchParams }) {
  const raw = await searchParams;
  const params = loadDirectorySearchParams(raw);
  const state = stateOf(params);
  const given = new URLSearchParams();
  for (const [name, value] of Object.entries(raw))
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      given.append(name, one);
  const query = apiQuery(state);
  const page = params.page ?? 1;
  const { licensed } = await pageViewer();
  const first = forLicence(await loadDirectoryPage(directoryPageSearch(query, 1)), licensed);
  const listed =
    page === 1 ? first : forLicence(await loadDirectoryPage(directoryPageSearch(query, page)), licensed);
  const queryClient = new QueryClient();
  // A failure is not prefetched: the browser's own request shows it, with a retry.
  if (first.data) queryClient.setQueryData(directoryPageOptions(query, 1).queryKey, first.data);
  return (
    // Without a script, globals.css hides the controls marked data-needs-js.
    <HydrationBoundary state={dehydrate(queryClient)}>
      <UrlState order={Object.keys(directoryParsers)}>
        <DirectoryView
          now={dataNow()}
          wideGuess={!(await isPhone())}
          licensed={licensed}
          urlNotes={directoryUrlNotes(given, params)}
          noScript={page === 1 && first.data ? { page } : { page, result: listed }}
        />
      </UrlState>
    </HydrationBoundary>
  );
}
