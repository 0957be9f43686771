import "server-only";

/**
 * "Now" for the data: the embedded sandbox's pinned clock (SANDBOX_NOW, used by the browser
 * tests) when the app runs on the sandbox, otherwise the real clock. "Updated 3 hours ago" and
 * the news date limits are computed against it, so they agree with the data they describe.
 */
export function dataNow(): number {
  const pinned = process.env.API_BASE_URL ? undefined : process.env.SANDBOX_NOW;
  const ms = pinned ? Date.parse(pinned) : Number.NaN;
  return Number.isNaN(ms) ? Date.now() : ms;
}
