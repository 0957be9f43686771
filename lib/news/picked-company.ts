// The company the news feed is filtered by, as the page hands it to its picker: built from a
// directory row on either side (the server page from its index, the picker from a search hit).

export interface PickedCompany {
  companyKey: string;
  name: string;
  ticker?: string;
  exchangeCode?: string;
  hasLogo: boolean;
}

interface RowLike {
  companyKey: string;
  displayNameEnglish?: string | null;
  primaryListing: { ticker: string; exchangeCode: string };
  availableDatasets: readonly string[];
}

export function pickedFromRow(row: RowLike): PickedCompany {
  return {
    companyKey: row.companyKey,
    name: row.displayNameEnglish || row.companyKey,
    ticker: row.primaryListing.ticker,
    exchangeCode: row.primaryListing.exchangeCode,
    hasLogo: row.availableDatasets.includes("logos"),
  };
}
