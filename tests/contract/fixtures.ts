// Shared set-up for the contract tests: the sandbox over real HTTP with a pinned clock, the
// typed client pointed at it, and finders for companies with particular traits.
import { afterAll, beforeAll } from "vitest";
import type { CompanyRec } from "@/lib/sandbox/universe";
import { getUniverse } from "@/lib/sandbox/universe";
import { UpstreamClient } from "@/lib/upstream/client";
import { type RunningSandbox, startSandboxServer } from "../sandbox-server";

export const NOW = Date.parse("2026-11-20T15:00:00Z");
export const TODAY = "2026-11-20";

export interface Harness {
  baseUrl: string;
  client(key?: string): UpstreamClient;
  /** Raw GET of a contract path with query parameters (no key unless given). */
  get(path: string, params?: Record<string, string | number | boolean>, key?: string): Promise<Response>;
}

export function setupSandbox(): Harness {
  let server: RunningSandbox | undefined;
  beforeAll(async () => {
    getUniverse();
    server = await startSandboxServer({ now: () => NOW });
  });
  afterAll(async () => server?.close());
  const baseUrl = () => {
    if (!server) throw new Error("sandbox not started");
    return server.baseUrl;
  };
  return {
    get baseUrl() {
      return baseUrl();
    },
    client: (key = "demo-licensed") => new UpstreamClient({ baseUrl: baseUrl(), apiKey: key, retries: 0 }),
    get: (path, params = {}, key) => {
      const url = new URL(baseUrl() + path);
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
      return fetch(url, key ? { headers: { "X-Api-Key": key } } : undefined);
    },
  };
}

export function findCompany(predicate: (c: CompanyRec) => boolean, message: string): CompanyRec {
  const found = getUniverse().enabled.find(predicate) ?? getUniverse().companies.find(predicate);
  if (!found) throw new Error(`the universe has no company that ${message}`);
  return found;
}

export async function errorMessage(response: Response): Promise<string> {
  const body = (await response.json()) as { errors?: { message: string }[] };
  if (!Array.isArray(body.errors) || typeof body.errors[0]?.message !== "string") {
    throw new Error(`not a contract error body: ${JSON.stringify(body)}`);
  }
  return body.errors.map((e) => e.message).join("; ");
}
