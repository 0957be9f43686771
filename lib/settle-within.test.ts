import { describe, expect, it } from "vitest";
import { settleWithin } from "./settle-within";

describe("settleWithin", () => {
  it("gives the promise's outcome when it comes in time", async () => {
    await expect(settleWithin(Promise.resolve(1), 1_000, () => 2)).resolves.toBe(1);
    await expect(settleWithin(Promise.reject(new Error("no")), 1_000, () => 2)).rejects.toThrow("no");
  });

  it("gives late()'s value, or its error, once the time has passed", async () => {
    const never = new Promise<number>(() => undefined);
    await expect(settleWithin(never, 10, () => "slow")).resolves.toBe("slow");
    await expect(
      settleWithin(never, 10, () => {
        throw new Error("no answer within 10 ms");
      }),
    ).rejects.toThrow("no answer within 10 ms");
  });
});
