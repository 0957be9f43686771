import { isConnectionResetFault } from "./faults";
import type { SandboxHandler } from "./types";

const MOUNT_ORIGIN = "http://sandbox.mount";

/** The path under which the app serves the sandbox (ARCHITECTURE.md). */
export const SANDBOX_MOUNT = "/sandbox";

/** Serves a sandbox handler under a path prefix: /sandbox/v3/... reaches the handler as /v3/... */
export function mountSandbox(handler: SandboxHandler, prefix = SANDBOX_MOUNT): SandboxHandler {
  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || "/" : url.pathname;
    try {
      return await handler(
        // Its own origin: a Host header naming the in-process origin must not escape the rate limit.
        new Request(new URL(`${path}${url.search}`, MOUNT_ORIGIN), {
          method: request.method,
          headers: request.headers,
          // A caller that hangs up ends an injected hang (fault mode) instead of leaving it running.
          signal: request.signal,
        }),
      );
    } catch (error) {
      if (!isConnectionResetFault(error)) throw error;
      // Over HTTP an injected connection reset is a body that breaks off: the server drops the
      // connection and the caller's read fails, as with a real reset.
      return new Response(
        new ReadableStream({
          start(controller) {
            controller.error(new Error("connection reset (sandbox fault mode)"));
          },
        }),
        { status: 200, headers: { "content-type": "application/json; charset=utf-8" } },
      );
    }
  };
}
