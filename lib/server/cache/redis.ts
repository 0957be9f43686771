import "server-only";
// The one connection to Redis (REDIS_URL), shared by the cache tier, the upstream budget, the
// index lease and the per-client limits. Redis is an accelerator, never a dependency: every
// command fails fast while it is down (no offline queue, a short command timeout), callers fall
// back to their local tier, and the client reconnects by itself.
import { createHash } from "node:crypto";
import { createClient } from "redis";
import { processWide } from "@/lib/process-wide";
import { settleWithin } from "@/lib/settle-within";
import { getConfig, type SandboxConfig, type UpstreamConfig } from "../config";

export type RedisState = "connecting" | "ready" | "down";

export interface RedisStatus {
  /** host:port only: never a password or a path. */
  target: string;
  state: RedisState;
  /** Unix ms of the last state change. */
  since: number;
  lastError: string | null;
  /** Commands that failed or were skipped because Redis was down. */
  failures: number;
}

export interface RedisOptions {
  url: string;
  /** Key prefix of this deployment: instances share state only with the same upstream and key. */
  namespace: string;
  /** Per-command timeout: a hung Redis must not hold a page. */
  commandTimeoutMs?: number;
  /**
   * How long a start keeps trying for the first connection before it counts Redis as down. A
   * start on a busy machine can hold the event loop past a connect timeout; that first miss is
   * no outage, and taking it for one made every instance sync and spend alone.
   */
  startWaitMs?: number;
  now?: () => number;
}

/** At start, how long Redis may take to answer before instances decide alone (who syncs, whose budget). */
export const START_WAIT_MS = 15_000;

/**
 * Commands in a row that get no answer, over at least HUNG_MIN_MS, before Redis counts as hung
 * (the connection open, no replies: a stopped process, a partition); then one command at most
 * every HUNG_RETRY_MS tries it, and the others fail at once instead of each waiting out its
 * timeout. The span keeps a blocked event loop (a busy start, a large snapshot parsed), which
 * times out every command in flight at once, from passing for an outage: that would have each
 * instance take the index sync alone.
 */
export const HUNG_AFTER = 3;
export const HUNG_MIN_MS = 1_000;
export const HUNG_RETRY_MS = 2_000;

type Client = ReturnType<typeof createClient>;

export class SharedRedis {
  readonly namespace: string;
  readonly client: Client;
  private state: RedisState = "connecting";
  private since: number;
  private lastError: string | null = null;
  private failures = 0;
  /** Commands in a row that got no answer in time; from HUNG_AFTER on, Redis counts as hung. */
  private unanswered = 0;
  private firstUnansweredAt = 0;
  private hungUntil = 0;
  private probing = false;
  /** Connections made, and hangs ended: each may find a Redis that lost what it held. */
  private connections = 0;
  private readonly now: () => number;
  private readonly target: string;
  /** Settles with the first connection (true), or false once the start wait has passed without one. */
  private readonly firstConnection: Promise<boolean>;

  constructor(options: RedisOptions) {
    this.now = options.now ?? Date.now;
    this.since = this.now();
    this.namespace = options.namespace;
    this.target = redisTarget(options.url);
    this.client = createClient({
      url: options.url,
      disableOfflineQueue: true,
      socket: {
        // Generous: on loopback or a LAN a connect takes milliseconds, and a shorter timeout fires
        // whenever a busy start holds the event loop, not because Redis is slow.
        connectTimeout: 10_000,
        // Keep trying, at most every 2 s: the app serves from its own tiers meanwhile.
        reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2_000),
      },
    });
    this.firstConnection = new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (this.state === "connecting") this.setState("down");
        resolve(false);
      }, options.startWaitMs ?? START_WAIT_MS);
      timer.unref?.();
      this.client.once("ready", () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    this.client.on("ready", () => {
      this.connections++;
      this.unanswered = 0;
      this.hungUntil = 0;
      this.setState("ready");
    });
    this.client.on("reconnecting", () => {
      if (this.state === "ready") this.setState("down");
    });
    this.client.on("end", () => this.setState("down"));
    this.client.on("error", (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== this.lastError) console.warn(`redis: ${this.target}: ${message}`);
      this.lastError = message;
      // Until the first connection or the start wait's end, a failed attempt is retried as part of connecting.
      if (this.state === "ready") this.setState("down");
    });
    this.commandTimeoutMs = options.commandTimeoutMs ?? 500;
    this.client.connect().catch(() => {
      // Reported through the error event; the reconnect strategy keeps trying.
    });
  }

  private readonly commandTimeoutMs: number;

  /** The namespaced key for `name`. */
  key(name: string): string {
    return `${this.namespace}:${name}`;
  }

  /**
   * Changes whenever Redis may have come back without what it held (a reconnect, the end of a
   * hang): what this instance holds in memory is then offered to it again (cache.ts).
   */
  generation(): number {
    return this.connections;
  }

  isReady(): boolean {
    return this.connected() && !this.hung();
  }

  private connected(): boolean {
    return this.state === "ready" && this.client.isReady;
  }

  private hung(): boolean {
    return this.unanswered >= HUNG_AFTER && this.hungUntil > 0;
  }

  /**
   * Whether Redis is up, after waiting for the first connection while a start still makes it (at
   * most the start wait): a decision taken once at start (who syncs the index) must not mistake
   * Redis's first moments, or a first attempt that timed out, for an outage. Answers at once
   * once Redis has been up, or the start wait has passed.
   */
  async whenReady(): Promise<boolean> {
    if (this.state === "connecting") await this.firstConnection;
    return this.isReady();
  }

  /** Still making the first connection at start: Redis has been neither up nor given up on. */
  isConnecting(): boolean {
    return this.state === "connecting";
  }

  /**
   * Runs `operation` against Redis when it is up. Resolves undefined, never rejects, when Redis
   * is down, slow or failing: the caller falls back to its local tier. `timeoutMs`: for the
   * few large values (an index snapshot) that need longer than a command's usual timeout.
   */
  async attempt<T>(
    operation: (client: Client) => Promise<T>,
    options: { timeoutMs?: number } = {},
  ): Promise<T | undefined> {
    // Hung: one command at a time tries it, once its wait is over.
    const probe = this.connected() && this.hung() && !this.probing && this.now() >= this.hungUntil;
    if (!this.isReady() && !probe) {
      this.failures++;
      return undefined;
    }
    if (probe) this.probing = true;
    const timeoutMs = options.timeoutMs ?? this.commandTimeoutMs;
    let late = false;
    try {
      // The client's timeout covers only a command waiting to be written: once sent, it waits for
      // the reply however long a hung Redis takes. settleWithin covers the whole operation.
      const result = await settleWithin(
        operation(this.client.withCommandOptions({ timeout: timeoutMs }) as Client),
        timeoutMs,
        () => {
          late = true;
          throw new Error(`no answer within ${timeoutMs} ms`);
        },
      );
      if (this.hung()) {
        console.log(`redis: ${this.target} answers again`);
        this.connections++;
      }
      this.unanswered = 0;
      this.hungUntil = 0;
      return result;
    } catch (error) {
      this.failures++;
      this.lastError = error instanceof Error ? error.message : String(error);
      if (late) {
        if (this.unanswered++ === 0) this.firstUnansweredAt = this.now();
        const lasting = this.now() - this.firstUnansweredAt >= HUNG_MIN_MS;
        if (this.unanswered >= HUNG_AFTER && lasting) {
          if (!this.hung()) console.warn(`redis: ${this.target} does not answer; serving from local tiers`);
          this.hungUntil = this.now() + HUNG_RETRY_MS;
        }
      }
      return undefined;
    } finally {
      if (probe) this.probing = false;
    }
  }

  status(): RedisStatus {
    return {
      target: this.target,
      state: this.isReady() ? "ready" : this.hung() ? "down" : this.state,
      since: this.since,
      lastError: this.lastError,
      failures: this.failures,
    };
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close().catch(() => undefined);
    else this.client.destroy();
  }

  private setState(state: RedisState): void {
    if (state === this.state) return;
    if (state === "ready") console.log(`redis: connected to ${this.target}`);
    else if (this.state === "ready") console.warn(`redis: lost ${this.target}; serving from local tiers`);
    this.state = state;
    this.since = this.now();
  }
}

/** host:port of a redis:// URL, for logs and /api/health. */
export function redisTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "6379"}`;
  } catch {
    return "(invalid REDIS_URL)";
  }
}

/**
 * The deployment's namespace: a hash of the upstream and the key, so instances on the same key
 * share state, and the key itself never appears in Redis. On the embedded sandbox, also of every
 * setting that changes what it answers (its hostile data, its shapes, its pinned clock): a demo
 * with made-up hostile names must not serve a clean one's cached answers, nor the other way round.
 */
export function deploymentNamespace(
  upstream: Pick<UpstreamConfig, "baseUrl" | "apiKey">,
  sandbox?: Pick<SandboxConfig, "hostile" | "shapes" | "nowMs">,
): string {
  const answers =
    upstream.baseUrl || !sandbox
      ? []
      : [`hostile=${sandbox.hostile}`, `shapes=${sandbox.shapes}`, `now=${sandbox.nowMs ?? "real"}`];
  const digest = createHash("sha256")
    .update([upstream.baseUrl ?? "sandbox", upstream.apiKey, ...answers].join("\n"))
    .digest("hex")
    .slice(0, 16);
  return `fiscal-atlas:${digest}`;
}

/**
 * The process-wide connection, or null when REDIS_URL is unset (the embedded default: memory
 * and CACHE_DIR only).
 */
export function getSharedRedis(): SharedRedis | null {
  return processWide("redis", () => {
    const { redisUrl: url, upstream, sandbox } = getConfig();
    return url ? new SharedRedis({ url, namespace: deploymentNamespace(upstream, sandbox) }) : null;
  });
}
