// The work queue over a real HTTP server. Each request's handler stands for Next: it waits where
// the test says (a gate the test opens), the way a render or an API call waits for its data.
import type { IncomingMessage, ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { inBackground } from "@/lib/upstream/priority";
import { type LocalServer, listenLocal, rawRequest } from "@/tests/local-server";
import { SwrCache } from "../cache/cache";
import { waitingSince } from "./shed";
import { RequestSlots, type RequestSlotsOptions, requestSlots } from "./work-queue";

let server: LocalServer | undefined;
/** The order in which handlers started, and resumed after a wait, by path. */
let order: string[] = [];
/** Gates a handler waits at (plain awaits: the request keeps its slot). */
let gates = new Map<string, Deferred>();
/** What a handler awaits through `idle` (a wait for the upstream): its slot goes back meanwhile. */
let upstream = new Map<string, Deferred>();

afterEach(async () => {
  for (const gate of [...gates.values(), ...upstream.values()]) gate.open();
  await server?.close();
  server = undefined;
  order = [];
  gates = new Map();
  upstream = new Map();
  requestSlots({ limit: null });
});

interface Deferred {
  promise: Promise<void>;
  open: () => void;
}

function deferred(): Deferred {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function gate(map: Map<string, Deferred>, path: string): Deferred {
  let d = map.get(path);
  if (!d) {
    d = deferred();
    map.set(path, d);
  }
  return d;
}

async function work(slots: RequestSlots, req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? "/").split("?")[0] as string;
  const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
  order.push(path);
  if (query.has("upstream")) {
    await slots.idle(() => gate(upstream, path).promise);
    order.push(`${path} resumed`);
  }
  if (query.has("pre")) await gate(gates, `${path}:pre`).promise;
  if (query.has("instant")) {
    await slots.idle(async () => 1);
    order.push(`${path} busy ${slots.stats().busy}`);
  }
  if (query.has("background")) {
    await inBackground(() => slots.idle(() => gate(upstream, path).promise));
    order.push(`${path} resumed`);
  }
  if (query.has("both")) {
    // Two waits at once, one short: the slot goes back again while the long one is out.
    await Promise.all([
      slots.idle(() => gate(upstream, `${path}:short`).promise),
      slots.idle(() => gate(upstream, `${path}:long`).promise),
    ]);
    order.push(`${path} resumed`);
  }
  if (query.has("detached")) {
    void slots.detached(() => slots.idle(() => gate(upstream, path).promise));
    order.push(`${path} busy ${slots.stats().busy}`);
  }
  if (query.has("big")) {
    // More than a client that does not read takes: the slot goes back once the rest is the client's.
    res.end(Buffer.alloc(8 * 1024 * 1024, 120));
    return;
  }
  if (query.has("hold")) await gate(gates, path).promise;
  res.end(`done ${path}`);
}

async function start(options: Partial<RequestSlotsOptions> = {}) {
  const slots = new RequestSlots({ limit: { concurrent: 1, queued: 8 }, ...options });
  server = await listenLocal((req, res) =>
    slots.handle(req, res, () => void work(slots, req, res), req.headers["next-router-prefetch"] === "1"),
  );
  const get = (path: string, init?: RequestInit) => fetch(`${server?.base}${path}`, init);
  return { slots, get };
}

/** Sends `path`, then /b once it has arrived; resolves once /b waits behind it, with both answers. */
async function behind(slots: RequestSlots, get: (path: string) => Promise<Response>, path: string) {
  const first = get(path);
  await poll(() => order).toEqual([path.split("?")[0]]);
  const second = get("/b");
  await poll(() => slots.stats().waiting).toBe(1);
  // In an object: an async function's promise would wait for the answers.
  return { both: Promise.all([first, second]) };
}

/** Polls with room for a busy machine (Vitest's default gives up after 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

describe("the work queue", () => {
  it("works on N requests at once and takes the others in the order they came", async () => {
    const { slots, get } = await start({ limit: { concurrent: 2, queued: 8 } });
    const all: Promise<Response>[] = [];
    // One after another, each once the one before has arrived (connections are not ordered).
    for (const [p, arrived] of [
      ["/a", { busy: 1, waiting: 0 }],
      ["/b", { busy: 2, waiting: 0 }],
      ["/c", { busy: 2, waiting: 1 }],
      ["/d", { busy: 2, waiting: 2 }],
    ] as const) {
      all.push(get(`${p}?hold`));
      await poll(() => slots.stats()).toMatchObject(arrived);
    }
    expect(order).toEqual(["/a", "/b"]);
    gate(gates, "/b").open();
    await poll(() => order).toEqual(["/a", "/b", "/c"]);
    gate(gates, "/a").open();
    await poll(() => order).toEqual(["/a", "/b", "/c", "/d"]);
    for (const p of ["/c", "/d"]) gate(gates, p).open();
    expect((await Promise.all(all)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(slots.stats()).toMatchObject({ busy: 0, waiting: 0, queued: 2, shed: 0 });
  });

  it("gives a request's turn to others while it waits for the upstream, and resumes it ahead of new requests", async () => {
    const { slots, get } = await start();
    const slow = get("/slow?upstream");
    await poll(() => slots.stats().idle).toBe(1);
    // Its wait lets the next request in (which holds the slot until the test lets it go) ...
    const first = get("/first?hold");
    await poll(() => order).toEqual(["/slow", "/first"]);
    // ... and once the upstream answers, it waits for a slot again, ahead of a request that came
    // before the answer: work under way finishes first.
    const later = get("/later");
    await poll(() => slots.stats().waiting).toBe(1);
    gate(upstream, "/slow").open();
    await poll(() => slots.stats().waiting).toBe(2);
    gate(gates, "/first").open();
    expect(await (await slow).text()).toBe("done /slow");
    await Promise.all([first, later]);
    expect(order).toEqual(["/slow", "/first", "/slow resumed", "/later"]);
  });

  it("gives a request's turn back while it waits for a load another request started", async () => {
    // The process's queue: the one the cache's waits find.
    const slots = requestSlots({ limit: { concurrent: 1, queued: 8 }, holdMs: 60_000 });
    const cache = new SwrCache<string>({
      name: "join",
      freshMs: 1000,
      staleMs: 5000,
      errorMs: 60_000,
      maxEntries: 4,
    });
    const answer = gate(upstream, "answer");
    server = await listenLocal((req, res) =>
      slots.handle(req, res, async () => {
        order.push(req.url ?? "");
        if (req.url !== "/other")
          await cache.get("k", () => slots.idle(() => answer.promise.then(() => "v")));
        res.end("ok");
      }),
    );
    const get = (path: string) => fetch(`${server?.base}${path}`);
    const loader = get("/loader");
    await poll(() => order).toEqual(["/loader"]);
    const joiner = get("/joiner");
    await poll(() => order).toEqual(["/loader", "/joiner"]);
    expect((await get("/other")).status).toBe(200);
    answer.open();
    expect((await Promise.all([loader, joiner])).map((r) => r.status)).toEqual([200, 200]);
    expect(cache.stats().loads).toBe(1);
  });

  it("keeps the slot through a wait that ends at once", async () => {
    const { slots, get } = await start();
    const { both } = await behind(slots, get, "/a?pre&instant&hold");
    gate(gates, "/a:pre").open();
    await poll(() => order).toContain("/a busy 1");
    // /b still waits behind /a, which never gave its slot up.
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(["/a", "/a busy 1"]);
    gate(gates, "/a").open();
    await both;
    expect(order).toEqual(["/a", "/a busy 1", "/b"]);
  });

  it("leaves the slot alone for background work's waits", async () => {
    const { slots, get } = await start();
    const { both } = await behind(slots, get, "/a?background");
    // The background wait does not give /a's slot away: /b waits for /a to end.
    await new Promise((r) => setTimeout(r, 50));
    expect(slots.stats()).toMatchObject({ busy: 1, waiting: 1, idle: 0 });
    gate(upstream, "/a").open();
    await both;
    expect(order).toEqual(["/a", "/a resumed", "/b"]);
  });

  it("gives the slot back again while a request still waits for another of its waits", async () => {
    const { slots, get } = await start({ holdMs: 60_000 });
    const both = get("/both?both");
    await poll(() => slots.stats()).toMatchObject({ busy: 0, idle: 1 });
    gate(upstream, "/both:short").open();
    // Back for a turn, then given back while the long wait is out: another request gets in.
    await poll(() => slots.stats()).toMatchObject({ busy: 0, idle: 1 });
    expect((await get("/other")).status).toBe(200);
    gate(upstream, "/both:long").open();
    expect((await both).status).toBe(200);
    expect(order).toEqual(["/both", "/other", "/both resumed"]);
    expect(slots.stats().overran).toBe(0);
  });

  it("keeps the slot through work the request starts and does not wait for", async () => {
    const { slots, get } = await start();
    await get("/d?detached");
    expect(order).toEqual(["/d", "/d busy 1"]);
    expect(slots.stats().idle).toBe(0);
    gate(upstream, "/d").open();
  });

  it("frees the slot of a client that does not read its answer once HOLD_MS is up", async () => {
    const { slots, get } = await start({ holdMs: 300 });
    const socket = await new Promise<Socket>((resolve) => {
      const s = connect(server?.port ?? 0, "127.0.0.1", () => resolve(s));
    });
    // A client that asks and never reads.
    socket.pause();
    socket.write("GET /big?big HTTP/1.1\r\nHost: x\r\n\r\n");
    await poll(() => order).toEqual(["/big"]);
    const asked = Date.now();
    expect((await get("/next")).status).toBe(200);
    // Its answer is not finished (the client holds it back): the slot came back by the backstop.
    expect(Date.now() - asked).toBeGreaterThanOrEqual(200);
    expect(slots.stats()).toMatchObject({ busy: 0, overran: 1 });
    socket.destroy();
  });

  it("takes Next's link prefetches after every other request", async () => {
    const { slots, get } = await start();
    const first = get("/first?hold");
    await poll(() => order).toEqual(["/first"]);
    const prefetch = get("/prefetch", { headers: { "next-router-prefetch": "1" } });
    await poll(() => slots.stats().waiting).toBe(1);
    const person = get("/person");
    await poll(() => slots.stats().waiting).toBe(2);
    gate(gates, "/first").open();
    await Promise.all([first, prefetch, person]);
    expect(order).toEqual(["/first", "/person", "/prefetch"]);
  });

  it("takes a slot back from a request that holds it past the hold limit, without ending the request", async () => {
    const { slots, get } = await start({ holdMs: 30 });
    const stuck = get("/stuck?hold");
    const next = await get("/next");
    expect(next.status).toBe(200);
    expect(slots.stats().overran).toBe(1);
    gate(gates, "/stuck").open();
    expect((await stuck).status).toBe(200);
  });

  it("answers 503 with Retry-After past the queue, and to a request that waited too long", async () => {
    let now = 0;
    const { slots, get } = await start({
      limit: { concurrent: 1, queued: 1 },
      maxWaitMs: 5_000,
      now: () => now,
    });
    const first = get("/first?hold");
    await poll(() => order).toEqual(["/first"]);
    const waited = get("/waited");
    await poll(() => slots.stats().waiting).toBe(1);
    const over = await get("/over");
    expect(over.status).toBe(503);
    expect(over.headers.get("retry-after")).toBe("2");
    expect(await over.text()).toMatch(/busy/);
    expect(over.headers.get("x-content-type-options")).toBe("nosniff");
    const api = await get("/api/companies");
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({
      errors: [{ message: "The server is busy. Try again in a moment.", code: "server_busy" }],
    });
    now += 5_001;
    gate(gates, "/first").open();
    expect((await first).status).toBe(200);
    expect((await waited).status).toBe(503);
    expect(order).toEqual(["/first"]);
    expect(slots.stats()).toMatchObject({ shed: 3, busy: 0, waiting: 0 });
  });

  it("sheds a request that waited its time where it stands, while the slot ahead stays held", async () => {
    const { slots, get } = await start({ holdMs: 60_000, maxWaitMs: 300 });
    const first = get("/first?hold");
    await poll(() => order).toEqual(["/first"]);
    const asked = Date.now();
    const waited = await get("/waited");
    expect(waited.status).toBe(503);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(250);
    expect(slots.stats()).toMatchObject({ shed: 1, busy: 1, waiting: 0 });
    gate(gates, "/first").open();
    expect((await first).status).toBe(200);
    expect(order).toEqual(["/first"]);
  });

  it("counts a page's wait in the page front against the same bound", async () => {
    let now = 10_000;
    const slots = new RequestSlots({ limit: { concurrent: 1, queued: 8 }, holdMs: 60_000, now: () => now });
    server = await listenLocal((req, res) => {
      // As the page front stamps a page that waited there for a render slot, 4.8 s ago.
      if (req.url === "/page") waitingSince(req, () => now - 4_800);
      slots.handle(req, res, () => void work(slots, req, res));
    });
    const get = (path: string) => fetch(`${server?.base}${path}`);
    const first = get("/first?hold");
    await poll(() => order).toEqual(["/first"]);
    const fresh = get("/fresh");
    await poll(() => slots.stats().waiting).toBe(1);
    const asked = Date.now();
    const page = await get("/page");
    // 0.2 s of its 5 s were left: shed long before the 5 s a request new here may wait.
    expect(page.status).toBe(503);
    expect(Date.now() - asked).toBeLessThan(2_500);
    now += 1_000;
    gate(gates, "/first").open();
    expect((await first).status).toBe(200);
    expect((await fresh).status).toBe(200);
    expect(order).toEqual(["/first", "/fresh"]);
  });

  it("never queues /api/health or /api/status", async () => {
    // The busy request keeps its slot all along (no hold limit takes it back).
    const { get } = await start({ holdMs: 60_000 });
    const busy = get("/busy?hold");
    await poll(() => order).toEqual(["/busy"]);
    for (const path of ["/api/health", "/api/status?x=1"]) expect((await get(path)).status).toBe(200);
    // Nor in a request line's absolute form, as a proxy may send it.
    const absolute = await rawRequest(server?.port ?? 0, "GET http://x/api/health HTTP/1.1\r\nHost: x");
    expect(absolute).toMatch(/^HTTP\/1\.1 200/);
    gate(gates, "/busy").open();
    await busy;
  });

  it("frees the place of a client that gave up while it waited", async () => {
    const { slots, get } = await start();
    const busy = get("/busy?hold");
    await poll(() => order).toEqual(["/busy"]);
    const abort = new AbortController();
    const gone = get("/gone", { signal: abort.signal }).catch(() => null);
    await poll(() => slots.stats().waiting).toBe(1);
    abort.abort();
    await gone;
    await poll(() => slots.stats().waiting).toBe(0);
    gate(gates, "/busy").open();
    await busy;
    expect((await get("/after")).status).toBe(200);
    expect(order).toEqual(["/busy", "/after"]);
  });

  it("does nothing without a limit, and outside a request", async () => {
    const { slots, get } = await start({ limit: null });
    const all = ["/a", "/b"].map((p) => get(`${p}?hold`));
    await poll(() => order).toEqual(["/a", "/b"]);
    for (const p of ["/a", "/b"]) gate(gates, p).open();
    await Promise.all(all);
    expect(await slots.idle(async () => "plain")).toBe("plain");
  });
});
