import "server-only";

/** The part of `process` a shutdown uses: signals in, exit out (tests pass their own). */
export interface ShutdownProcess {
  on(signal: "SIGTERM" | "SIGINT", listener: () => void): unknown;
  exit(code?: number): unknown;
}

/** How long the server's own shutdown work may hold up the exit. */
export const SHUTDOWN_WORK_MS = 5000;

/**
 * The server's own work on SIGTERM and SIGINT (give the index sync's lease back, land the writes
 * under way), done before the process exits. `next start` handles these signals itself: it stops
 * accepting connections, lets the requests in flight finish, then calls `process.exit`, which
 * would cut our work off; so from the signal on, `exit` waits for the work (at most `limitMs`).
 * With NEXT_MANUAL_SIG_HANDLE set Next does not handle them, and this exits once the work is done.
 */
export function installShutdown(
  work: () => Promise<void>,
  {
    proc = process,
    limitMs = SHUTDOWN_WORK_MS,
    nextHandlesSignals = !process.env.NEXT_MANUAL_SIG_HANDLE,
    log = (line: string) => console.log(line),
  }: {
    proc?: ShutdownProcess;
    limitMs?: number;
    nextHandlesSignals?: boolean;
    log?: (line: string) => void;
  } = {},
): void {
  let done: Promise<void> | null = null;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    proc.on(signal, () => {
      if (done) return;
      const started = performance.now();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          log(`shutdown: our work was not done after ${limitMs} ms; exiting anyway`);
          resolve();
        }, limitMs);
      });
      const finished = work().then(
        () =>
          log(
            `shutdown: lease given back and writes landed in ${Math.round(performance.now() - started)} ms`,
          ),
        (error: unknown) => log(`shutdown: ${error instanceof Error ? error.message : String(error)}`),
      );
      done = Promise.race([finished, limit]).finally(() => clearTimeout(timer));
      const exit = proc.exit.bind(proc);
      const pending = done;
      proc.exit = (code) => void pending.then(() => exit(code));
      if (!nextHandlesSignals) void pending.then(() => exit(signal === "SIGTERM" ? 143 : 130));
    });
  }
}
