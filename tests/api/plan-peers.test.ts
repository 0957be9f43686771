import { describe, expect, it } from "vitest";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { profilePeers } from "@/lib/server/pages/profile-page";
import { Services } from "@/lib/server/services/services";
import { UpstreamClient } from "@/lib/upstream/client";

/** Services on the sandbox with a key, its company list synced, and the list of all companies asked for (a free key's is refused). */
async function servicesWith(apiKey: string, { all }: { all: boolean }) {
  const client = new UpstreamClient({
    baseUrl: "http://sandbox.internal",
    apiKey,
    retries: 0,
    transport: createSandboxHandler({ now: () => Date.parse("2026-11-20T15:00:00Z") }),
  });
  const services = new Services({ startSync: false, client, tier: null, snapshots: null });
  await services.directory.sync("default");
  if (all) await services.directory.sync("all").catch(() => undefined);
  return services;
}

describe("peers off the plan", () => {
  it("marks a free-trial key's peers outside its list; a paid key's are not known to be off", async () => {
    const free = await servicesWith("demo-free", { all: true });
    expect(free.companies.status().all.state).toBe("unavailable");
    const listed = free.directory
      .index("default")
      .search({ limit: 1000 })
      .hits.map((h) => h.company);
    expect(listed.length).toBeGreaterThan(0);
    let found = false;
    for (const row of listed) {
      const { data: profile } = await free.profiles.get(row.companyKey);
      const peers = profilePeers(profile, free);
      if (!peers.some((p) => p.onPlan === false)) continue;
      found = true;
      for (const peer of peers)
        expect(peer.onPlan).toBe(free.companies.row(peer.companyKey, ["default"]) !== undefined);
      // A paid key's list of all companies is not refused (here not even asked for): not known.
      const paid = await servicesWith("demo-licensed", { all: false });
      const { data: same } = await paid.profiles.get(row.companyKey);
      expect(profilePeers(same, paid).map((p) => p.onPlan)).toEqual(same.peers.map(() => null));
      break;
    }
    expect(found).toBe(true);
  });
});
