// The server's work queue: a bound on the requests worked on at once, taken in order. A layer of the
// server's request path (lib/server/front/listener.ts) behind the page front, for every request
// Next answers (API calls, page renders, the sandbox's mount, files the static front leaves to Next).
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
// and stop requests that need nothing from it. A request that waits for several things at once
// gives its slot back again while the others are still out. Once its answer is written (the
// response's `finish`), a request's work is done. Work a request starts and does not wait for (a
// write to Redis) runs outside its ticket (`detached`). As a backstop for waits no layer reports,
// and for a client that reads its answer too slowly to let it finish, a slot is held at most
// HOLD_MS at a time: a request still under way then goes on without one until its next wait, so
// nothing can block the queue for longer. (Pages the front keeps are read whole from Next on the
// inside listener and sent by the front: a slow reader of one holds no slot at all.)
//
// Bounded waiting. A new request waits at most MAX_WAIT_MS (counted from when it began to wait in
// the page front, for a page that waited there), and at most `queued` requests wait; past that it
// is answered with 503 and Retry-After, at once, or where it stands in the line once its time is
// up. So under more load than the server can take, the tail stays bounded instead of growing with
// the queue (an API call gets the API's JSON error). /api/health and /api/status never wait: a
// load balancer or an operator must hear from a busy server too. Next's link prefetches wait
// behind every other request.
import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { processWide, setProcessWide } from "@/lib/process-wide";
import { currentPriority } from "@/lib/upstream/priority";
import { requestPath } from "./request-target";
import { expireAfter, MAX_WAIT_MS, shed, waitingSince } from "./shed";

export const HOLD_MS = 1_000;

/** Paths answered at once, never queued: monitoring (read as requestPath reads them). */
const UNQUEUED = /^\/api\/(?:health|status)\/?$/;

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
  /** Waits (`idle`) under way. */
  waits: number;
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
  /** Stops the timer that sheds it when its time is up. */
  cancel?: () => void;
}

export interface RequestSlotsStats {
  busy: number;
  waiting: number;
  /** Requests under way waiting for something else, with their slot given back. */
  idle: number;
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
  /** Next's link prefetches: after everyone else. */
  private readonly prefetches: Waiter[] = [];
  private idling = 0;
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
      waiting: this.waitingCount(),
      idle: this.idling,
      ...this.counts,
    };
  }

  /**
   * Runs `start` (Next's handling of the request) once a slot is free, or sheds it with 503.
   * `prefetch`: one of Next's link prefetches, which waits behind every other request.
   */
  handle(req: IncomingMessage, res: ServerResponse, start: () => void, prefetch = false): void {
    const limit = this.options.limit;
    if (!limit || UNQUEUED.test(requestPath(req.url))) {
      start();
      return;
    }
    const ticket: Ticket = { held: false, done: false, waits: 0, timer: undefined, reclaiming: null };
    // Started later from whatever frees a slot (another request's close or wait): in the context this
    // request came in with, not that one's.
    const resume = AsyncLocalStorage.snapshot();
    const go = () => resume(() => this.context.run(ticket, start));
    res.once("close", () => {
      ticket.done = true;
      this.leave(ticket);
      this.forget(this.arriving, ticket)?.cancel?.();
      this.forget(this.prefetches, ticket)?.cancel?.();
      // Its work, if any goes on, goes on without a slot.
      this.forget(this.resuming, ticket)?.go();
    });
    // The answer written: the rest is the client's time.
    res.once("finish", () => {
      ticket.done = true;
      this.leave(ticket);
    });
    if (this.busy < limit.concurrent && this.waitingCount() === 0) {
      this.take(ticket);
      go();
      return;
    }
    if (this.arriving.length + this.prefetches.length >= limit.queued) {
      this.shed(req, res);
      return;
    }
    this.counts.queued++;
    const line = prefetch ? this.prefetches : this.arriving;
    // A page that waited in the page front before has that much less to wait here.
    const since = waitingSince(req, this.now);
    const waiter: Waiter = { ticket, go, since, shed: () => this.shed(req, res) };
    // Shed where it stands once its time is up: the slots ahead may not turn that soon.
    waiter.cancel = expireAfter(since + this.maxWaitMs - this.now(), () => {
      if (this.forget(line, ticket)) waiter.shed?.();
    });
    line.push(waiter);
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
    if (ticket.waits++ === 0) this.idling++;
    this.leave(ticket);
    try {
      return await pending;
    } finally {
      if (--ticket.waits === 0) this.idling--;
      await this.reclaim(ticket);
      // Other waits of this request still out (it awaits them all): once the work that follows this
      // one has run, the slot goes back again until they end.
      if (ticket.waits > 0)
        setImmediate(() => {
          if (ticket.waits > 0) this.leave(ticket);
        });
    }
  }

  /** Runs `work`, which the current request does not wait for, outside its ticket. */
  detached<T>(work: () => T): T {
    return this.context.exit(work);
  }

  private waitingCount(): number {
    return this.resuming.length + this.arriving.length + this.prefetches.length;
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
      const waiter = this.resuming.shift() ?? this.arriving.shift() ?? this.prefetches.shift();
      if (!waiter) return;
      waiter.cancel?.();
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

  private shed(req: IncomingMessage, res: ServerResponse): void {
    this.counts.shed++;
    shed(req, res);
  }
}

/**
 * The process's queue (process-wide: the server and the layers that wait are separate
 * bundles, and a wait must find the ticket the hook gave its request).
 */
export function requestSlots(options?: RequestSlotsOptions): RequestSlots {
  if (options) setProcessWide("request-slots", new RequestSlots(options));
  return processWide("request-slots", () => new RequestSlots({ limit: null }));
}

/** `wait` with the current request's slot given back meanwhile (RequestSlots.idle). */
export function idle<T>(wait: () => Promise<T>): Promise<T> {
  return requestSlots().idle(wait);
}

/** `work` outside the current request's ticket: work it starts and does not wait for (RequestSlots.detached). */
export function detached<T>(work: () => T): T {
  return requestSlots().detached(work);
}
