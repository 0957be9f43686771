// The embedded sandbox API over HTTP: /sandbox/<contract path>, e.g. /sandbox/v3/companies-list.
// It serves the sandbox's own demo data to holders of its demo keys; it never forwards to the
// real service and never uses the stored API key. Mounted only when the sandbox is the data
// source or SANDBOX_MOUNT=1, and under the same per-client limit as /api.

import { getConfig } from "@/lib/server/config";
import { errorBody, handler } from "@/lib/server/http/http";

export const dynamic = "force-dynamic";

// Public like any API's own door: the sandbox asks for its demo keys, serves made-up companies,
// and gives licensed identifiers only to its licensed demo key, as the contract says.
const serve = handler(
  async (request) => {
    // Loaded on the first mounted request only: an unmounted server never builds the universe.
    const [{ getSandboxHandler }, { mountSandbox }] = await Promise.all([
      import("@/lib/sandbox/instance"),
      import("@/lib/sandbox/mount"),
    ]);
    return mountSandbox(getSandboxHandler())(request);
  },
  { public: true },
);

async function handle(request: Request): Promise<Response> {
  if (!getConfig().upstream.sandboxMounted)
    return errorBody(404, [{ message: "Not found.", code: "not_found" }]);
  return serve(request);
}

export const GET = handle;
export const HEAD = handle;
