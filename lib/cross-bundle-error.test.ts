import { describe, expect, it, vi } from "vitest";
import { crossBundleError } from "./cross-bundle-error";

describe("crossBundleError", () => {
  it("is an instance of every copy of its class, and of Error, but not of another brand's", () => {
    // Two bundles' copies of one module: the same brand, two distinct classes.
    class First extends crossBundleError("test.brand") {}
    class Second extends crossBundleError("test.brand") {}
    class Other extends crossBundleError("test.other-brand") {}
    const error = new First("boom", { cause: 1 });
    expect(error).toBeInstanceOf(Second);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(Other);
    expect(new Error("plain")).not.toBeInstanceOf(First);
    const nothing: unknown = null;
    expect(nothing instanceof First).toBe(false);
    expect({ message: "look-alike" }).not.toBeInstanceOf(First);
    expect(error.message).toBe("boom");
    expect(error.cause).toBe(1);
  });

  it("UpstreamError and PageBudgetExceeded hold across fresh copies of their modules", async () => {
    const { UpstreamError } = await import("@/lib/upstream/errors");
    const { PageBudgetExceeded } = await import("@/lib/server/budget/page-budget");
    vi.resetModules();
    const copy = await import("@/lib/upstream/errors");
    const budgetCopy = await import("@/lib/server/budget/page-budget");
    expect(copy.UpstreamError).not.toBe(UpstreamError);
    const error = new copy.UpstreamError("timeout", "slow");
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).not.toBeInstanceOf(PageBudgetExceeded);
    expect(new budgetCopy.PageBudgetExceeded(3)).toBeInstanceOf(PageBudgetExceeded);
    expect(error.retryable).toBe(true);
    expect(error.name).toBe("UpstreamError");
  });
});
