// The /changes URL state, parsed once: kind, sector, country and page. A bad value is reported
// and dropped, never a crash; defaults stay out of the URL.
import { CHANGE_KINDS, type ChangeFilter, type ChangeKind } from "@/lib/directory/changes";

export const CHANGES_PAGE_SIZE = 50;

export interface ChangesState extends ChangeFilter {
  page: number;
}

type RawParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

export function parseChangesParams(params: RawParams): { state: ChangesState; problems: string[] } {
  const problems: string[] = [];
  const state: ChangesState = { page: 1 };
  const kind = first(params.kind);
  if (kind) {
    if ((CHANGE_KINDS as readonly string[]).includes(kind)) state.kind = kind as ChangeKind;
    else problems.push(`Unknown kind of change "${kind.slice(0, 40)}": showing every kind.`);
  }
  const sector = first(params.sector);
  if (sector) state.sector = sector.slice(0, 80);
  const country = first(params.country)?.toUpperCase();
  if (country) {
    if (/^[A-Z]{2}$/.test(country)) state.country = country;
    else problems.push(`Country must be a two-letter code: showing every country.`);
  }
  const page = first(params.page);
  if (page) {
    // A page past the last is the page's to say (it knows how many there are): any whole number
    // from 1 passes, a huge one as the largest.
    if (/^\d+$/.test(page) && Number(page) >= 1) state.page = Math.min(Number(page), Number.MAX_SAFE_INTEGER);
    else problems.push("Page must be a whole number from 1: showing the first page.");
  }
  return { state, problems };
}

/** The query string of a state, without defaults. */
export function changesHref(state: ChangesState): string {
  const params = new URLSearchParams();
  if (state.kind) params.set("kind", state.kind);
  if (state.sector) params.set("sector", state.sector);
  if (state.country) params.set("country", state.country);
  if (state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `/changes?${query}` : "/changes";
}
