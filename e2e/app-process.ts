// A server process a spec starts itself (`next start` or scripts/start.mjs), beside the one
// Playwright runs: its output collected, waited for until it answers, and stopped.
import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "@playwright/test";

export interface AppProcess {
  child: ChildProcess;
  /** Everything it has printed so far. */
  output(): string;
  /** Its exit code once it has exited (null after a signal it did not handle). */
  exited(): Promise<number | null>;
  /** SIGTERM, then its exit. */
  stop(): Promise<void>;
}

/** `node args...` with telemetry off and `env` over this process's environment. */
export function spawnApp(args: string[], env: Record<string, string>, cwd?: string): AppProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  // On "close": the process has exited and its output is read to the end.
  let closed = false;
  child.once("close", () => {
    closed = true;
  });
  const exited = () =>
    new Promise<number | null>((resolve) => {
      if (closed) resolve(child.exitCode);
      else child.once("close", (code) => resolve(code));
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    // One that does not stop within 15 s is killed: a stuck server must not hold the run up.
    const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited();
    clearTimeout(kill);
  };
  return { child, output: () => output, exited, stop };
}

/** Waits until a GET of `url` answers 200. */
export async function untilAnswers(url: string, timeout = 60_000): Promise<void> {
  await expect.poll(async () => (await fetch(url).catch(() => null))?.status ?? 0, { timeout }).toBe(200);
}
