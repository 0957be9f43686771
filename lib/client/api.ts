// The browser's way to call this app's own route handlers: JSON with readable errors.

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
  ) {
    super(errors.map((e) => e.message).join(" ") || `Request failed (${status}).`);
    this.name = "ApiError";
  }

  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

/** GET a JSON route handler; a non-2xx answer becomes an ApiError with the handler's messages. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { signal, headers: { accept: "application/json" } });
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
    );
  }
  if (body === null)
    throw new ApiError(response.status, [{ message: "The server sent an unreadable answer." }]);
  return body as T;
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
