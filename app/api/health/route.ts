import { z } from "zod";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http";
import { getApiRateLimit } from "@/lib/server/rate-limit";
import { getServices } from "@/lib/server/services";

export const dynamic = "force-dynamic";

/**
 * The upstream's state (ok, degraded, down, rate-limited until when), its circuit breaker, the
 * upstream budget, the index sync, the cache figures and where per-client limits are counted. 200 while the app can reach the upstream (ok, degraded,
 * rate-limited), 503 while the breaker has it down. No key, no base URL beyond its host.
 */
export const GET = handler(async (request) => {
  parseQuery(request, z.object({}).strict());
  await getServices().refreshHealth();
  const report = getServices().health();
  const status = report.upstream.state === "down" ? 503 : 200;
  const apiRateLimit = getApiRateLimit().limiter?.mode() ?? "off";
  return jsonResponse({ status: report.upstream.state, ...report, apiRateLimit }, { status });
});
