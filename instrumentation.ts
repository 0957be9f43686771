// Runs once when a server starts: check the configuration (a mistake stops the start with a
// readable message), warm the embedded sandbox (when no API_BASE_URL is set) and start the
// directory's first sync, so the first requests find data instead of paying for it.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { readUpstreamConfig } = await import("@/lib/upstream/config");
  const { getFaultInjector, formatFaultSpec } = await import("@/lib/sandbox/faults");
  const { refreshMsFromEnv } = await import("@/lib/server/services");
  const { getApiRateLimit } = await import("@/lib/server/rate-limit");
  const { cacheDirFromEnv, checkCacheDir } = await import("@/lib/server/cache-tiers");
  const { redisUrlFromEnv } = await import("@/lib/server/redis");
  const { getPageMissLimiter } = await import("@/lib/server/page-budget");
  try {
    const upstream = readUpstreamConfig(); // API_BASE_URL, API_KEY, UPSTREAM_*, SANDBOX_MOUNT
    if (upstream.baseUrl && upstream.sandboxMounted)
      console.log("sandbox: mounted at /sandbox beside the real service (SANDBOX_MOUNT=1)");
    refreshMsFromEnv();
    getApiRateLimit(); // API_RATE_LIMIT and TRUSTED_PROXY_HOPS
    redisUrlFromEnv();
    await checkCacheDir(cacheDirFromEnv());
    getPageMissLimiter(); // PAGE_MISS_LIMIT

    const faults = getFaultInjector().current();
    if (faults) console.log(`sandbox: fault mode on: ${formatFaultSpec(faults)}`);
  } catch (error) {
    console.error(`Configuration error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  // Route handlers see the socket's address (for the API's per-client rate limit).
  const { installPeerAddressStamp } = await import("@/lib/server/client-address");
  installPeerAddressStamp();
  setTimeout(async () => {
    if (!process.env.API_BASE_URL) {
      const { getUniverse } = await import("@/lib/sandbox/universe");
      const started = performance.now();
      getUniverse();
      console.log(`sandbox: API-enabled companies ready in ${Math.round(performance.now() - started)} ms`);
    }
    const { getServices } = await import("@/lib/server/services");
    getServices();
  }, 0);
}
