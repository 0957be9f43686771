// The built app under its server (scripts/start.mjs) for the benchmarks that measure pages: the embedded sandbox,
// the pinned clock the browser tests use, on BENCH_PORT or a free loopback port. Builds first
// when there is no build.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../tests/redis-server";

export const BENCH_SANDBOX_NOW = "2026-11-20T15:00:00Z";

/**
 * Starts the app (with `env` over the benchmark's own) and resolves once the default company
 * index is synced; `stop` ends it and resolves when it has exited; `cpuMs` is the CPU time the
 * server has used so far (its processes, on Linux; NaN elsewhere).
 */
export async function startBuiltApp(
  env: Record<string, string> = {},
  root = process.cwd(),
): Promise<{ base: string; stop: () => Promise<void>; cpuMs: () => number }> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    console.log("(no production build: building the app first)");
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" });
    if (build.status !== 0) throw new Error("the build failed: run `npm run build` to see why");
  }
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS (say "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server under a benchmark;
  // BENCH_SERVER_LOG (a file) keeps what the server prints (say the lines of "--trace-gc").
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, "a") : "ignore";
  const child = spawn(
    process.execPath,
    // The port as PORT, which every version of scripts/start.mjs reads (a baseline checkout's too).
    [...nodeArgs, "scripts/start.mjs", "--no-build"],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        SANDBOX_NOW: BENCH_SANDBOX_NOW,
        API_BASE_URL: "",
        API_KEY: "",
        NEXT_TELEMETRY_DISABLED: "1",
        ...env,
      },
      stdio: ["ignore", log, log],
    },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const status = (await (await fetch(`${base}/api/index-status`)).json()) as {
        default?: { state: string };
      };
      if (status.default?.state === "ready") return { base, stop, cpuMs: () => treeCpuMs(child.pid) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the app on ${base} did not become ready within 90 s`);
}

/** Clock ticks a second for /proc's CPU times (USER_HZ: 100 on every Linux Node runs on). */
const TICKS = 100;

/**
 * CPU time (user and system) of a process and all its descendants, from /proc, in ms: what the
 * server and any worker it forks have used, including children that have exited.
 */
function treeCpuMs(root: number | undefined): number {
  if (root === undefined || !existsSync("/proc/self/stat")) return Number.NaN;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces: the fields start after its ")".
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      // Fields 4, 14-17 of stat(5): ppid, utime, stime, cutime, cstime (here from field 3 on).
      const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: (utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0),
      });
    } catch {
      // the process ended while being read
    }
  }
  let ticks = 0;
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) queue.push(child);
  }
  return (ticks * 1000) / TICKS;
}
