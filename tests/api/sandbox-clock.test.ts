// The sandbox clock control is no backdoor: off (404) unless SANDBOX_CLOCK_CONTROL=1, and off
// whenever the app's data comes from a real API (API_BASE_URL), so its forced sync never spends a
// real key's calls. A body that is no date-time is a 400 before anything moves.
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET, PUT } from "@/app/sandbox/clock/route";
import { sandboxNow } from "@/lib/sandbox/clock";

afterEach(() => vi.unstubAllEnvs());

const put = (body: string) => PUT(new Request("http://app/sandbox/clock", { method: "PUT", body }));

describe("PUT /sandbox/clock", () => {
  it("is a 404 without SANDBOX_CLOCK_CONTROL=1, and the clock stays", async () => {
    const before = sandboxNow();
    vi.stubEnv("SANDBOX_CLOCK_CONTROL", "");
    expect((await GET()).status).toBe(404);
    expect((await put("2027-01-01T00:00:00Z")).status).toBe(404);
    expect(sandboxNow()).toBe(before);
  });

  it("is a 404 on a real API even with the control on", async () => {
    vi.stubEnv("SANDBOX_CLOCK_CONTROL", "1");
    vi.stubEnv("API_BASE_URL", "https://api.example.com");
    vi.stubEnv("API_KEY", "real-key");
    expect((await GET()).status).toBe(404);
    expect((await put("2027-01-01T00:00:00Z")).status).toBe(404);
  });

  it("answers 400 with an errors body to a body that is no date-time", async () => {
    vi.stubEnv("SANDBOX_CLOCK_CONTROL", "1");
    vi.stubEnv("API_BASE_URL", "");
    const before = sandboxNow();
    const response = await put("tomorrow");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [{ message: "The body must be an ISO 8601 date-time" }],
    });
    expect(sandboxNow()).toBe(before);
  });
});
