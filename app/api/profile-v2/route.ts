import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { profileQuery } from "@/lib/server/query-schemas";
import { getServices } from "@/lib/server/services";

export const dynamic = "force-dynamic";

/** The deprecated v2 profile (cached), for the profile page's side-by-side API view. */
export const GET = handler(async (request) => {
  const { companyKey } = parseQuery(request, profileQuery);
  return jsonResponse(await getServices().profileV2(companyKey));
});
