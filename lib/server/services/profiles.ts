import "server-only";
// Company profiles, v3 and the deprecated v2, each cached under the key asked and its canonical one,
// with the age of their live fields.
import type { ServedProfile } from "@/lib/api-types";
import { LIVE_FIELDS_TTL_MS } from "@/lib/profile/live-fields";
import type { CompanyLookup } from "@/lib/upstream/client";
import type { Profile, ProfileV2 } from "@/lib/upstream/schemas";
import type { Cached, SwrCache } from "../cache/cache";
import { type ServiceParts, stableKey } from "./served";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Profiles stay cached longer than their live fields may age: those are refreshed on their own. */
const LIVE_REFRESH = { revalidateAfterMs: LIVE_FIELDS_TTL_MS };

export class Profiles {
  readonly cache: SwrCache<Profile>;
  /** The deprecated v2 profile, for the profile page's API view. */
  readonly cacheV2: SwrCache<ProfileV2>;

  constructor(private readonly parts: ServiceParts) {
    this.cache = parts.cache("profile", {
      freshMs: 30 * MINUTE,
      staleMs: DAY,
      errorMs: 7 * DAY,
      maxEntries: 5000,
    });
    this.cacheV2 = parts.cache("profile-v2", {
      freshMs: 30 * MINUTE,
      staleMs: DAY,
      errorMs: 7 * DAY,
      maxEntries: 1000,
    });
  }

  get(companyKey: string): Promise<ServedProfile> {
    return this.served(this.cache, companyKey, (key) => this.parts.client.getProfile({ companyKey: key }));
  }

  /** The deprecated v2 profile, cached like the v3 one. */
  getV2(companyKey: string): Promise<ServedProfile<ProfileV2>> {
    return this.served(this.cacheV2, companyKey, (key) =>
      this.parts.client.getProfileV2({ companyKey: key }),
    );
  }

  /**
   * The profile a lookup by another identifier (a FIGI, an ISIN, a CIK, a former ticker) finds,
   * cached under the lookup (a miss too) and under the company's key.
   */
  async lookUp(lookup: CompanyLookup): Promise<Profile> {
    const cached = await this.cache.get(`lookup:${stableKey(lookup)}`, () =>
      this.parts.client.getProfile(lookup),
    );
    this.cache.set(cached.value.companyKey, cached.value, cached.fetchedAt);
    return cached.value;
  }

  /** A profile from its cache, also kept under its canonical key when asked by another. */
  private async served<P extends Profile | ProfileV2>(
    cache: SwrCache<P>,
    companyKey: string,
    load: (key: string) => Promise<P>,
  ): Promise<ServedProfile<P>> {
    const key = companyKey.toUpperCase();
    const cached = await cache.get(
      key,
      async () => {
        const profile = await load(key);
        // The same profile under its canonical key: a later visit by that key is a cache hit.
        if (profile.companyKey !== key) cache.set(profile.companyKey, profile);
        return profile;
      },
      LIVE_REFRESH,
    );
    return this.withLiveFields(cached);
  }

  /** The profile with the age of its live fields (the cache refreshes them past their limit). */
  private withLiveFields<P extends Profile | ProfileV2>(cached: Cached<P>): ServedProfile<P> {
    return { ...this.parts.serve(cached), liveFieldsAgeMs: Math.max(0, this.parts.now() - cached.fetchedAt) };
  }
}
