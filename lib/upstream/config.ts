import "server-only";
import { z } from "zod";
import { type BudgetLimit, parseUpstreamRateLimit } from "./budget";

/** The sandbox's licensed demo key: what the app uses when no key and no base URL are set. */
export const DEFAULT_SANDBOX_KEY = "demo-licensed";

const envSchema = z.object({
  API_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  API_KEY: z.string().optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  UPSTREAM_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  UPSTREAM_BUDGET_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  UPSTREAM_BREAKER_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(5),
  UPSTREAM_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  SANDBOX_MOUNT: z
    .literal("1")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export interface UpstreamConfig {
  /** Undefined means the embedded sandbox, called in-process. */
  baseUrl: string | undefined;
  apiKey: string;
  timeoutMs: number;
  retries: number;
  /** Wall-clock budget of one call, retries and waits included. */
  totalBudgetMs: number;
  breaker: { failureThreshold: number; cooldownMs: number };
  /**
   * Whether /sandbox/* answers: when the sandbox is the data source, or with SANDBOX_MOUNT=1.
   * A server on the real service does not lend anyone its CPU for the demo universe otherwise.
   */
  sandboxMounted: boolean;
  /** UPSTREAM_RATE_LIMIT: at most this many calls per window for the key; null for no limit. */
  rateLimit: BudgetLimit | null;
}

export function readUpstreamConfig(env: Record<string, string | undefined> = process.env): UpstreamConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
    throw new Error(`Invalid upstream configuration: check ${names.join(", ")}`);
  }
  const { API_BASE_URL, API_KEY, UPSTREAM_TIMEOUT_MS, UPSTREAM_RETRIES, UPSTREAM_BUDGET_MS } = parsed.data;
  if (API_BASE_URL && !API_KEY) {
    throw new Error("API_BASE_URL is set but API_KEY is not: the real service needs a key");
  }
  return {
    baseUrl: API_BASE_URL?.replace(/\/+$/, ""),
    apiKey: API_KEY || DEFAULT_SANDBOX_KEY,
    timeoutMs: UPSTREAM_TIMEOUT_MS,
    retries: UPSTREAM_RETRIES,
    totalBudgetMs: UPSTREAM_BUDGET_MS,
    breaker: {
      failureThreshold: parsed.data.UPSTREAM_BREAKER_THRESHOLD,
      cooldownMs: parsed.data.UPSTREAM_BREAKER_COOLDOWN_MS,
    },
    sandboxMounted: !API_BASE_URL || parsed.data.SANDBOX_MOUNT === "1",
    rateLimit: parseUpstreamRateLimit(env.UPSTREAM_RATE_LIMIT),
  };
}
