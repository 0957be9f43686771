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
  sector: string | null;
  hasLogo: boolean;
}

/** Every peer, closest first as the API orders them. */
export function peerRows(profile: Profile, hasLogo: (companyKey: string) => boolean): PeerRow[] {
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
    sector: p.sector ?? null,
    hasLogo: hasLogo(p.companyKey),
  }));
}
