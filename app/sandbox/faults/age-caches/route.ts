// Time travel for the fault-mode browser tests: POST /sandbox/faults/age-caches?minutes=45 makes
// every cached upstream answer 45 minutes older and runs the company index refresh now, so that
// with faults on, pages show their stale-data notices without waiting for real TTLs. Off (404)
// unless the server was started with SANDBOX_FAULTS_CONTROL=1, like /sandbox/faults.
import { getConfig } from "@/lib/server/config";
import { errorBody, jsonResponse } from "@/lib/server/http/http";
import { getServices } from "@/lib/server/services/services";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  if (!getConfig().sandbox.faultsControl) {
    return errorBody(404, [{ message: "Unknown endpoint: /faults/age-caches" }]);
  }
  const minutes = Number(new URL(request.url).searchParams.get("minutes"));
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 100_000) {
    return errorBody(400, [{ message: "minutes must be a whole number from 1" }]);
  }
  const services = getServices();
  await services.ageCaches(minutes * 60_000);
  return jsonResponse({ aged: minutes, index: services.companies.status().default });
}
