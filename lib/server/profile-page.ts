import "server-only";
import type { ServedProfile } from "@/lib/api-types";
// What the profile page shows for a URL segment, decided without rendering: the page and the page
// gate (proxy.ts, which loads it before the page renders) ask the same question.
import { profileHref } from "@/lib/hrefs";
import { COMPANY_KEY_PATTERN, MAX_COMPANY_KEY_LENGTH } from "@/lib/identifiers";
import { isUpstreamError } from "@/lib/upstream/errors";
import { getServices } from "./services";

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
    let resolved: Awaited<ReturnType<typeof services.resolve>>;
    try {
      resolved = await services.resolve(requested);
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
    served = await services.profile(requested);
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
