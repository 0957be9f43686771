// Runtime switch of the sandbox's fault mode, for browser tests and demos. Off unless the server
// was started with SANDBOX_FAULTS_CONTROL=1: otherwise every method answers 404, like any
// unknown sandbox path. GET shows the mode and what it injected; PUT replaces it with a spec in
// the SANDBOX_FAULTS syntax (the request body, plain text); DELETE turns it off.
import {
  FaultSpecError,
  faultControlEnabled,
  formatFaultSpec,
  getFaultInjector,
  parseFaultSpec,
} from "@/lib/sandbox/faults";

export const dynamic = "force-dynamic";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

function disabled(): Response {
  return answer(404, { errors: [{ message: "Unknown endpoint: /faults" }] });
}

function current(): Response {
  const injector = getFaultInjector();
  return answer(200, { faults: formatFaultSpec(injector.current()), ...injector.stats() });
}

export function GET(): Response {
  return faultControlEnabled() ? current() : disabled();
}

export async function PUT(request: Request): Promise<Response> {
  if (!faultControlEnabled()) return disabled();
  const text = (await request.text()).slice(0, 2000);
  try {
    getFaultInjector().set(parseFaultSpec(text));
  } catch (error) {
    if (error instanceof FaultSpecError) return answer(400, { errors: [{ message: error.message }] });
    throw error;
  }
  return current();
}

export function DELETE(): Response {
  if (!faultControlEnabled()) return disabled();
  getFaultInjector().set(null);
  return current();
}
