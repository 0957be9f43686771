// A minimal company list row for tests of the index, its sync and its snapshots.
import type { Company } from "@/lib/upstream/schemas";

export const companyRow = (i: number): Company => ({
  companyId: i,
  companyKey: `NASDAQ_T${i}`,
  displayNameEnglish: `Company ${i}`,
  availableDatasets: [],
  marketCapUsd: i * 1e6,
  primaryListing: { ticker: `T${i}`, exchangeCode: "NASDAQ" },
});
