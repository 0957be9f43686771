// Runs once when a server starts: check the configuration (a mistake stops the start with a
// readable message), warm the embedded sandbox (when it is the data source) and start the
// directory's first sync, so the first requests find data instead of paying for it; and stop
// cleanly on SIGTERM and SIGINT.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { getConfig } = await import("@/lib/server/config");
  const { formatFaultSpec } = await import("@/lib/sandbox/faults");
  const { checkCacheDir } = await import("@/lib/server/cache-tiers");
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
  // Pages kept and renders bounded (lib/server/page-cache.ts), in the request hook below.
  const { front } = await import("@/lib/server/page-cache");
  front({ keepMs: config.pageCacheMs, renders: config.pageRenderLimit });
  // Requests worked on a few at a time, in order (lib/server/request-slots.ts), behind the front.
  const { requestSlots } = await import("@/lib/server/request-slots");
  requestSlots({ limit: config.requestLimit });
  // Route handlers see the socket's address (for the API's per-client rate limit); the build's
  // scripts and stylesheets, and public/'s files, are answered from memory, compressed once
  // (lib/server/static-front.ts; not under `next dev`, whose chunks change under the same names).
  const { installRequestHook } = await import("@/lib/server/client-address");
  const { StaticFront } = await import("@/lib/server/static-front");
  const production = process.env.NODE_ENV === "production";
  installRequestHook(production ? new StaticFront(`${config.distDir}/static`, "public") : undefined);
  // On SIGTERM/SIGINT, before the process exits: the sync's lease given back, writes landed.
  const { installShutdown } = await import("@/lib/server/shutdown");
  const { builtServices } = await import("@/lib/server/services");
  installShutdown(async () => {
    await builtServices()?.shutdown();
  });
  setTimeout(async () => {
    if (!config.upstream.baseUrl) {
      const { getUniverse } = await import("@/lib/sandbox/universe");
      const started = performance.now();
      getUniverse();
      console.log(`sandbox: API-enabled companies ready in ${Math.round(performance.now() - started)} ms`);
    }
    const { getServices } = await import("@/lib/server/services");
    getServices();
  }, 0);
}
