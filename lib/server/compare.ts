import "server-only";
import type { CompareNewsAnswer, CompareNewsCompany } from "@/lib/api-types";
// The comparison of a set of companies, for the /compare page and GET /api/compare: one cached
// profile per company (at most one upstream call for each company not yet cached), each company
// failing on its own.
import { type CompareEntry, type Comparison, compareCompanyOf } from "@/lib/compare/model";
import { COMPANY_KEY_PATTERN } from "@/lib/identifiers";
import { peerRows } from "@/lib/profile/peer-rows";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { Profile, TopNewsArticle } from "@/lib/upstream/schemas";
import { getServices, type Services } from "./services";

type Loaded =
  | { ok: true; requested: string; profile: Profile; warning?: string }
  | Extract<CompareEntry, { ok: false }>;

async function loadOne(services: Services, requested: string): Promise<Loaded> {
  try {
    let key = requested;
    if (!COMPANY_KEY_PATTERN.test(requested)) {
      const resolved = await services.resolve(requested);
      if (!resolved)
        return {
          ok: false,
          requested,
          reason: "not_found",
          message: `No company is known as “${requested}”.`,
        };
      key = resolved.companyKey;
    }
    const served = await services.profile(key);
    return { ok: true, requested, profile: served.data, warning: served.warning };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.code === "not_found" || error.code === "bad_request")
      return { ok: false, requested, reason: "not_found", message: `No company is known as “${requested}”.` };
    if (error.code === "forbidden")
      return { ok: false, requested, reason: "plan", message: "Not available on this server's plan." };
    return {
      ok: false,
      requested,
      reason: "unavailable",
      message: "The data service could not send this company just now; reload to try again.",
    };
  }
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
  const loaded = await Promise.all(keys.map((k) => loadOne(services, k)));
  const seen = new Set<string>();
  const entries: CompareEntry[] = [];
  let focus: Profile | null = null;
  let warning: string | undefined;
  for (const item of loaded) {
    if (!item.ok) {
      // A profile that failed for now is still a company the index may know: its name, not its key.
      const row = item.reason === "not_found" ? undefined : services.indexedCompany(item.requested);
      entries.push(
        row
          ? {
              ...item,
              known: {
                name: row.displayNameEnglish ?? item.requested,
                ticker: row.primaryListing.ticker,
                hasLogo: row.availableDatasets.includes("logos"),
              },
            }
          : item,
      );
      continue;
    }
    const { profile } = item;
    if (seen.has(profile.companyKey)) continue;
    seen.add(profile.companyKey);
    focus ??= profile;
    warning ??= item.warning;
    entries.push({ ok: true, requested: item.requested, company: compareCompanyOf(profile) });
  }
  const focusPeers = focus ? peerRows(focus, (k) => services.knownToHaveLogo(k)) : [];
  return { entries, focusPeers, ...(warning ? { warning } : {}) };
}

/** Stories per company asked of the top-news feed: enough to rank the set's top stories. */
export const COMPARE_NEWS_PER_COMPANY = 25;

/**
 * The top stories of the last 7 days across a set: one top-news call per company (the feed's
 * company filter, every importance), merged and ranked as the feed ranks them.
 */
export async function compareNews(
  keys: readonly string[],
  services: Services = getServices(),
): Promise<CompareNewsAnswer> {
  let warning: string | undefined;
  const results = await Promise.all(
    keys.map(async (companyKey): Promise<{ company: CompareNewsCompany; articles: TopNewsArticle[] }> => {
      try {
        const served = await services.topNews({
          companyKey,
          minImportance: 1,
          maxImportance: 5,
          pageSize: COMPARE_NEWS_PER_COMPANY,
        });
        warning ??= served.warning;
        const { data, pagination } = served.data;
        return {
          company: { companyKey, total: pagination.totalCount },
          articles: data.map((a) => ({ ...a, companyKey: a.companyKey ?? companyKey })),
        };
      } catch (error) {
        if (!isUpstreamError(error)) throw error;
        const message =
          error.code === "forbidden"
            ? "Not available on this server's plan."
            : error.code === "not_found" || error.code === "bad_request"
              ? "No such company."
              : "The data service could not send the news just now.";
        return { company: { companyKey, total: null, error: message }, articles: [] };
      }
    }),
  );
  const articles = results
    .flatMap((r) => r.articles)
    .sort((a, b) => a.importance - b.importance || b.collectedAt.localeCompare(a.collectedAt));
  return { articles, companies: results.map((r) => r.company), ...(warning ? { warning } : {}) };
}
