import "server-only";
// Every environment setting of the server, parsed in one place with one schema
// (docs/configuration.md). A mistake stops the start with one message that names every bad setting.
import path from "node:path";
import { z } from "zod";
import { type FaultSpec, parseFaultSpec } from "@/lib/sandbox/faults";
import { SANDBOX_SHAPES, type SandboxShape } from "@/lib/sandbox/shapes";
import { DEMO_KEYS, type RateLimit as SandboxRateLimit } from "@/lib/sandbox/types";
import {
  type BudgetPolicy,
  parseBackgroundShare,
  parseUpstreamDailyLimit,
  parseUpstreamRateLimit,
} from "@/lib/upstream/budget-policy";

/** The sandbox's licensed demo key: what the app uses when no key and no base URL are set. */
export const DEFAULT_SANDBOX_KEY = "demo-licensed";
/** A generous default: 1200 requests a minute per client. */
export const DEFAULT_API_RATE_LIMIT = "1200/60";
/** 120 misses in 5 minutes: a person reading pages never meets it; a script spraying keys does. */
export const DEFAULT_PAGE_MISS_LIMIT = "120/300";

export interface RateLimitConfig {
  /** Requests a client may make per window. */
  requests: number;
  windowSeconds: number;
}

export interface UpstreamConfig {
  /** Undefined means the embedded sandbox, called in-process. */
  baseUrl: string | undefined;
  apiKey: string;
  timeoutMs: number;
  retries: number;
  /** Wall-clock budget of one call, retries and waits included. */
  totalBudgetMs: number;
  breaker: { failureThreshold: number; cooldownMs: number };
  /** UPSTREAM_RECORD: where each answer of the upstream is written (lib/upstream/recording.ts); unset: nowhere. */
  recordDir: string | undefined;
  /**
   * Whether /sandbox/* answers: when the sandbox is the data source, or with SANDBOX_MOUNT=1.
   * A server on the real service does not lend anyone its CPU for the demo universe otherwise.
   */
  sandboxMounted: boolean;
  /**
   * The key's budget: UPSTREAM_RATE_LIMIT (calls per window), UPSTREAM_DAILY_LIMIT (calls per UTC
   * day) and UPSTREAM_BACKGROUND_SHARE (the part of each background work may use).
   */
  budget: BudgetPolicy;
}

export interface SandboxConfig {
  /** SANDBOX_NOW: the pinned "now" in ms; undefined for the real clock. */
  nowMs: number | undefined;
  rateLimit: SandboxRateLimit | undefined;
  /** SANDBOX_FAULTS: the fault mode at start. */
  faults: FaultSpec | null;
  /**
   * SANDBOX_FAULTS_CONTROL: whether /sandbox/faults may switch it at runtime and
   * /sandbox/faults/age-caches age the caches; never with a real API_BASE_URL.
   */
  faultsControl: boolean;
  /** SANDBOX_CLOCK_CONTROL=1: whether /sandbox/clock may move the sandbox's clock (tests and demos). */
  clockControl: boolean;
  hostile: boolean;
  /** SANDBOX_SHAPES: the shape of its answers where the contract leaves it open (lib/sandbox/shapes.ts). */
  shapes: SandboxShape;
}

/** Who may use the app, and how people sign in (lib/server/access/; docs/security.md). */
export interface AccessConfig {
  /** OpenID Connect sign-in: OIDC_ISSUER with its client, the allowed accounts, SESSION_SECRET. */
  oidc: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    /** OIDC_ALLOWED: whole addresses and `@domain`s; `*` is every account the provider signs in. */
    allowed: string[];
    /** OIDC_ALLOWED_GROUPS: a member of one of these (in the claim OIDC_GROUPS_CLAIM) is allowed too. */
    allowedGroups: string[];
    groupsClaim: string;
    /** OIDC_UNVERIFIED_EMAIL=1: accept an address the provider does not mark verified (some never do). */
    unverifiedEmail: boolean;
  } | null;
  /** An auth proxy in front (AUTH_PROXY_HEADER), trusted only from the addresses in AUTH_PROXY_FROM. */
  authProxy: { header: string; from: string[] } | null;
  /** SESSION_SECRET: signs the session cookie and the feeds' secret links. */
  sessionSecret: string | undefined;
  /** SESSION_HOURS: how long a sign-in lasts. */
  sessionSeconds: number;
  /** ALLOW_ANONYMOUS: `true` lets anyone in (licensed identifiers too), `false` no one; undefined: the default. */
  allowAnonymous: boolean | undefined;
  /** PUBLIC_URL: the address people use, for absolute links (feeds, the sign-in's return). */
  publicUrl: string | undefined;
  /** HEALTH_TOKEN: a bearer token that reads /api/health's details (monitoring). */
  healthToken: string | undefined;
}

export interface Config {
  access: AccessConfig;
  upstream: UpstreamConfig;
  sandbox: SandboxConfig;
  /** REDIS_URL, checked; undefined when unset. */
  redisUrl: string | undefined;
  /** CACHE_DIR as an absolute folder; null for `off` (memory only). */
  cacheDir: string | null;
  directoryRefreshMs: number;
  apiRateLimit: RateLimitConfig | null;
  trustedProxyHops: number;
  pageMissLimit: RateLimitConfig | null;
  /** PAGE_CACHE_MS: how long a rendered page is kept (lib/server/front/page-front.ts); 0 for `off`. */
  pageCacheMs: number;
  /** PAGE_RENDER_LIMIT: page renders at once and waiting; null for `off`. */
  pageRenderLimit: { concurrent: number; queued: number } | null;
  requestLog: boolean;
  /** NEXT_DIST_DIR: the build's folder (next.config.ts builds into it, server.ts serves from it). */
  distDir: string;
}

// ---- the parsers of the settings that have a grammar of their own -----------------------------

/** Parses a per-client limit setting: "N/S" (N per window of S seconds), or "off". */
export function parseRateLimit(
  name: string,
  value: string | undefined,
  fallback: string,
): RateLimitConfig | null {
  const raw = (value ?? "").trim() || fallback;
  if (raw === "off") return null;
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const requests = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || requests < 1 || seconds < 1)
    throw new Error(`${name} must look like "${fallback}" (requests/seconds) or be "off"`);
  return { requests, windowSeconds: seconds };
}

/** Parses API_RATE_LIMIT: "N/S" (N requests per S seconds), or "off". */
export function parseApiRateLimit(value: string | undefined): RateLimitConfig | null {
  return parseRateLimit("API_RATE_LIMIT", value, DEFAULT_API_RATE_LIMIT);
}

/** Parses PAGE_MISS_LIMIT: "N/S" (N misses per window of S seconds), or "off". */
export function parsePageMissLimit(value: string | undefined): RateLimitConfig | null {
  return parseRateLimit("PAGE_MISS_LIMIT", value, DEFAULT_PAGE_MISS_LIMIT);
}

/** Parses PAGE_CACHE_MS: milliseconds a rendered page is kept (default 30 s, at most an hour), or "off" (0). */
export function parsePageCacheMs(value: string | undefined): number {
  const raw = (value ?? "").trim() || "30000";
  if (raw === "off") return 0;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > 3_600_000)
    throw new Error('PAGE_CACHE_MS must be milliseconds from 0 to 3600000, or "off"');
  return ms;
}

/** Parses PAGE_RENDER_LIMIT: "N/Q" (N page renders at once, Q more waiting; default 32/64), or "off". */
export function parsePageRenderLimit(
  value: string | undefined,
): { concurrent: number; queued: number } | null {
  const raw = (value ?? "").trim() || "32/64";
  if (raw === "off") return null;
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const concurrent = Number(match?.[1]);
  const queued = Number(match?.[2]);
  if (!match || concurrent < 1)
    throw new Error('PAGE_RENDER_LIMIT must look like "32/64" (renders at once/renders waiting) or be "off"');
  return { concurrent, queued };
}

/** Parses TRUSTED_PROXY_HOPS: how many reverse proxies in front of the app append X-Forwarded-For. */
export function parseTrustedProxyHops(value: string | undefined): number {
  const hops = Number((value ?? "").trim() || 0);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error("TRUSTED_PROXY_HOPS must be a whole number from 0 to 10");
  return hops;
}

/** Parses a comma-separated list: trimmed, empty entries left out. */
export function parseList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Parses ALLOW_ANONYMOUS: 1/true, 0/false, or unset (the default: see lib/server/access/viewer.ts). */
export function parseAllowAnonymous(value: string | undefined): boolean | undefined {
  const raw = (value ?? "").trim().toLowerCase();
  if (raw === "") return undefined;
  if (raw === "1" || raw === "true") return true;
  if (raw === "0" || raw === "false") return false;
  throw new Error("ALLOW_ANONYMOUS must be 1 (anyone may use the app) or 0 (no one without signing in)");
}

/** Parses PUBLIC_URL: the http(s) origin people use (no path, query, fragment or credentials). */
export function parsePublicUrl(value: string | undefined): string | undefined {
  const raw = value?.trim();
  if (!raw) return undefined;
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    url.username ||
    url.password ||
    /[?#]/.test(raw) ||
    url.pathname !== "/"
  )
    throw new Error("PUBLIC_URL must be the address people use, such as https://atlas.example.com (no path)");
  return url.origin;
}

/** The origin of absolute links (feeds): PUBLIC_URL, else this server on this machine; never a request's Host. */
export function publicOrigin(config: Config = getConfig()): string {
  return config.access.publicUrl ?? `http://localhost:${process.env.PORT || 3000}`;
}

/** Parses SANDBOX_NOW (ISO 8601). Invalid values are an error, not a silent real clock. */
export function parseSandboxNow(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error("SANDBOX_NOW must be an ISO 8601 date-time");
  return ms;
}

/**
 * Parses SANDBOX_RATE_LIMIT, e.g. "50/60" (50 requests per 60 seconds per key), with a daily cap
 * after a comma as the real free plan has one: "50/60,250/day".
 */
export function parseSandboxRateLimit(value: string | undefined): SandboxRateLimit | undefined {
  if (!value) return undefined;
  const match = /^(\d+)\/(\d+)(?:\s*,\s*(\d+)\/day)?$/.exec(value.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1 || (match[3] && Number(match[3]) < 1))
    throw new Error(
      'SANDBOX_RATE_LIMIT must look like "50/60" (requests/seconds, both at least 1), with an optional daily cap: "50/60,250/day"',
    );
  return {
    limit: Number(match[1]),
    windowMs: Number(match[2]) * 1000,
    ...(match[3] ? { daily: Number(match[3]) } : {}),
  };
}

/** Parses REDIS_URL: undefined when unset or empty. */
export function parseRedisUrl(value: string | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error("REDIS_URL must be a URL such as redis://127.0.0.1:6379");
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:")
    throw new Error("REDIS_URL must start with redis:// or rediss://");
  return url;
}

/** Parses CACHE_DIR: a folder (default `.cache` in the project folder), or null for `off`. */
export function parseCacheDir(value: string | undefined): string | null {
  const dir = value?.trim();
  if (dir === "off") return null;
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), dir || ".cache");
}

/** Parses UPSTREAM_RECORD: a folder to record the upstream's answers in, or undefined (unset: none). */
export function parseRecordDir(value: string | undefined): string | undefined {
  const dir = value?.trim();
  return dir ? path.resolve(/*turbopackIgnore: true*/ process.cwd(), dir) : undefined;
}

/** Parses DIRECTORY_REFRESH_MINUTES (default 60) into milliseconds. */
export function parseRefreshMinutes(value: string | undefined): number {
  const minutes = Number(value ?? 60);
  if (!Number.isFinite(minutes) || minutes < 1)
    throw new Error("DIRECTORY_REFRESH_MINUTES must be a number of minutes >= 1");
  return minutes * 60_000;
}

// ---- the schema -------------------------------------------------------------------------------

/** A setting read by one of the parsers above: what it throws becomes an issue of the schema. */
function parsedBy<T>(parse: (value: string | undefined) => T) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parse(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    });
}

/** Unset, or empty: both mean the default. */
const unsetOr = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal("").transform(() => undefined));

const envSchema = z.object({
  API_BASE_URL: unsetOr(
    z.url({ protocol: /^https?$/ }).refine((value) => {
      // (Checked also when the value is no URL: that has its own message.)
      // (A bare "?" or "#" leaves search and hash empty: the text is checked too.)
      const url = URL.canParse(value) ? new URL(value) : null;
      return !url || (!/[?#]/.test(value) && !url.username && !url.password);
    }, "the API's address only, without a query, a fragment or credentials (the key is API_KEY)"),
  ),
  // Trimmed: a key read from a file keeps its newline, which fetch drops from the header but
  // which would keep the key itself from being recognised (and redacted) in upstream messages.
  API_KEY: z
    .string()
    .trim()
    .regex(/^[^\s\p{Cc}]*$/u, "a key has no spaces or control characters inside")
    .optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  UPSTREAM_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  UPSTREAM_BUDGET_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  UPSTREAM_BREAKER_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(5),
  UPSTREAM_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  UPSTREAM_RATE_LIMIT: parsedBy(parseUpstreamRateLimit),
  UPSTREAM_DAILY_LIMIT: parsedBy(parseUpstreamDailyLimit),
  UPSTREAM_BACKGROUND_SHARE: parsedBy(parseBackgroundShare),
  SANDBOX_MOUNT: unsetOr(z.literal("1")),
  SANDBOX_NOW: parsedBy(parseSandboxNow),
  SANDBOX_RATE_LIMIT: parsedBy(parseSandboxRateLimit),
  SANDBOX_FAULTS: parsedBy(parseFaultSpec),
  SANDBOX_FAULTS_CONTROL: z.string().optional(),
  SANDBOX_CLOCK_CONTROL: z.string().optional(),
  SANDBOX_HOSTILE: z.string().optional(),
  SANDBOX_SHAPES: z.enum(SANDBOX_SHAPES).default("contract"),
  REDIS_URL: parsedBy(parseRedisUrl),
  CACHE_DIR: parsedBy(parseCacheDir),
  UPSTREAM_RECORD: parsedBy(parseRecordDir),
  DIRECTORY_REFRESH_MINUTES: parsedBy(parseRefreshMinutes),
  API_RATE_LIMIT: parsedBy(parseApiRateLimit),
  TRUSTED_PROXY_HOPS: parsedBy(parseTrustedProxyHops),
  PAGE_MISS_LIMIT: parsedBy(parsePageMissLimit),
  PAGE_CACHE_MS: parsedBy(parsePageCacheMs),
  PAGE_RENDER_LIMIT: parsedBy(parsePageRenderLimit),
  REQUEST_LOG: z.string().optional(),
  NEXT_DIST_DIR: z.string().optional(),
  OIDC_ISSUER: unsetOr(z.url({ protocol: /^https?$/ })),
  OIDC_CLIENT_ID: unsetOr(z.string().trim()),
  OIDC_CLIENT_SECRET: unsetOr(z.string().trim()),
  OIDC_ALLOWED: parsedBy(parseList),
  OIDC_ALLOWED_GROUPS: parsedBy(parseList),
  OIDC_UNVERIFIED_EMAIL: unsetOr(z.enum(["0", "1"])),
  OIDC_GROUPS_CLAIM: unsetOr(
    z
      .string()
      .trim()
      .regex(/^[\w.:/-]{1,100}$/, "a claim's name"),
  ),
  SESSION_SECRET: unsetOr(z.string().min(32, "must be at least 32 characters (openssl rand -hex 32)")),
  SESSION_HOURS: z.coerce
    .number()
    .min(0.1)
    .max(24 * 90)
    .default(12),
  AUTH_PROXY_HEADER: unsetOr(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "a header's name, such as X-Forwarded-Email"),
  ),
  AUTH_PROXY_FROM: parsedBy(parseList),
  ALLOW_ANONYMOUS: parsedBy(parseAllowAnonymous),
  PUBLIC_URL: parsedBy(parsePublicUrl),
  HEALTH_TOKEN: unsetOr(z.string().min(16, "must be at least 16 characters")),
});

const NAMES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** Reads the whole configuration; throws one ConfigError that names every bad setting. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
  const key = parsed.success ? parsed.data.API_KEY : env.API_KEY?.trim();
  if (env.API_BASE_URL && !key)
    problems.push("API_KEY: API_BASE_URL is set but API_KEY is not: the real service needs a key");
  if (!env.API_BASE_URL && key && !Object.hasOwn(DEMO_KEYS, key))
    problems.push(
      `API_KEY: without API_BASE_URL the embedded sandbox serves, and it takes only its demo keys (${Object.keys(DEMO_KEYS).join(", ")}): set API_BASE_URL for the real service`,
    );
  if (parsed.success) problems.push(...accessProblems(parsed.data));
  if (!parsed.success || problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  const e = parsed.data;
  return {
    access: {
      oidc:
        e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
          ? {
              issuer: e.OIDC_ISSUER,
              clientId: e.OIDC_CLIENT_ID,
              clientSecret: e.OIDC_CLIENT_SECRET,
              allowed: e.OIDC_ALLOWED.map((a) => a.toLowerCase()),
              allowedGroups: e.OIDC_ALLOWED_GROUPS,
              groupsClaim: e.OIDC_GROUPS_CLAIM ?? "groups",
              unverifiedEmail: e.OIDC_UNVERIFIED_EMAIL === "1",
            }
          : null,
      authProxy: e.AUTH_PROXY_HEADER
        ? { header: e.AUTH_PROXY_HEADER.toLowerCase(), from: e.AUTH_PROXY_FROM }
        : null,
      sessionSecret: e.SESSION_SECRET,
      sessionSeconds: Math.round(e.SESSION_HOURS * 3600),
      allowAnonymous: e.ALLOW_ANONYMOUS,
      publicUrl: e.PUBLIC_URL,
      healthToken: e.HEALTH_TOKEN,
    },
    upstream: {
      baseUrl: e.API_BASE_URL?.replace(/\/+$/, ""),
      apiKey: e.API_KEY || DEFAULT_SANDBOX_KEY,
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
      retries: e.UPSTREAM_RETRIES,
      totalBudgetMs: e.UPSTREAM_BUDGET_MS,
      breaker: { failureThreshold: e.UPSTREAM_BREAKER_THRESHOLD, cooldownMs: e.UPSTREAM_BREAKER_COOLDOWN_MS },
      recordDir: e.UPSTREAM_RECORD,
      sandboxMounted: !e.API_BASE_URL || e.SANDBOX_MOUNT === "1",
      budget: {
        window: e.UPSTREAM_RATE_LIMIT,
        daily: e.UPSTREAM_DAILY_LIMIT,
        backgroundShare: e.UPSTREAM_BACKGROUND_SHARE,
      },
    },
    sandbox: {
      nowMs: e.SANDBOX_NOW,
      rateLimit: e.SANDBOX_RATE_LIMIT,
      faults: e.SANDBOX_FAULTS,
      // Only while the sandbox is the data source: time travel and faults on a real API would
      // spend its key (a forced index sync) for anyone who can POST.
      faultsControl:
        !e.API_BASE_URL && (e.SANDBOX_FAULTS_CONTROL === "1" || e.SANDBOX_FAULTS_CONTROL === "true"),
      clockControl: e.SANDBOX_CLOCK_CONTROL === "1",
      hostile: e.SANDBOX_HOSTILE === "1",
      shapes: e.SANDBOX_SHAPES,
    },
    redisUrl: e.REDIS_URL,
    cacheDir: e.CACHE_DIR,
    directoryRefreshMs: e.DIRECTORY_REFRESH_MINUTES,
    apiRateLimit: e.API_RATE_LIMIT,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    pageMissLimit: e.PAGE_MISS_LIMIT,
    pageCacheMs: e.PAGE_CACHE_MS,
    pageRenderLimit: e.PAGE_RENDER_LIMIT,
    requestLog: e.REQUEST_LOG !== "off",
    // turbopackIgnore: a path built from a setting would make Next trace the whole project.
    distDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), e.NEXT_DIST_DIR || ".next"),
  };
}

type Env = z.output<typeof envSchema>;

/** What the access settings need together: each mode's parts, and nothing half set. */
function accessProblems(e: Env): string[] {
  const problems: string[] = [];
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean))
    problems.push("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: sign-in needs all three");
  if (e.OIDC_ISSUER) {
    if (!e.SESSION_SECRET) problems.push("SESSION_SECRET: sign-in needs a secret to sign sessions with");
    if (!e.PUBLIC_URL)
      problems.push("PUBLIC_URL: sign-in needs the address people use (the provider returns them to it)");
    if (e.OIDC_ALLOWED.length === 0 && e.OIDC_ALLOWED_GROUPS.length === 0)
      problems.push(
        'OIDC_ALLOWED: say who may sign in: addresses and @domains, comma-separated ("*" for every account the provider has), or OIDC_ALLOWED_GROUPS',
      );
    const url = new URL(e.OIDC_ISSUER);
    if (url.protocol === "http:" && !isLoopbackHost(url.hostname))
      problems.push("OIDC_ISSUER: a provider is reached over https (plain http only on this machine)");
  }
  if (e.AUTH_PROXY_HEADER && e.AUTH_PROXY_FROM.length === 0)
    problems.push(
      "AUTH_PROXY_FROM: the addresses of the auth proxy; its header is believed from those alone",
    );
  if (e.AUTH_PROXY_HEADER && e.OIDC_ISSUER)
    problems.push("AUTH_PROXY_HEADER and OIDC_ISSUER: choose one way of signing in");
  return problems;
}

/** localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^(?:::ffff:)?127\.\d+\.\d+\.\d+$/.test(h);
}

let last: { key: string; config: Config } | undefined;

/** The configuration of this process, parsed again only when one of its settings changes (tests). */
export function getConfig(): Config {
  const key = JSON.stringify(NAMES.map((name) => process.env[name]));
  if (last?.key !== key) last = { key, config: readConfig() };
  return last.config;
}
