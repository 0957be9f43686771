import "server-only";
// The one place where errors become HTTP responses for the browser-facing route handlers.
import { AsyncLocalStorage } from "node:async_hooks";
import { z } from "zod";
import { COMPANY_KEY_PATTERN, MAX_COMPANY_KEY_LENGTH } from "@/lib/identifiers";
import {
  type MissingResource,
  UPSTREAM_ERROR_STATUS,
  UpstreamError,
  type UpstreamErrorCode,
} from "@/lib/upstream/errors";
import { licensedLeftOut } from "../access/licensed";
import { PeopleStoreUnavailable } from "../access/people";
import { type Viewer, viewerOf } from "../access/viewer";
import { getApiMissLimiter, PageBudgetExceeded, withPageMissBudget } from "../budget/page-budget";
import { getConfig } from "../config";
import { checkApiRateLimit, clientOf } from "./rate-limit";
import { logRequest, newRequestId, REQUEST_ID_HEADER, requestLogEntry } from "./request-log";

export interface ErrorItem {
  message: string;
  parameter?: string;
  code?: string;
}

/** The viewer of the route handler running (handler below): what jsonResponse may give them. */
const viewerScope = new AsyncLocalStorage<Viewer>();

/** JSON, without the licensed identifiers for a viewer not allowed them (access/licensed.ts). */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  const licensed = viewerScope.getStore()?.licensed ?? true;
  return new Response(JSON.stringify(body, licensed ? undefined : licensedLeftOut), { ...init, headers });
}

export function errorBody(status: number, errors: ErrorItem[], headers: HeadersInit = {}): Response {
  return jsonResponse({ errors }, { status, headers });
}

/** A failed parse of a request's parameters, one readable item per problem. */
export function validationErrors(error: z.ZodError): ErrorItem[] {
  return error.issues.map((issue) => {
    const parameter = issue.path.length > 0 ? String(issue.path[0]) : undefined;
    const message =
      issue.code === "unrecognized_keys"
        ? `Unknown parameter${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.map((k) => k.slice(0, 40)).join(", ")}`
        : `${parameter ?? "request"}: ${issue.message}`;
    return {
      message,
      parameter: parameter ?? (issue.code === "unrecognized_keys" ? issue.keys[0] : undefined),
      code: "invalid_parameter",
    };
  });
}

const NOT_FOUND_MESSAGES: Record<MissingResource, string> = {
  company: "Company not found.",
  logo: "This company has no logo.",
  news: "This company has no news.",
};

/** An answer's status is UPSTREAM_ERROR_STATUS's, as a page's is. */
interface UpstreamErrorAnswer {
  code: string;
  message: string | ((error: UpstreamError) => string);
  /** Whether the answer passes the upstream's wait on as Retry-After. */
  retryAfter?: boolean;
}

const UNAVAILABLE: UpstreamErrorAnswer = {
  code: "upstream_unavailable",
  message: "The data service is unavailable.",
};

/** What each upstream failure answers to the browser: status, code and a message that leaks nothing. */
const UPSTREAM_ERROR_ANSWERS: Record<UpstreamErrorCode, UpstreamErrorAnswer> = {
  not_found: {
    code: "not_found",
    message: (error) => NOT_FOUND_MESSAGES[error.details.resource ?? "company"],
  },
  forbidden: {
    code: "plan_restricted",
    message: (error) => `Not available on this plan: ${error.message}`,
  },
  unauthorized: {
    code: "upstream_auth",
    message: "The data service rejected this server's API key.",
  },
  rate_limited: {
    code: "upstream_rate_limited",
    message: (error) => {
      if (error.details.daily === "spent")
        return error.details.budget
          ? "This server has made all the data-service requests it is set to make today (UPSTREAM_DAILY_LIMIT); the allowance resets at 00:00 UTC."
          : "The data service's daily limit for this server's key is reached; it resets at 00:00 UTC.";
      return error.details.budget
        ? "This server is making all the data-service requests it is set to make for the moment; try again shortly."
        : "The data service is rate-limiting this server; try again shortly.";
    },
    retryAfter: true,
  },
  timeout: { code: "upstream_timeout", message: "The data service did not answer in time." },
  bad_request: { code: "upstream_bad_request", message: (error) => error.message },
  invalid_response: {
    code: "upstream_invalid",
    message: "The data service sent a response this app cannot read.",
  },
  circuit_open: {
    code: "upstream_circuit_open",
    message:
      "The data service is failing; this server pauses its calls to it for a moment. Try again shortly.",
    retryAfter: true,
  },
  unavailable: UNAVAILABLE,
  network: UNAVAILABLE,
};

/** Maps anything thrown by a handler to a response that leaks nothing. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof z.ZodError) return errorBody(400, validationErrors(error));
  if (error instanceof PageBudgetExceeded)
    return errorBody(
      429,
      [
        {
          message: `Too many companies this server has not cached, asked for by this client; try again in ${error.retryAfterSeconds} s.`,
          code: "miss_budget",
        },
      ],
      { "retry-after": String(error.retryAfterSeconds) },
    );
  if (error instanceof PeopleStoreUnavailable)
    return errorBody(
      503,
      [
        {
          message: "Your saved lists cannot be reached just now; try again shortly.",
          code: "store_unavailable",
        },
      ],
      { "retry-after": "10" },
    );
  if (error instanceof UpstreamError) {
    const answer = UPSTREAM_ERROR_ANSWERS[error.code] ?? UNAVAILABLE;
    const status = UPSTREAM_ERROR_STATUS[error.code] ?? 503;
    const message = typeof answer.message === "string" ? answer.message : answer.message(error);
    const retryAfterMs = error.details.retryAfterMs;
    const headers: Record<string, string> =
      answer.retryAfter && retryAfterMs !== undefined
        ? { "retry-after": String(Math.ceil(retryAfterMs / 1000)) }
        : {};
    return errorBody(status, [{ message, code: answer.code }], headers);
  }
  console.error("api: unexpected error", error instanceof Error ? error.name : typeof error);
  return errorBody(500, [{ message: "Internal error.", code: "internal" }]);
}

/**
 * Wraps a route handler: the per-client rate limit first, then who is asking (access/viewer.ts:
 * anyone not let in gets 401 unless the route is `public`), every failure through toErrorResponse,
 * and one structured log line with the request id that the response carries as x-request-id.
 * `chargeMisses`: a route that asks for many companies at once (a watchlist, a comparison) spends
 * a per-client budget of PAGE_MISS_LIMIT's size (counted apart from the pages') on each one no
 * cache holds; made-up keys would otherwise turn each request into dozens of upstream calls.
 */
export function handler(
  fn: (request: Request, viewer: Viewer) => Promise<Response> | Response,
  options: { chargeMisses?: boolean; public?: boolean } = {},
) {
  return async (request: Request): Promise<Response> => {
    const started = performance.now();
    const requestId = newRequestId();
    let response: Response;
    const decision = await checkApiRateLimit(request);
    if (!decision.allowed) {
      response = errorBody(
        429,
        [
          {
            message: `Too many requests from this client; try again in ${decision.retryAfterSeconds} s.`,
            code: "rate_limited",
          },
        ],
        { "retry-after": String(decision.retryAfterSeconds) },
      );
    } else {
      const viewer = viewerOf(request.headers);
      if (!viewer.allowed && !options.public) response = signInRequired();
      else
        try {
          const run = async () => fn(request, viewer);
          response = await viewerScope.run(viewer, () =>
            options.chargeMisses
              ? withPageMissBudget(clientOf(request.headers), run, getApiMissLimiter())
              : run(),
          );
        } catch (error) {
          response = toErrorResponse(error);
        }
    }
    response = withHeader(response, REQUEST_ID_HEADER, requestId);
    logRequest(requestLogEntry(request, response, requestId, performance.now() - started));
    return response;
  };
}

/** An answer of `rows` rows costs one request of the client's limit per this many (its first is the request). */
export const ROWS_PER_REQUEST = 100;

/**
 * Charges an answer of `rows` rows its size against the client's API_RATE_LIMIT (the request
 * itself was one unit): a 429 answer when the window has no room for it, else null.
 */
export async function chargeSize(request: Request, rows: number, what: string): Promise<Response | null> {
  const extra = Math.ceil(rows / ROWS_PER_REQUEST) - 1;
  if (extra <= 0) return null;
  const decision = await checkApiRateLimit(request, extra);
  if (decision.allowed) return null;
  return errorBody(
    429,
    [
      {
        message: `${what} is ${rows.toLocaleString("en-US")} rows, and answers count against this client's limit by their size (one request per ${ROWS_PER_REQUEST} rows); try again in ${decision.retryAfterSeconds} s, or narrow the view.`,
        code: "rate_limited",
      },
    ],
    { "retry-after": String(decision.retryAfterSeconds) },
  );
}

/** A 303 with cookies to set; this site's own paths go relative (never the Host a request named). */
export function seeOther(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}

/**
 * A change to a person's own data (their list, their feed link) from a page of this site only: a
 * request another site's page made carries its Origin, and is refused.
 */
export function accountWrite(request: Request): Response | null {
  const origin = request.headers.get("origin");
  const own = [getConfig().access.publicUrl, new URL(request.url).origin];
  if (origin && !own.includes(origin))
    return errorBody(403, [
      { message: "Change your account from this dashboard's own pages.", code: "cross_site" },
    ]);
  return null;
}

/** An account write's body (from the dashboard's own pages only, at most 1 MB), or the answer refusing it. */
export async function accountBody(request: Request): Promise<string | Response> {
  return accountWrite(request) ?? (await readBody(request));
}

/** A request's body as text, at most `maxBytes`; a 413 answer when it is larger. */
export async function readBody(request: Request, maxBytes = 1_000_000): Promise<string | Response> {
  const tooLarge = () =>
    errorBody(413, [
      { message: `The body is larger than ${maxBytes.toLocaleString("en-US")} bytes.`, code: "too_large" },
    ]);
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return tooLarge();
  const text = await request.text();
  return Buffer.byteLength(text) > maxBytes ? tooLarge() : text;
}

/** The answer to anyone the access rules do not let in (access/viewer.ts). */
export function signInRequired(): Response {
  return errorBody(401, [
    {
      message: "Sign in to use this dashboard: it serves its team only.",
      code: "sign_in_required",
    },
  ]);
}

/**
 * A route that answers for a set of companies named in `companies=` (a comparison, a watchlist):
 * the set parsed with its schema, one loader, and the per-client miss budget charged (see handler).
 */
export function companySetRoute(
  schema: z.ZodType<{ companies: string[] }>,
  load: (companies: string[]) => Promise<unknown>,
) {
  return handler(async (request) => jsonResponse(await load(parseQuery(request, schema).companies)), {
    chargeMisses: true,
  });
}

/** Sets a header, copying the response when its headers are immutable (a fetched response). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** Parses a request's query string with a strict schema: unknown parameters are a 400 too. */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.output<T> {
  return parseSearch(new URL(request.url).searchParams, schema);
}

/** Parses query parameters with a strict schema; a repeated parameter becomes an array. */
export function parseSearch<T extends z.ZodType>(params: URLSearchParams, schema: T): z.output<T> {
  const raw: Record<string, string | string[]> = {};
  for (const [name, value] of params) {
    const existing = raw[name];
    raw[name] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return schema.parse(raw, { error: readableIssue });
}

/**
 * Zod's default messages in plain words ("must be at most 5", not "Too big: expected number to be
 * <=5"), for the issues a schema gives no message of its own (those keep theirs).
 */
function readableIssue(issue: z.core.$ZodRawIssue): string | undefined {
  const unit = (origin: unknown, n: number | bigint) =>
    origin === "string"
      ? ` character${n === 1 ? "" : "s"}`
      : origin === "array"
        ? ` value${n === 1 ? "" : "s"}`
        : "";
  // A parameter left out reads as one, not as zod's "expected string, received undefined".
  if (issue.input === undefined && (issue.code === "invalid_type" || issue.code === "invalid_union"))
    return "is required";
  switch (issue.code) {
    case "too_big":
      return `must be ${issue.inclusive === false ? "less than" : "at most"} ${issue.maximum}${unit(issue.origin, issue.maximum)}`;
    case "too_small":
      return `must be ${issue.inclusive === false ? "more than" : "at least"} ${issue.minimum}${unit(issue.origin, issue.minimum)}`;
    case "invalid_type":
      if (issue.expected === "int") return "must be a whole number";
      if (issue.expected === "number") return "must be a number";
      if (issue.expected === "string" && Array.isArray(issue.input)) return "must be given once";
      return undefined;
    case "invalid_value":
      return `must be one of: ${issue.values.map(String).join(", ")}`;
    default:
      return undefined;
  }
}

/**
 * Free text from a query string: bounded, and without control characters (CR/LF and the like
 * have no place in a search or a filter value, and must never reach a header or a log).
 */
export const textParam = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .regex(/^\P{Cc}*$/u, "must not contain control characters");

/** Repeated once per value, or once with commas: at most this many values of this length. */
const MAX_VALUES = 50;
export const repeated = z.union([textParam(500), z.array(textParam(500)).max(MAX_VALUES)]);

/** A comma-separated list parameter (also accepts the parameter repeated). */
export const listParam = repeated
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(","))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(200)).max(MAX_VALUES));

/** A parameter repeated once per value, for values that may contain commas (GICS names do). */
export const valuesParam = repeated
  .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(200)).max(MAX_VALUES));

export const companyKeyParam = z
  .string()
  .trim()
  .max(MAX_COMPANY_KEY_LENGTH)
  .regex(COMPANY_KEY_PATTERN, "must be a company key EXCHANGE_TICKER, without control characters");
