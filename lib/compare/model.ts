// What the comparison page shows of each company, built on the server from the (cached) v3
// profiles so that the browser gets only these fields. Browser-safe: types and pure functions.
import type { PeerRow } from "@/lib/profile/peer-rows";
import type { Profile } from "@/lib/upstream/schemas";

/** Why one company of a set could not be served (its entry, its news). */
export type SetFailure = "not_found" | "plan" | "unavailable";

export interface CompareCompany {
  companyKey: string;
  name: string;
  ticker: string | null;
  exchangeCode: string | null;
  exchangeName: string | null;
  marketCapUsd: number | null;
  sector: string | null;
  industryGroup: string | null;
  industry: string | null;
  subIndustry: string | null;
  hqCode: string | null;
  hqName: string | null;
  domicileCode: string | null;
  domicileName: string | null;
  companyType: string | null;
  companyStatus: string | null;
  foundingYear: number | null;
  ipoYear: number | null;
  /** The primary listing and every secondary one. */
  listingCount: number;
  /** Exchange codes and trading currencies over every listing, each once, primary first. */
  exchanges: string[];
  currencies: string[];
  /** The companies this one names as peers (any relationship). */
  peerKeys: string[];
  reportingCurrency: string | null;
  datasets: string[];
  hasLogo: boolean;
}

/** One requested company: its data, or why it is missing (the others still show). */
export type CompareEntry =
  | { ok: true; requested: string; company: CompareCompany }
  | {
      ok: false;
      requested: string;
      reason: SetFailure;
      message: string;
      /** What the directory index knows of a company whose profile failed: its name and ticker. */
      known?: { name: string; ticker: string | null; hasLogo: boolean };
    };

export interface Comparison {
  /** The keys the comparison was asked for, in their order. */
  asked: string[];
  entries: CompareEntry[];
  /** Keys asked for that named a company already in the set (by `sameAs`: another listing's key, say). */
  duplicates?: { requested: string; sameAs: string; companyKey: string; name: string }[];
  /** The focus (first available) company's peers; empty when there is none. */
  focusPeers: PeerRow[];
}

export function compareCompanyOf(profile: Profile): CompareCompany {
  const listing = profile.primaryListing;
  const listings = [...(listing ? [listing] : []), ...profile.secondaryListings];
  const unique = (values: (string | null | undefined)[]) => [
    ...new Set(values.filter((v): v is string => Boolean(v))),
  ];
  return {
    companyKey: profile.companyKey,
    name: profile.displayNameEnglish || profile.legalNameEnglish || profile.companyKey,
    ticker: listing?.ticker ?? null,
    exchangeCode: listing?.exchangeCode ?? null,
    exchangeName: listing?.exchangeName ?? null,
    marketCapUsd: profile.marketCapUsd ?? null,
    sector: profile.sector ?? null,
    industryGroup: profile.industryGroup ?? null,
    industry: profile.industry ?? null,
    subIndustry: profile.subIndustry ?? null,
    hqCode: profile.headquartersCountryCode ?? null,
    hqName: profile.headquartersCountryName ?? null,
    domicileCode: profile.legalDomicileCountryCode ?? null,
    domicileName: profile.legalDomicileCountryName ?? null,
    companyType: profile.companyType ?? null,
    companyStatus: profile.companyStatus ?? null,
    foundingYear: profile.foundingYear ?? null,
    ipoYear: profile.ipoYear ?? null,
    listingCount: listings.length,
    exchanges: unique(listings.map((l) => l.exchangeCode)),
    currencies: unique(listings.map((l) => l.tradingCurrency)),
    peerKeys: profile.peers.map((p) => p.companyKey),
    reportingCurrency: profile.reportingCurrency ?? null,
    datasets: [...profile.availableDatasets],
    hasLogo: profile.availableDatasets.includes("logos"),
  };
}

/** The companies that loaded, in the set's order (the first is the focus). */
export function loadedCompanies(entries: readonly CompareEntry[]): CompareCompany[] {
  return entries.flatMap((e) => (e.ok ? [e.company] : []));
}

/**
 * How many companies the set holds: those shown and those whose profile failed for now (an
 * unknown name, or one the plan does not cover, is not in it).
 */
export function inSet(entries: readonly CompareEntry[]): number {
  return entries.filter((e) => e.ok || e.reason === "unavailable").length;
}

/** Counts of a field across the set, largest first, ties by name; missing values as "Not given". */
export function breakdown(
  companies: readonly CompareCompany[],
  field: (c: CompareCompany) => string | null,
): { label: string; count: number; companies: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const c of companies) {
    const label = field(c) ?? "Not given";
    groups.set(label, [...(groups.get(label) ?? []), c.name]);
  }
  return (
    [...groups]
      .map(([label, names]) => ({ label, count: names.length, companies: names }))
      // Ties by label in code-point order: localeCompare would load Intl's collation data mid-hydration.
      .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
  );
}
