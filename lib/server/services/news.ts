import "server-only";
// News: a company's stories and the market's top news, each page of them cached by its query.
import type { Served } from "@/lib/api-types";
import type { CompanyNewsQuery, TopNewsQuery } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import { type NewsArticle, pagination, type TopNewsPage } from "@/lib/upstream/schemas";
import { TOP_NEWS_DEFAULT_PAGE_SIZE } from "@/lib/upstream/vocabulary";
import type { SwrCache } from "../cache/cache";
import type { Companies } from "./companies";
import { type ServiceParts, stableKey } from "./served";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export class News {
  readonly companyCache: SwrCache<NewsArticle[]>;
  readonly topCache: SwrCache<TopNewsPage>;

  constructor(
    private readonly parts: ServiceParts,
    private readonly companies: Companies,
  ) {
    this.companyCache = parts.cache("company-news", {
      freshMs: 5 * MINUTE,
      staleMs: HOUR,
      errorMs: DAY,
      maxEntries: 2000,
    });
    this.topCache = parts.cache("top-news", {
      freshMs: 2 * MINUTE,
      staleMs: 30 * MINUTE,
      errorMs: DAY,
      maxEntries: 500,
    });
  }

  async forCompany(companyKey: string, query: CompanyNewsQuery): Promise<Served<NewsArticle[]>> {
    const upper = companyKey.toUpperCase();
    return this.parts.serve(
      await this.companyCache.get(`${upper}:${stableKey(query)}`, () =>
        this.parts.client.getCompanyNews({ companyKey: upper }, query),
      ),
    );
  }

  async top(query: TopNewsQuery): Promise<Served<TopNewsPage>> {
    return this.parts.serve(
      await this.topCache.get(stableKey(query), () =>
        this.parts.client.getTopNews(query).catch((error: unknown) => {
          // A company that does not list the news dataset: the contract answers 404 (datasets rule 2);
          // its part of the feed is empty, as when it has no stories. Only when the company index
          // agrees: a 404 for another reason (a wrong base URL's "Not Found") stays an error.
          const row = query.companyKey ? this.companies.row(query.companyKey) : undefined;
          if (
            row &&
            !row.availableDatasets.includes("news") &&
            isUpstreamError(error) &&
            error.details.resource === "news"
          )
            return {
              pagination: {
                ...pagination(query.pageNumber ?? 1, query.pageSize ?? TOP_NEWS_DEFAULT_PAGE_SIZE, 0),
                totalKnown: true,
              },
              data: [],
            };
          throw error;
        }),
      ),
    );
  }
}
