import { z } from "zod";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http/http";
import { getServices } from "@/lib/server/services/services";

export const dynamic = "force-dynamic";

/** Progress of the directory sync for both company sets. */
export const GET = handler((request) => {
  parseQuery(request, z.object({}).strict());
  return jsonResponse(getServices().companies.status());
});
