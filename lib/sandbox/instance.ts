import "server-only";
import { processWide } from "@/lib/process-wide";
// The process-wide sandbox, as the configuration (lib/server/config.ts) sets it up: its clock and
// rate limit, the hostile data, and the fault mode in front. Loaded only when it serves: the data
// source is the sandbox, or /sandbox/* is mounted.
import { getConfig } from "@/lib/server/config";
import { sandboxNow } from "./clock";
import { FaultInjector, withFaults } from "./faults";
import { createSandboxHandler } from "./handler";
import { withHostileData } from "./hostile";
import { withShapes } from "./shapes";
import { DEMO_KEYS, type SandboxHandler } from "./types";

/** The process-wide fault mode, first set from SANDBOX_FAULTS. */
export function getFaultInjector(): FaultInjector {
  return processWide("sandbox.faults", () => new FaultInjector(getConfig().sandbox.faults));
}

/** The process-wide sandbox behind its fault mode. */
export function getSandboxHandler(): SandboxHandler {
  return processWide("sandbox.handler", () => {
    const { rateLimit, hostile, shapes } = getConfig().sandbox;
    const now = sandboxNow; // SANDBOX_NOW or the real clock, unless the clock control moved it
    const handler = createSandboxHandler({ now, rateLimit });
    return withFaults(
      withShapes(hostile ? withHostileData(handler, { now, keys: DEMO_KEYS }) : handler, shapes),
      getFaultInjector,
    );
  });
}
