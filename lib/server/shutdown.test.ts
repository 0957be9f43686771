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

const log = () => undefined;

describe("installShutdown", () => {
  it("holds Next's exit until the work is done", async () => {
    const { proc, exits, signal } = fakeProcess();
    let finish: () => void = () => undefined;
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    installShutdown(work, { proc, log, nextHandlesSignals: true });
    signal("SIGTERM");
    proc.exit(143); // what `next start` does once its requests in flight are done
    await new Promise((r) => setTimeout(r, 20));
    expect(exits).toEqual([]);
    finish();
    await vi.waitFor(() => expect(exits).toEqual([143]));
    signal("SIGINT"); // a second signal starts nothing more
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("exits after the limit when the work hangs, and exits by itself when Next does not handle signals", async () => {
    const { proc, exits, signal } = fakeProcess();
    installShutdown(() => new Promise<void>(() => undefined), {
      proc,
      log,
      limitMs: 30,
      nextHandlesSignals: false,
    });
    signal("SIGINT");
    await new Promise((r) => setTimeout(r, 10));
    expect(exits).toEqual([]);
    await vi.waitFor(() => expect(exits).toEqual([130]));
  });

  it("a failing work is logged, and the exit still comes", async () => {
    const { proc, exits, signal } = fakeProcess();
    const lines: string[] = [];
    installShutdown(async () => Promise.reject(new Error("redis gone")), {
      proc,
      log: (line) => lines.push(line),
      nextHandlesSignals: true,
    });
    signal("SIGTERM");
    proc.exit(143);
    await vi.waitFor(() => expect(exits).toEqual([143]));
    expect(lines).toEqual(["shutdown: redis gone"]);
  });
});
