import "server-only";
import { IN_PROCESS_ORIGIN, type SandboxHandler } from "@/lib/sandbox/types";
import { getConfig } from "@/lib/server/config";
import { idle } from "@/lib/server/request-slots";
import { type ClientOptions, UpstreamClient } from "./client";

let sandbox: Promise<SandboxHandler> | undefined;

/** The process-wide sandbox, loaded on the first call: a server on the real service never loads it. */
function loadSandbox(): Promise<SandboxHandler> {
  sandbox ??= import("@/lib/sandbox/instance").then((module) => module.getSandboxHandler());
  return sandbox;
}

/**
 * The client for the configured upstream: the real service when API_BASE_URL is set,
 * otherwise the embedded sandbox called in-process (no network hop).
 */
export function createUpstreamClient(overrides: Partial<ClientOptions> = {}): UpstreamClient {
  const config = getConfig().upstream;
  return new UpstreamClient({
    baseUrl: config.baseUrl ?? IN_PROCESS_ORIGIN,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    totalBudgetMs: config.totalBudgetMs,
    breaker: config.breaker,
    transport: config.baseUrl ? undefined : async (request) => (await loadSandbox())(request),
    idle,
    ...overrides,
  });
}
