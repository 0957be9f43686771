// The texts a page shows when it serves older data, misses the company list or misses a company of
// a set (compared, followed, a feed's), in one place: the services decide when, these say what.
import type { SetFailure } from "@/lib/compare/model";
import type { SyncProgress } from "@/lib/directory/sync";
import { formatAgo, formatCount, formatSince, formatUtcTime } from "@/lib/format";
import type { BudgetStatus } from "@/lib/upstream/budget";
import { DAILY_PROBE_MS } from "@/lib/upstream/budget-policy";
import { causeOf, type FailureCause, isUpstreamError } from "@/lib/upstream/errors";

const NOT_ON_PLAN = "Not available on this server's plan.";

/** What a set names that is no company: “NYSE_NOPE” (cut at 40 characters). */
export function unknownCompany(requested: string): string {
  return `No company is known as “${requested.slice(0, 40)}”.`;
}

/**
 * Why one company of a set (compared, followed, a feed's) is missing, from the upstream error of
 * its profile or its news (anything else is thrown on), and the words for it.
 */
export function setFailureOf(
  error: unknown,
  requested: string,
  asked: "company" | "news" = "company",
): { reason: SetFailure; message: string; waitMends: boolean } {
  if (!isUpstreamError(error)) throw error;
  if (error.code === "not_found" || error.code === "bad_request")
    return { reason: "not_found", message: unknownCompany(requested), waitMends: false };
  if (error.code === "forbidden") return { reason: "plan", message: NOT_ON_PLAN, waitMends: false };
  // A limit says why, and that waiting mends it; "the data service is failing" would say it twice.
  const cause = causeOf(error);
  const why =
    cause === "rate_limited" || cause === "upstream_budget" || cause === "daily_allowance"
      ? `: ${describeUpstreamFailure(cause)}`
      : "";
  return {
    reason: "unavailable",
    message: `The data service could not send ${asked === "news" ? "the news" : "this company"} just now${why}.`,
    // A rejected key or an answer this app cannot read is not mended by asking again soon.
    waitMends: cause !== "unauthorized" && cause !== "invalid_response",
  };
}

/** What is wrong with the data service, in a few words, for a notice. */
export function describeUpstreamFailure(code: FailureCause | undefined): string {
  switch (code) {
    case "upstream_budget":
      return "this server has used its allowance of data-service requests for the moment";
    case "daily_allowance":
      return "today's allowance of data-service requests is spent, and it resets at 00:00 UTC";
    case "allowance_reserve":
      return "this server keeps the rest of today's data-service requests for pages not seen yet";
    case "rate_limited":
      return "the data service is limiting this server's requests";
    case "unauthorized":
      return "the data service is rejecting this server's key";
    case "invalid_response":
      return "the data service is sending answers this app cannot read";
    default:
      return "the data service is failing";
  }
}

/** "Showing data as of 12 minutes ago; the data service is failing." */
export function staleWarning(fetchedAt: number, now: number, code: FailureCause | undefined): string {
  return `Showing data as of ${formatSince(fetchedAt, now)}; ${describeUpstreamFailure(code)}.`;
}

/** The company list could not be loaded: with the rows received so far, if any, and when it is tried again. */
export function indexUnavailable(
  progress: SyncProgress,
  code: FailureCause | undefined,
  now: number,
): string {
  return `The company list could not be loaded: ${describeUpstreamFailure(code)}. ${
    progress.rows > 0
      ? `Showing the ${formatCount(progress.rows)} companies received so far; the rest is`
      : "It is"
  } tried again ${retryIn(progress.retryAt ?? null, now)}.`;
}

/** "in 3 minutes": when a retry is due; "automatically" when that is not known, or due now. */
function retryIn(retryAt: number | null, now: number): string {
  return retryAt === null || retryAt - now < 5_000 ? "automatically" : formatAgo(retryAt, now);
}

/**
 * What the upstream budget's state means for the pages, in plain words (/api/health, /status);
 * null when there is nothing to say. The day's allowance spent: what is shown comes from the
 * cache, with its age, and the reset is at 00:00 UTC.
 */
export function budgetNotice(budget: BudgetStatus, now: number): string | null {
  const { pause, today, nextProbeAt } = budget;
  const reset = Date.parse(today.resetsAt);
  const untilReset = `until the day's allowance resets at 00:00 UTC (${formatAgo(reset, now)})`;
  const cached =
    "pages show the data this server has cached, each with how old it is, and pages whose data is not cached cannot be loaded";
  if (pause?.kind === "daily") {
    const next = nextProbeAt ? ` (the next ${formatAgo(nextProbeAt, now)})` : "";
    return `The data service's daily limit for this server's key is reached: ${cached} ${untilReset}. One call every ${DAILY_PROBE_MS / 60_000} minutes${next} checks whether the limit has lifted.`;
  }
  if (today.limit !== null && today.used >= today.limit)
    return `Today's allowance of ${formatCount(today.limit)} data-service calls (UPSTREAM_DAILY_LIMIT) is spent: ${cached} ${untilReset}.`;
  if (pause)
    return `The data service asked this server to wait until ${formatUtcTime(pause.until)} (${formatAgo(pause.until, now)}): pages show cached data meanwhile.`;
  if (today.limit !== null && today.reserve !== null && today.used >= today.limit - today.reserve)
    return `Background work has stopped for today: the remaining ${formatCount(today.limit - today.used)} of today's ${formatCount(today.limit)} data-service calls are kept for pages people open, so cached data is refreshed only when someone opens it after it has aged.`;
  return null;
}
