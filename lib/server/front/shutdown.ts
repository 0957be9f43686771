// The server's way out on SIGTERM and SIGINT (server.ts): stop taking connections, let the requests
// in flight finish, run the app's own shutdown work (give the index sync's lease back, land the
// writes under way), then exit. The work is registered by whoever owns it (`onShutdown`, from
// instrumentation.ts) and runs twice: at the signal, so another instance can take the sync over
// while this one still drains its requests, and again once they are done, for the writes of the
// requests that finished meanwhile. `work` must be safe to run twice.
import { processWide } from "@/lib/process-wide";
import { settleWithin } from "@/lib/settle-within";

/** The part of `process` a shutdown uses: signals in, exit out (tests pass their own). */
export interface ShutdownProcess {
  on(signal: "SIGTERM" | "SIGINT", listener: () => void): unknown;
  exit(code?: number): unknown;
}

/** How long the server's own shutdown work may hold up the exit. */
export const SHUTDOWN_WORK_MS = 5000;

type Work = () => Promise<void>;

function works(): Set<Work> {
  return processWide("shutdown-work", () => new Set<Work>());
}

/** Work to run on the way out (process-wide: instrumentation.ts and server.ts are separate bundles). */
export function onShutdown(work: Work): void {
  works().add(work);
}

export interface ShutdownOptions {
  /** Stops taking connections and resolves once the requests in flight are done. */
  drain: () => Promise<void>;
  /** How long the requests in flight may take; past that the process exits 1. */
  drainMs: number;
  proc?: ShutdownProcess;
  limitMs?: number;
  log?: (line: string) => void;
}

/** On the first SIGTERM or SIGINT: drain, run the work, exit 0 (1 when the drain outlasted `drainMs`). */
export function installShutdown({
  drain,
  drainMs,
  proc = process,
  limitMs = SHUTDOWN_WORK_MS,
  log = (line) => console.log(line),
}: ShutdownOptions): void {
  let signalled = false;
  const runWork = () =>
    Promise.all(
      [...works()].map((work) =>
        work().catch((error: unknown) =>
          log(`shutdown: ${error instanceof Error ? error.message : String(error)}`),
        ),
      ),
    );
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    proc.on(signal, () => {
      if (signalled) return;
      signalled = true;
      log(`${signal}: finishing the requests in flight, then stopping`);
      const started = performance.now();
      const early = runWork();
      void (async () => {
        const drained = await settleWithin(
          drain().then(() => true),
          drainMs,
          () => false,
        );
        if (!drained) log(`the requests in flight were still running after ${drainMs} ms: stopping anyway`);
        const done = await settleWithin(
          early.then(runWork).then(() => true),
          limitMs,
          () => false,
        );
        const ms = Math.round(performance.now() - started);
        log(done ? `shutdown: done in ${ms} ms` : `shutdown: not done after ${ms} ms; exiting anyway`);
        proc.exit(drained ? 0 : 1);
      })();
    });
  }
}
