// The upstream budget (issue 13): the start-up index sync (default set, then all companies)
// against the sandbox limited to 60 calls per 20 s (in-process, and over HTTP), with
// UPSTREAM_RATE_LIMIT=60/20 and without it, and what a profile call a person makes meanwhile
// costs: whether it is answered, in how long, and how long it queued for a budget slot.
import { DirectorySync } from "@/lib/directory/sync";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { getUniverse } from "@/lib/sandbox/universe";
import { LocalBudgetStore, parseUpstreamRateLimit, UpstreamBudget } from "@/lib/upstream/budget";
import { type Transport, UpstreamClient } from "@/lib/upstream/client";
import type { Priority } from "@/lib/upstream/priority";
import { startSandboxServer } from "../tests/sandbox-server";
import { ms, table } from "./stats";

const LIMIT = "60/20";
/** When the profile calls are made, after the sync starts. */
const PROFILE_AT_MS = [500, 5_000, 15_000];
/** Without a budget the sync may never finish within the service's limit: stop looking then. */
const GIVE_UP_MS = 60_000;

/** The budget, timing how long each call queues for its slot. */
class TimedBudget extends UpstreamBudget {
  readonly waits: Record<Priority, number[]> = { interactive: [], background: [] };

  override async acquire(endpoint: string, priority: Priority, maxWaitMs: number): Promise<void> {
    const started = performance.now();
    try {
      await super.acquire(endpoint, priority, maxWaitMs);
    } finally {
      this.waits[priority].push(performance.now() - started);
    }
  }
}

export async function budgetBench(): Promise<void> {
  const universe = getUniverse();
  const keys = universe.enabled.slice(500, 500 + PROFILE_AT_MS.length).map((c) => c.companyKey);
  const limit = parseUpstreamRateLimit(LIMIT);
  const rateLimit = limit ? { limit: limit.calls, windowMs: limit.windowMs } : undefined;
  const rows: (string | number)[][] = [
    [
      `sync vs a ${LIMIT} sandbox`,
      "list calls",
      "429s",
      "sync time",
      ...PROFILE_AT_MS.map((at) => `profile at ${at / 1000} s`),
      "profile slot wait (max)",
    ],
  ];
  for (const [where, budgeted] of [
    ["in-process", false],
    ["in-process", true],
    ["HTTP", false],
    ["HTTP", true],
  ] as const) {
    const sandbox = where === "HTTP" ? await startSandboxServer({ rateLimit }) : null;
    const transport: Transport | undefined = sandbox ? undefined : createSandboxHandler({ rateLimit });
    let listCalls = 0;
    let refused = 0;
    const budget = new TimedBudget(LocalBudgetStore.of(budgeted ? limit : null));
    const client = new UpstreamClient({
      baseUrl: sandbox?.baseUrl ?? "http://sandbox.internal",
      apiKey: "demo-licensed",
      transport,
      budget,
      onCall: (call) => {
        if (call.endpoint === "/v3/companies-list") listCalls++;
        if (call.status === 429) refused++;
      },
    });
    const sync = new DirectorySync(client);
    const started = performance.now();
    const profiles = PROFILE_AT_MS.map(async (at, i) => {
      await new Promise((resolve) => setTimeout(resolve, at));
      const t0 = performance.now();
      const outcome = await client.getProfile({ companyKey: keys[i] }).then(
        () => "200",
        (error: { code?: string }) => error.code ?? "error",
      );
      return `${outcome} in ${ms(performance.now() - t0)}`;
    });
    const synced = (async () => {
      await sync.sync("default");
      await sync.sync("all");
      const done = (["default", "all"] as const).every((set) => sync.progress(set).state === "ready");
      return done ? ms(performance.now() - started) : "failed";
    })();
    const timeout = new Promise<string>((resolve) =>
      setTimeout(() => resolve(`not done in ${GIVE_UP_MS / 1000} s`), GIVE_UP_MS).unref(),
    );
    const syncTime = await Promise.race([synced, timeout]);
    const answers = await Promise.all(profiles);
    rows.push([
      `${where}, ${budgeted ? `UPSTREAM_RATE_LIMIT=${LIMIT}` : "no UPSTREAM_RATE_LIMIT"}`,
      listCalls,
      refused,
      syncTime,
      ...answers,
      ms(Math.max(0, ...budget.waits.interactive)),
    ]);
    await sync.stop();
    await sandbox?.close();
  }
  table(rows);
}
