// Retry-After, read the same way by the upstream client (the service's 429s) and the browser (this
// app's own 503s and 429s).

/**
 * The longest wait a Retry-After may ask: a rate window is seconds or minutes long. A larger value
 * (a misconfigured proxy, a typo) would stop every call for days, and one past the largest date
 * would break every reading of the pause; an hour, and the breaker and health probes take over.
 */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** Parses Retry-After (seconds or an HTTP date) into milliseconds, at most `MAX_RETRY_AFTER_MS`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : Date.parse(value) - now;
  return Number.isNaN(ms) ? undefined : Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}
