import "server-only";
// The companies the key can see, from the directory index (lib/directory/sync.ts): search, a
// company's row, whether the plan covers it, what a page says of the index, and what company a
// pasted identifier names.
import type { IndexStatus } from "@/lib/api-types";
import { type CompanyChange, type ShownChange, standingOf } from "@/lib/directory/changes";
import type { DirectoryQuery, DirectoryResult } from "@/lib/directory/company-index";
import type { CompanySet, DirectorySync, SyncProgress } from "@/lib/directory/sync";
import {
  COMPANY_KEY_PATTERN,
  isValidCusip,
  isValidFigi,
  isValidFiscalIdentifier,
  isValidIsin,
  normalizeCik,
} from "@/lib/identifiers";
import type { CompanyLookup } from "@/lib/upstream/client";
import { type FailureCause, isUpstreamError } from "@/lib/upstream/errors";
import type { Company } from "@/lib/upstream/schemas";
import { indexUnavailable, staleWarning } from "./notices";
import type { Profiles } from "./profiles";

export interface IndexNotice {
  kind: "stale" | "unavailable";
  message: string;
}

export class Companies {
  constructor(
    private readonly directory: DirectorySync,
    private readonly profiles: Profiles,
    private readonly now: () => number,
  ) {}

  /**
   * Directory search over a set, or over "any": every company the key can see, the whole universe
   * once its list is complete, else the API-enabled set. A query that finds nothing but is a
   * well-formed identifier (a former ticker's key, a secondary listing's FIGI or US ticker, a
   * predecessor CIK) is resolved upstream (once: the answer, a miss too, is cached). `beyond`: for
   * a search of the API-enabled set, how many more companies the same search finds in the whole
   * universe (null when that list is not complete).
   */
  async search(
    set: CompanySet | "any",
    query: DirectoryQuery,
    { beyond = false }: { beyond?: boolean } = {},
  ): Promise<{
    result: DirectoryResult;
    progress: SyncProgress;
    searched: CompanySet;
    resolvedFrom?: string;
    beyond?: number | null;
  }> {
    if (set === "all" && this.directory.progress("all").state === "idle") void this.directory.refresh("all");
    const searched = set === "any" ? this.widest() : set;
    const index = this.directory.index(searched);
    let result = index.search(query);
    let resolvedFrom: string | undefined;
    let asked = query;
    const q = query.q?.trim();
    // A US ticker's shape is common in typing (a word, a prefix): asked only once the index is
    // whole, so that "no hit" means the index has no such primary ticker.
    const ticker = this.directory.progress(searched).state === "ready";
    if (result.total === 0 && q && (lookupFor(q) || (ticker && usTickerLookup(q)))) {
      const resolved = await this.resolve(q, { ticker }).catch(() => null);
      if (resolved) {
        asked = { ...query, q: resolved.companyKey };
        const again = index.search(asked);
        if (again.total > 0) {
          result = again;
          resolvedFrom = q;
        }
      }
    }
    return {
      result,
      progress: this.directory.progress(searched),
      searched,
      ...(resolvedFrom ? { resolvedFrom } : {}),
      ...(beyond && searched === "default" ? { beyond: this.beyond(asked, result.total) } : {}),
    };
  }

  /** The widest set this key can search now: the whole universe once its list is complete. */
  widest(): CompanySet {
    return this.directory.progress("all").state === "ready" ? "all" : "default";
  }

  /**
   * Whether a company is in the API-enabled set (the contract's default list): null while that
   * list is not complete.
   */
  apiEnabled(companyKey: string): boolean | null {
    if (this.directory.progress("default").state !== "ready") return null;
    return this.directory.index("default").byKey(companyKey) !== undefined;
  }

  /**
   * The changes as pages show them: each company that left the API-enabled set with where it
   * stands now in the whole universe. Not known while that list is not complete or is off the
   * plan, nor while it is older than the API-enabled list, whose latest sync may have seen a
   * company leave that the universe's older list shows as it was before (still trading).
   */
  withStandings(changes: readonly CompanyChange[]): ShownChange[] {
    const [all, enabled] = [this.directory.progress("all"), this.directory.progress("default")];
    const current = all.state === "ready" && (all.syncedAt ?? 0) >= (enabled.syncedAt ?? 0);
    return changes.map((c) =>
      c.kind !== "removed"
        ? c
        : { ...c, standing: current ? standingOf(this.rowOf(c, "all")) : { in: "unknown" as const } },
    );
  }

  /** How many more companies than `found` a search finds in the whole universe (null: its list is not complete). */
  private beyond(query: DirectoryQuery, found: number): number | null {
    if (this.directory.progress("all").state !== "ready") return null;
    const total = this.directory.index("all").search({ ...query, offset: 0, limit: 0 }).total;
    return Math.max(0, total - found);
  }

  status(): IndexStatus {
    return { default: this.directory.progress("default"), all: this.directory.progress("all") };
  }

  /**
   * Whether this server's plan covers a company, where that can be known: a free-trial key (its
   * list of all companies refused) is served only the companies of its list, so one outside a
   * complete list is not covered. Otherwise (a paid key, a list still syncing) null: not known.
   */
  onPlan(companyKey: string): boolean | null {
    return this.directory.progress("all").state === "unavailable" ? this.apiEnabled(companyKey) : null;
  }

  /**
   * A company's row in a set's index, found by its fiscal identifier (which outlives a ticker
   * change the index has not synced yet), by its key when it has none.
   */
  rowOf(
    company: { companyKey: string; companyFiscalIdentifier?: string | null },
    set: CompanySet,
  ): Company | undefined {
    return this.directory.index(set).sameCompany(company);
  }

  /** The directory index's row for a company key, without an upstream call (undefined: not known). */
  row(companyKey: string, sets: readonly CompanySet[] = ["default", "all"]): Company | undefined {
    for (const set of sets) {
      const row = this.directory.index(set).byKey(companyKey);
      if (row) return row;
    }
    return undefined;
  }

  /**
   * The canonical companyKey a pasted key or identifier names: from the index, else asked of the
   * profile endpoint (which also knows former tickers, secondary listings and predecessor CIKs) by
   * the kind of identifier it is. `ticker`: a US ticker's shape is asked too (the directory search
   * only: a page or a comparison named by a bare word would otherwise cost a call per made-up word).
   */
  async resolve(
    identifier: string,
    { ticker = false }: { ticker?: boolean } = {},
  ): Promise<{ companyKey: string; via: "index" | "upstream" } | null> {
    const value = identifier.trim();
    for (const set of ["default", "all"] as const) {
      const index = this.directory.index(set);
      const byKey = index.byKey(value);
      if (byKey) return { companyKey: byKey.companyKey, via: "index" };
      const exact = index
        .exact(value)
        .filter((c) => c.primaryListing.ticker.toUpperCase() !== value.toUpperCase());
      if (exact.length === 1 && exact[0]) return { companyKey: exact[0].companyKey, via: "index" };
    }
    const lookup = lookupFor(value) ?? (ticker ? usTickerLookup(value) : null);
    if (!lookup) return null;
    try {
      return { companyKey: (await this.profiles.lookUp(lookup)).companyKey, via: "upstream" };
    } catch (error) {
      if (isUpstreamError(error) && error.code === "not_found") return null;
      throw error;
    }
  }

  /**
   * What a page built on the directory index should say about it: "stale" when the snapshot it
   * serves is older than it should be because refreshing it fails, "unavailable" when the first
   * sync failed and there is no complete list; null when all is well.
   */
  notice(set: CompanySet): IndexNotice | null {
    const progress = this.directory.progress(set);
    const code = (progress.lastErrorCode ?? undefined) as FailureCause | undefined;
    if (progress.state === "error") {
      return { kind: "unavailable", message: indexUnavailable(progress, code, this.now()) };
    }
    if (progress.state === "ready" && progress.lastError && progress.syncedAt !== null) {
      return { kind: "stale", message: staleWarning(progress.syncedAt, this.now(), code) };
    }
    return null;
  }
}

/** The lookup parameter a well-formed identifier implies, or null for text that is none. */
export function lookupFor(value: string): CompanyLookup | null {
  const v = value.trim().toUpperCase();
  if (COMPANY_KEY_PATTERN.test(v)) return { companyKey: v };
  if (isValidFiscalIdentifier(v)) return { fscl: v };
  // FIGI before ISIN: every FIGI has an ISIN's shape, and about one in ten passes its check digit
  // too (BBG000B9XRB9); the prefixes FIGIs leave out are the ISINs that could pass theirs.
  if (isValidFigi(v)) return { figi: v };
  if (isValidIsin(v)) return { isin: v };
  if (isValidCusip(v)) return { cusip: v };
  if (/^\d{1,10}$/.test(v)) return { cik: normalizeCik(v) ?? v };
  return null;
}

/** One to five letters, with a share class after a dot or hyphen (BRK.B): a US ticker's shape. */
const US_TICKER = /^[A-Z]{1,5}(?:[.-][A-Z]{1,2})?$/;

/**
 * A US ticker alone (the contract resolves one without a venue): a secondary listing's, say a
 * depositary receipt's, which the index (primary listings only) cannot find by its ticker.
 */
export function usTickerLookup(value: string): CompanyLookup | null {
  const v = value.trim().toUpperCase();
  return US_TICKER.test(v) ? { ticker: v } : null;
}
