import { z } from "zod";
import { front } from "@/lib/server/front/page-front";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http/http";
import { getServices } from "@/lib/server/services/services";

export const dynamic = "force-dynamic";

/** Upstream call counts per endpoint, cache figures, index progress and the page front's counts. No secrets. */
export const GET = handler((request) => {
  parseQuery(request, z.object({}).strict());
  const services = getServices();
  return jsonResponse({
    upstreamCalls: services.stats.snapshot(),
    caches: services.cacheStats(),
    index: services.companies.status(),
    pages: front().stats(),
  });
});
