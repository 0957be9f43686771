import "server-only";
import { parseSandboxNow } from "@/lib/sandbox/handler";

/**
 * "Now" for the data: the embedded sandbox's pinned clock (SANDBOX_NOW, used by the browser
 * tests) when the app runs on the sandbox, otherwise the real clock. "Today", "updated 3 hours
 * ago" and the news date limits are computed against it, so they agree with the data they describe.
 */
export function dataNow(): number {
  if (process.env.API_BASE_URL) return Date.now();
  return parseSandboxNow(process.env.SANDBOX_NOW)?.() ?? Date.now();
}
