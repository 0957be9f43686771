import { errorBody, handler, jsonResponse, parseQuery } from "@/lib/server/http/http";
import { resolveQuery } from "@/lib/server/http/query-schemas";
import { getServices } from "@/lib/server/services/services";

export const dynamic = "force-dynamic";

/** Resolves a pasted identifier (key, fscl, FIGI, ISIN, CUSIP, CIK) to a canonical companyKey. */
export const GET = handler(async (request) => {
  const { id } = parseQuery(request, resolveQuery);
  const resolved = await getServices().companies.resolve(id);
  if (!resolved) return errorBody(404, [{ message: "No company has this identifier.", code: "not_found" }]);
  return jsonResponse(resolved);
});
