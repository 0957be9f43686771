import "server-only";
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

const INJECTOR_KEY = Symbol.for("company-dashboard.sandbox.faults");
const HANDLER_KEY = Symbol.for("company-dashboard.sandbox.handler");
type Holder = { [INJECTOR_KEY]?: FaultInjector; [HANDLER_KEY]?: SandboxHandler };
const holder = globalThis as Holder;

/** The process-wide fault mode (shared across route bundles), first set from SANDBOX_FAULTS. */
export function getFaultInjector(): FaultInjector {
  holder[INJECTOR_KEY] ??= new FaultInjector(getConfig().sandbox.faults);
  return holder[INJECTOR_KEY];
}

/** The process-wide sandbox behind its fault mode. */
export function getSandboxHandler(): SandboxHandler {
  if (!holder[HANDLER_KEY]) {
    const { rateLimit, hostile, shapes } = getConfig().sandbox;
    const now = sandboxNow; // SANDBOX_NOW or the real clock, unless the clock control moved it
    const handler = createSandboxHandler({ now, rateLimit });
    holder[HANDLER_KEY] = withFaults(
      withShapes(hostile ? withHostileData(handler, { now, keys: DEMO_KEYS }) : handler, shapes),
      getFaultInjector,
    );
  }
  return holder[HANDLER_KEY];
}
