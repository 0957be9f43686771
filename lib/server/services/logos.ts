import "server-only";
// Company logos: cached for days, asked for as background work, and given up on after a wait while
// the call goes on and fills the cache.
import type { Served } from "@/lib/api-types";
import { inBackground } from "@/lib/upstream/priority";
import type { LogoVariant } from "@/lib/upstream/vocabulary";
import type { SwrCache } from "../cache/cache";
import type { Companies } from "./companies";
import type { ServiceParts } from "./served";

const DAY = 24 * 60 * 60_000;

export class Logos {
  readonly cache: SwrCache<Uint8Array>;

  constructor(
    private readonly parts: ServiceParts,
    private readonly companies: Companies,
  ) {
    this.cache = parts.cache("logo", {
      freshMs: 7 * DAY,
      staleMs: 30 * DAY,
      errorMs: 90 * DAY,
      maxEntries: 4000,
    });
  }

  /**
   * A logo. With `waitMs`: null once the data service has been asked for it that long without an
   * answer (by this request or one before it), while the call goes on and fills the cache. Reading
   * the caches (this process's, the disk's or Redis's) is never cut short, however busy the server.
   * Cached under the upper-case key, and asked for by it too: an answer to another spelling (a 404
   * from a case-sensitive API) must not stand in the cache for the company's own.
   */
  async get(
    companyKey: string,
    variant: LogoVariant,
    waitMs = Number.POSITIVE_INFINITY,
  ): Promise<Served<Uint8Array> | null> {
    const upper = companyKey.toUpperCase();
    const key = `${upper}:${variant}`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let giveUp: (value: null) => void = () => {};
    const late = new Promise<null>((resolve) => {
      giveUp = resolve;
    });
    // Background work for the upstream budget: a page's own data goes first, and a logo that waits
    // shows its initials meanwhile (the call goes on and fills the cache).
    const loading = this.cache.get(
      key,
      () => inBackground(() => this.parts.client.getLogo({ companyKey: upper }, variant)),
      {
        // The clock runs from when this request waits on the data service (its call or one under way).
        onLoad: () => {
          if (Number.isFinite(waitMs)) timer = setTimeout(giveUp, waitMs, null);
        },
      },
    );
    try {
      const cached = await Promise.race([loading, late]);
      if (cached !== null) return this.parts.serve(cached);
      loading.catch(() => {}); // a failure is the cache's to keep
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Whether the directory index knows that a company has logos. Unknown (the first sync still
   * running) counts as no: a page shows initials rather than spend an upstream call on a 404.
   */
  known(companyKey: string): boolean {
    return this.companies.row(companyKey)?.availableDatasets.includes("logos") ?? false;
  }
}
