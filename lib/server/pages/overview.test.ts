import { describe, expect, it } from "vitest";
import { createSandboxHandler } from "@/lib/sandbox/handler";
import { UpstreamClient } from "@/lib/upstream/client";
import { Services } from "../services/services";
import { topStories, weekEventCounts } from "./overview";

const MINUTE = 60_000;
const TODAY = "2026-11-20";

/** Services on the sandbox whose clock the test moves; the upstream answers, fails, or says wait. */
function overviewServices() {
  const sandbox = createSandboxHandler({ now: () => Date.parse("2026-11-20T15:00:00Z") });
  const clock = { now: Date.parse("2026-11-20T15:00:00Z") };
  const upstream = { mode: "ok" as "ok" | "down" | "429", calls: [] as string[] };
  const client = new UpstreamClient({
    baseUrl: "http://sandbox.internal",
    apiKey: "demo-licensed",
    retries: 0,
    now: () => clock.now,
    transport: async (request) => {
      upstream.calls.push(new URL(request.url).searchParams.get("startDate") ?? "");
      if (upstream.mode === "down") throw new TypeError("fetch failed");
      if (upstream.mode === "429")
        return new Response('{"errors":[{"message":"slow down"}]}', {
          status: 429,
          headers: { "retry-after": "60" },
        });
      return sandbox(request);
    },
  });
  const services = new Services({ client, now: () => clock.now, startSync: false });
  return { services, clock, upstream, sandbox };
}

describe("the overview's week counts", () => {
  it("are the feed's own totals by type, read a day at a time; a refresh reads today again and keeps the days before", async () => {
    const { services, clock, upstream, sandbox } = overviewServices();
    const counts = await weekEventCounts(services, TODAY);
    // Exact: each type's count is what the feed says of that type over the week.
    for (const { eventType, count } of counts.counts.slice(0, 4)) {
      const answer = await sandbox(
        new Request(`http://sandbox.internal/v1/top-news?pageSize=1&eventType=${eventType}`, {
          headers: { "x-api-key": "demo-licensed" },
        }),
      );
      expect(count).toBe(
        ((await answer.json()) as { pagination: { totalCount: number } }).pagination.totalCount,
      );
    }
    // A page of 1000 stories per call: one or two a day, not one per event type (19).
    expect(new Set(upstream.calls).size).toBe(7);
    expect(upstream.calls.length).toBeLessThanOrEqual(14);
    upstream.calls = [];
    clock.now += 31 * MINUTE;
    await weekEventCounts(services, TODAY); // stale: served, refreshed in the background
    await expect.poll(() => upstream.calls.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(new Set(upstream.calls)).toEqual(new Set([TODAY]));
    expect(upstream.calls.length).toBeLessThanOrEqual(2);
  });

  it("from a service that ignores the page asked for: each day's stories counted once, not page after page", async () => {
    const sandbox = createSandboxHandler({ now: () => Date.parse("2026-11-20T15:00:00Z") });
    let calls = 0;
    const client = new UpstreamClient({
      baseUrl: "http://sandbox.internal",
      apiKey: "demo-licensed",
      retries: 0,
      // Page 1 (of 3 stories), whatever page is asked for, always with "there is a next page".
      transport: async (request) => {
        calls++;
        const url = new URL(request.url);
        url.searchParams.set("pageSize", "3");
        url.searchParams.delete("pageNumber");
        const page = (await (await sandbox(new Request(url, request))).json()) as { data: unknown[] };
        return Response.json({ data: page.data, pagination: { hasNextPage: true } });
      },
    });
    const services = new Services({
      client,
      now: () => Date.parse("2026-11-20T15:00:00Z"),
      startSync: false,
    });
    const counts = await weekEventCounts(services, TODAY);
    // 3 stories a day for 7 days; each day read twice (the repeat tells the paging is ignored).
    expect(counts.total).toBe(21);
    expect(calls).toBe(14);
  });

  it("age on the services' clock: counts older than their TTL that cannot be refreshed carry a warning", async () => {
    const { services, clock, upstream } = overviewServices();
    const first = await weekEventCounts(services, TODAY);
    expect(first).toMatchObject({ stale: false, fetchedAt: clock.now });
    expect(first.total).toBeGreaterThan(0);
    upstream.mode = "down";
    clock.now += 7 * 60 * MINUTE;
    const later = await weekEventCounts(services, TODAY);
    expect(later).toMatchObject({ stale: true, total: first.total });
    expect(later.warning).toMatch(/^Showing data as of 7 hours ago; the data service is failing\.$/);
  });

  it("are marked stale with a warning while the upstream client is paused", async () => {
    const { services, clock, upstream } = overviewServices();
    await weekEventCounts(services, TODAY);
    clock.now += 40 * MINUTE; // past fresh, within stale: served while a refresh runs
    upstream.mode = "429";
    await expect(services.client.getProfile({ companyKey: "NASDAQ_X" })).rejects.toMatchObject({
      code: "rate_limited",
    });
    expect(services.client.pausedReason()).toBe("rate_limited");
    const paused = await weekEventCounts(services, TODAY);
    expect(paused.stale).toBe(true);
    expect(paused.warning).toMatch(/limiting this server's requests/);
  });

  it("are one of the services' caches: counted in their stats and aged with the others", async () => {
    const { services } = overviewServices();
    const first = await weekEventCounts(services, TODAY);
    expect(services.cacheStats().find((c) => c.name === "week-counts")).toMatchObject({ entries: 1 });
    await services.ageCaches(40 * MINUTE);
    const aged = await weekEventCounts(services, TODAY);
    expect(aged).toMatchObject({ stale: true, fetchedAt: first.fetchedAt - 40 * MINUTE });
  });
});

describe("the overview's top stories", () => {
  it("are today's; yesterday's when today has none; the week's when neither day has a story", async () => {
    const { services } = overviewServices();
    // The sandbox's news runs to its clock, 2026-11-20 15:00.
    const today = await topStories(services, TODAY);
    expect(today.span).toBe("today");
    expect(today.range).toEqual({ start: TODAY, end: TODAY });
    expect(today.page.data.data.length).toBeGreaterThan(0);

    const nextDay = await topStories(services, "2026-11-21");
    expect(nextDay).toMatchObject({ span: "yesterday", range: { start: TODAY, end: TODAY } });
    expect(nextDay.page.data.data.map((a) => a.title)).toEqual(today.page.data.data.map((a) => a.title));

    // Data three days behind (a lag, a quiet weekend): the week's, not an empty panel.
    const lagging = await topStories(services, "2026-11-23");
    expect(lagging).toMatchObject({ span: "week", range: { start: "2026-11-17", end: "2026-11-23" } });
    expect(lagging.page.data.data.length).toBe(5);
    expect(lagging.page.data.data.every((a) => a.importance <= 2)).toBe(true);
  });
});
