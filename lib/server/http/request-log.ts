// Structured request logs: one JSON line per API request on stdout, with the request id that is
// also returned as x-request-id. The path is logged without query values (only parameter names:
// a value could carry anything a person typed or pasted); the API key is never part of a request
// to our API, and nothing from the upstream is logged. REQUEST_LOG=off silences it (the unit tests).
import { getConfig } from "../config";

export const REQUEST_ID_HEADER = "x-request-id";

export interface RequestLogEntry {
  time: string;
  level: "info" | "warn" | "error";
  msg: "api request";
  requestId: string;
  method: string;
  path: string;
  /** Names of the query parameters, sorted and de-duplicated; never their values. */
  params: string[];
  status: number;
  durationMs: number;
}

export function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * An error is what someone should look at: a 5xx. A 503 that says when to ask again is a wait the
 * server chose (its upstream budget spent, its circuit paused, a logo still on its way), so a warning.
 */
function levelOf(response: Response): RequestLogEntry["level"] {
  const { status } = response;
  if (status === 503 && response.headers.has("retry-after")) return "warn";
  return status >= 500 ? "error" : status >= 400 ? "warn" : "info";
}

/** The log entry for a request and its response. */
export function requestLogEntry(
  request: Request,
  response: Response,
  requestId: string,
  durationMs: number,
  nowMs = Date.now(),
): RequestLogEntry {
  const url = new URL(request.url);
  const params = [...new Set([...url.searchParams.keys()].map((name) => name.slice(0, 40)))]
    .sort()
    .slice(0, 20);
  return {
    time: new Date(nowMs).toISOString(),
    level: levelOf(response),
    msg: "api request",
    requestId,
    method: request.method,
    path: url.pathname.slice(0, 200),
    params,
    status: response.status,
    durationMs: Math.round(durationMs * 10) / 10,
  };
}

export function logRequest(entry: RequestLogEntry): void {
  if (!getConfig().requestLog) return;
  console.log(JSON.stringify(entry));
}
