// Time travel for the fault-mode browser tests: POST /sandbox/faults/age-caches?minutes=45 makes
// every cached upstream answer 45 minutes older and runs the company index refresh now, so that
// with faults on, pages show their stale-data notices without waiting for real TTLs. Off (404)
// unless the server was started with SANDBOX_FAULTS_CONTROL=1, like /sandbox/faults.
import { faultControlEnabled } from "@/lib/sandbox/faults";
import { overviewCaches } from "@/lib/server/overview";
import { getServices } from "@/lib/server/services";

export const dynamic = "force-dynamic";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

export async function POST(request: Request): Promise<Response> {
  if (!faultControlEnabled()) {
    return new Response(JSON.stringify({ errors: [{ message: "Unknown endpoint: /faults/age-caches" }] }), {
      status: 404,
      headers: JSON_HEADERS,
    });
  }
  const minutes = Number(new URL(request.url).searchParams.get("minutes"));
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 100_000) {
    return new Response(JSON.stringify({ errors: [{ message: "minutes must be a whole number from 1" }] }), {
      status: 400,
      headers: JSON_HEADERS,
    });
  }
  const services = getServices();
  await services.ageCaches(minutes * 60_000, overviewCaches(services));
  return new Response(JSON.stringify({ aged: minutes, index: services.indexStatus().default }), {
    status: 200,
    headers: JSON_HEADERS,
  });
}
