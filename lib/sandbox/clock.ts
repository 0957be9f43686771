// The sandbox's clock: SANDBOX_NOW pins it (lib/server/config.ts), otherwise the real clock. With the
// clock control on (SANDBOX_CLOCK_CONTROL=1, app/sandbox/clock) a test can move it, so the scheduled
// reference-data changes (changes.ts) happen on demand.
import { dataChanged } from "@/lib/data-changed";
import { getConfig } from "@/lib/server/config";

const CLOCK_KEY = Symbol.for("company-dashboard.sandbox.clock");
type ClockHolder = { [CLOCK_KEY]?: number };

/** Whether the sandbox's clock may be moved at runtime (off unless SANDBOX_CLOCK_CONTROL=1). */
export function clockControlEnabled(): boolean {
  return getConfig().sandbox.clockControl;
}

/** Moves the sandbox's clock to `ms` (kept across route bundles); null returns it to SANDBOX_NOW or the real clock. */
export function setSandboxClock(ms: number | null): void {
  const holder = globalThis as ClockHolder;
  if (ms === null) delete holder[CLOCK_KEY];
  else holder[CLOCK_KEY] = ms;
  dataChanged();
}

/** The sandbox's "now" in ms: the moved clock, SANDBOX_NOW, or the real clock. */
export function sandboxNow(): number {
  const moved = (globalThis as ClockHolder)[CLOCK_KEY];
  if (moved !== undefined) return moved;
  return getConfig().sandbox.nowMs ?? Date.now();
}
