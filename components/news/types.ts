// Shapes of /api/top-news and /api/companies as the browser reads them (plain types: the zod
// schemas stay on the server).

export interface FeedArticle {
  date: string;
  title: string;
  description: string;
  summary: string;
  eventType: string;
  importance: number;
  sourceUrl: string;
  collectedAt: string;
  companyKey?: string | null;
  companyFiscalIdentifier?: string | null;
  displayNameEnglish?: string | null;
  ticker?: string | null;
  exchangeCode?: string | null;
  marketCapUsd?: number | null;
}

export interface FeedPage {
  data: {
    pagination: {
      page: number;
      pageSize: number;
      totalCount: number;
      totalPages: number;
      hasNextPage: boolean;
    };
    data: FeedArticle[];
  };
  fetchedAt: number;
  state: "fresh" | "stale" | "stale-on-error";
  warning?: string;
  noLogo: string[];
}

/** The fields of a /api/companies row the news pages use. */
export interface CompanyRow {
  companyKey: string;
  displayNameEnglish?: string | null;
  primaryListing: { ticker: string; exchangeCode: string };
  marketCapUsd?: number | null;
  availableDatasets: string[];
  headquartersCountryCode?: string | null;
  updatedAt?: number | null;
}

export interface CompaniesAnswer {
  total: number;
  rows: CompanyRow[];
  progress: {
    state: string;
    rows: number;
    pagesDone: number;
    pagesTotal: number | null;
    syncedAt: number | null;
  };
}
