import "server-only";
// One page of the top-news feed as /api/top-news answers it, for the route handler and for the
// news page's server-side prefetch (so both produce the same body for the same query).
import type { z } from "zod";
import type { TopNewsFeedPage } from "@/lib/api-types";
import type { topNewsQuery } from "./query-schemas";
import { getServices, type Services } from "./services";

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
