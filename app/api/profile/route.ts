import { handler, jsonResponse, parseQuery } from "@/lib/server/http/http";
import { profileQuery } from "@/lib/server/http/query-schemas";
import { getServices } from "@/lib/server/services/services";

export const dynamic = "force-dynamic";

export const GET = handler(async (request) => {
  const { companyKey } = parseQuery(request, profileQuery);
  const profile = await getServices().profiles.get(companyKey);
  return jsonResponse(profile);
});
