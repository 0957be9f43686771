// Fault mode of the embedded sandbox, for tests and demos: the failures a third-party API shows
// (slow answers, 500s, 429 with Retry-After, hangs, connection resets, truncated or malformed
// JSON, answers that stall mid-body, bodies that break the contract, 401 in the `{"error": "..."}`
// style), injected in front of the sandbox handler. Configured by SANDBOX_FAULTS; switchable at
// runtime through /sandbox/faults only when SANDBOX_FAULTS_CONTROL is set. Seeded, so the same
// requests in the same order meet the same faults.
import { dataChanged } from "@/lib/data-changed";
import { errorResponse, json } from "./contract";
import { Rng } from "./rng";

/** The faults a request can meet, in the order their shares are laid out on [0, 1). */
export const FAULT_KINDS = [
  "500",
  "429",
  "401",
  "timeout",
  "reset",
  "truncate",
  "stall",
  "malformed",
  "schema",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  /** Added before every answer, uniformly in [min, max] ms. */
  latencyMs: readonly [number, number];
  /** Share of requests (0..1) that meet each fault; together at most 1. */
  shares: Readonly<Partial<Record<FaultKind, number>>>;
  /** Retry-After of the injected 429s, in seconds. */
  retryAfterSeconds: number;
  /** Contract path prefixes the faults apply to (e.g. /v3/company/profile); empty means every path. */
  only: readonly string[];
  seed: number;
}

export const FAULTS_SYNTAX =
  'comma-separated name=value pairs, e.g. "latency=300,500=0.2,429=0.1,retry-after=30,seed=7": ' +
  "latency=<ms> or <min>-<max>; a share (0..1, or a percentage like 20%) for each of " +
  `${FAULT_KINDS.join(", ")}; retry-after=<seconds>; only=<path prefix>|<path prefix>; seed=<integer>; ` +
  'or "off"';

export class FaultSpecError extends Error {
  override readonly name = "FaultSpecError";
}

const SETTINGS = ["latency", "retry-after", "only", "seed"] as const;

function parseShare(name: string, raw: string, problems: string[]): number | undefined {
  const percent = raw.endsWith("%");
  const value = Number(percent ? raw.slice(0, -1) : raw);
  const share = percent ? value / 100 : value;
  if (raw === "" || !Number.isFinite(share) || share < 0 || share > 1) {
    problems.push(`"${name}=${raw}": a share must be between 0 and 1 (e.g. 0.2 or 20%)`);
    return undefined;
  }
  return share;
}

function parseNonNegativeInt(name: string, raw: string, problems: string[]): number | undefined {
  if (!/^\d{1,7}$/.test(raw)) {
    problems.push(`"${name}=${raw}": expected a whole number`);
    return undefined;
  }
  return Number(raw);
}

/**
 * Parses a fault spec (SANDBOX_FAULTS). Empty or "off" is no faults (null). Every problem is
 * reported at once, in one readable error.
 */
export function parseFaultSpec(text: string | undefined): FaultSpec | null {
  const trimmed = (text ?? "").trim();
  if (trimmed === "" || trimmed.toLowerCase() === "off") return null;
  const problems: string[] = [];
  const shares: Partial<Record<FaultKind, number>> = {};
  let latencyMs: [number, number] = [0, 0];
  let retryAfterSeconds = 30;
  let only: string[] = [];
  let seed = 1;
  const seen = new Set<string>();
  for (const part of trimmed.split(",")) {
    const pair = part.trim();
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim().toLowerCase();
    const raw = eq < 0 ? "" : pair.slice(eq + 1).trim();
    if (eq < 0) {
      problems.push(`"${pair.slice(0, 40)}": expected name=value`);
      continue;
    }
    if (seen.has(name)) problems.push(`"${name}" is given twice`);
    seen.add(name);
    if ((FAULT_KINDS as readonly string[]).includes(name)) {
      const share = parseShare(name, raw, problems);
      if (share !== undefined) shares[name as FaultKind] = share;
    } else if (name === "latency") {
      const range = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(raw);
      const min = Number(range?.[1]);
      const max = range?.[2] === undefined ? min : Number(range[2]);
      if (!range || max < min) problems.push(`"latency=${raw}": expected milliseconds, e.g. 300 or 100-500`);
      else latencyMs = [min, max];
    } else if (name === "retry-after") {
      retryAfterSeconds = parseNonNegativeInt(name, raw, problems) ?? retryAfterSeconds;
    } else if (name === "seed") {
      seed = parseNonNegativeInt(name, raw, problems) ?? seed;
    } else if (name === "only") {
      only = raw
        .split("|")
        .map((p) => p.trim())
        .filter(Boolean);
      const bad = only.find((p) => !/^\/[A-Za-z0-9/_-]*$/.test(p));
      if (only.length === 0 || bad !== undefined)
        problems.push(`"only=${raw}": expected contract paths such as /v3/company/profile|/v1/top-news`);
    } else {
      problems.push(
        `unknown name "${name.slice(0, 40)}" (known: ${[...FAULT_KINDS, ...SETTINGS].join(", ")})`,
      );
    }
  }
  const total = Object.values(shares).reduce((sum, s) => sum + s, 0);
  if (total > 1 + 1e-9) problems.push(`the shares add up to ${+total.toFixed(3)}; together at most 1`);
  if (problems.length > 0) {
    throw new FaultSpecError(`Invalid SANDBOX_FAULTS: ${problems.join("; ")}. Syntax: ${FAULTS_SYNTAX}.`);
  }
  return { latencyMs, shares, retryAfterSeconds, only, seed };
}

/** The spec written back in its own syntax (for the control endpoint and logs). */
export function formatFaultSpec(spec: FaultSpec | null): string {
  if (!spec) return "off";
  const parts: string[] = [];
  const [min, max] = spec.latencyMs;
  if (max > 0) parts.push(`latency=${min === max ? min : `${min}-${max}`}`);
  for (const kind of FAULT_KINDS) {
    const share = spec.shares[kind];
    if (share) parts.push(`${kind}=${share}`);
  }
  if (spec.shares["429"]) parts.push(`retry-after=${spec.retryAfterSeconds}`);
  if (spec.only.length > 0) parts.push(`only=${spec.only.join("|")}`);
  parts.push(`seed=${spec.seed}`);
  return parts.join(",");
}

export interface FaultDecision {
  latencyMs: number;
  fault: FaultKind | null;
}

export interface FaultCounts {
  /** Requests the faults applied to (matching `only`). */
  requests: number;
  injected: Partial<Record<FaultKind, number>>;
}

/** Decides, request by request, which fault (if any) to inject. */
export class FaultInjector {
  private spec: FaultSpec | null = null;
  private rng = new Rng(1);
  private counts: FaultCounts = { requests: 0, injected: {} };

  constructor(spec: FaultSpec | null = null) {
    this.set(spec);
  }

  /** Replaces the spec; the sequence restarts from the spec's seed and the counts from zero. */
  set(spec: FaultSpec | null): void {
    this.spec = spec;
    this.rng = new Rng(spec?.seed ?? 1);
    this.counts = { requests: 0, injected: {} };
    dataChanged();
  }

  current(): FaultSpec | null {
    return this.spec;
  }

  /** Null when no fault mode applies to this contract path. */
  decide(path: string): FaultDecision | null {
    const spec = this.spec;
    if (!spec) return null;
    if (spec.only.length > 0 && !spec.only.some((prefix) => path.startsWith(prefix))) return null;
    this.counts.requests++;
    const [min, max] = spec.latencyMs;
    const latencyMs = max > min ? Math.round(min + this.rng.next() * (max - min)) : min;
    const u = this.rng.next();
    let edge = 0;
    for (const kind of FAULT_KINDS) {
      edge += spec.shares[kind] ?? 0;
      if (u < edge) {
        this.counts.injected[kind] = (this.counts.injected[kind] ?? 0) + 1;
        return { latencyMs, fault: kind };
      }
    }
    return { latencyMs, fault: null };
  }

  stats(): FaultCounts {
    return { requests: this.counts.requests, injected: { ...this.counts.injected } };
  }
}

// ---- injecting them in front of a handler ---------------------------------------------------

type Handler = (request: Request) => Promise<Response>;

/** What a dropped connection looks like to a fetch caller: a TypeError with an ECONNRESET cause. */
export class ConnectionResetFault extends TypeError {
  readonly faultInjected = true;
  constructor() {
    super("fetch failed", {
      cause: Object.assign(new Error("read ECONNRESET (sandbox fault mode)"), { code: "ECONNRESET" }),
    });
  }
}

export function isConnectionResetFault(error: unknown): boolean {
  return error instanceof TypeError && (error as { faultInjected?: unknown }).faultInjected === true;
}

/** A hang ends when the caller gives up; without a caller's signal, after this long with a 504. */
const MAX_HANG_MS = 120_000;

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/** Waits `ms`, or rejects as soon as the caller aborts (a client timeout). */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The first half of a body, then nothing: only the reader's cancel ends it (or MAX_HANG_MS, an error). */
function stalled(half: Uint8Array): ReadableStream<Uint8Array> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(half);
      // Deaf to the request's signal, as a wedged connection is once the caller's abort no longer
      // reaches it: the caller's own time limit must end the read.
      timer = setTimeout(
        () => controller.error(new Error("stalled answer (sandbox fault mode)")),
        MAX_HANG_MS,
      );
      timer.unref?.();
    },
    cancel() {
      clearTimeout(timer);
    },
  });
}

/** The successful answer, spoilt as the fault says: cut short, stalled, made unparseable, or off-contract. */
async function spoil(
  response: Response,
  fault: "truncate" | "stall" | "malformed" | "schema",
): Promise<Response> {
  const contentType = response.headers.get("content-type") ?? "";
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const half = bytes.slice(0, Math.floor(bytes.length / 2));
  if (fault === "truncate") return new Response(half, { status: response.status, headers });
  if (fault === "stall") return new Response(stalled(half), { status: response.status, headers });
  if (!contentType.includes("json")) {
    // A binary answer (a logo): an HTML error page, or JSON, where the image should be.
    return fault === "malformed"
      ? new Response("<html><body><h1>502 Bad Gateway</h1></body></html>", {
          status: 200,
          headers: { "content-type": "text/html" },
        })
      : json({ logo: null });
  }
  const text = new TextDecoder().decode(bytes);
  if (fault === "malformed") {
    // A trailing comma before the last bracket, as a hand-rolled serializer writes: not JSON.
    return new Response(`${text.slice(0, -1)},${text.slice(-1)}`, { status: response.status, headers });
  }
  // Valid JSON in a shape the contract does not have (the answer wrapped one level down).
  return new Response(`{"result":${text},"schemaVersion":"9"}`, { status: response.status, headers });
}

/** Wraps a sandbox handler so that every request first meets the injector's decision. */
export function withFaults(handler: Handler, injector: () => FaultInjector): Handler {
  return async (request) => {
    const decision = injector().decide(new URL(request.url).pathname);
    if (!decision) return handler(request);
    const spec = injector().current();
    if (decision.latencyMs > 0) await wait(decision.latencyMs, request.signal);
    switch (decision.fault) {
      case null:
        return handler(request);
      case "500":
        return errorResponse(500, "Internal server error (sandbox fault mode).");
      case "429":
        return errorResponse(429, "Rate limit exceeded (sandbox fault mode).", {
          "retry-after": String(spec?.retryAfterSeconds ?? 30),
        });
      case "401":
        return json({ error: "Invalid API key (sandbox fault mode)." }, 401);
      case "timeout":
        await wait(MAX_HANG_MS, request.signal);
        return errorResponse(504, "Gateway timeout (sandbox fault mode).");
      case "reset":
        throw new ConnectionResetFault();
      default: {
        const response = await handler(request);
        return response.ok ? spoil(response, decision.fault) : response;
      }
    }
  };
}
