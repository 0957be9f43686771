// The contract's paging and defaults, as both the sandbox handler and its hostile-data wrapper
// apply them (api-spec: pagination, /v1/top-news).

import { type Pagination, pagination } from "@/lib/upstream/schemas";

export const LIST_PAGE_SIZE = 1000;
export const V2_MAX_PAGE_SIZE = 1000;
export { TOP_NEWS_DEFAULT_PAGE_SIZE } from "@/lib/upstream/vocabulary";
export const TOP_NEWS_MAX_PAGE_SIZE = 1000;

const JSON_TYPE = "application/json; charset=utf-8";

export function jsonBytes(body: unknown): Uint8Array<ArrayBuffer> {
  // Bytes, not a string: a string body is re-scanned for lone surrogates on every response.
  const buffer = Buffer.from(JSON.stringify(body));
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) as Uint8Array<ArrayBuffer>;
}

export function bytesResponse(
  bytes: Uint8Array<ArrayBuffer>,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(bytes, { status, headers: { "content-type": JSON_TYPE, ...headers } });
}

/** The sandbox's one JSON response helper. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return bytesResponse(jsonBytes(body), status, headers);
}

/** The contract's error body: `{"errors": [{"message": ...}]}`. */
export function errorResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json({ errors: [{ message }] }, status, headers);
}

// The envelope's shape is the contract's, as the upstream client parses it.
export { type Pagination, pagination };

/** One page of `items`, each rendered by `row`, in the contract's envelope. */
export function page<T>(
  items: readonly T[],
  pageNumber: number,
  pageSize: number,
  row: (item: T) => unknown,
) {
  const start = (pageNumber - 1) * pageSize;
  return {
    pagination: pagination(pageNumber, pageSize, items.length),
    data: items.slice(start, start + pageSize).map(row),
  };
}

/**
 * The importance range /v1/top-news serves: `importance` exactly, or minImportance..maxImportance,
 * 1..2 when neither is given and 1..5 past a lone minImportance.
 */
export function importanceRange(
  exact: number | undefined,
  min: number | undefined,
  max: number | undefined,
): { low: number; high: number } {
  return { low: exact ?? min ?? 1, high: exact ?? max ?? (min !== undefined ? 5 : 2) };
}
