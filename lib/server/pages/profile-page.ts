// What the profile page shows for a URL segment, decided without rendering: the page and the page
// gate (proxy.ts, which loads it before the page renders) ask the same question. And the parts of
// the page that need no upstream call: its peers' rows, its history, the index's name and title
// for it.
import "server-only";
import type { ServedProfile } from "@/lib/api-types";
import { companyHistory, type ShownChange } from "@/lib/directory/changes";
import { plainText, venueLabel } from "@/lib/format";
import { profileHref } from "@/lib/hrefs";
import { COMPANY_KEY_PATTERN, MAX_COMPANY_KEY_LENGTH } from "@/lib/identifiers";
import { type PeerRow, peerRows } from "@/lib/profile/peer-rows";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { Profile } from "@/lib/upstream/schemas";
import { changesForLicence } from "../access/licensed";
import { getServices, type Services } from "../services/services";

export type ProfilePageData =
  | { kind: "profile"; served: ServedProfile }
  | { kind: "plan"; reason: string }
  | { kind: "redirect"; to: string }
  | { kind: "not-found" };

/**
 * The canonical profile for a URL segment: a non-canonical key (former ticker, secondary
 * listing, other case) or another identifier redirects permanently to the canonical key; an
 * unknown company is a real 404; a company outside the server's plan is the plan page. Other
 * upstream failures are thrown.
 */
export async function profilePageData(requested: string): Promise<ProfilePageData> {
  const services = getServices();
  if (!requested || requested.length > MAX_COMPANY_KEY_LENGTH) return { kind: "not-found" };
  if (!COMPANY_KEY_PATTERN.test(requested)) {
    let resolved: Awaited<ReturnType<typeof services.companies.resolve>>;
    try {
      resolved = await services.companies.resolve(requested);
    } catch (error) {
      if (isUpstreamError(error) && error.code === "forbidden")
        return { kind: "plan", reason: error.message };
      if (isUpstreamError(error) && error.code === "bad_request") return { kind: "not-found" };
      throw error;
    }
    if (!resolved) return { kind: "not-found" };
    // A key this app's pattern does not know is still the upstream's: shown here, not redirected
    // to the URL it came from.
    if (resolved.companyKey !== requested)
      return { kind: "redirect", to: profileHref(resolved.companyKey, requested) };
  }
  let served: ServedProfile;
  try {
    served = await services.profiles.get(requested);
  } catch (error) {
    if (isUpstreamError(error) && (error.code === "not_found" || error.code === "bad_request"))
      return { kind: "not-found" };
    if (isUpstreamError(error) && error.code === "forbidden") return { kind: "plan", reason: error.message };
    throw error;
  }
  const canonical = served.data.companyKey;
  if (canonical !== requested) {
    return {
      kind: "redirect",
      to: profileHref(canonical, canonical === requested.toUpperCase() ? undefined : requested),
    };
  }
  return { kind: "profile", served };
}

/** The company's name in the directory index, for a page that must not wait for the upstream. */
/** The directory index's row for a key as asked (any case): no call to the data service. */
const indexedRow = (requested: string) => getServices().companies.row(requested.toUpperCase());

export function indexedName(requested: string): string | undefined {
  const row = indexedRow(requested);
  return row ? row.displayNameEnglish || row.companyKey : undefined;
}

/** A profile's page title, "Name (XNAS: TICK)", from its profile or from the index's row alike. */
export function profileTitle(company: {
  companyKey: string;
  displayNameEnglish?: string | null;
  primaryListing?: { exchangeCode: string; ticker: string } | null;
}): string {
  const name = company.displayNameEnglish || company.companyKey;
  const line = company.primaryListing ? ` (${venueLabel(company.primaryListing)})` : "";
  return plainText(`${name}${line}`);
}

/** A company's ticker as the index knows it, else the key asked for: short words for a title. */
export function indexedTicker(requested: string): string {
  return plainText(indexedRow(requested)?.primaryListing?.ticker || requested);
}

/** The title the index can give a company while the upstream is slow (the same as its profile's). */
export function indexedTitle(requested: string): string | undefined {
  const row = indexedRow(requested);
  return row ? profileTitle(row) : undefined;
}

/**
 * The profile's peers as its table and the comparison's graph show them: a logo only where the
 * company is known to have one, and marked off this server's plan where that is known.
 */
export function profilePeers(profile: Profile, services: Services = getServices()): PeerRow[] {
  return peerRows(profile, {
    hasLogo: (key) => services.logos.known(key),
    onPlan: (key) => services.companies.onPlan(key),
  });
}

export interface ProfileHistory {
  /** When this app started watching the company list; null before its first completed sync. */
  watchingSince: number | null;
  changes: ShownChange[];
}

/**
 * What changed in this company's reference data since the app has watched the company list
 * (a licensed identifier's changes only when `licensed`).
 */
export async function profileHistory(profile: Profile, licensed = true): Promise<ProfileHistory> {
  const services = getServices();
  const log = await services.changeLog.current();
  return {
    watchingSince: log.watchingSince,
    changes: services.companies.withStandings(changesForLicence(companyHistory(log, profile), licensed)),
  };
}

/** What the company lists (no upstream call) add to a profile. */
export interface ProfileListFacts {
  /** Whether the company is in the API-enabled set; null while that list is not complete. */
  apiEnabled: boolean | null;
  /** The company's updatedAt (Unix s) as the last list sync saw it, when the index has the company. */
  updatedAt: number | null;
}

export function profileListFacts(profile: Profile): ProfileListFacts {
  const { companies } = getServices();
  const { default: enabled } = companies.status();
  const listed = companies.rowOf(profile, "default");
  return {
    apiEnabled: enabled.state === "ready" ? listed !== undefined : null,
    updatedAt: (listed ?? companies.rowOf(profile, "all"))?.updatedAt ?? null,
  };
}
