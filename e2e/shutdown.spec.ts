// Graceful shutdown of `npm start` (scripts/start.mjs over `next start`): on SIGTERM a request in
// flight finishes whole, new connections are refused, and the process exits 0. Runs its own
// server on a free port, with the sandbox's fault mode slowing profile answers down by 2 s so a
// request is surely in flight when the signal comes.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { expect, test } from "@playwright/test";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

test("SIGTERM lets the request in flight finish, refuses new ones, and exits 0", async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-build"], {
    env: {
      ...process.env,
      PORT: String(port),
      API_BASE_URL: "",
      API_KEY: "",
      NEXT_TELEMETRY_DISABLED: "1",
      SANDBOX_FAULTS: "latency=2000,only=/v3/company/profile",
      // Memory only: a profile an earlier run left in .cache would answer at once.
      CACHE_DIR: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  try {
    await expect
      .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, {
        timeout: 30_000,
      })
      .toBe(200);

    const started = Date.now();
    const inFlight = fetch(`${base}/api/profile?companyKey=XLON_EMBE`).then(async (response) => ({
      status: response.status,
      body: await response.text(),
      at: Date.now() - started,
    }));
    await new Promise((r) => setTimeout(r, 500));
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));

    // The listener is closed: a new connection is refused while the old request drains.
    const late = await fetch(`${base}/api/health`, { headers: { connection: "close" } }).then(
      (r) => `answered ${r.status}`,
      (error: Error) => `refused (${(error.cause as { code?: string } | undefined)?.code ?? error.message})`,
    );
    expect(late).toMatch(/^refused/);

    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(finished.at).toBeGreaterThanOrEqual(1900);
    expect(JSON.parse(finished.body)).toMatchObject({ data: { companyKey: "XLON_EMBE" } });
    expect(await exited(child)).toBe(0);
    expect(output).toContain("SIGTERM: finishing the requests in flight");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});
