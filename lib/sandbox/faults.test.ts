import { describe, expect, it } from "vitest";
import {
  FAULT_KINDS,
  FaultInjector,
  FaultSpecError,
  formatFaultSpec,
  isConnectionResetFault,
  parseFaultSpec,
  withFaults,
} from "./faults";

describe("parseFaultSpec", () => {
  it("reads latency, shares, Retry-After, paths and seed", () => {
    expect(
      parseFaultSpec(
        "latency=100-400, 500=0.2, 429=10%, retry-after=7, timeout=0.05, only=/v3/company/profile|/v1/top-news, seed=42",
      ),
    ).toEqual({
      latencyMs: [100, 400],
      shares: { "500": 0.2, "429": 0.1, timeout: 0.05 },
      retryAfterSeconds: 7,
      only: ["/v3/company/profile", "/v1/top-news"],
      seed: 42,
    });
    expect(parseFaultSpec("latency=300")).toMatchObject({ latencyMs: [300, 300], shares: {} });
  });

  it("treats empty and off as no fault mode", () => {
    expect(parseFaultSpec(undefined)).toBeNull();
    expect(parseFaultSpec("  ")).toBeNull();
    expect(parseFaultSpec("off")).toBeNull();
  });

  it("accepts every fault kind", () => {
    const spec = parseFaultSpec(FAULT_KINDS.map((k) => `${k}=0.1`).join(","));
    expect(Object.keys(spec?.shares ?? {}).sort()).toEqual([...FAULT_KINDS].sort());
  });

  it("reports every problem at once, readably, with the syntax", () => {
    let error: unknown;
    try {
      parseFaultSpec("500=2,latency=fast,boom=1,429,seed=-1,500=0.1");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FaultSpecError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid SANDBOX_FAULTS: /);
    expect(message).toContain('"500=2": a share must be between 0 and 1');
    expect(message).toContain('"latency=fast": expected milliseconds');
    expect(message).toContain('unknown name "boom"');
    expect(message).toContain('"429": expected name=value');
    expect(message).toContain('"seed=-1": expected a whole number');
    expect(message).toContain('"500" is given twice');
    expect(message).toContain("Syntax: comma-separated name=value pairs");
  });

  it("refuses shares that add up to more than 1, and bad paths", () => {
    expect(() => parseFaultSpec("500=0.6,429=0.5")).toThrow(/add up to 1.1; together at most 1/);
    expect(() => parseFaultSpec("only=v3")).toThrow(/expected contract paths/);
    expect(() => parseFaultSpec("latency=500-100")).toThrow(/latency=500-100/);
  });

  it("writes a spec back in its own syntax", () => {
    const text = "latency=50-60,500=0.25,429=0.5,retry-after=3,only=/v1/top-news,seed=9";
    expect(formatFaultSpec(parseFaultSpec(text))).toBe(text);
    expect(formatFaultSpec(null)).toBe("off");
  });
});

describe("FaultInjector", () => {
  it("injects each fault in its share, and the same sequence for the same seed", () => {
    const spec = parseFaultSpec("500=0.2,429=0.1,truncate=0.3,seed=5");
    const run = () => {
      const injector = new FaultInjector(spec);
      return Array.from({ length: 2000 }, () => injector.decide("/v3/companies-list")?.fault ?? null);
    };
    const first = run();
    expect(run()).toEqual(first);
    const share = (kind: string | null) => first.filter((f) => f === kind).length / first.length;
    expect(share("500")).toBeCloseTo(0.2, 1);
    expect(share("429")).toBeCloseTo(0.1, 1);
    expect(share("truncate")).toBeCloseTo(0.3, 1);
    expect(share(null)).toBeCloseTo(0.4, 1);
  });

  it("applies only to the listed paths and counts what it injected", () => {
    const injector = new FaultInjector(parseFaultSpec("500=1,only=/v3/company/profile"));
    expect(injector.decide("/v3/companies-list")).toBeNull();
    expect(injector.decide("/v3/company/profile")).toEqual({ latencyMs: 0, fault: "500" });
    expect(injector.stats()).toEqual({ requests: 1, injected: { "500": 1 } });
    injector.set(null);
    expect(injector.decide("/v3/company/profile")).toBeNull();
    expect(injector.stats()).toEqual({ requests: 0, injected: {} });
  });
});

describe("withFaults", () => {
  const body = { pagination: { page: 1 }, data: [{ companyKey: "NASDAQ_A" }] };
  const inner = async () =>
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  const faulty = (spec: string) => {
    const injector = new FaultInjector(parseFaultSpec(spec));
    return withFaults(inner, () => injector);
  };
  const get = (spec: string, signal?: AbortSignal) =>
    faulty(spec)(new Request("http://sandbox.internal/v3/companies-list", { signal }));

  it("passes requests through untouched with no fault", async () => {
    expect(await (await get("500=0")).json()).toEqual(body);
  });

  it("answers 500, 429 with Retry-After, and 401 in the {error} style", async () => {
    const e500 = await get("500=1");
    expect(e500.status).toBe(500);
    expect(await e500.json()).toMatchObject({ errors: [{ message: expect.any(String) }] });
    const e429 = await get("429=1,retry-after=12");
    expect(e429.status).toBe(429);
    expect(e429.headers.get("retry-after")).toBe("12");
    const e401 = await get("401=1");
    expect(e401.status).toBe(401);
    expect(await e401.json()).toEqual({ error: expect.stringContaining("Invalid API key") });
  });

  it("spoils successful bodies: truncated, malformed, off-contract", async () => {
    const truncated = await (await get("truncate=1")).text();
    expect(JSON.stringify(body).startsWith(truncated)).toBe(true);
    expect(() => JSON.parse(truncated)).toThrow();
    const malformed = await (await get("malformed=1")).text();
    expect(() => JSON.parse(malformed)).toThrow();
    const schema = (await (await get("schema=1")).json()) as Record<string, unknown>;
    expect(schema).not.toHaveProperty("pagination");
    expect(schema.result).toEqual(body);
  });

  it("stalls mid-body, deaf to the caller's signal, until the reader cancels", async () => {
    const controller = new AbortController();
    const response = await get("stall=1", controller.signal);
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(JSON.stringify(body).startsWith(new TextDecoder().decode(first.value))).toBe(true);
    controller.abort();
    const next = reader.read();
    const outcome = await Promise.race([next, new Promise((r) => setTimeout(() => r("still waiting"), 100))]);
    expect(outcome).toBe("still waiting");
    await reader.cancel();
    await expect(next).resolves.toMatchObject({ done: true });
  });

  it("throws like a dropped connection on reset", async () => {
    const error = await get("reset=1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(isConnectionResetFault(error)).toBe(true);
  });

  it("hangs until the caller gives up, and delays by the latency", async () => {
    const hung = await get("timeout=1", AbortSignal.timeout(30)).catch((e: unknown) => e);
    expect((hung as Error).name).toBe("TimeoutError");
    const started = performance.now();
    await get("latency=40");
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });
});
