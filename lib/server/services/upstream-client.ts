// The upstream client this server uses, wired from its configuration: lib/upstream knows the API,
// this module knows the settings and where the sandbox lives.
import "server-only";
import { IN_PROCESS_ORIGIN, type SandboxHandler } from "@/lib/sandbox/types";
import { type ClientOptions, UpstreamClient } from "@/lib/upstream/client";
import { folderRecorder } from "@/lib/upstream/recording";
import { getConfig } from "../config";

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
    record: config.recordDir ? folderRecorder(config.recordDir, config.apiKey) : undefined,
    ...overrides,
  });
}
