import { compareNews } from "@/lib/server/compare";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { compareQuery } from "@/lib/server/query-schemas";

export const dynamic = "force-dynamic";

/** The last 7 days' top stories across a comparison set: one upstream call per company at most. */
export const GET = handler(
  async (request) => {
    const { companies } = parseQuery(request, compareQuery);
    return jsonResponse(await compareNews([...new Set(companies.map((k) => k.toUpperCase()))]));
  },
  { chargeMisses: true },
);
