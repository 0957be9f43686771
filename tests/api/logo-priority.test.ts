// Logos yield to page data on a shared upstream budget: the logo calls are background work.
import { describe, expect, it } from "vitest";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { Services } from "@/lib/server/services/services";
import { UpstreamClient } from "@/lib/upstream/client";
import { currentPriority, type Priority } from "@/lib/upstream/priority";

describe("upstream priority of a page's parts", () => {
  it("asks for a logo as background work, and for a profile as a person's call", async () => {
    const sandbox = createSandboxHandler({ now: () => Date.parse("2026-11-20T15:00:00Z") });
    const seen: [string, Priority][] = [];
    const client = new UpstreamClient({
      baseUrl: "http://sandbox.internal",
      apiKey: "demo-licensed",
      retries: 0,
      transport: (request) => {
        seen.push([new URL(request.url).pathname, currentPriority()]);
        return sandbox(request);
      },
    });
    const services = new Services({ startSync: false, client, tier: null, snapshots: null });
    await services.profiles.get("XSHE_300980");
    expect(await services.logos.get("XSHE_300980", "icon")).not.toBeNull();
    expect(seen).toEqual([
      ["/v3/company/profile", "interactive"],
      ["/v2/company/logo", "background"],
    ]);
  });
});
