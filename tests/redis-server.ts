// A real redis-server (Debian's package; `node scripts/ensure-tools.mjs redis` installs it) on a
// free loopback port, for the tests of the shared tiers. Nothing is persisted.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";

export interface RunningRedis {
  port: number;
  url: string;
  /** Stops the server (SIGKILL: a crash, as far as the app can tell). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open and nothing answers, as when a host hangs. */
  freeze(): void;
  /** Lets a frozen server go on (SIGCONT). */
  thaw(): void;
  stop(): Promise<void>;
}

const BINARY = [process.env.REDIS_SERVER_PATH, "/usr/bin/redis-server", "/usr/local/bin/redis-server"].find(
  (p): p is string => Boolean(p && existsSync(p)),
);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function launch(port: number): Promise<ChildProcess> {
  if (!BINARY) throw new Error("redis-server not found: run `node scripts/ensure-tools.mjs redis`");
  const child = spawn(
    BINARY,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${output}`));
    });
  });
}

function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

export async function startRedis(port?: number): Promise<RunningRedis> {
  const chosen = port ?? (await freePort());
  let child = await launch(chosen);
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    kill: () => stopped(child, "SIGKILL"),
    restart: async () => {
      await stopped(child, "SIGKILL");
      child = await launch(chosen);
    },
    freeze: () => child.kill("SIGSTOP"),
    thaw: () => child.kill("SIGCONT"),
    stop: () => stopped(child, "SIGTERM"),
  };
}
