import type { UpstreamCall } from "@/lib/upstream/client";

export interface EndpointStats {
  calls: number;
  ok: number;
  failed: number;
  /** Attempts the service refused with 429 (rate limited). */
  refused: number;
  lastStatus: number | "error" | null;
  totalMs: number;
}

/** Counts upstream calls (every attempt, retries included) per endpoint. */
export class UpstreamStats {
  private readonly endpoints = new Map<string, EndpointStats>();

  record = (call: UpstreamCall): void => {
    const stats = this.endpoints.get(call.endpoint) ?? {
      calls: 0,
      ok: 0,
      failed: 0,
      refused: 0,
      lastStatus: null,
      totalMs: 0,
    };
    stats.calls++;
    if (typeof call.status === "number" && call.status < 400) stats.ok++;
    else stats.failed++;
    if (call.status === 429) stats.refused++;
    stats.lastStatus = call.status;
    stats.totalMs += call.durationMs;
    this.endpoints.set(call.endpoint, stats);
  };

  /** Every upstream call (attempt) since start, over all endpoints. */
  total(): number {
    let sum = 0;
    for (const stats of this.endpoints.values()) sum += stats.calls;
    return sum;
  }

  calls(endpoint: string): number {
    return this.endpoints.get(endpoint)?.calls ?? 0;
  }

  snapshot(): Record<string, EndpointStats> {
    return Object.fromEntries([...this.endpoints].map(([k, v]) => [k, { ...v }]));
  }
}
