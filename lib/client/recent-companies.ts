// The last companies a person opened, newest first, for the header search's empty state.

import { type StoredList, storedKey, storedList } from "./stored-list";

export const MAX_RECENT = 20;

/** What the search box shows of a company: the fields of a directory row it draws. */
export interface CompanyCard {
  companyKey: string;
  displayNameEnglish?: string | null;
  primaryListing: { ticker: string; exchangeCode: string };
  availableDatasets: readonly string[];
  marketCapUsd?: number | null;
}

const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 300) : "");

function parseCard(value: unknown): CompanyCard | null {
  if (typeof value !== "object" || value === null) return null;
  const entry = value as Record<string, unknown>;
  const companyKey = storedKey(entry.companyKey);
  if (!companyKey) return null;
  const listing = (typeof entry.primaryListing === "object" && entry.primaryListing) || {};
  const { ticker, exchangeCode } = listing as Record<string, unknown>;
  const datasets = Array.isArray(entry.availableDatasets) ? entry.availableDatasets : [];
  return {
    companyKey,
    displayNameEnglish: text(entry.displayNameEnglish) || null,
    primaryListing: { ticker: text(ticker), exchangeCode: text(exchangeCode) },
    availableDatasets: datasets.filter((d): d is string => typeof d === "string").slice(0, 20),
    marketCapUsd: typeof entry.marketCapUsd === "number" ? entry.marketCapUsd : null,
  };
}

export const recentCompanies: StoredList<CompanyCard> = storedList(
  "fiscal-atlas:recent-companies",
  parseCard,
  MAX_RECENT,
);

/** Puts a company first in the list (once), dropping the oldest past MAX_RECENT. */
export function rememberVisit(card: CompanyCard) {
  const rest = recentCompanies.read().filter((c) => c.companyKey !== card.companyKey);
  recentCompanies.write([card, ...rest]);
}
