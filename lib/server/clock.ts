import "server-only";
// "Now" as the upstream sees it: the sandbox's pinned clock (SANDBOX_NOW) when the app runs on
// the embedded sandbox, the real clock otherwise. Pages use it for "today" and "updated ago",
// so that they agree with the data even when the sandbox clock is pinned.
import { parseSandboxNow } from "@/lib/sandbox/handler";

export function upstreamNow(): number {
  if (process.env.API_BASE_URL) return Date.now();
  return parseSandboxNow(process.env.SANDBOX_NOW)?.() ?? Date.now();
}
