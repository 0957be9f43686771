// A company's peers as the profile's table and the comparison's peer graph show them, built on
// the server from the profile (browser-safe: a type and a pure function).
import type { Profile } from "@/lib/upstream/schemas";

export interface PeerRow {
  companyKey: string;
  name: string;
  ticker: string;
  exchangeCode: string;
  relationship: string;
  segment: string | null;
  reasoning: string | null;
  marketCapUsd: number | null;
  hqCode: string | null;
  hqName: string | null;
  industry: string | null;
  hasLogo: boolean;
  /** Whether this server's plan covers the peer: false only where that is known not to (a free-trial key's list). */
  onPlan: boolean | null;
}

/** What the server knows of a peer beyond the profile: a logo, and whether its plan covers it. */
export interface PeerFacts {
  hasLogo: (companyKey: string) => boolean;
  onPlan: (companyKey: string) => boolean | null;
}

/** Every peer, closest first as the API orders them. */
export function peerRows(profile: Profile, facts: PeerFacts): PeerRow[] {
  return profile.peers.map((p) => ({
    companyKey: p.companyKey,
    name: p.displayNameEnglish || p.companyKey,
    ticker: p.primaryListing.ticker,
    exchangeCode: p.primaryListing.exchangeCode,
    relationship: p.peerRelationship,
    segment: p.peerMarketSegment ?? null,
    reasoning: p.peerReasoning ?? null,
    marketCapUsd: p.marketCapUsd ?? null,
    hqCode: p.headquartersCountryCode ?? null,
    hqName: p.headquartersCountryName ?? null,
    industry: p.industry ?? null,
    hasLogo: facts.hasLogo(p.companyKey),
    onPlan: facts.onPlan(p.companyKey),
  }));
}
