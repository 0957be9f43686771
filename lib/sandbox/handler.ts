// The embedded API: a faithful implementation of the contract as a Request -> Response
// function. The upstream client calls it in-process; app/sandbox mounts it over HTTP.

import {
  type CompanyLookup,
  DEFAULT_MIN_MARKET_CAP,
  LOGO_VARIANTS,
  LOOKUP_PARAMETERS,
  type LogoVariant,
} from "@/lib/upstream/vocabulary";
import { type UniverseState, universeAt } from "./changes";
import {
  bytesResponse,
  errorResponse,
  importanceRange,
  json,
  jsonBytes,
  LIST_PAGE_SIZE,
  page,
  TOP_NEWS_DEFAULT_PAGE_SIZE,
  TOP_NEWS_MAX_PAGE_SIZE,
  V2_MAX_PAGE_SIZE,
} from "./contract";
import { nextUpdateMs } from "./derive";
import { brandFromSeed, type LogoSpec, renderLogo } from "./logo";
import { buildLookupIndex, type LookupIndex, type LookupResult, resolveCompany } from "./lookup";
import {
  type ArticleStub,
  companyStubs,
  DAY_MS,
  firstNewsDay,
  hasNews,
  marketDayStubs,
  renderArticle,
} from "./news";
import { companyRowJson, profileJson, type View, v2ProfileJson, v2RowJson } from "./serialize";
import { EVENT_TYPES, type EventType } from "./text";
import {
  DEMO_KEYS,
  IN_PROCESS_ORIGIN,
  type KeyInfo,
  type RateLimit,
  requestKey,
  type SandboxHandler,
} from "./types";
import { type CompanyRec, getUniverse, type Universe } from "./universe";

export interface SandboxOptions {
  /** Current time in ms; SANDBOX_NOW pins it. */
  now?: () => number;
  /** Emulated per-key rate limit (429 with Retry-After); off when undefined. */
  rateLimit?: RateLimit;
  /**
   * The real time in ms, for the rate limit's windows (default Date.now). Not `now`: a pinned or
   * moved data clock must not stop the windows from ending (a pinned one would block a key for good).
   */
  wallClock?: () => number;
  universe?: () => Universe;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** `error`: the real service's own style, `{"error": "..."}`, instead of the contract's. */
    readonly style: "errors" | "error" = "errors",
  ) {
    super(message);
  }
}

/** The real service's body past its free plan's daily cap (its rate-limit guide): no Retry-After. */
export const DAILY_CAP_MESSAGE = "Daily request limit exceeded for free trial";

// ---- parameter parsing: every bad value is a 400 naming the parameter ---------------------

function optionalParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value === null || value.trim() === "" ? undefined : value.trim();
}

function intParam(params: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const raw = optionalParam(params, name);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) throw new HttpError(400, `${name} must be an integer`);
  const value = Number(raw);
  if (value < min || value > max) throw new HttpError(400, `${name} must be between ${min} and ${max}`);
  return value;
}

function numberParam(params: URLSearchParams, name: string): number | undefined {
  const raw = optionalParam(params, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || !/^\d+(\.\d+)?([eE]\+?\d+)?$/.test(raw)) {
    throw new HttpError(400, `${name} must be a non-negative number of USD`);
  }
  return value;
}

function boolParam(params: URLSearchParams, name: string): boolean {
  const raw = optionalParam(params, name)?.toLowerCase();
  if (raw === undefined || raw === "false" || raw === "0") return false;
  if (raw === "true" || raw === "1") return true;
  throw new HttpError(400, `${name} must be true or false`);
}

function dateParam(params: URLSearchParams, name: string): number | undefined {
  const raw = optionalParam(params, name);
  if (raw === undefined) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== raw) {
    throw new HttpError(400, `${name} must be a date in the form YYYY-MM-DD`);
  }
  return Math.floor(ms / DAY_MS);
}

/** An inclusive UTC day range: both dates or neither, at most maxDays long. */
function dateRange(
  params: URLSearchParams,
  limits: { maxDays: number; defaultDays: number },
  todayDay: number,
): { from: number; to: number } {
  const { maxDays, defaultDays } = limits;
  const start = dateParam(params, "startDate");
  const end = dateParam(params, "endDate");
  if (start === undefined && end === undefined) return { from: todayDay - defaultDays + 1, to: todayDay };
  if (start === undefined) throw new HttpError(400, "startDate must be supplied together with endDate");
  if (end === undefined) throw new HttpError(400, "endDate must be supplied together with startDate");
  if (end < start) throw new HttpError(400, "endDate must not be before startDate");
  if (end - start + 1 > maxDays)
    throw new HttpError(400, `The date range from startDate to endDate cannot exceed ${maxDays} days`);
  return { from: start, to: end };
}

const EVENT_TYPE_SET = new Set<string>(EVENT_TYPES);

function eventTypeParam(params: URLSearchParams, allowMany: boolean): EventType[] | undefined {
  const raw = optionalParam(params, "eventType");
  if (raw === undefined) return undefined;
  const values = raw.split(",").map((v) => v.trim());
  if (!allowMany && values.length > 1) {
    throw new HttpError(400, "eventType takes one event type here; use /v1/top-news for several");
  }
  for (const value of values) {
    if (!EVENT_TYPE_SET.has(value))
      throw new HttpError(400, `eventType has an unknown value: ${value.slice(0, 40)}`);
  }
  return values as EventType[];
}

function lookupParams(params: URLSearchParams): CompanyLookup {
  const out: CompanyLookup = {};
  for (const name of LOOKUP_PARAMETERS) {
    const value = optionalParam(params, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

// ---- the handler ----------------------------------------------------------------------

export function createSandboxHandler(options: SandboxOptions = {}): SandboxHandler {
  const now = options.now ?? (() => Date.now());
  const wallClock = options.wallClock ?? (() => Date.now());
  const universeOf = options.universe ?? getUniverse;
  // While the universe is still completing in the background, lookups try the API-enabled
  // companies first and complete the universe only for an identifier not found there.
  let enabledIndex: LookupIndex | undefined;
  let fullIndex: LookupIndex | undefined;
  const resolveGenerated = (u: Universe, params: CompanyLookup, licensed: boolean): LookupResult => {
    if (!fullIndex && u.isComplete) fullIndex = buildLookupIndex(u.companies);
    if (fullIndex) return resolveCompany(fullIndex, params, licensed);
    enabledIndex ??= buildLookupIndex(u.enabled);
    const result = resolveCompany(enabledIndex, params, licensed);
    if (result.kind !== "not_found") return result;
    fullIndex = buildLookupIndex(u.companies);
    return resolveCompany(fullIndex, params, licensed);
  };
  // The changed companies' identifiers first (new tickers, new CIKs), then the generated ones,
  // answered as of now: a former key still finds its company, under its current key.
  let changedIndex: { version: number; index: LookupIndex } | undefined;
  const resolve = (
    u: Universe,
    state: UniverseState,
    params: CompanyLookup,
    licensed: boolean,
  ): LookupResult => {
    if (changedIndex?.version !== state.version)
      changedIndex = { version: state.version, index: buildLookupIndex(state.changed) };
    const changed = resolveCompany(changedIndex.index, params, licensed);
    if (changed.kind === "found") return changed;
    const result = resolveGenerated(u, params, licensed);
    return result.kind === "found" ? { kind: "found", company: state.current(result.company) } : result;
  };
  let allCompanies: { version: number; rows: CompanyRec[] } | undefined;
  const allAt = (u: Universe, state: UniverseState): CompanyRec[] => {
    if (allCompanies?.version !== state.version)
      allCompanies = { version: state.version, rows: u.companies.map(state.current) };
    return allCompanies.rows;
  };
  const windows = new Map<string, { start: number; count: number }>();
  /** Requests served per key on the current UTC day (of the wall clock), for the daily cap. */
  const days = new Map<string, { day: number; count: number }>();
  // Encoded list pages, valid until the first `updatedAt` on the page moves, and for a minute at
  // most (so a new earnings filing date shows within a minute). A page is 1000 rows: building it
  // costs tens of ms.
  const pageCache = new Map<string, { bytes: Uint8Array<ArrayBuffer>; validUntil: number }>();
  const cachedPage = (cacheKey: string, nowMs: number, rows: readonly CompanyRec[], build: () => unknown) => {
    const hit = pageCache.get(cacheKey);
    if (hit && nowMs < hit.validUntil) return bytesResponse(hit.bytes);
    const universe = universeOf();
    let validUntil = nowMs + 60_000;
    for (const c of rows) validUntil = Math.min(validUntil, nextUpdateMs(universe, c, nowMs));
    const bytes = jsonBytes(build());
    if (pageCache.size >= 32) pageCache.delete(pageCache.keys().next().value as string);
    pageCache.set(cacheKey, { bytes, validUntil });
    return bytesResponse(bytes);
  };
  const logoCache = new Map<string, Uint8Array>();

  const authenticate = (request: Request, url: URL): { key: string; info: KeyInfo } => {
    const key = requestKey(request, url.searchParams);
    const info = DEMO_KEYS[key];
    if (!info) throw new HttpError(403, "The API key is invalid or missing.");
    return { key, info };
  };

  const rateLimit = (key: string) => {
    const limit = options.rateLimit;
    if (!limit) return;
    const t = wallClock();
    const window = windows.get(key);
    if (!window || t - window.start >= limit.windowMs) {
      windows.set(key, { start: t, count: 1 });
      return;
    }
    window.count++;
    if (window.count > limit.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.start + limit.windowMs - t) / 1000));
      throw new HttpError(429, "Rate limit exceeded: too many requests for this API key.", {
        "retry-after": String(retryAfter),
      });
    }
  };
  // As the real free plan: a number of requests per UTC day, counted as they are served, then 429
  // with the service's own body and no Retry-After until 00:00 UTC.
  const today = (key: string) => {
    const day = Math.floor(wallClock() / 86_400_000);
    let count = days.get(key);
    if (count?.day !== day) {
      count = { day, count: 0 };
      days.set(key, count);
    }
    return count;
  };
  const dailyCap = (key: string) => {
    const cap = options.rateLimit?.daily;
    if (cap !== undefined && today(key).count >= cap)
      throw new HttpError(429, DAILY_CAP_MESSAGE, {}, "error");
  };

  const companyFor = (
    universe: Universe,
    state: UniverseState,
    params: URLSearchParams,
    key: KeyInfo,
  ): CompanyRec => {
    const result = resolve(universe, state, lookupParams(params), key.licensed);
    switch (result.kind) {
      case "found":
        if (key.plan === "free" && !result.company.freePlan) {
          throw new HttpError(403, "This company is not available on the free plan.");
        }
        return result.company;
      case "missing_identification":
        throw new HttpError(
          400,
          "Required parameters are missing: give a companyKey, fscl, figi, cik, CUSIP, ISIN, or a ticker with micCode or exchange.",
        );
      case "invalid":
        throw new HttpError(400, result.message);
      case "licence_required":
        throw new HttpError(403, `Lookup by ${result.parameter} requires a CUSIP/ISIN license on your plan.`);
      case "not_found":
        throw new HttpError(404, "Company not found.");
    }
  };

  const routes: Record<string, (ctx: Ctx) => Response> = {
    "/v3/companies-list": ({ params, key, view, universe, state, nowMs }) => {
      const pageNumber = intParam(params, "pageNumber", 1, 1_000_000) ?? 1;
      const compact = boolParam(params, "compact");
      const all = boolParam(params, "allCompanies");
      if (all && key.plan === "free") {
        throw new HttpError(403, "allCompanies=true is not available on the free plan.");
      }
      const set = key.plan === "free" ? universe.free : all ? allAt(universe, state) : state.enabled;
      // Fixed at 1000 whatever the rows; the free plan's few companies fit on its single page.
      const pageSize = LIST_PAGE_SIZE;
      const rows = set.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
      const cacheKey = `v3:${state.version}:${key.plan}:${key.licensed}:${all}:${compact}:${pageNumber}`;
      return cachedPage(cacheKey, nowMs, rows, () =>
        page(set, pageNumber, pageSize, (c) => companyRowJson(view, c, compact)),
      );
    },
    "/v2/companies-list": ({ params, key, view, universe, state, nowMs }) => {
      const pageNumber = intParam(params, "pageNumber", 1, 1_000_000) ?? 1;
      const pageSize = intParam(params, "pageSize", 1, V2_MAX_PAGE_SIZE) ?? V2_MAX_PAGE_SIZE;
      const set = key.plan === "free" ? universe.free : state.enabled;
      const rows = set.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
      const cacheKey = `v2:${state.version}:${key.plan}:${key.licensed}:${pageSize}:${pageNumber}`;
      return cachedPage(cacheKey, nowMs, rows, () =>
        page(set, pageNumber, pageSize, (c) => v2RowJson(view, c)),
      );
    },
    "/v3/company/profile": ({ params, key, view, universe, state }) =>
      json(profileJson(view, companyFor(universe, state, params, key))),
    "/v2/company/profile": ({ params, key, view, universe, state }) =>
      json(v2ProfileJson(view, companyFor(universe, state, params, key))),
    "/v2/company/logo": ({ params, key, universe, state }) => {
      const variant = optionalParam(params, "variant") ?? "icon";
      if (!(LOGO_VARIANTS as readonly string[]).includes(variant)) {
        throw new HttpError(400, `variant must be one of ${LOGO_VARIANTS.join(", ")}`);
      }
      const company = companyFor(universe, state, params, key);
      if (!company.datasets.includes("logos"))
        throw new HttpError(404, "No logo is available for this company.");
      // The trade name is part of the key: a renamed company (changes.ts) gets new initials.
      const cacheKey = `${company.index}:${company.tradeName}:${variant}`;
      let png = logoCache.get(cacheKey);
      if (!png) {
        png = renderLogo(logoSpec(company), variant as LogoVariant);
        if (logoCache.size > 2000) logoCache.clear();
        logoCache.set(cacheKey, png);
      }
      return new Response(png as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: { "content-type": "image/png", "cache-control": "public, max-age=86400" },
      });
    },
    "/v1/company/news": ({ params, key, universe, state, nowMs }) => {
      const today = Math.floor(nowMs / DAY_MS);
      const range = dateRange(params, { maxDays: 31, defaultDays: 14 }, today);
      const eventTypes = eventTypeParam(params, false);
      const importance = intParam(params, "importance", 1, 5);
      const company = companyFor(universe, state, params, key);
      if (!hasNews(company)) throw new HttpError(404, "News is not available for this company.");
      const stubs = companyStubs(universe, company, range.from, range.to, nowMs).filter(
        (s) =>
          (!eventTypes || eventTypes.includes(s.eventType)) &&
          (importance === undefined || s.importance === importance),
      );
      stubs.sort((a, b) => b.day - a.day || b.collectedAtMs - a.collectedAtMs);
      return json(stubs.map((s) => renderArticle(universe, s)));
    },
    "/v1/top-news": ({ params, key, universe, state, nowMs }) => {
      const today = Math.floor(nowMs / DAY_MS);
      const range = dateRange(params, { maxDays: 7, defaultDays: 7 }, today);
      const eventTypes = eventTypeParam(params, true);
      const importance = intParam(params, "importance", 1, 5);
      const minImportance = intParam(params, "minImportance", 1, 5);
      const maxImportance = intParam(params, "maxImportance", 1, 5);
      if (importance !== undefined && (minImportance !== undefined || maxImportance !== undefined)) {
        throw new HttpError(400, "importance cannot be combined with minImportance or maxImportance");
      }
      const { low, high } = importanceRange(importance, minImportance, maxImportance);
      if (low > high) throw new HttpError(400, "minImportance must not be greater than maxImportance");
      const minCap = numberParam(params, "minMarketCap");
      const maxCap = numberParam(params, "maxMarketCap");
      const pageSize = intParam(params, "pageSize", 1, TOP_NEWS_MAX_PAGE_SIZE) ?? TOP_NEWS_DEFAULT_PAGE_SIZE;
      const pageNumber = intParam(params, "pageNumber", 1, 1_000_000) ?? 1;
      const companyKey = optionalParam(params, "companyKey");
      // With a company the bounds are ignored (the contract), so they cannot contradict each other.
      if (companyKey === undefined && minCap !== undefined && maxCap !== undefined && minCap > maxCap) {
        throw new HttpError(400, "minMarketCap must not be greater than maxMarketCap");
      }

      let stubs: ArticleStub[];
      if (companyKey !== undefined) {
        const found = resolve(universe, state, { companyKey }, key.licensed);
        if (found.kind !== "found") throw new HttpError(404, "Company not found.");
        const company = found.company;
        if (company.companyKey !== companyKey) {
          throw new HttpError(
            400,
            `companyKey must be the canonical <EXCHANGE>_<TICKER> form (${company.companyKey})`,
          );
        }
        if (key.plan === "free" && !company.freePlan) {
          throw new HttpError(403, "This company is not available on the free plan.");
        }
        // Like every endpoint of a dataset the company does not list (contract, datasets rule 2).
        if (!hasNews(company)) throw new HttpError(404, "News is not available for this company.");
        stubs = companyStubs(universe, company, range.from, range.to, nowMs);
      } else {
        const floor = minCap ?? DEFAULT_MIN_MARKET_CAP;
        // The list as of now: companies under their current keys and names, new listings in,
        // companies that left the list out.
        const pool = key.plan === "free" ? universe.free : state.enabled;
        const poolName = key.plan === "free" ? "free" : `enabled@${state.version}`;
        stubs = [];
        for (let day = Math.max(range.from, firstNewsDay(nowMs)); day <= range.to; day++) {
          for (const s of marketDayStubs(universe, pool, poolName, day)) {
            if (s.collectedAtMs > nowMs) continue;
            const cap = s.company.marketCapUsd;
            if (floor > 0 && (cap === null || cap < floor)) continue;
            if (maxCap !== undefined && (cap === null || cap > maxCap)) continue;
            stubs.push(s);
          }
        }
      }
      stubs = stubs.filter(
        (s) =>
          s.importance >= low && s.importance <= high && (!eventTypes || eventTypes.includes(s.eventType)),
      );
      stubs.sort((a, b) => a.importance - b.importance || b.collectedAtMs - a.collectedAtMs);
      return json(
        page(stubs, pageNumber, pageSize, (s) => ({
          ...renderArticle(universe, s),
          companyKey: s.company.companyKey,
          companyFiscalIdentifier: s.company.fiscalId,
          displayNameEnglish: s.company.displayName,
          ticker: s.company.listings[0]?.ticker,
          exchangeCode: s.company.listings[0]?.exchange.code,
          marketCapUsd: s.company.marketCapUsd,
        })),
      );
    },
  };

  return async (request: Request): Promise<Response> => {
    try {
      const url = new URL(request.url);
      if (request.method !== "GET" && request.method !== "HEAD") {
        throw new HttpError(405, "Only GET is supported.", { allow: "GET" });
      }
      const route = routes[url.pathname.replace(/\/+$/, "")];
      if (!route) throw new HttpError(404, `Unknown endpoint: ${url.pathname.slice(0, 80)}`);
      const { key, info } = authenticate(request, url);
      if (url.origin !== IN_PROCESS_ORIGIN) {
        dailyCap(key);
        rateLimit(key);
        if (options.rateLimit?.daily !== undefined) today(key).count++;
      }
      const universe = universeOf();
      const nowMs = now();
      const state = universeAt(universe, nowMs);
      const view: View = { universe, licensed: info.licensed, nowMs, current: state.current };
      return route({ params: url.searchParams, key: info, view, universe, state, nowMs });
    } catch (error) {
      if (error instanceof HttpError)
        return error.style === "error"
          ? json({ error: error.message }, error.status, error.headers)
          : errorResponse(error.status, error.message, error.headers);
      console.error("sandbox: unexpected error", error instanceof Error ? error.message : "unknown");
      return errorResponse(500, "Internal error in the sandbox.");
    }
  };
}

interface Ctx {
  params: URLSearchParams;
  key: KeyInfo;
  view: View;
  universe: Universe;
  state: UniverseState;
  nowMs: number;
}

/** Initials, wordmark and brand colours of a company's generated logo. */
export function logoSpec(c: CompanyRec): LogoSpec {
  const words = c.tradeName
    .replace(/[^A-Za-z0-9&\s]/g, " ")
    .split(/\s+/)
    .filter((w) => w.length > 0 && !/^(REIT|Properties|Holdings|Group)$/.test(w));
  const initials = (
    words.length >= 2 ? `${words[0]?.[0]}${words[1]?.[0]}` : (words[0] ?? "X").slice(0, 1)
  ).toUpperCase();
  const full = words.join(" ").toUpperCase();
  const wordmark = full.length <= 14 ? full : (words[0] ?? "X").toUpperCase().slice(0, 14);
  return { initials, wordmark, ...brandFromSeed(c.brandSeed) };
}
