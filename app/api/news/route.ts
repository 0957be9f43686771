import { handler, jsonResponse, parseQuery } from "@/lib/server/http/http";
import { newsQuery } from "@/lib/server/http/query-schemas";
import { getServices } from "@/lib/server/services/services";

export const dynamic = "force-dynamic";

/** One company's news (the API's default: the latest 14 UTC dates). */
export const GET = handler(async (request) => {
  const { companyKey, ...query } = parseQuery(request, newsQuery);
  return jsonResponse(await getServices().news.forCompany(companyKey, query));
});
