import "server-only";
import { settleWithin } from "@/lib/settle-within";

/** The part of `process` a shutdown uses: signals in, exit out (tests pass their own). */
export interface ShutdownProcess {
  on(signal: "SIGTERM" | "SIGINT", listener: () => void): unknown;
  exit(code?: number): unknown;
}

/** How long the server's own shutdown work may hold up the exit. */
export const SHUTDOWN_WORK_MS = 5000;

/**
 * The server's own work on SIGTERM and SIGINT (give the index sync's lease back, land the writes
 * under way) before the process exits. `next start` handles these signals itself: it stops
 * accepting connections, lets the requests in flight finish, then calls `process.exit`, which
 * would cut our work off. So `work` runs twice: at the signal (another instance can take the
 * sync over while this one still drains its requests), and again when Next calls `exit`, which
 * waits for it (for the writes of the requests that finished meanwhile, and anything built
 * since), at most `limitMs`. `work` must be safe to run twice.
 */
export function installShutdown(
  work: () => Promise<void>,
  {
    proc = process,
    limitMs = SHUTDOWN_WORK_MS,
    log = (line: string) => console.log(line),
  }: { proc?: ShutdownProcess; limitMs?: number; log?: (line: string) => void } = {},
): void {
  let signalled = false;
  const attempt = () =>
    work().catch((error: unknown) =>
      log(`shutdown: ${error instanceof Error ? error.message : String(error)}`),
    );
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    proc.on(signal, () => {
      if (signalled) return;
      signalled = true;
      const started = performance.now();
      const early = attempt();
      const exit = proc.exit.bind(proc);
      let exiting = false;
      proc.exit = (code) => {
        if (exiting) return;
        exiting = true;
        void settleWithin(
          early.then(attempt).then(() => true),
          limitMs,
          () => false,
        ).then((done) => {
          const ms = Math.round(performance.now() - started);
          log(done ? `shutdown: done in ${ms} ms` : `shutdown: not done after ${ms} ms; exiting anyway`);
          exit(code);
        });
      };
    });
  }
}
