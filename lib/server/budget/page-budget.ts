// The pages' per-client budget of upstream misses (PAGE_MISS_LIMIT). A page request spends one
// unit for each answer it needs that no cache holds (a made-up profile URL, each unknown company
// of a /compare); answers served from a cache, and loads already in flight, cost nothing. The
// page gate (proxy.ts) runs a page's loads inside withPageMissBudget; the caches call
// chargePageMiss on a miss, which throws PageBudgetExceeded when the client has nothing left. The
// API routes that ask for many companies at once run theirs inside a budget of the same size,
// counted apart (getApiMissLimiter, http.ts's chargeMisses).
import { AsyncLocalStorage } from "node:async_hooks";
import { crossBundleError } from "@/lib/cross-bundle-error";
import { processWide, setProcessWide } from "@/lib/process-wide";
import { getSharedRedis } from "../cache/redis";
import { getConfig } from "../config";
import { type ClientLimiter, RateLimiter } from "../http/rate-limit";

// Thrown by one bundle's copy of this module and caught by another's (the caches of the shared
// Services, the gate in proxy.ts).
export class PageBudgetExceeded extends crossBundleError("company-dashboard.page-budget-exceeded") {
  override readonly name = "PageBudgetExceeded";

  constructor(readonly retryAfterSeconds: number) {
    super("too many upstream misses from this client");
  }
}

interface Charge {
  limiter: ClientLimiter;
  client: string;
}

// One store and one limiter per process: proxy.ts and every route bundle have their own copy of
// this module, and all of them must see the same budget.
const store = processWide("page-miss-store", () => new AsyncLocalStorage<Charge>());

/** A process-wide budget of PAGE_MISS_LIMIT's size, counted under `prefix` (null: off). */
function limiterIn(prefix: "page-miss" | "api-miss"): ClientLimiter | null {
  return processWide(`${prefix}-limit`, () => {
    const config = getConfig().pageMissLimit;
    return { limiter: config ? new RateLimiter(config, getSharedRedis(), prefix) : null };
  }).limiter;
}

/** The pages' budget, configured from the environment (null: off). */
export function getPageMissLimiter(): ClientLimiter | null {
  return limiterIn("page-miss");
}

/**
 * The same budget for the API routes that ask for many companies at once (a watchlist, a
 * comparison, a watchlist's feed), counted apart so that the pages' budget is not spent twice.
 */
export function getApiMissLimiter(): ClientLimiter | null {
  return limiterIn("api-miss");
}

/** Replaces the process-wide budgets (the pages' and the fan-out routes'): for tests. */
export function setPageMissLimiter(limiter: ClientLimiter | null | undefined): void {
  for (const prefix of ["page-miss", "api-miss"])
    setProcessWide(`${prefix}-limit`, limiter === undefined ? undefined : { limiter });
}

/** Runs a page's loads (or a fan-out route's: `limiter`) with their cache misses charged to `client`. */
export function withPageMissBudget<T>(
  client: string,
  load: () => Promise<T>,
  limiter: ClientLimiter | null = getPageMissLimiter(),
): Promise<T> {
  return limiter ? store.run({ limiter, client }, load) : load();
}

/**
 * Called by a cache just before it goes upstream for a value it does not hold: charges the
 * client of the page or fan-out route being loaded, if any (other API routes and background
 * work are not charged).
 */
export async function chargePageMiss(): Promise<void> {
  const charge = store.getStore();
  if (!charge) return;
  const decision = await charge.limiter.take(charge.client);
  if (!decision.allowed) throw new PageBudgetExceeded(decision.retryAfterSeconds);
}

/** Runs `work` outside any page's budget: background refreshes are nobody's miss. */
export function uncharged<T>(work: () => T): T {
  return store.exit(work);
}
