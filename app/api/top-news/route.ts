import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { topNewsQuery } from "@/lib/server/query-schemas";
import { getServices } from "@/lib/server/services";

export const dynamic = "force-dynamic";

/** The cross-company top-news feed. */
export const GET = handler(async (request) => {
  const { page, eventType, ...query } = parseQuery(request, topNewsQuery);
  return jsonResponse(await getServices().topNews({ ...query, eventTypes: eventType, pageNumber: page }));
});
