import "server-only";
import { getConfig } from "@/lib/server/config";
import { type ClientOptions, UpstreamClient } from "./client";

/** Host name used for in-process sandbox requests; never resolved on the network. */
export const SANDBOX_ORIGIN = "http://sandbox.internal";

/**
 * The client for the configured upstream: the real service when API_BASE_URL is set,
 * otherwise the embedded sandbox called in-process (no network hop).
 */
export function createUpstreamClient(overrides: Partial<ClientOptions> = {}): UpstreamClient {
  const config = getConfig().upstream;
  return new UpstreamClient({
    baseUrl: config.baseUrl ?? SANDBOX_ORIGIN,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    totalBudgetMs: config.totalBudgetMs,
    breaker: config.breaker,
    // Loaded on the first call: a server on the real service never loads the sandbox.
    transport: config.baseUrl
      ? undefined
      : async (request) => (await import("@/lib/sandbox/instance")).getSandboxHandler()(request),
    ...overrides,
  });
}

export { type CompanyLookup, type LogoVariant, UpstreamClient } from "./client";
export { isUpstreamError, UpstreamError, type UpstreamErrorCode } from "./errors";
export * from "./schemas";
