// What changed between two syncs of the company list, company by company (by its fiscal
// identifier, which never changes), and the bounded log those changes are kept in. Market cap and
// the live fields (updatedAt, earnings date) move all the time and are not reference-data changes.
import type { Company, Listing } from "@/lib/upstream/schemas";
import { LISTING_IDENTIFIERS } from "@/lib/upstream/vocabulary";

export const CHANGE_KINDS = [
  "new",
  "removed",
  "name",
  "ticker",
  "exchange",
  "trading_status",
  "company_status",
  "listing_added",
  "listing_removed",
  "dataset_added",
  "dataset_removed",
  "identifier",
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  new: "Joined the set",
  removed: "Left the set",
  name: "Name",
  ticker: "Ticker",
  exchange: "Exchange",
  trading_status: "Trading status",
  company_status: "Company status",
  listing_added: "Listing added",
  listing_removed: "Listing removed",
  dataset_added: "Dataset added",
  dataset_removed: "Dataset removed",
  identifier: "Identifier",
};

export interface CompanyChange {
  kind: ChangeKind;
  /** Unix ms of the sync that saw it. */
  detectedAt: number;
  /** The company as the later list shows it (the earlier one for a removal). */
  companyKey: string;
  companyFiscalIdentifier: string | null;
  companyName: string;
  sector: string | null;
  countryCode: string | null;
  countryName: string | null;
  /** Which name or identifier changed, e.g. "legal name", "CIK", "FIGI (venue)". */
  field: string | null;
  before: string | null;
  after: string | null;
}

/** A company across syncs: its fiscal identifier, which never changes (its key does, with its ticker). */
export function identity(c: Company): string {
  return c.companyFiscalIdentifier ?? `id:${c.companyId}`;
}

function describeLine(l: Listing): string {
  return `${l.ticker} on ${l.exchangeName ?? l.exchangeCode}`;
}

const NAME_FIELDS = [
  ["displayNameEnglish", "name"],
  ["legalNameEnglish", "legal name"],
] as const;
const COMPANY_IDENTIFIERS = [["cik", "CIK"]] as const;
/** A line's identifiers, labelled as the profile labels them; its own id says whether it is the same line. */
const LINE_IDENTIFIERS = LISTING_IDENTIFIERS.filter(([field]) => field !== "listingFiscalIdentifier");

/** Every reference-data change from `before` to `after`, detected at `detectedAt`; none for unchanged rows. */
export function diffCompanies(
  before: readonly Company[],
  after: readonly Company[],
  detectedAt: number,
): CompanyChange[] {
  const earlier = new Map(before.map((c) => [identity(c), c]));
  const changes: CompanyChange[] = [];
  for (const now of after) {
    const then = earlier.get(identity(now));
    earlier.delete(identity(now));
    const add = (
      kind: ChangeKind,
      was: string | null | undefined,
      is: string | null | undefined,
      field?: string,
    ) => changes.push(changeOf(now, kind, detectedAt, was, is, field));
    if (!then) {
      add("new", null, describeLine(now.primaryListing));
      continue;
    }
    for (const [name, label] of NAME_FIELDS)
      if ((then[name] ?? null) !== (now[name] ?? null)) add("name", then[name], now[name], label);
    if ((then.companyStatus ?? null) !== (now.companyStatus ?? null))
      add("company_status", then.companyStatus, now.companyStatus);
    for (const [name, label] of COMPANY_IDENTIFIERS)
      if ((then[name] ?? null) !== (now[name] ?? null)) add("identifier", then[name], now[name], label);
    const [was, is] = [then.primaryListing, now.primaryListing];
    if ((was.listingFiscalIdentifier ?? null) === (is.listingFiscalIdentifier ?? null)) {
      if (was.ticker !== is.ticker) add("ticker", was.ticker, is.ticker);
      if (was.exchangeCode !== is.exchangeCode)
        add("exchange", was.exchangeName ?? was.exchangeCode, is.exchangeName ?? is.exchangeCode);
      if ((was.tradingStatus ?? null) !== (is.tradingStatus ?? null))
        add("trading_status", was.tradingStatus, is.tradingStatus);
      for (const [name, label] of LINE_IDENTIFIERS)
        if ((was[name] ?? null) !== (is[name] ?? null)) add("identifier", was[name], is[name], label);
    } else {
      // Another line became the primary one: the list no longer shows the old line.
      add("listing_added", null, describeLine(is), "primary listing");
      add("listing_removed", describeLine(was), null, "primary listing");
    }
    const had = new Set(then.availableDatasets);
    const has = new Set(now.availableDatasets);
    for (const d of now.availableDatasets) if (!had.has(d)) add("dataset_added", null, d);
    for (const d of then.availableDatasets) if (!has.has(d)) add("dataset_removed", d, null);
  }
  for (const gone of earlier.values())
    changes.push(changeOf(gone, "removed", detectedAt, describeLine(gone.primaryListing), null));
  return changes;
}

/** One change of `company`: what changed (`field`, when one field did) from `was` to `is`. */
function changeOf(
  company: Company,
  kind: ChangeKind,
  detectedAt: number,
  was: string | null | undefined,
  is: string | null | undefined,
  field?: string,
): CompanyChange {
  return {
    kind,
    detectedAt,
    companyKey: company.companyKey,
    companyFiscalIdentifier: company.companyFiscalIdentifier ?? null,
    companyName: company.displayNameEnglish ?? company.companyKey,
    sector: company.sector ?? null,
    countryCode: company.headquartersCountryCode ?? null,
    countryName: company.headquartersCountryName ?? null,
    field: field ?? null,
    before: was ?? null,
    after: is ?? null,
  };
}

/**
 * Where a company that left the API-enabled set (the default list) stands now, as the list of the
 * whole universe shows it: still in it, with its statuses; gone from it; or not known (the plan has
 * no list of the whole universe, or it is not complete yet). A company leaves the API-enabled set
 * while it stays in the universe (a delisted company often does): "left" is not "gone".
 */
export type Standing =
  | {
      in: "universe";
      line: string;
      companyStatus: string | null;
      tradingStatus: string | null;
    }
  | { in: "nowhere" }
  | { in: "unknown" };

/** A change as pages show it: one that left the set says where the company stands now. */
export interface ShownChange extends CompanyChange {
  standing?: Standing;
}

/** Where a company stands, from its row in the whole universe's complete list (none: gone from it). */
export function standingOf(row: Company | undefined): Standing {
  if (!row) return { in: "nowhere" };
  return {
    in: "universe",
    line: describeLine(row.primaryListing),
    companyStatus: row.companyStatus ?? null,
    tradingStatus: row.primaryListing.tradingStatus ?? null,
  };
}

/** The change log: newest first, since the first sync this deployment saw. */
export interface ChangeLog {
  /** Unix ms of the first sync: nothing before it was seen. Null until then. */
  watchingSince: number | null;
  /** Whether a sync has compared the list with an earlier one yet (absent in logs kept before it). */
  compared?: boolean;
  changes: CompanyChange[];
}

export const EMPTY_CHANGE_LOG: ChangeLog = { watchingSince: null, compared: false, changes: [] };
export const CHANGE_LOG_MAX_ENTRIES = 20_000;
export const CHANGE_LOG_MAX_AGE_MS = 90 * 86_400_000;

/**
 * The log with one sync's changes added, bounded to the newest entries within the age limit.
 * `compared`: the sync compared the list with an earlier one (not the very first sync).
 */
export function appendChanges(
  log: ChangeLog,
  changes: readonly CompanyChange[],
  detectedAt: number,
  compared: boolean,
  limits = { maxEntries: CHANGE_LOG_MAX_ENTRIES, maxAgeMs: CHANGE_LOG_MAX_AGE_MS },
): ChangeLog {
  const oldest = detectedAt - limits.maxAgeMs;
  const merged = [...changes, ...log.changes].filter((c) => c.detectedAt >= oldest);
  merged.sort((a, b) => b.detectedAt - a.detectedAt);
  return {
    watchingSince: log.watchingSince ?? detectedAt,
    compared: Boolean(log.compared) || compared,
    changes: merged.slice(0, limits.maxEntries),
  };
}

export interface ChangeFilter {
  kind?: ChangeKind;
  sector?: string;
  country?: string;
}

export function filterChanges(log: ChangeLog, filter: ChangeFilter): CompanyChange[] {
  return log.changes.filter(
    (c) =>
      (!filter.kind || c.kind === filter.kind) &&
      (!filter.sector || c.sector === filter.sector) &&
      (!filter.country || c.countryCode === filter.country),
  );
}

/** One company's changes, newest first: by its fiscal identifier, which survives ticker changes. */
export function companyHistory(
  log: ChangeLog,
  company: { companyKey: string; companyFiscalIdentifier?: string | null },
): CompanyChange[] {
  const fiscal = company.companyFiscalIdentifier;
  return log.changes.filter((c) =>
    fiscal ? c.companyFiscalIdentifier === fiscal : c.companyKey === company.companyKey,
  );
}
