import { handler, jsonResponse, parseQuery } from "@/lib/server/http/http";
import { profileQuery } from "@/lib/server/http/query-schemas";
import { getServices } from "@/lib/server/services/services";

export const dynamic = "force-dynamic";

/** The deprecated v2 profile (cached), for the profile page's side-by-side API view. */
export const GET = handler(async (request) => {
  const { companyKey } = parseQuery(request, profileQuery);
  return jsonResponse(await getServices().profiles.getV2(companyKey));
});
