// The browser's way to call this app's own route handlers: JSON with readable errors.

import { parseRetryAfter } from "@/lib/retry-after";

export interface ApiErrorItem {
  message: string;
  parameter?: string;
  code?: string;
}

/** A failed call to one of our route handlers, with the messages the handler gave. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
    /** How long the server asked to wait before asking again (its Retry-After), if it said. */
    readonly retryAfterMs?: number,
  ) {
    super(errors.map((e) => e.message).join(" ") || `Request failed (${status}).`);
    this.name = "ApiError";
  }

  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

/** GET a JSON route handler; a non-2xx answer becomes an ApiError with the handler's messages. */
export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return requestJson<T>(path, { signal });
}

/** PUT, POST or DELETE to a JSON route handler, with a JSON body; errors as getJson's. */
export function sendJson<T>(path: string, method: "PUT" | "POST" | "DELETE", body?: unknown): Promise<T> {
  return requestJson<T>(path, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
}

async function requestJson<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { accept: "application/json", ...init.headers } });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, [{ message: "Could not reach the server. Check your connection and try again." }]);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page or a truncated body: reported below without its text.
  }
  if (!response.ok) {
    const errors = (body as { errors?: ApiErrorItem[] } | null)?.errors;
    throw new ApiError(
      response.status,
      Array.isArray(errors) && errors.length > 0
        ? errors
        : [{ message: `The server answered ${response.status} ${response.statusText}.`.trim() }],
      parseRetryAfter(response.headers.get("retry-after")),
    );
  }
  if (body === null)
    throw new ApiError(response.status, [{ message: "The server sent an unreadable answer." }]);
  return body as T;
}

/** The longest Retry-After a query waits out by itself; past it the error shows, saying when to try. */
export const AUTO_RETRY_MAX_MS = 10_000;

/**
 * Whether a failed query asks once more (React Query's `retry`). Our own refusals (4xx) are final,
 * except a 429 that says when to ask again; a network blip or a 5xx is worth one more try, unless
 * the server said to wait longer than a reader would watch a spinner.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= 1) return false;
  if (!(error instanceof ApiError)) return true;
  if (
    error.status >= 400 &&
    error.status < 500 &&
    !(error.status === 429 && error.retryAfterMs !== undefined)
  )
    return false;
  return error.retryAfterMs === undefined || error.retryAfterMs <= AUTO_RETRY_MAX_MS;
}

/**
 * How long before that try (React Query's `retryDelay`): the server's Retry-After when it gave one
 * (a shed request's 2 s, a rate window's rest), spread by up to a quarter second so that the
 * queries a busy server turned away do not all come back at one instant; else React Query's own
 * backoff.
 */
export function retryDelay(failures: number, error: unknown, jitter = Math.random()): number {
  if (error instanceof ApiError && error.retryAfterMs !== undefined)
    return error.retryAfterMs + Math.round(jitter * 250);
  return Math.min(1000 * 2 ** failures, 30_000);
}

/** Query-string of the defined, non-empty values; arrays become comma-separated lists. */
export function toSearch(
  params: Record<string, string | number | boolean | readonly string[] | undefined | null>,
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(","));
    } else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
