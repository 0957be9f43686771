import type { SandboxHandler } from "./handler";

/** The path under which the app serves the sandbox (DESIGN.md). */
export const SANDBOX_MOUNT = "/sandbox";

/** Serves a sandbox handler under a path prefix: /sandbox/v3/... reaches the handler as /v3/... */
export function mountSandbox(handler: SandboxHandler, prefix = SANDBOX_MOUNT): SandboxHandler {
  return (request) => {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || "/" : url.pathname;
    return handler(
      new Request(new URL(`${path}${url.search}`, url.origin), {
        method: request.method,
        headers: request.headers,
      }),
    );
  };
}
