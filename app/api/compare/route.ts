import { loadComparison } from "@/lib/server/compare";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { compareQuery } from "@/lib/server/query-schemas";

export const dynamic = "force-dynamic";

/** The comparison of 1 to 12 companies, as the /compare page shows it; one failing company does not fail the others. */
export const GET = handler(
  async (request) => {
    const { companies } = parseQuery(request, compareQuery);
    return jsonResponse(await loadComparison(companies));
  },
  { chargeMisses: true },
);
