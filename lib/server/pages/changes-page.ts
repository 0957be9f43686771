// The /changes page's data: one page of the change log under the URL's filters, the filters'
// choices (the sectors and countries the log has named), and what the page must say about them.
// The log is the app's own (lib/server/cache/change-log.ts): no upstream call.
import "server-only";
import { CHANGES_PAGE_SIZE, type ChangesState } from "@/lib/changes/search-params";
import { filterChanges, type ShownChange } from "@/lib/directory/changes";
import type { SyncProgress } from "@/lib/directory/sync";
import { changesForLicence, forLicence } from "../access/licensed";
import { getConfig } from "../config";
import { getServices } from "../services/services";
import type { DirectoryRow } from "./directory";
import { recentCompanies } from "./overview";

/** How many recently updated companies /changes shows before its first comparing sync. */
const WAITING_RECENT = 15;

export interface ChangesPageData {
  /** When this app started watching the company list; null before its first completed sync. */
  watchingSince: number | null;
  /** Whether a sync after the first has compared the list yet. */
  compared: boolean;
  /** Whether the log holds any change at all, the filters aside. */
  anyChange: boolean;
  /** How many changes match the filters, over every page. */
  matching: number;
  rows: ShownChange[];
  /** The page shown (a page past the last shows the last) and how many there are. */
  page: number;
  pages: number;
  /** The filters' choices: the sectors, and the countries by code with their names, sorted. */
  sectors: string[];
  countries: [code: string, name: string][];
  /** What the page says about the URL: the parser's problems and those only the log can tell. */
  problems: string[];
  /** The company list's sync (when it was last checked, how far a first sync is). */
  index: SyncProgress;
  refreshMinutes: number;
  /**
   * Until a sync has compared the list: when the next sync, the first to compare, is due (ms from
   * now; null while the first sync is still to complete), and meanwhile the companies whose data
   * was updated last (their `updatedAt`, which the contract says to poll). Null once one has.
   */
  waiting: { compareInMs: number | null; recent: DirectoryRow[] } | null;
}

export async function changesPageData(
  state: ChangesState,
  parseProblems: string[],
  licensed = true,
): Promise<ChangesPageData> {
  const services = getServices();
  const current = await services.changeLog.current();
  // A licensed identifier's change shows its values: only to a viewer allowed them.
  const log = { ...current, changes: changesForLicence(current.changes, licensed) };
  const problems = [...parseProblems];
  const matching = filterChanges(log, state);
  const pages = Math.max(1, Math.ceil(matching.length / CHANGES_PAGE_SIZE));
  const page = Math.min(state.page, pages);
  if (state.page > pages)
    problems.push(
      `There ${pages === 1 ? "is one page" : `are ${pages} pages`} of these changes: showing the last.`,
    );
  const sectors = [...new Set(log.changes.flatMap((c) => (c.sector ? [c.sector] : [])))].sort();
  const countries = new Map<string, string>();
  for (const c of log.changes)
    if (c.countryCode) countries.set(c.countryCode, c.countryName ?? c.countryCode);
  // A sector or country no change has named yet stays chosen (a link from a later day may name
  // it), and the page says so rather than only "none match".
  if (state.sector && !sectors.includes(state.sector)) {
    sectors.push(state.sector);
    problems.push(`No change seen so far is in the sector “${state.sector}”.`);
  }
  if (state.country && !countries.has(state.country)) {
    countries.set(state.country, state.country);
    problems.push(`No change seen so far is in the country “${state.country}”.`);
  }
  const index = services.companies.status().default;
  const refreshMs = getConfig().directoryRefreshMs;
  let waiting: ChangesPageData["waiting"] = null;
  if (!log.compared) {
    const recent = await recentCompanies(WAITING_RECENT).catch(() => null);
    waiting = {
      // The sync after the one that started the watch compares; the sync runs refreshMs after the last.
      compareInMs:
        log.watchingSince !== null && index.syncedAt !== null
          ? Math.max(0, index.syncedAt + refreshMs - services.now())
          : null,
      recent: recent ? forLicence(recent, licensed).rows : [],
    };
  }
  return {
    watchingSince: log.watchingSince,
    compared: Boolean(log.compared),
    anyChange: log.changes.length > 0,
    matching: matching.length,
    rows: services.companies.withStandings(
      matching.slice((page - 1) * CHANGES_PAGE_SIZE, page * CHANGES_PAGE_SIZE),
    ),
    page,
    pages,
    sectors,
    countries: [...countries].sort((a, b) => a[1].localeCompare(b[1])),
    problems,
    index,
    refreshMinutes: Math.round(refreshMs / 60_000),
    waiting,
  };
}
