// The sandbox's clock, for browser tests and demos of the change log: PUT an ISO 8601 time (the
// request body, plain text) to move the clock there and run the company index syncs at once, so the
// reference-data changes scheduled up to then (lib/sandbox/changes.ts) are diffed into the log.
// Off (404, like any unknown sandbox path) unless the server was started with
// SANDBOX_CLOCK_CONTROL=1 and its data comes from the embedded sandbox: the forced sync then never
// reaches a real API key.
import { clockControlEnabled, sandboxNow, setSandboxClock } from "@/lib/sandbox/clock";
import { getConfig } from "@/lib/server/config";
import { errorBody, jsonResponse } from "@/lib/server/http/http";
import { getServices } from "@/lib/server/services/services";

export const dynamic = "force-dynamic";

const unknownEndpoint = () => errorBody(404, [{ message: "Unknown endpoint: /clock" }]);

function enabled(): boolean {
  return clockControlEnabled() && !getConfig().upstream.baseUrl;
}

async function current(): Promise<Response> {
  const services = getServices();
  const log = await services.changeLog.current();
  return jsonResponse({
    now: new Date(sandboxNow()).toISOString(),
    index: services.companies.status().default,
    watchingSince: log.watchingSince,
    changes: log.changes.length,
  });
}

export async function GET(): Promise<Response> {
  return enabled() ? current() : unknownEndpoint();
}

export async function PUT(request: Request): Promise<Response> {
  if (!enabled()) return unknownEndpoint();
  const text = (await request.text()).trim().slice(0, 100);
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) return errorBody(400, [{ message: "The body must be an ISO 8601 date-time" }]);
  const { directory } = getServices();
  // The sync before the move is the baseline the changes are diffed against (or the first one still
  // running); the universe's too, so that none still running reads pages on both sides of the move.
  await Promise.all([directory.sync("default"), directory.sync("all")]);
  setSandboxClock(ms);
  await directory.sync("default");
  // The whole universe too, as its own sync follows the API-enabled list's: where a company that
  // left the list stands now is told from it.
  await directory.sync("all");
  return current();
}
