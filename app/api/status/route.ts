import { z } from "zod";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { getServices } from "@/lib/server/services";

export const dynamic = "force-dynamic";

/** Upstream call counts per endpoint, cache figures and index progress. No secrets. */
export const GET = handler((request) => {
  parseQuery(request, z.object({}).strict());
  const services = getServices();
  return jsonResponse({
    upstreamCalls: services.stats.snapshot(),
    caches: services.cacheStats(),
    index: services.indexStatus(),
  });
});
