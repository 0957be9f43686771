import { compareNews } from "@/lib/server/compare";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { followingQuery } from "@/lib/server/query-schemas";

export const dynamic = "force-dynamic";

/** The followed companies' stories of the last 7 days, most material first: one cached top-news call per company. */
export const GET = handler(
  async (request) => {
    const { companies } = parseQuery(request, followingQuery);
    return jsonResponse(await compareNews(companies));
  },
  { chargeMisses: true },
);
