// The embedded sandbox API over HTTP: /sandbox/<contract path>, e.g. /sandbox/v3/companies-list.
// It serves the sandbox's own demo data to holders of its demo keys; it never forwards to the
// real service and never uses the stored API key.
import { getSandboxHandler } from "@/lib/sandbox/handler";
import { mountSandbox } from "@/lib/sandbox/mount";

export const dynamic = "force-dynamic";

const handle = (request: Request) => mountSandbox(getSandboxHandler())(request);

export const GET = handle;
export const HEAD = handle;
