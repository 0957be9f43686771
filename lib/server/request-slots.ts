// The server's work queue (issue 15): a bound on the requests worked on at once, taken in order.
// Installed by the request hook of client-address.ts behind the page front, for every request Next
// answers (API calls, page renders, the sandbox's mount, files the static front leaves to Next).
//
// Why. Node runs every request on one thread, and a request that waits for nothing but the CPU is
// slowed by every other one under way: with 64 requests in flight, a profile's 18 ms render took
// 64 turns of the CPU, about a second, and the load benchmark's p99 was that second. Worked on 8
// at a time and the rest waiting in order, each request takes its few turns and leaves; the others
// wait their turn instead of sharing the CPU, so the time a request takes no longer grows with the
// size of the work beside it (the same throughput, p99 a third lower).
//
// Waiting is not work. A request gives its slot back while it waits for the upstream, Redis, or a
// load another request started (`idle`, called by those layers), and waits for one again (ahead of
// new requests: work under way finishes first) to go on. Else a slow upstream would hold every slot
// and stop requests that need nothing from it. As a backstop for waits no layer reports, a slot is
// held at most HOLD_MS at a time: a request still under way then goes on without one until its next
// wait, so nothing can block the queue for longer.
//
// Bounded waiting. A new request waits at most MAX_WAIT_MS, and at most `queued` requests wait;
// past that it is answered at once with 503 and Retry-After, so under more load than the server can
// take, the tail stays bounded instead of growing with the queue. /api/health and /api/status
// never wait: a load balancer or an operator must hear from a busy server too.
import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { currentPriority } from "@/lib/upstream/priority";

export const HOLD_MS = 1_000;
export const MAX_WAIT_MS = 5_000;

/** Paths answered at once, never queued: monitoring. */
const UNQUEUED = /^\/api\/(?:health|status)\/?(?:\?|$)/;

export interface RequestSlotsOptions {
  /** Requests worked on at once, and requests waiting; null: no bound. */
  limit: { concurrent: number; queued: number } | null;
  now?: () => number;
  holdMs?: number;
  maxWaitMs?: number;
}

interface Ticket {
  held: boolean;
  done: boolean;
  /** The slot given back after HOLD_MS. */
  timer: ReturnType<typeof setTimeout> | undefined;
  /** While the request waits for its slot back. */
  reclaiming: Promise<void> | null;
}

interface Waiter {
  ticket: Ticket;
  go: () => void;
  since: number;
  shed?: () => void;
}

export interface RequestSlotsStats {
  busy: number;
  waiting: number;
  /** Requests that waited for a slot before their work began. */
  queued: number;
  shed: number;
  /** Slots given back by a request still at work after HOLD_MS. */
  overran: number;
}

export class RequestSlots {
  private busy = 0;
  /** Requests under way that want their slot back after a wait: served first. */
  private readonly resuming: Waiter[] = [];
  /** New requests, in order of arrival. */
  private readonly arriving: Waiter[] = [];
  private readonly context = new AsyncLocalStorage<Ticket>();
  private readonly now: () => number;
  private readonly holdMs: number;
  private readonly maxWaitMs: number;
  private counts = { queued: 0, shed: 0, overran: 0 };

  constructor(private readonly options: RequestSlotsOptions) {
    this.now = options.now ?? Date.now;
    this.holdMs = options.holdMs ?? HOLD_MS;
    this.maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  }

  stats(): RequestSlotsStats {
    return {
      busy: this.busy,
      waiting: this.resuming.length + this.arriving.length,
      ...this.counts,
    };
  }

  /** Runs `start` (Next's handling of the request) once a slot is free, or sheds it with 503. */
  handle(req: IncomingMessage, res: ServerResponse, start: () => void): void {
    const limit = this.options.limit;
    if (!limit || UNQUEUED.test(req.url ?? "")) {
      start();
      return;
    }
    const ticket: Ticket = { held: false, done: false, timer: undefined, reclaiming: null };
    const go = () => this.context.run(ticket, start);
    res.once("close", () => {
      ticket.done = true;
      this.leave(ticket);
      this.forget(this.arriving, ticket);
      // Its work, if any goes on, goes on without a slot.
      this.forget(this.resuming, ticket)?.go();
    });
    if (this.busy < limit.concurrent && this.arriving.length === 0 && this.resuming.length === 0) {
      this.take(ticket);
      go();
      return;
    }
    if (this.arriving.length >= limit.queued) {
      this.shed(res);
      return;
    }
    this.counts.queued++;
    this.arriving.push({ ticket, go, since: this.now(), shed: () => this.shed(res) });
  }

  /**
   * Awaits `wait` (a wait for the upstream, Redis or another request's load) with the current
   * request's slot given back, and resolves once the request holds a slot again. A wait that ends
   * at once (a cached answer, the embedded sandbox's work, done on this thread) keeps the slot:
   * it is given back only once the event loop turns without the wait having ended. Outside a
   * request, or in background work, just awaits it.
   */
  async idle<T>(wait: () => Promise<T>): Promise<T> {
    const ticket = this.context.getStore();
    const pending = wait();
    if (!ticket || currentPriority() === "background") return pending;
    const ended = await new Promise<boolean>((resolve) => {
      const turn = setImmediate(() => resolve(false));
      const end = () => {
        clearImmediate(turn);
        resolve(true);
      };
      pending.then(end, end);
    });
    if (ended) return pending;
    this.leave(ticket);
    try {
      return await pending;
    } finally {
      await this.reclaim(ticket);
    }
  }

  private take(ticket: Ticket): void {
    this.busy++;
    ticket.held = true;
    ticket.timer = setTimeout(() => {
      if (!ticket.held) return;
      this.counts.overran++;
      this.leave(ticket);
    }, this.holdMs);
    ticket.timer.unref?.();
  }

  /** The ticket's slot, if it holds one, to the next in line. */
  private leave(ticket: Ticket): void {
    if (!ticket.held) return;
    ticket.held = false;
    clearTimeout(ticket.timer);
    this.busy--;
    this.next();
  }

  private reclaim(ticket: Ticket): Promise<void> {
    if (ticket.held || ticket.done) return Promise.resolve();
    ticket.reclaiming ??= new Promise<void>((resolve) => {
      const go = () => {
        ticket.reclaiming = null;
        resolve();
      };
      if (this.busy < (this.options.limit?.concurrent ?? 0) && this.resuming.length === 0) {
        this.take(ticket);
        go();
      } else this.resuming.push({ ticket, go, since: this.now() });
    });
    return ticket.reclaiming;
  }

  private next(): void {
    const concurrent = this.options.limit?.concurrent ?? 0;
    while (this.busy < concurrent) {
      const waiter = this.resuming.shift() ?? this.arriving.shift();
      if (!waiter) return;
      if (waiter.shed && this.now() - waiter.since > this.maxWaitMs) {
        waiter.shed();
        continue;
      }
      this.take(waiter.ticket);
      waiter.go();
    }
  }

  /** Takes the ticket's place out of `queue`. */
  private forget(queue: Waiter[], ticket: Ticket): Waiter | undefined {
    const at = queue.findIndex((w) => w.ticket === ticket);
    return at >= 0 ? queue.splice(at, 1)[0] : undefined;
  }

  private shed(res: ServerResponse): void {
    this.counts.shed++;
    if (res.headersSent || res.writableEnded || res.destroyed) return;
    res.writeHead(503, {
      "content-type": "text/plain; charset=utf-8",
      "retry-after": "2",
      "cache-control": "no-store",
    });
    res.end("The server is busy. Try again in a moment.\n");
  }
}

const SLOTS_KEY = Symbol.for("company-dashboard.request-slots");
type SlotsHolder = { [SLOTS_KEY]?: RequestSlots };

/**
 * The process's queue (on globalThis: the request hook and the layers that wait are separate
 * bundles, and a wait must find the ticket the hook gave its request).
 */
export function requestSlots(options?: RequestSlotsOptions): RequestSlots {
  const holder = globalThis as SlotsHolder;
  if (options) holder[SLOTS_KEY] = new RequestSlots(options);
  holder[SLOTS_KEY] ??= new RequestSlots({ limit: null });
  return holder[SLOTS_KEY];
}

/** `wait` with the current request's slot given back meanwhile (RequestSlots.idle). */
export function idle<T>(wait: () => Promise<T>): Promise<T> {
  return requestSlots().idle(wait);
}
