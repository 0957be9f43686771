import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { isLoopbackVisitor, type Viewer } from "@/lib/server/access/viewer";
import { getConfig } from "@/lib/server/config";
import { handler, jsonResponse, parseQuery } from "@/lib/server/http/http";
import { getApiRateLimit } from "@/lib/server/http/rate-limit";
import { getServices } from "@/lib/server/services/services";

export const dynamic = "force-dynamic";

/**
 * Public: a liveness answer, `{"status":"live"}`, and nothing more. For this machine, a signed-in
 * person or the operator's monitoring (`Authorization: Bearer <HEALTH_TOKEN>`): the details. The
 * upstream's state (ok, degraded, down, rate-limited until when), its circuit breaker, the
 * upstream budget, the index sync, the cache figures and where per-client limits are counted;
 * 200 while the app can reach the upstream (ok, degraded, rate-limited), 503 while the breaker
 * has it down. No key, no base URL beyond its host.
 */
export const GET = handler(
  async (request, viewer) => {
    parseQuery(request, z.object({}).strict());
    if (!mayReadDetails(request, viewer)) return jsonResponse({ status: "live" });
    await getServices().refreshHealth();
    const report = getServices().health();
    const status = report.upstream.state === "down" ? 503 : 200;
    const apiRateLimit = getApiRateLimit().limiter?.mode() ?? "off";
    return jsonResponse({ status: report.upstream.state, ...report, apiRateLimit }, { status });
  },
  { public: true },
);

function mayReadDetails(request: Request, viewer: Viewer): boolean {
  if (viewer.person || isLoopbackVisitor(request.headers)) return true;
  const token = getConfig().access.healthToken;
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!token || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}
