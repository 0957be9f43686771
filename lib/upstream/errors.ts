// The one error type everything above the client deals with.
import { crossBundleError } from "@/lib/cross-bundle-error";

export type UpstreamErrorCode =
  | "bad_request" // 400: the request was malformed or named no company
  | "unauthorized" // 401, or 403 about the key: the stored key is missing or invalid
  | "forbidden" // 403 for a plan or licence restriction
  | "not_found" // 404: unknown company, or dataset not available for it
  | "rate_limited" // 429
  | "unavailable" // 5xx
  | "timeout"
  | "network"
  | "invalid_response" // unparseable body, or a body that breaks the contract
  | "circuit_open"; // not sent: the circuit breaker is open after repeated failures

/**
 * The status this app answers for each failure, an API route and a page alike: the upstream's own
 * client errors pass on; its failures are this server's gateway failures (502 for an answer it
 * cannot use, 504 for none in time, 503 while the service is down or paused).
 */
export const UPSTREAM_ERROR_STATUS = {
  bad_request: 400,
  forbidden: 403,
  not_found: 404,
  unauthorized: 502,
  invalid_response: 502,
  rate_limited: 503,
  unavailable: 503,
  network: 503,
  circuit_open: 503,
  timeout: 504,
} as const satisfies Record<UpstreamErrorCode, number>;

/** What a not_found is about: the company, or a dataset of a company that exists. */
export type MissingResource = "company" | "logo" | "news";

/** The dataset behind each dataset endpoint: its 404 may mean the company has none of it. */
const DATASET_ENDPOINTS: Record<string, MissingResource> = {
  "/v2/company/logo": "logo",
  "/v1/company/news": "news",
  // With `companyKey` only: the feed across companies has no company to miss.
  "/v1/top-news": "news",
};

/**
 * What a 404 from `endpoint` is about. The contract's 404 for an unknown company "states not
 * found"; its 404 for a missing dataset has no fixed text, so any other message on a dataset
 * endpoint means the company exists without that dataset.
 */
export function missingResource(endpoint: string, message: string): MissingResource {
  const dataset = DATASET_ENDPOINTS[endpoint];
  if (!dataset || /\b(company|companies)\b[^.]*\bnot found\b|\bunknown company\b/i.test(message))
    return "company";
  return dataset;
}

/** An upstream failure, classified; `instanceof` holds across Next's bundles (crossBundleError). */
export class UpstreamError extends crossBundleError("company-dashboard.upstream-error") {
  override readonly name = "UpstreamError";

  constructor(
    readonly code: UpstreamErrorCode,
    message: string,
    readonly details: {
      status?: number;
      endpoint?: string;
      retryAfterMs?: number;
      /** With not_found: what was not found. */
      resource?: MissingResource;
      /** With rate_limited: refused by this server's own budget (UPSTREAM_RATE_LIMIT), not the service. */
      budget?: true;
      /**
       * With rate_limited, about the day's calls: `spent`, the day's allowance is used up (this
       * server's UPSTREAM_DAILY_LIMIT, or the service's cap) until 00:00 UTC; `reserve`, background
       * work stopped at its share so that the rest stays for pages people open.
       */
      daily?: "spent" | "reserve";
      /**
       * With rate_limited: background work held back to keep its share (of the window or the day)
       * for people. Nothing failed: the work waits for a later turn, and what it would refresh is
       * served as it is meanwhile.
       */
      deferred?: true;
    } = {},
  ) {
    super(message);
  }

  /** Whether repeating the same GET may succeed. */
  get retryable(): boolean {
    return (
      this.code === "rate_limited" ||
      this.code === "unavailable" ||
      this.code === "timeout" ||
      this.code === "network"
    );
  }
}

/**
 * Why a call failed: an upstream error's code; this server's own budget (UPSTREAM_RATE_LIMIT)
 * spent for the moment; the day's allowance spent (`daily_allowance`: this server's or the
 * service's, until 00:00 UTC); or background work held back to keep the rest of the day for people.
 */
export type FailureCause = UpstreamErrorCode | "upstream_budget" | "daily_allowance" | "allowance_reserve";

/** The cause of an error: the budget's refusals are told apart from the service's 429. */
export function causeOf(error: {
  code: UpstreamErrorCode;
  details?: { budget?: true; daily?: "spent" | "reserve" };
}): FailureCause {
  if (error.details?.daily === "spent") return "daily_allowance";
  if (error.details?.daily === "reserve") return "allowance_reserve";
  return error.details?.budget ? "upstream_budget" : error.code;
}

export function isUpstreamError(value: unknown): value is UpstreamError {
  return value instanceof UpstreamError;
}

/** 403 answers are either about the key or about the plan; the message is the only hint. */
export function classifyForbidden(message: string): "unauthorized" | "forbidden" {
  return /\b(api[\s_-]?key|key is|invalid key|credential|unauthori[sz]ed)\b/i.test(message)
    ? "unauthorized"
    : "forbidden";
}
