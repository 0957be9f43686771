// The sandbox's clock, for browser tests and demos of the change log: PUT an ISO 8601 time (the
// request body, plain text) to move the clock there and run the company index sync at once, so the
// reference-data changes scheduled up to then (lib/sandbox/changes.ts) are diffed into the log.
// Off (404, like any unknown sandbox path) unless the server was started with
// SANDBOX_CLOCK_CONTROL=1 and its data comes from the embedded sandbox: the forced sync then never
// reaches a real API key.
import { clockControlEnabled, sandboxNow, setSandboxClock } from "@/lib/sandbox/clock";
import { getConfig } from "@/lib/server/config";
import { getServices } from "@/lib/server/services";

export const dynamic = "force-dynamic";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

function enabled(): boolean {
  return clockControlEnabled() && !getConfig().upstream.baseUrl;
}

async function current(): Promise<Response> {
  const services = getServices();
  const log = await services.changeLog.current();
  return answer(200, {
    now: new Date(sandboxNow()).toISOString(),
    index: services.indexStatus().default,
    watchingSince: log.watchingSince,
    changes: log.changes.length,
  });
}

export async function GET(): Promise<Response> {
  return enabled() ? current() : answer(404, { errors: [{ message: "Unknown endpoint: /clock" }] });
}

export async function PUT(request: Request): Promise<Response> {
  if (!enabled()) return answer(404, { errors: [{ message: "Unknown endpoint: /clock" }] });
  const text = (await request.text()).trim().slice(0, 100);
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms))
    return answer(400, { errors: [{ message: "The body must be an ISO 8601 date-time" }] });
  const { directory } = getServices();
  // The sync before the move is the baseline the changes are diffed against (or the first one still running).
  await directory.sync("default");
  setSandboxClock(ms);
  await directory.sync("default");
  return current();
}
