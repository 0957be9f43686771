import { loadFollowedRows } from "@/lib/server/following";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { followingQuery } from "@/lib/server/query-schemas";

export const dynamic = "force-dynamic";

/** The directory rows of up to 50 followed companies in one request; one failing company does not fail the others. */
export const GET = handler(
  async (request) => {
    const { companies } = parseQuery(request, followingQuery);
    return jsonResponse(await loadFollowedRows(companies));
  },
  { chargeMisses: true },
);
