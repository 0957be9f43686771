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

/** The main test server, whose sandbox mount stands for the real service in the journeys on a real key. */
export const MAIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;

/**
 * `npm start` (on the existing build) on `port`, with the main server's sandbox mount as its real
 * upstream and the licensed demo key, memory-only caches and `env` on top; waited for until it answers.
 */
export async function startOnRealKey(port: number, env: Record<string, string>): Promise<AppProcess> {
  const app = spawnApp(["scripts/start.mjs", "--no-build"], {
    PORT: String(port),
    API_BASE_URL: `${MAIN}/sandbox`,
    API_KEY: "demo-licensed",
    CACHE_DIR: "off",
    REQUEST_LOG: "off",
    ...env,
  });
  try {
    await untilAnswers(`http://127.0.0.1:${port}/api/index-status`, 120_000);
  } catch (error) {
    throw new Error(`server did not start: ${app.output()}\n${error}`);
  }
  return app;
}

/** A company of the main server's sandbox, with its ISIN and CUSIP (licensed identifiers). */
export async function licensedCompany(): Promise<{ key: string; isin: string; cusip: string }> {
  const { rows } = (await (await fetch(`${MAIN}/api/companies?pageSize=20`)).json()) as {
    rows: { companyKey: string; primaryListing: { isin?: string; cusip?: string } }[];
  };
  const row = rows.find((r) => r.primaryListing.isin && r.primaryListing.cusip);
  if (!row?.primaryListing.isin || !row.primaryListing.cusip)
    throw new Error("no company with an ISIN and a CUSIP");
  return { key: row.companyKey, isin: row.primaryListing.isin, cusip: row.primaryListing.cusip };
}
