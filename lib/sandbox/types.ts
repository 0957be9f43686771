// What the sandbox's handler and its wrappers (fault mode, hostile data, the HTTP mount) share.

export type Plan = "free" | "paid";
export interface KeyInfo {
  plan: Plan;
  licensed: boolean;
}

/** The sandbox's demo keys (docs/sandbox.md, ARCHITECTURE.md). */
export const DEMO_KEYS: Readonly<Record<string, KeyInfo>> = {
  "demo-free": { plan: "free", licensed: false },
  "demo-pro": { plan: "paid", licensed: false },
  "demo-licensed": { plan: "paid", licensed: true },
};

/** The key a request carries: the X-Api-Key header, or the apiKey parameter. */
export function requestKey(request: Request, params: URLSearchParams): string {
  return request.headers.get("x-api-key") ?? params.get("apiKey") ?? "";
}

export type SandboxHandler = (request: Request) => Promise<Response>;

/**
 * The origin of this process's own calls to its sandbox (never resolved on the network). They are
 * not held to SANDBOX_RATE_LIMIT, which limits the HTTP mount: callers there share the public demo
 * keys, and could otherwise spend the app's own window. The mount never passes this origin on.
 */
export const IN_PROCESS_ORIGIN = "http://sandbox.internal";

export interface RateLimit {
  limit: number;
  windowMs: number;
  /** Requests per key per UTC day, as the real free plan caps them (250); none when undefined. */
  daily?: number;
}
