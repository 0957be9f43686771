// The sandbox's clock: SANDBOX_NOW pins it (lib/server/config.ts), otherwise the real clock. With the
// clock control on (SANDBOX_CLOCK_CONTROL=1, app/sandbox/clock) a test can move it, so the scheduled
// reference-data changes (changes.ts) happen on demand.
import { dataChanged } from "@/lib/data-changed";
import { madeProcessWide, setProcessWide } from "@/lib/process-wide";
import { getConfig } from "@/lib/server/config";

/** Whether the sandbox's clock may be moved at runtime (off unless SANDBOX_CLOCK_CONTROL=1). */
export function clockControlEnabled(): boolean {
  return getConfig().sandbox.clockControl;
}

/** Moves the sandbox's clock to `ms` (kept across route bundles); null returns it to SANDBOX_NOW or the real clock. */
export function setSandboxClock(ms: number | null): void {
  setProcessWide("sandbox.clock", ms ?? undefined);
  dataChanged();
}

/** The sandbox's "now" in ms: the moved clock, SANDBOX_NOW, or the real clock. */
export function sandboxNow(): number {
  const moved = madeProcessWide<number>("sandbox.clock");
  if (moved !== undefined) return moved;
  return getConfig().sandbox.nowMs ?? Date.now();
}
