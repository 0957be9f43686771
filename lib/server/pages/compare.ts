import "server-only";
import type { CompareNewsAnswer, CompareNewsCompany } from "@/lib/api-types";
// The comparison of a set of companies, for the /compare page and GET /api/compare: one cached
// profile per company (at most one upstream call for each company not yet cached), each company
// failing on its own.
import { type CompareEntry, type Comparison, compareCompanyOf } from "@/lib/compare/model";
import { COMPANY_KEY_PATTERN } from "@/lib/identifiers";
import type { TopNewsQuery } from "@/lib/upstream/client";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { Profile, TopNewsArticle } from "@/lib/upstream/schemas";
import { setFailureOf, unknownCompany } from "../services/notices";
import { getServices, type Services } from "../services/services";
import { profilePeers } from "./profile-page";

type Loaded =
  | { ok: true; requested: string; profile: Profile; warning?: string }
  | (Extract<CompareEntry, { ok: false }> & { error?: unknown });

async function loadOne(services: Services, requested: string): Promise<Loaded> {
  try {
    let key = requested;
    if (!COMPANY_KEY_PATTERN.test(requested)) {
      const resolved = await services.companies.resolve(requested);
      if (!resolved) return { ok: false, requested, reason: "not_found", message: unknownCompany(requested) };
      key = resolved.companyKey;
    }
    const served = await services.profiles.get(key);
    return { ok: true, requested, profile: served.data, warning: served.warning };
  } catch (error) {
    const { reason, message } = setFailureOf(error, requested);
    return { ok: false, requested, reason, message, error };
  }
}

const loadAll = (keys: readonly string[], services: Services) =>
  Promise.all(keys.map((k) => loadOne(services, k)));

/**
 * The comparison's loads, as the page gate (page-gate.ts) makes them before the page renders: when
 * the data service could send none of the set, its failure is the page's (503 with Retry-After,
 * as a profile answers), not a page of companies none of which is shown.
 */
export async function gateComparison(keys: readonly string[], services: Services = getServices()) {
  const loaded = await loadAll(keys, services);
  const unavailable = loaded.flatMap((item) => (!item.ok && item.reason === "unavailable" ? [item] : []));
  if (unavailable[0] && unavailable.length === loaded.length) throw unavailable[0].error;
}

export interface ServedComparison extends Comparison {
  /** Set when some of the data is older than usual because the data service is failing. */
  warning?: string;
}

/**
 * The set in its given order, with two names for one company (a former ticker and the current
 * key, say) shown once under the canonical key.
 */
export async function loadComparison(
  keys: readonly string[],
  services: Services = getServices(),
): Promise<ServedComparison> {
  const loaded = await loadAll(keys, services);
  /** Each company in the set, by its key, with the key it was first asked by. */
  const seen = new Map<string, string>();
  const entries: CompareEntry[] = [];
  const duplicates: NonNullable<Comparison["duplicates"]> = [];
  let focus: Profile | null = null;
  let warning: string | undefined;
  for (const item of loaded) {
    if (!item.ok) {
      const { error: _, ...failed } = item;
      // A profile that failed for now is still a company the index may know: its name, not its key.
      const row = item.reason === "not_found" ? undefined : services.companies.row(item.requested);
      entries.push(
        row
          ? {
              ...failed,
              known: {
                name: row.displayNameEnglish ?? item.requested,
                ticker: row.primaryListing.ticker,
                hasLogo: row.availableDatasets.includes("logos"),
              },
            }
          : failed,
      );
      continue;
    }
    const { profile } = item;
    const first = seen.get(profile.companyKey);
    if (first !== undefined) {
      duplicates.push({
        requested: item.requested,
        sameAs: first,
        companyKey: profile.companyKey,
        name: compareCompanyOf(profile).name,
      });
      continue;
    }
    seen.set(profile.companyKey, item.requested);
    focus ??= profile;
    warning ??= item.warning;
    entries.push({ ok: true, requested: item.requested, company: compareCompanyOf(profile) });
  }
  // One node per company in the peer graph: a peer the API lists twice (two segments) keeps its
  // first, closest listing.
  const focusPeers = focus
    ? profilePeers(focus, services).filter(
        (peer, i, all) => all.findIndex((p) => p.companyKey === peer.companyKey) === i,
      )
    : [];
  return {
    asked: [...keys],
    entries,
    focusPeers,
    ...(duplicates.length > 0 ? { duplicates } : {}),
    ...(warning ? { warning } : {}),
  };
}

/** Stories per company asked of the top-news feed: enough to rank the set's top stories. */
export const COMPARE_NEWS_PER_COMPANY = 25;

/** What a set's top-news calls ask besides the company: by default every importance, last 7 days. */
export type SetNewsFilter = Omit<TopNewsQuery, "companyKey" | "minMarketCap" | "maxMarketCap" | "pageNumber">;
const EVERY_IMPORTANCE: SetNewsFilter = { minImportance: 1, maxImportance: 5 };

/**
 * The top stories across a set: one top-news call per company (the feed's company filter, with
 * `filter`), merged and ranked as the feed ranks them. The feed takes only canonical keys: a key it
 * refuses (a former ticker's, one in lower case) is resolved once and asked again.
 */
export async function compareNews(
  keys: readonly string[],
  services: Services = getServices(),
  { filter = EVERY_IMPORTANCE, perCompany = COMPARE_NEWS_PER_COMPANY } = {},
): Promise<CompareNewsAnswer> {
  let warning: string | undefined;
  const ask = (companyKey: string) => services.news.top({ ...filter, companyKey, pageSize: perCompany });
  const results = await Promise.all(
    keys.map(async (companyKey): Promise<{ company: CompareNewsCompany; articles: TopNewsArticle[] }> => {
      try {
        let canonical = companyKey;
        const served = await ask(companyKey).catch(async (error: unknown) => {
          if (!isUpstreamError(error) || (error.code !== "bad_request" && error.code !== "not_found"))
            throw error;
          const resolved = (await services.companies.resolve(companyKey))?.companyKey;
          if (!resolved || resolved === companyKey) throw error;
          canonical = resolved;
          return ask(resolved);
        });
        warning ??= served.warning;
        const { data, pagination } = served.data;
        return {
          company: {
            companyKey,
            total: pagination.totalCount,
            ...(pagination.totalKnown === false ? { totalKnown: false as const } : {}),
          },
          articles: data.map((a) => ({ ...a, companyKey: a.companyKey ?? canonical })),
        };
      } catch (error) {
        const { reason, message, waitMends } = setFailureOf(error, companyKey, "news");
        return {
          company: {
            companyKey,
            total: null,
            error: message,
            reason,
            ...(waitMends ? { retrySoon: true } : {}),
          },
          articles: [],
        };
      }
    }),
  );
  const articles = results
    .flatMap((r) => r.articles)
    .sort((a, b) => a.importance - b.importance || b.collectedAt.localeCompare(a.collectedAt));
  return { articles, companies: results.map((r) => r.company), ...(warning ? { warning } : {}) };
}
