import type { CompanyLookup, LogoVariant } from "./vocabulary";
import "server-only";
import type { z } from "zod";
import { parseRetryAfter } from "@/lib/retry-after";
import { type BreakerOptions, CircuitBreaker } from "./breaker";
import { type BudgetStatus, LocalBudgetStore, type Pause, UpstreamBudget } from "./budget";
import { DAILY_PROBE_MS, NO_LIMITS, namesDailyCap } from "./budget-policy";
import { classifyForbidden, isUpstreamError, missingResource, UpstreamError } from "./errors";
import { isServiceFailure, type UpstreamHealth, UpstreamMonitor } from "./health";
import { imageType, isCompleteImage } from "./image";
import { type DroppedItem, parseCollecting } from "./lenient";
import { currentPriority } from "./priority";
import { resolvesToPrivate } from "./private-address";
import {
  type CompactCompany,
  type Company,
  type CompanyV2,
  compactCompanyPageSchema,
  companyNewsSchema,
  companyPageSchema,
  companyV2PageSchema,
  errorBodySchema,
  type NewsArticle,
  type Pagination,
  type Profile,
  type ProfileV2,
  profileSchema,
  profileV2Schema,
  TOP_NEWS_DEFAULT_PAGE_SIZE,
  type TopNewsPage,
  topNewsPageSchema,
} from "./schemas";

/** A fetch-shaped function: the network, or the embedded sandbox called in-process. */
export type Transport = (request: Request) => Promise<Response>;

export type { CompanyLookup };

export interface CompanyNewsQuery {
  startDate?: string;
  endDate?: string;
  eventType?: string;
  importance?: number;
}

export interface TopNewsQuery {
  companyKey?: string;
  startDate?: string;
  endDate?: string;
  eventTypes?: readonly string[];
  importance?: number;
  minImportance?: number;
  maxImportance?: number;
  minMarketCap?: number;
  maxMarketCap?: number;
  pageSize?: number;
  pageNumber?: number;
}

export interface UpstreamCall {
  endpoint: string;
  status: number | "error";
  durationMs: number;
  attempt: number;
}

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  transport?: Transport;
  timeoutMs?: number;
  /** Extra attempts after the first, for retryable failures only. */
  retries?: number;
  backoffMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails as rate limited. */
  maxRetryAfterMs?: number;
  /** Wall-clock budget for one call including every retry and wait. */
  totalBudgetMs?: number;
  onCall?: (call: UpstreamCall) => void;
  sleep?: (ms: number) => Promise<void>;
  /** The circuit breaker's threshold and cool-down (defaults: 5 failed attempts in a row, 30 s). */
  breaker?: BreakerOptions;
  now?: () => number;
  /** The upstream budget every attempt takes a slot from (default: unlimited, this process only). */
  budget?: UpstreamBudget;
  /** How long a call a person waits for may queue for a slot before failing as rate limited. */
  interactiveWaitMs?: number;
  /**
   * How long background work may queue for a slot (its own time budget starts after); default 30
   * minutes, longer than the pace of a small daily allowance leaves between background calls.
   */
  backgroundWaitMs?: number;
  /**
   * Called with each answer the client reads whole (the URL it asked, the answer, its body): the
   * recorder of UPSTREAM_RECORD (recording.ts).
   */
  record?: (url: URL, response: Response, body: Uint8Array) => void;
  /** The largest answer read (default MAX_BODY_BYTES); a larger one is an invalid response. */
  maxBodyBytes?: number;
}

type Params = Record<string, string | number | boolean | undefined>;

/** A parameter as the query carries it: numbers in plain decimals, never `1e-7` or `1e+21`. */
function paramText(value: string | number | boolean): string {
  const text = String(value);
  if (typeof value !== "number" || !text.includes("e")) return text;
  return value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 });
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The largest answer the client reads: a list page of 1,000 companies is about 2 MB, a logo a few
 * KB. A larger one (a misrouted download, a proxy's error page gone wrong) would be held whole in
 * memory, and in the caches.
 */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** The items of a list answer (an array, or a page's `data`); null for an answer that is one thing (a profile). */
function itemCount(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  const data = (value as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data.length : null;
}

/** The first few items left out, each with its field: `data[3].importance, peers[0].companyKey`. */
function describeDropped(dropped: readonly DroppedItem[]): string {
  const named = dropped.slice(0, 5).map((d) => `${d.item}.${d.field}${d.kept ? " (the value only)" : ""}`);
  return dropped.length > 5 ? `${named.join(", ")} and ${dropped.length - 5} more` : named.join(", ");
}

function summarizeIssues(error: z.ZodError): string {
  const paths = error.issues.slice(0, 3).map((issue) => issue.path.join(".") || "(root)");
  return `${error.issues.length} field(s) do not match the contract: ${paths.join(", ")}`;
}

export class UpstreamClient {
  private readonly transport: Transport;
  private readonly options: Required<
    Omit<ClientOptions, "transport" | "onCall" | "breaker" | "budget" | "record">
  > &
    Pick<ClientOptions, "onCall" | "record">;
  private readonly breaker: CircuitBreaker;
  private readonly monitor: UpstreamMonitor;
  /** Also where the service's Retry-After (a pause) is kept, shared with other instances through it. */
  private readonly budget: UpstreamBudget;
  /** The configured upstream's origin: the only one the key is sent to. */
  private readonly origin: string;
  private upstreamPrivate: Promise<boolean> | undefined;

  constructor(options: ClientOptions) {
    this.transport = options.transport ?? ((request) => fetch(request));
    const { breaker, budget, ...rest } = options;
    this.options = {
      timeoutMs: 10_000,
      retries: 2,
      backoffMs: 250,
      maxRetryAfterMs: 5_000,
      totalBudgetMs: 20_000,
      interactiveWaitMs: 10_000,
      backgroundWaitMs: 30 * 60_000,
      maxBodyBytes: MAX_BODY_BYTES,
      sleep: defaultSleep,
      now: Date.now,
      ...rest,
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
    };
    this.budget =
      budget ??
      new UpstreamBudget(
        new LocalBudgetStore(NO_LIMITS, this.options.now),
        this.options.now,
        this.options.sleep,
      );
    this.origin = new URL(this.options.baseUrl).origin;
    this.breaker = new CircuitBreaker({ now: this.options.now, ...breaker });
    this.monitor = new UpstreamMonitor(this.options.now);
  }

  /** Why calls fail fast right now without reaching the service, if they do. */
  pausedReason(): "circuit_open" | "rate_limited" | null {
    if (this.breaker.retryInMs() > 0) return "circuit_open";
    return this.budget.pausedUntil() !== null ? "rate_limited" : null;
  }

  /**
   * Why cached data cannot be refreshed now, as a notice words it: the breaker, the service's wait,
   * or the day's allowance spent (the service's daily cap, or this server's UPSTREAM_DAILY_LIMIT).
   */
  pauseCause(): "circuit_open" | "rate_limited" | "daily_allowance" | null {
    const reason = this.pausedReason();
    if (reason === "circuit_open") return reason;
    if (this.budget.currentPause()?.kind === "daily" || this.budget.daySpent()) return "daily_allowance";
    return reason;
  }

  /** The upstream's state as this client has seen it, for /api/health. */
  health(): UpstreamHealth {
    return this.monitor.health(this.breaker.snapshot(), this.budget.pausedUntil());
  }

  /** Reads the budget's shared figures again (Redis's), so that the next budgetStatus is current. */
  refreshBudget(): Promise<void> {
    return this.budget.refresh();
  }

  /** The upstream budget: limit, use, calls waiting by priority, where it is kept. */
  budgetStatus(): BudgetStatus {
    return this.budget.status();
  }

  /** Whether work that can be left out should wait: the day's allowance is tight (UpstreamBudget.tight). */
  budgetTight(): boolean {
    return this.budget.tight();
  }

  /** Why every call is paused now (the service's Retry-After, a backoff, its daily cap), if it is. */
  currentPause(): Pause | null {
    return this.budget.currentPause();
  }

  /** Writes what the budget keeps across restarts (CACHE_DIR) now: a clean stop calls it. */
  flushBudget(): Promise<void> {
    return this.budget.flush();
  }

  getCompaniesPage(params: { pageNumber?: number; allCompanies?: boolean }): Promise<{
    pagination: Pagination;
    data: Company[];
  }> {
    return this.getJson("/v3/companies-list", listParams(params), companyPageSchema);
  }

  getCompactCompaniesPage(params: { pageNumber?: number; allCompanies?: boolean }): Promise<{
    pagination: Pagination;
    data: CompactCompany[];
  }> {
    return this.getJson(
      "/v3/companies-list",
      { ...listParams(params), compact: true },
      compactCompanyPageSchema,
    );
  }

  getCompaniesPageV2(params: { pageNumber?: number; pageSize?: number }): Promise<{
    pagination: Pagination;
    data: CompanyV2[];
  }> {
    return this.getJson("/v2/companies-list", { ...params }, companyV2PageSchema);
  }

  getProfile(lookup: CompanyLookup): Promise<Profile> {
    return this.getJson("/v3/company/profile", { ...lookup }, profileSchema);
  }

  getProfileV2(lookup: CompanyLookup): Promise<ProfileV2> {
    return this.getJson("/v2/company/profile", { ...lookup }, profileV2Schema);
  }

  getCompanyNews(lookup: CompanyLookup, query: CompanyNewsQuery = {}): Promise<NewsArticle[]> {
    return this.getJson("/v1/company/news", { ...lookup, ...query }, companyNewsSchema);
  }

  getTopNews(query: TopNewsQuery = {}): Promise<TopNewsPage> {
    const { eventTypes, ...rest } = query;
    return this.getJson(
      "/v1/top-news",
      { ...rest, eventType: eventTypes?.length ? eventTypes.join(",") : undefined },
      topNewsPageSchema({
        page: query.pageNumber ?? 1,
        pageSize: query.pageSize ?? TOP_NEWS_DEFAULT_PAGE_SIZE,
      }),
    );
  }

  /**
   * A logo as a CDN may serve it: after redirects (followed by hand, followRedirects), in PNG,
   * JPEG, WebP, GIF or SVG, told by its bytes whatever its content type says.
   */
  getLogo(lookup: CompanyLookup, variant: LogoVariant = "icon"): Promise<Uint8Array> {
    const path = "/v2/company/logo";
    return this.request(
      path,
      { ...lookup, variant },
      (response, body) => {
        const type = imageType(body);
        if (!type) {
          const contentType = response.headers.get("content-type");
          throw this.invalid(
            path,
            `logo is no PNG, JPEG, WebP, GIF or SVG (${contentType || "no content type"})`,
          );
        }
        if (!isCompleteImage(body, type)) throw this.invalid(path, `logo is not a complete ${type}`);
        this.monitor.success();
        return body;
      },
      { followRedirects: true },
    );
  }

  /**
   * One JSON answer, read by `schema`. Items it leaves out (lenient.ts) are counted for
   * /api/health and named in one log line; an answer whose items were all left out has nothing
   * usable and is unreadable, as is one whose envelope or required fields do not parse.
   */
  private getJson<T extends z.ZodType>(path: string, params: Params, schema: T): Promise<z.output<T>> {
    return this.request(path, params, (response, body) => {
      let raw: unknown;
      try {
        raw = JSON.parse(UTF8.decode(body));
      } catch {
        // Truncated or malformed, as sent.
        throw this.invalid(path, "response body is not valid JSON", response.status);
      }
      const { parsed, dropped } = parseCollecting(schema, raw);
      if (!parsed.success) throw this.invalid(path, summarizeIssues(parsed.error), response.status);
      if (dropped.length > 0) {
        const kept = itemCount(parsed.data);
        this.monitor.dropped(path, dropped);
        console.warn(
          `upstream: ${path}: left out ${dropped.length} item(s) or value(s) that do not match the contract${kept === null ? "" : ` (${kept} items kept)`}: ${describeDropped(dropped)}`,
        );
        if (kept === 0 && dropped.some((d) => !d.kept))
          throw this.invalid(
            path,
            `none of its items could be read: ${describeDropped(dropped)}`,
            response.status,
          );
      }
      this.monitor.success();
      return parsed.data as z.output<T>;
    });
  }

  /**
   * Reads a 2xx's body within the attempt's time limit; one that breaks off or stalls (a busy
   * service or machine, a reset connection) is a timeout or network failure, retried like one.
   */
  private async readBody(response: Response, path: string, limit: AttemptLimit): Promise<Uint8Array> {
    try {
      return await limit.read(response, this.options.maxBodyBytes);
    } catch (caught) {
      if (caught instanceof BodyTooLarge)
        throw this.invalid(path, `an answer larger than ${caught.maxBytes} bytes`, response.status);
      const code = isTimeout(caught) ? "timeout" : "network";
      this.monitor.failure(code, path);
      throw new UpstreamError(code, "the answer broke off before its end", { endpoint: path });
    }
  }

  /** A 2xx whose body cannot be used: the service is up (the breaker saw an answer) but failing us. */
  private invalid(path: string, message: string, status?: number): UpstreamError {
    this.monitor.failure("invalid_response", path, status);
    return new UpstreamError("invalid_response", message, { endpoint: path, status });
  }

  /**
   * One GET with timeout, retries of retryable failures within the total budget, and error
   * mapping. `read` takes a 2xx and its whole body, read within the attempt: a body that breaks
   * off is retried too. Every upstream call is a GET, so repeating one is safe. Every attempt
   * first takes a slot of the upstream budget.
   */
  private async request<T>(
    path: string,
    params: Params,
    read: (response: Response, body: Uint8Array) => T,
    { followRedirects = false } = {},
  ): Promise<T> {
    const { retries, backoffMs, maxRetryAfterMs, totalBudgetMs, sleep, now } = this.options;
    let deadline = now() + totalBudgetMs;
    const url = new URL(this.options.baseUrl + path);
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined && value !== "") url.searchParams.set(name, paramText(value));
    }
    for (let attempt = 1; ; attempt++) {
      // Outside the try: a refused slot already says how long to wait; it is not retried here.
      deadline += await this.takeSlot(path, deadline);
      const limit = new AttemptLimit(
        Math.max(1, Math.floor(Math.min(this.options.timeoutMs, deadline - now()))),
      );
      let error: UpstreamError;
      try {
        return await this.attempt(url, path, attempt, limit, read, followRedirects);
      } catch (caught) {
        error =
          caught instanceof UpstreamError
            ? caught
            : new UpstreamError("network", "could not reach the API", { endpoint: path });
      } finally {
        limit.clear();
      }
      const retryAfter = error.details.retryAfterMs;
      const wait =
        retryAfter !== undefined ? retryAfter : backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
      const canRetry =
        error.retryable &&
        attempt <= retries &&
        (retryAfter === undefined || retryAfter <= maxRetryAfterMs) &&
        now() + wait < deadline;
      if (!canRetry) throw error;
      await sleep(wait);
    }
  }

  /**
   * Waits for a slot of the budget (which also holds the service's Retry-After pause), within the
   * call's time budget for interactive calls; returns how long a background call waited, which
   * does not count against its own time budget (nobody is waiting for it).
   */
  private async takeSlot(path: string, deadline: number): Promise<number> {
    // A slot spent on a call the breaker refuses anyway (open, or its probe under way) would be
    // wasted: with a shared budget, every instance's.
    if (this.breaker.refuses()) throw this.circuitOpen(path);
    const { now, interactiveWaitMs, backgroundWaitMs } = this.options;
    const priority = currentPriority();
    const started = now();
    const maxWait =
      priority === "interactive" ? Math.min(interactiveWaitMs, deadline - started) : backgroundWaitMs;
    await this.budget.acquire(path, priority, maxWait);
    return priority === "background" ? now() - started : 0;
  }

  /** Fails fast, without a call, while the breaker is open. */
  private admit(path: string) {
    const ticket = this.breaker.tryAcquire();
    if (!ticket) throw this.circuitOpen(path);
    return ticket;
  }

  private circuitOpen(path: string): UpstreamError {
    return new UpstreamError(
      "circuit_open",
      "the data service is failing; calls are paused while the circuit breaker is open",
      // While the probe is under way: it ends within an attempt's time limit.
      { endpoint: path, retryAfterMs: this.breaker.retryInMs() || this.options.timeoutMs },
    );
  }

  /** One attempt within `limit`, over the answer and its whole body (AttemptLimit). */
  private async attempt<T>(
    url: URL,
    path: string,
    attempt: number,
    limit: AttemptLimit,
    read: (response: Response, body: Uint8Array) => T,
    followRedirects = false,
  ): Promise<T> {
    const request = this.requestFor(url, limit);
    // Taken last: from here on every path reports the ticket's outcome (a probe must never leak).
    const ticket = this.admit(path);
    const started = performance.now();
    let response: Response;
    try {
      response = await limit.within(this.transport(request));
      if (followRedirects) response = await this.followRedirects(response, url, path, limit);
    } catch (caught) {
      // A redirect this client does not follow: the service answered.
      if (isUpstreamError(caught)) {
        this.breaker.success(ticket);
        throw caught;
      }
      this.breaker.failure(ticket);
      this.options.onCall?.({
        endpoint: path,
        status: "error",
        durationMs: performance.now() - started,
        attempt,
      });
      const code = isTimeout(caught) ? "timeout" : "network";
      this.monitor.failure(code, path);
      throw new UpstreamError(
        code,
        code === "timeout" ? `no answer within ${limit.ms} ms` : "could not reach the API",
        { endpoint: path },
      );
    }
    this.options.onCall?.({
      endpoint: path,
      status: response.status,
      durationMs: performance.now() - started,
      attempt,
    });
    if (response.ok) {
      // The service answered only once the whole body came: one that stalls or breaks off is a
      // failure to the breaker too (a stalled probe must not close it).
      let body: Uint8Array;
      try {
        body = await this.readBody(response, path, limit);
      } catch (caught) {
        // Too large is an answer all the same: the service is up.
        if (isUpstreamError(caught) && caught.code === "invalid_response") this.breaker.success(ticket);
        else this.breaker.failure(ticket);
        throw caught;
      }
      this.breaker.success(ticket);
      this.answered();
      this.options.record?.(url, response, body);
      return read(response, body);
    }
    if (response.status >= 500) this.breaker.failure(ticket);
    else this.breaker.success(ticket);
    let error = await this.toError(url, response, path, limit);
    if (isServiceFailure(error.code)) this.monitor.failure(error.code, path, response.status);
    else this.monitor.success();
    if (error.code === "rate_limited") error = this.paused(error, path);
    // An answer about the request (a 404, a 403) shows the key is let through; a 5xx does not.
    else if (response.status < 500) this.answered();
    throw error;
  }

  /**
   * A GET of `url`, within `limit`. The key goes only to the configured upstream's own origin, in
   * its header; fetch would send custom headers on to wherever a redirect points, another host
   * too, so redirects are never left to it (redirect: "manual").
   */
  private requestFor(url: URL, limit: AttemptLimit): Request {
    const own = url.origin === this.origin;
    return new Request(url, {
      method: "GET",
      headers: own
        ? { "X-Api-Key": this.options.apiKey, Accept: "application/json, image/*" }
        : { Accept: "image/*" },
      signal: limit.signal,
      redirect: "manual",
    });
  }

  /**
   * Follows the redirects a CDN answers with, by hand, within the attempt's limit: at most
   * MAX_REDIRECTS hops, to http(s) only, and never to a loopback, private or link-local address
   * unless the configured upstream is one itself. A hop off the upstream's origin goes without the
   * key (neither its header nor an `apiKey` parameter). A redirect not followed is an invalid
   * response that says why.
   */
  private async followRedirects(first: Response, from: URL, path: string, limit: AttemptLimit) {
    let response = first;
    let at = from;
    for (let hop = 1; REDIRECT_STATUSES.has(response.status); hop++) {
      const location = response.headers.get("location");
      const next = location ? URL.parse(location, at) : null;
      await response.body?.cancel().catch(() => undefined);
      const refuse = (why: string) =>
        new UpstreamError("invalid_response", `a redirect (HTTP ${response.status}) not followed: ${why}`, {
          endpoint: path,
          status: response.status,
        });
      if (!next) throw refuse("no valid Location");
      if (hop > MAX_REDIRECTS) throw refuse(`more than ${MAX_REDIRECTS} in a row`);
      if (next.protocol !== "http:" && next.protocol !== "https:")
        throw refuse(`not http(s) (${next.protocol})`);
      if (next.origin !== this.origin) {
        next.searchParams.delete("apiKey");
        next.username = "";
        next.password = "";
        if (!(await this.upstreamIsPrivate()) && (await resolvesToPrivate(next.hostname)))
          throw refuse(`to a private or loopback address (${next.hostname})`);
      }
      response = await limit.within(this.transport(this.requestFor(next, limit)));
      at = next;
    }
    return response;
  }

  /** Whether the configured upstream is itself on a loopback or private address (a test's, an operator's proxy). */
  private upstreamIsPrivate(): Promise<boolean> {
    this.upstreamPrivate ??= resolvesToPrivate(new URL(this.options.baseUrl).hostname);
    return this.upstreamPrivate;
  }

  /** An answer the key was let through for: a row of 429s is over, and a pause for the daily cap lifts (the probe got through). */
  private answered(): void {
    if (this.budget.answered()) console.warn("upstream: the data service answers again; calls resume");
  }

  /**
   * A 429 pauses every call (every instance's, with Redis): for its Retry-After; until 00:00 UTC
   * when it names a daily cap or 429s without Retry-After keep coming; meanwhile for a growing
   * backoff. The error then carries that wait.
   */
  private paused(error: UpstreamError, path: string): UpstreamError {
    const given = error.details.retryAfterMs;
    const pause = this.budget.rateLimited({ retryAfterMs: given, daily: namesDailyCap(error.message) });
    const seconds = Math.ceil(pause.waitMs / 1000);
    if (pause.began)
      console.warn(
        pause.kind === "daily"
          ? `upstream: the data service's daily limit is reached (429 on ${path}); calls pause until 00:00 UTC, with one probe every ${DAILY_PROBE_MINUTES} minutes`
          : pause.kind === "backoff"
            ? `upstream: 429 without Retry-After on ${path}; every call waits ${seconds} s`
            : `upstream: 429 on ${path}; every call waits ${seconds} s as the service asks`,
      );
    return new UpstreamError("rate_limited", error.message, {
      ...error.details,
      retryAfterMs: pause.waitMs,
      ...(pause.kind === "daily" ? { daily: "spent" as const } : {}),
    });
  }

  private async toError(
    url: URL,
    response: Response,
    path: string,
    limit: AttemptLimit,
  ): Promise<UpstreamError> {
    const status = response.status;
    const body = await limit.read(response, this.options.maxBodyBytes).catch(() => null);
    if (body) this.options.record?.(url, response, body);
    const message = this.redact(body ? readErrorMessage(body) : "") || `HTTP ${status}`;
    const details = { status, endpoint: path };
    if (status === 400) return new UpstreamError("bad_request", message, details);
    if (status === 401) return new UpstreamError("unauthorized", message, details);
    if (status === 403) return new UpstreamError(classifyForbidden(message), message, details);
    if (status === 404)
      return new UpstreamError("not_found", message, {
        ...details,
        resource: missingResource(path, message),
      });
    if (status === 429) {
      // The pause it starts is the budget's to decide (paused()): without a Retry-After it backs off.
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
      return new UpstreamError("rate_limited", message, {
        ...details,
        ...(retryAfterMs ? { retryAfterMs: Math.max(retryAfterMs, this.options.backoffMs) } : {}),
      });
    }
    if (status >= 500) return new UpstreamError("unavailable", message, details);
    if (status >= 300 && status < 400)
      return new UpstreamError(
        "invalid_response",
        `a redirect (HTTP ${status}${originOf(response.headers.get("location"), response.url)}), not followed with the key: set API_BASE_URL to the API's own address`,
        details,
      );
    return new UpstreamError("invalid_response", `unexpected HTTP ${status}`, details);
  }

  /** An upstream message must never carry the key into our logs or responses. */
  private redact(text: string): string {
    const key = this.options.apiKey;
    return key ? text.split(key).join("[redacted]") : text;
  }
}

/** " to <origin>" of a redirect's Location (never its path or query), or "" when it has none. */
function originOf(location: string | null, base: string): string {
  try {
    return location ? ` to ${new URL(location, base).origin}` : "";
  } catch {
    return "";
  }
}

/** Reads `{"errors":[{"message"}]}` or `{"error": "..."}`; anything else yields "". */
function readErrorMessage(body: Uint8Array): string {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(UTF8.decode(body)));
    if (!parsed.success) return "";
    if ("errors" in parsed.data) return parsed.data.errors.map((e) => e.message).join("; ");
    const { error } = parsed.data;
    return typeof error === "string" ? error : error.message;
  } catch {
    return "";
  }
}

const UTF8 = new TextDecoder();

const DAILY_PROBE_MINUTES = DAILY_PROBE_MS / 60_000;

/** Redirects a logo may take (a CDN's one or two), and the statuses that are one. */
const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

function isTimeout(caught: unknown): boolean {
  return caught instanceof Error && (caught.name === "TimeoutError" || caught.name === "AbortError");
}

/** A body past the client's size limit (maxBodyBytes). */
class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
  }
}

/**
 * One attempt's time limit, over its answer and its whole body. It is kept here, on a timer this
 * object holds, and not only through the request's signal: undici's Request follows the signal it
 * is given through a weak reference, and once the Request object has been garbage-collected (a
 * sync of 55,000 rows makes plenty of garbage) an abort no longer reaches the fetch. A body that
 * stalled then waited for undici's 5-minute socket timeout, and held a whole index sync with it.
 */
class AttemptLimit {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly expired: Promise<never>;

  constructor(readonly ms: number) {
    let expire: (reason: Error) => void = () => undefined;
    this.expired = new Promise<never>((_, reject) => {
      expire = reject;
    });
    this.expired.catch(() => undefined);
    this.timer = setTimeout(() => {
      const reason = new DOMException(`no answer within ${ms} ms`, "TimeoutError");
      this.controller.abort(reason);
      expire(reason);
    }, ms);
  }

  /** For the request: an abort that does reach the fetch ends it sooner. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The promise, or a TimeoutError once the limit has passed. */
  within<T>(promise: Promise<T>): Promise<T> {
    return Promise.race([promise, this.expired]);
  }

  /**
   * The whole body, read here so that at the limit it can be cancelled (which closes the
   * connection); past `maxBytes` it is cancelled too, with BodyTooLarge.
   */
  async read(response: Response, maxBytes = Number.POSITIVE_INFINITY): Promise<Uint8Array> {
    if (!response.body) return new Uint8Array(0);
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let length = 0;
    try {
      for (;;) {
        const { done, value } = await this.within(reader.read());
        if (done) break;
        chunks.push(value);
        length += value.byteLength;
        if (length > maxBytes) throw new BodyTooLarge(maxBytes);
      }
    } catch (error) {
      reader.cancel(error).catch(() => undefined);
      throw error;
    }
    if (chunks.length === 1) return chunks[0] as Uint8Array;
    const body = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return body;
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

function listParams(params: { pageNumber?: number; allCompanies?: boolean }): Params {
  return { pageNumber: params.pageNumber, allCompanies: params.allCompanies || undefined };
}
