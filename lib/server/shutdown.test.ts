import { describe, expect, it, vi } from "vitest";
import { installShutdown, type ShutdownProcess } from "./shutdown";

/** A process stand-in: signals the test raises, exits it records. */
function fakeProcess() {
  const listeners = new Map<string, () => void>();
  const exits: (number | undefined)[] = [];
  const proc: ShutdownProcess = {
    on: (signal, listener) => listeners.set(signal, listener),
    exit: (code) => {
      exits.push(code);
    },
  };
  return { proc, exits, signal: (name: "SIGTERM" | "SIGINT") => listeners.get(name)?.() };
}

/** A work whose runs the test finishes one by one. */
function heldWork() {
  const runs: (() => void)[] = [];
  const work = vi.fn(() => new Promise<void>((resolve) => runs.push(resolve)));
  return { work, finish: (run: number) => runs[run]?.() };
}

const log = () => undefined;
const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));

describe("installShutdown", () => {
  it("leaves exit alone until a signal comes", () => {
    const { proc, exits } = fakeProcess();
    installShutdown(async () => undefined, { proc, log });
    proc.exit(0);
    expect(exits).toEqual([0]);
  });

  it("runs the work at the signal, and again when Next exits, which waits for both", async () => {
    const { proc, exits, signal } = fakeProcess();
    const { work, finish } = heldWork();
    installShutdown(work, { proc, log });
    signal("SIGTERM");
    expect(work).toHaveBeenCalledTimes(1); // at once: the lease goes back while requests drain
    proc.exit(143); // what `next start` does once its requests in flight are done
    await tick();
    expect(exits).toEqual([]);
    finish(0);
    // Again after the drain: the writes of the requests that finished meanwhile.
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(2));
    await tick();
    expect(exits).toEqual([]);
    finish(1);
    await vi.waitFor(() => expect(exits).toEqual([143]));
    signal("SIGINT"); // a second signal starts nothing more
    proc.exit(143);
    await tick();
    expect(work).toHaveBeenCalledTimes(2);
  });

  it("exits after the limit when the work hangs", async () => {
    const { proc, exits, signal } = fakeProcess();
    const lines: string[] = [];
    installShutdown(() => new Promise<void>(() => undefined), {
      proc,
      log: (line) => lines.push(line),
      limitMs: 60,
    });
    signal("SIGINT");
    proc.exit(130);
    await tick(10);
    expect(exits).toEqual([]);
    await vi.waitFor(() => expect(exits).toEqual([130]));
    expect(lines).toEqual([expect.stringMatching(/^shutdown: not done after \d+ ms; exiting anyway$/)]);
  });

  it("a failing work is logged, and the exit still comes", async () => {
    const { proc, exits, signal } = fakeProcess();
    const lines: string[] = [];
    installShutdown(async () => Promise.reject(new Error("redis gone")), {
      proc,
      log: (line) => lines.push(line),
    });
    signal("SIGTERM");
    proc.exit(143);
    await vi.waitFor(() => expect(exits).toEqual([143]));
    expect(lines).toEqual([
      "shutdown: redis gone",
      "shutdown: redis gone",
      expect.stringMatching(/^shutdown: done in \d+ ms$/),
    ]);
  });
});
