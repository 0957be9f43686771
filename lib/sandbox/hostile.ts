// SANDBOX_HOSTILE=1: the sandbox adds the hostile and odd companies of hostile-fixtures.ts to its
// answers, as a real upstream could send them: list rows on the last page of both company sets,
// their profiles, peers, logos and news, and their articles at the head of the top-news feed; one
// ordinary company (ODD_KEY_PEER_HOST) has the odd-key companies as its closest peers (the first
// of them twice, in two segments). A wrapper
// around the sandbox handler, so the app meets them through its real client, caches and pages.

import type { LogoVariant } from "@/lib/upstream/vocabulary";
import { DEFAULT_MIN_MARKET_CAP } from "@/lib/upstream/vocabulary";
import {
  errorResponse,
  importanceRange,
  json,
  type Pagination,
  page,
  pagination,
  TOP_NEWS_DEFAULT_PAGE_SIZE,
} from "./contract";
import {
  HOSTILE_KEYS,
  HOSTILE_SVG,
  type HostileArticle,
  hostileListRow,
  hostileNews,
  hostileProfiles,
  hostileV2,
  ODD_KEY_PEER_HOST,
  ODD_KEYS,
  oddKeyPeer,
} from "./hostile-fixtures";
import { brandFromSeed, renderLogo } from "./logo";
import { type KeyInfo, requestKey, type SandboxHandler } from "./types";

type Json = Record<string, unknown>;
interface Page {
  pagination: Pagination;
  data: Json[];
}

/** A number parameter the sandbox handler has already validated, or undefined when absent. */
function numberParam(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  return value === null ? undefined : Number(value);
}

/** The hostile profile a lookup names (by companyKey, a secondary listing's key, or fscl), if any. */
function hostileTarget(params: URLSearchParams, profiles: readonly Json[]): Json | undefined {
  const key = params.get("companyKey")?.trim().toUpperCase();
  const fscl = params.get("fscl")?.trim().toUpperCase();
  const secondaryKeys = (p: Json) =>
    ((p.secondaryListings ?? []) as Json[]).map((l) => `${l.exchangeCode}_${l.ticker}`.toUpperCase());
  return (
    profiles.find((p) => (key && p.companyKey === key) || (fscl && p.companyFiscalIdentifier === fscl)) ??
    (key ? profiles.find((p) => secondaryKeys(p).includes(key)) : undefined)
  );
}

function dateWithin(article: Json, params: URLSearchParams, nowMs: number, defaultDays: number): boolean {
  const date = String(article.date);
  const start = params.get("startDate");
  const end = params.get("endDate");
  if (start && end) return date >= start && date <= end;
  const first = new Date(nowMs - (defaultDays - 1) * 86_400_000).toISOString().slice(0, 10);
  return date >= first;
}

function matchesFeedFilters(article: Json, params: URLSearchParams): boolean {
  const importance = Number(article.importance);
  const { low, high } = importanceRange(
    numberParam(params, "importance"),
    numberParam(params, "minImportance"),
    numberParam(params, "maxImportance"),
  );
  const types = params.get("eventType")?.split(",");
  return importance >= low && importance <= high && (!types || types.includes(String(article.eventType)));
}

/** The same articles, with the company fields the sandbox's top-news rows carry. */
function feedRow(item: HostileArticle, profiles: readonly Json[]): Json {
  const p = profiles.find((q) => q.companyKey === item.companyKey) ?? {};
  const listing = (p.primaryListing ?? {}) as Json;
  return {
    ...item.article,
    companyKey: item.companyKey,
    companyFiscalIdentifier: p.companyFiscalIdentifier,
    displayNameEnglish: p.displayNameEnglish,
    ticker: listing.ticker,
    exchangeCode: listing.exchangeCode,
    marketCapUsd: p.marketCapUsd,
  };
}

export function withHostileData(
  inner: SandboxHandler,
  options: { now: () => number; keys: Readonly<Record<string, KeyInfo>> },
): SandboxHandler {
  const { now, keys } = options;
  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, "");
    const params = url.searchParams;
    const key = keys[requestKey(request, params)];
    // The free plan's fixed company list stays as it is.
    if (!key || key.plan === "free" || request.method !== "GET") return inner(request);
    const nowMs = now();
    const profiles = hostileProfiles(nowMs);
    const target = hostileTarget(params, profiles);
    const news = hostileNews(nowMs);

    const response = await inner(request);
    switch (path) {
      case "/v3/companies-list":
      case "/v2/companies-list": {
        if (response.status !== 200) return response;
        const compact = params.get("compact") === "true";
        const rows = profiles.map((p) =>
          path === "/v2/companies-list" ? hostileV2(p, false) : hostileListRow(p, compact),
        );
        // One list, the sandbox's rows then these: a page holds at most pageSize of it, so these
        // can start a page of their own.
        const list = (await response.json()) as Page;
        const { page: pageNumber, pageSize, totalCount } = list.pagination;
        const start = (pageNumber - 1) * pageSize - totalCount;
        const added = rows.slice(Math.max(0, start), Math.max(0, start + pageSize));
        return json({
          pagination: pagination(pageNumber, pageSize, totalCount + rows.length),
          data: [...list.data, ...added],
        });
      }
      case "/v3/company/profile": {
        if (target && response.status === 404) return json(target);
        if (response.status !== 200) return response;
        const profile = (await response.clone().json()) as Json;
        if (profile.companyKey !== ODD_KEY_PEER_HOST) return response;
        const oddKeys: string[] = Object.values(ODD_KEYS);
        const peers = profiles.filter((p) => oddKeys.includes(String(p.companyKey))).map(oddKeyPeer);
        // The first listed twice, as a peer in two business segments.
        const twice = {
          ...peers[0],
          peerRelationship: "business_model_peer",
          peerMarketSegment: "Second segment",
        };
        return json({ ...profile, peers: [...peers, twice, ...(profile.peers as Json[])] });
      }
      case "/v2/company/logo":
        return target && response.status === 404 ? hostileLogo(target, params) : response;
      case "/v2/company/profile":
        return target && response.status === 404 ? json(hostileV2(target, true)) : response;
      case "/v1/company/news": {
        if (!target || response.status !== 404) return response;
        const importance = params.get("importance");
        const type = params.get("eventType");
        return json(
          news
            .filter((n) => n.companyKey === target.companyKey)
            .map((n) => n.article)
            .filter(
              (a) =>
                dateWithin(a, params, nowMs, 14) &&
                (importance === null || String(a.importance) === importance) &&
                (type === null || a.eventType === type),
            ),
        );
      }
      case "/v1/top-news":
        return topNews(inner, request, response, params, target, news, profiles, nowMs);
      default:
        return response;
    }
  };
}

/**
 * The feed with the hostile articles first (importance 1, collected "now"), paged as one list:
 * page p is the slice of hostile-then-sandbox articles, read from one or two sandbox pages.
 */
async function topNews(
  inner: SandboxHandler,
  request: Request,
  response: Response,
  params: URLSearchParams,
  target: Json | undefined,
  news: readonly HostileArticle[],
  profiles: readonly Json[],
  nowMs: number,
): Promise<Response> {
  const companyKey = params.get("companyKey");
  if (companyKey && !target) return response;
  if (target ? response.status !== 404 : response.status !== 200) return response;
  const floor = numberParam(params, "minMarketCap") ?? DEFAULT_MIN_MARKET_CAP;
  const ceiling = params.get("maxMarketCap");
  const mine = news
    .filter((n) => (target ? n.companyKey === target.companyKey : true))
    .map((n) => feedRow(n, profiles))
    .filter((a) => dateWithin(a, params, nowMs, 7) && matchesFeedFilters(a, params))
    .filter((a) => {
      if (target) return true;
      const cap = a.marketCapUsd as number | null;
      if (floor > 0 && (cap === null || cap < floor)) return false;
      return ceiling === null || (cap !== null && cap <= Number(ceiling));
    });
  const pageSize = numberParam(params, "pageSize") ?? TOP_NEWS_DEFAULT_PAGE_SIZE;
  const pageNumber = numberParam(params, "pageNumber") ?? 1;
  if (target) return json(page(mine, pageNumber, pageSize, (row) => row));
  const first = (await response.json()) as Page;
  const total = first.pagination.totalCount + mine.length;
  const start = (pageNumber - 1) * pageSize;
  const end = start + pageSize;
  // Sandbox rows [start - n, end - n) come from sandbox pages covering that range.
  const from = Math.max(0, start - mine.length);
  const to = Math.max(0, end - mine.length);
  const rows: Json[] = mine.slice(start, end);
  for (let p = Math.floor(from / pageSize) + 1; p <= Math.ceil(to / pageSize) && to > from; p++) {
    const sandboxPage = p === pageNumber ? first : await innerPage(inner, request, p);
    const offset = (p - 1) * pageSize;
    rows.push(...sandboxPage.data.slice(Math.max(0, from - offset), Math.max(0, to - offset)));
  }
  return json({ pagination: pagination(pageNumber, pageSize, total), data: rows });
}

/** A hostile company's generated logo, when it lists logos. */
function hostileLogo(target: Json, params: URLSearchParams): Response {
  const datasets = target.availableDatasets as unknown[];
  if (!datasets.includes("logos")) return errorResponse(404, "No logo is available for this company.");
  if (target.companyKey === HOSTILE_KEYS.script)
    return new Response(HOSTILE_SVG, { headers: { "content-type": "application/octet-stream" } });
  const spec = { initials: "ZK", wordmark: "ZYX KEYS", ...brandFromSeed(Number(target.companyId)) };
  const png = renderLogo(spec, (params.get("variant") ?? "icon") as LogoVariant);
  return new Response(png as Uint8Array<ArrayBuffer>, { headers: { "content-type": "image/png" } });
}

async function innerPage(inner: SandboxHandler, request: Request, pageNumber: number): Promise<Page> {
  const url = new URL(request.url);
  url.searchParams.set("pageNumber", String(pageNumber));
  const response = await inner(new Request(url, { headers: request.headers }));
  if (response.status !== 200) return { pagination: {} as Page["pagination"], data: [] };
  return (await response.json()) as Page;
}
