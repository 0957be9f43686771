import "server-only";
import { getConfig } from "./config";

/**
 * "Now" for the data: the embedded sandbox's pinned clock (SANDBOX_NOW, used by the browser
 * tests) when the app runs on the sandbox, otherwise the real clock. "Today", "updated 3 hours
 * ago" and the news date limits are computed against it, so they agree with the data they describe.
 */
export function dataNow(): number {
  const { upstream, sandbox } = getConfig();
  if (upstream.baseUrl) return Date.now();
  return sandbox.nowMs ?? Date.now();
}
