import "server-only";
import { getSandboxHandler } from "@/lib/sandbox/handler";
import { type ClientOptions, UpstreamClient } from "./client";
import { readUpstreamConfig } from "./config";

/** Host name used for in-process sandbox requests; never resolved on the network. */
export const SANDBOX_ORIGIN = "http://sandbox.internal";

/**
 * The client for the configured upstream: the real service when API_BASE_URL is set,
 * otherwise the embedded sandbox called in-process (no network hop).
 */
export function createUpstreamClient(overrides: Partial<ClientOptions> = {}): UpstreamClient {
  const config = readUpstreamConfig();
  return new UpstreamClient({
    baseUrl: config.baseUrl ?? SANDBOX_ORIGIN,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    totalBudgetMs: config.totalBudgetMs,
    breaker: config.breaker,
    transport: config.baseUrl ? undefined : (request) => getSandboxHandler()(request),
    ...overrides,
  });
}

export { type CompanyLookup, type LogoVariant, UpstreamClient } from "./client";
export { isUpstreamError, UpstreamError, type UpstreamErrorCode } from "./errors";
export * from "./schemas";
