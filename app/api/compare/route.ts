import { handler, jsonResponse, parseQuery, toErrorResponse } from "@/lib/server/http";
import { compareQuery } from "@/lib/server/query-schemas";
import { getServices } from "@/lib/server/services";
import { isUpstreamError } from "@/lib/upstream/errors";

export const dynamic = "force-dynamic";

/** Several profiles at once; one failing company does not fail the others. */
export const GET = handler(async (request) => {
  const { companies } = parseQuery(request, compareQuery);
  const unique = [...new Set(companies.map((k) => k.toUpperCase()))];
  const results = await Promise.all(
    unique.map(async (companyKey) => {
      try {
        return { companyKey, ok: true as const, ...(await getServices().profile(companyKey)) };
      } catch (error) {
        if (!isUpstreamError(error)) throw error;
        const response = toErrorResponse(error);
        const body = (await response.json()) as { errors: unknown[] };
        return { companyKey, ok: false as const, status: response.status, errors: body.errors };
      }
    }),
  );
  return jsonResponse({ companies: results });
});
