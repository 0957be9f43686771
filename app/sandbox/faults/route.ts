// Runtime switch of the sandbox's fault mode, for browser tests and demos. Off unless the server
// was started with SANDBOX_FAULTS_CONTROL=1: otherwise every method answers 404, like any
// unknown sandbox path. GET shows the mode and what it injected; PUT replaces it with a spec in
// the SANDBOX_FAULTS syntax (the request body, plain text); DELETE turns it off.
import { FaultSpecError, formatFaultSpec, parseFaultSpec } from "@/lib/sandbox/faults";
import { getFaultInjector } from "@/lib/sandbox/instance";
import { getConfig } from "@/lib/server/config";
import { errorBody, jsonResponse } from "@/lib/server/http/http";

export const dynamic = "force-dynamic";

const enabled = () => getConfig().sandbox.faultsControl;

function disabled(): Response {
  return errorBody(404, [{ message: "Unknown endpoint: /faults" }]);
}

function current(): Response {
  const injector = getFaultInjector();
  return jsonResponse({ faults: formatFaultSpec(injector.current()), ...injector.stats() });
}

export function GET(): Response {
  return enabled() ? current() : disabled();
}

export async function PUT(request: Request): Promise<Response> {
  if (!enabled()) return disabled();
  const text = (await request.text()).slice(0, 2000);
  try {
    getFaultInjector().set(parseFaultSpec(text));
  } catch (error) {
    if (error instanceof FaultSpecError) return errorBody(400, [{ message: error.message }]);
    throw error;
  }
  return current();
}

export function DELETE(): Response {
  if (!enabled()) return disabled();
  getFaultInjector().set(null);
  return current();
}
