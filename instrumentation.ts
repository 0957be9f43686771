// Runs once when a server starts: check the configuration (a mistake stops the start with a
// readable message), warm the embedded sandbox (when it is the data source) and start the
// directory's first sync, so the first requests find data instead of paying for it; and register
// the work to do on the way out. (The server in front of Next is server.ts.)
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { getConfig } = await import("@/lib/server/config");
  const { formatFaultSpec } = await import("@/lib/sandbox/faults");
  const { checkCacheDir } = await import("@/lib/server/cache/cache-tiers");
  let config: ReturnType<typeof getConfig>;
  try {
    config = getConfig();
    await checkCacheDir(config.cacheDir);
  } catch (error) {
    console.error(`Configuration error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // Who gets in, in one line (lib/server/access/viewer.ts; docs/security.md).
  const { accessLine } = await import("@/lib/server/access/viewer");
  console.log(accessLine(config));
  if (config.upstream.baseUrl && config.upstream.sandboxMounted)
    console.log("sandbox: mounted at /sandbox beside the real service (SANDBOX_MOUNT=1)");
  if (config.sandbox.faults) console.log(`sandbox: fault mode on: ${formatFaultSpec(config.sandbox.faults)}`);
  // On SIGTERM/SIGINT, before the process exits (server.ts): the sync's lease given back, writes landed.
  const { onShutdown } = await import("@/lib/server/front/shutdown");
  const { builtServices } = await import("@/lib/server/services/services");
  onShutdown(async () => {
    await builtServices()?.shutdown();
  });
  setTimeout(async () => {
    if (!config.upstream.baseUrl) {
      const { getUniverse } = await import("@/lib/sandbox/universe");
      const started = performance.now();
      getUniverse();
      console.log(`sandbox: API-enabled companies ready in ${Math.round(performance.now() - started)} ms`);
    }
    const { getServices } = await import("@/lib/server/services/services");
    getServices();
  }, 0);
}
