import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debounce } from "./debounce";

describe("debounce", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("calls once with the last arguments after the calls stop", () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced("a");
    vi.advanceTimersByTime(50);
    debounced("b");
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith("b");
  });

  it("with leading, runs a call after a quiet spell at once and holds a burst to its end", () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 40, { leading: true });
    debounced("a");
    expect(fn).toHaveBeenLastCalledWith("a");
    vi.advanceTimersByTime(10);
    debounced("ab");
    vi.advanceTimersByTime(10);
    debounced("abc");
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(40);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith("abc");
    vi.advanceTimersByTime(100);
    debounced("abcd");
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it("cancel drops the waiting call", () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced("a");
    debounced.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).not.toHaveBeenCalled();
  });
});
