// A peer as the profile's table and the comparison's graph take it, for their render tests.
import type { PeerRow } from "@/lib/profile/peer-rows";

export const peerRow = (companyKey: string, onPlan: boolean | null): PeerRow => ({
  companyKey,
  name: `${companyKey} Inc.`,
  ticker: companyKey.split("_")[1] ?? companyKey,
  exchangeCode: "NYSE",
  relationship: "direct_competitor",
  segment: null,
  reasoning: null,
  marketCapUsd: null,
  hqCode: null,
  hqName: null,
  industry: null,
  hasLogo: false,
  onPlan,
});
