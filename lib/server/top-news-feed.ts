import "server-only";
// One page of the top-news feed as /api/top-news answers it, for the route handler and for the
// news page's server-side prefetch (so both produce the same body for the same query).
import type { z } from "zod";
import type { TopNewsPage } from "@/lib/upstream/schemas";
import type { topNewsQuery } from "./query-schemas";
import { getServices, type Served, type Services } from "./services";

export interface TopNewsFeedPage extends Served<TopNewsPage> {
  /**
   * Companies on this page not known to have a logo (the directory index says none, or does not
   * know the company yet, as in the first seconds after start): the browser shows their initials
   * without asking /api/logo, which would spend an upstream call on a 404.
   */
  noLogo: string[];
}

export async function topNewsFeed(
  query: z.output<typeof topNewsQuery>,
  services: Services = getServices(),
): Promise<TopNewsFeedPage> {
  const { page, eventType, ...rest } = query;
  const served = await services.topNews({ ...rest, eventTypes: eventType, pageNumber: page });
  const noLogo = new Set<string>();
  for (const { companyKey } of served.data.data)
    if (companyKey && !services.knownToHaveLogo(companyKey)) noLogo.add(companyKey);
  return { ...served, noLogo: [...noLogo] };
}
