import "server-only";
import { sandboxNow } from "@/lib/sandbox/clock";
import { getConfig } from "../config";

/**
 * "Now" for the data: the embedded sandbox's clock (SANDBOX_NOW, used by the browser tests, or
 * moved by the clock control) when the app runs on the sandbox, otherwise the real clock. "Today",
 * "updated 3 hours ago" and the news date limits are computed against it, so they agree with the
 * data they describe.
 */
export function dataNow(): number {
  if (getConfig().upstream.baseUrl) return Date.now();
  return sandboxNow();
}
