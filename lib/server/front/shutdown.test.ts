import { afterEach, describe, expect, it, vi } from "vitest";
import { setProcessWide } from "@/lib/process-wide";
import { installShutdown, onShutdown, type ShutdownProcess } from "./shutdown";

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

/** A promise the test settles itself. */
function held() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A work whose runs the test finishes one by one. */
function heldWork() {
  const runs: (() => void)[] = [];
  const work = vi.fn(() => new Promise<void>((resolve) => runs.push(resolve)));
  return { work, finish: (run: number) => runs[run]?.() };
}

const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));

afterEach(() => setProcessWide("shutdown-work", undefined));

describe("installShutdown", () => {
  it("does nothing until a signal comes", async () => {
    const { proc, exits } = fakeProcess();
    const drain = vi.fn(async () => undefined);
    installShutdown({ drain, drainMs: 1000, proc, log: () => undefined });
    await tick();
    expect(drain).not.toHaveBeenCalled();
    expect(exits).toEqual([]);
  });

  it("runs the work at the signal and again once the requests drained, then exits 0", async () => {
    const { proc, exits, signal } = fakeProcess();
    const { work, finish } = heldWork();
    onShutdown(work);
    const drained = held();
    const lines: string[] = [];
    installShutdown({ drain: () => drained.promise, drainMs: 5000, proc, log: (l) => lines.push(l) });
    signal("SIGTERM");
    expect(lines[0]).toBe("SIGTERM: finishing the requests in flight, then stopping");
    expect(work).toHaveBeenCalledTimes(1); // at once: the lease goes back while requests drain
    finish(0);
    await tick();
    expect(work).toHaveBeenCalledTimes(1); // not again before the drain
    drained.resolve();
    // Again after the drain: the writes of the requests that finished meanwhile.
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(2));
    expect(exits).toEqual([]);
    finish(1);
    await vi.waitFor(() => expect(exits).toEqual([0]));
    expect(lines.at(-1)).toMatch(/^shutdown: done in \d+ ms$/);
    signal("SIGINT"); // a second signal starts nothing more
    await tick();
    expect(work).toHaveBeenCalledTimes(2);
    expect(exits).toEqual([0]);
  });

  it("exits 1 when the requests outlast the drain limit, and after the work limit when the work hangs", async () => {
    const { proc, exits, signal } = fakeProcess();
    onShutdown(() => new Promise<void>(() => undefined));
    const lines: string[] = [];
    installShutdown({
      drain: () => new Promise<void>(() => undefined),
      drainMs: 40,
      limitMs: 40,
      proc,
      log: (line) => lines.push(line),
    });
    signal("SIGINT");
    await tick(10);
    expect(exits).toEqual([]);
    await vi.waitFor(() => expect(exits).toEqual([1]));
    expect(lines.slice(1)).toEqual([
      "the requests in flight were still running after 40 ms: stopping anyway",
      expect.stringMatching(/^shutdown: not done after \d+ ms; exiting anyway$/),
    ]);
  });

  it("a failing work is logged, and the exit still comes", async () => {
    const { proc, exits, signal } = fakeProcess();
    onShutdown(async () => Promise.reject(new Error("redis gone")));
    const lines: string[] = [];
    installShutdown({ drain: async () => undefined, drainMs: 1000, proc, log: (l) => lines.push(l) });
    signal("SIGTERM");
    await vi.waitFor(() => expect(exits).toEqual([0]));
    expect(lines.slice(1)).toEqual([
      "shutdown: redis gone",
      "shutdown: redis gone",
      expect.stringMatching(/^shutdown: done in \d+ ms$/),
    ]);
  });
});
