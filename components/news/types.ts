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
