import { z } from "zod";
import { front } from "@/lib/server/front/page-front";
import { requestSlots } from "@/lib/server/front/work-queue";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http/http";
import { getServices } from "@/lib/server/services/services";

export const dynamic = "force-dynamic";

/** Upstream call counts per endpoint, cache figures, index progress the page front's counts and the work queue's. No secrets. */
export const GET = handler((request) => {
  parseQuery(request, z.object({}).strict());
  const services = getServices();
  return jsonResponse({
    upstreamCalls: services.stats.snapshot(),
    caches: services.cacheStats(),
    index: services.indexStatus(),
    pages: front().stats(),
    requests: requestSlots().stats(),
  });
});
