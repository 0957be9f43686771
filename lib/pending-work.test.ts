import { describe, expect, it } from "vitest";
import { PendingWork } from "./pending-work";

describe("PendingWork", () => {
  it("settles once every job has, including one tracked while it waits, and a rejected job does not reject it", async () => {
    const work = new PendingWork();
    const order: string[] = [];
    const later = (ms: number, name: string, fail = false) =>
      new Promise<void>((resolve, reject) =>
        setTimeout(() => {
          order.push(name);
          if (fail) reject(new Error(name));
          else resolve();
        }, ms),
      );
    void work.track(later(10, "a")).then(() => work.track(later(20, "c")));
    work.track(later(15, "b", true)).catch(() => undefined);
    await work.settled();
    expect(order).toEqual(["a", "b", "c"]);
    await work.settled(); // nothing left: at once
  });
});
