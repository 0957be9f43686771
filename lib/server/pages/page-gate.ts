import "server-only";
// The page gate: proxy.ts loads the upstream data a page needs before the page renders, with the
// client's page-miss budget (page-budget.ts) and a deadline. Answered in time: the page renders
// from the now-warm caches, with its real status (404, 308). A failing or rate-limited upstream:
// the page answers 503 with Retry-After (page-status.ts). Still loading at the deadline: the page
// is told to stream (upstreamIsSlow), so its document arrives at once and the data fills in.
import { headers } from "next/headers";
import { settleWithin } from "@/lib/settle-within";
import { isUpstreamError } from "@/lib/upstream/errors";
import { PageBudgetExceeded, withPageMissBudget } from "../budget/page-budget";
import { getConfig } from "../config";
import { PREFETCH_HEADER } from "../front/request-target";
import { getServices } from "../services/services";
import { type PageStatusCause, pageStatusOf } from "./page-status";
import { pageRouteOf } from "./routes";

/** How long a page waits for the upstream before it streams: its document within 3 s. */
export const SLOW_UPSTREAM_MS = 2000;

/** Request header by which the gate tells a page to stream; the proxy removes any a client sends. */
export const UPSTREAM_SLOW_HEADER = "x-fiscal-atlas-upstream-slow";

export type GateOutcome = { kind: "ready" } | { kind: "slow" } | { kind: "status"; cause: PageStatusCause };

/** Loads a page's data for `client` and says how the page should answer. */
export async function gatePage(
  url: URL,
  client: string,
  slowMs: number = SLOW_UPSTREAM_MS,
): Promise<GateOutcome> {
  const page = pageRouteOf(url.pathname);
  const loader = page?.route.load;
  if (!page || !loader) return { kind: "ready" };
  const load = withPageMissBudget(client, () => loader(url, page.segment)).then(
    (): GateOutcome => ({ kind: "ready" }),
    (error: unknown): GateOutcome => {
      if (error instanceof PageBudgetExceeded)
        return {
          kind: "status",
          cause: { status: 429, code: "page_budget", retryAfterSeconds: error.retryAfterSeconds },
        };
      if (isUpstreamError(error)) {
        const cause = pageStatusOf(error, getConfig().upstream.breaker.cooldownMs);
        if (cause) return { kind: "status", cause };
      }
      // Anything else is the page's to show (its own error boundary).
      return { kind: "ready" };
    },
  );
  const outcome = await settleWithin(load, slowMs, (): GateOutcome => ({ kind: "slow" }));
  return outcome.kind === "slow" ? (pausedStatus() ?? outcome) : outcome;
}

/**
 * Still loading while the client holds its calls back (a Retry-After it waits out, an open
 * breaker): the page is not slow but refused, so it answers 503 until the pause ends.
 */
function pausedStatus(): GateOutcome | null {
  const { client } = getServices();
  const paused = client.pausedReason();
  if (!paused) return null;
  const health = client.health();
  const until =
    paused === "rate_limited" ? Date.parse(health.rateLimitedUntil ?? "") : health.breaker.probeAt;
  const retryAfterMs = until !== null && Number.isFinite(until) ? Math.max(0, until - Date.now()) : undefined;
  const cause = pageStatusOf(
    { code: paused, details: { retryAfterMs } },
    getConfig().upstream.breaker.cooldownMs,
  );
  return cause ? { kind: "status", cause } : null;
}

/**
 * Whether this render is one of Next's link prefetches, which the gate lets through uncharged: it
 * must not reach the upstream. Next renders no page for one, but its metadata-only prefetch runs
 * the page's generateMetadata, which then names the page from what is already at hand.
 */
export async function isLinkPrefetch(): Promise<boolean> {
  return (await headers()).get(PREFETCH_HEADER) === "1";
}

/** Whether the gate found the upstream slow for this request: the page streams its data. */
export async function upstreamIsSlow(): Promise<boolean> {
  return (await headers()).get(UPSTREAM_SLOW_HEADER) === "1";
}
