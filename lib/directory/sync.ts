// Keeps the directory's company index in sync with /v3/companies-list: pages until
// hasNextPage is false with bounded concurrency, exposes progress, serves what is indexed so
// far during the first sync, refreshes on an interval, and swaps snapshots atomically.
// With a snapshot store, a start serves the saved snapshot and syncs only once it is older than
// the refresh interval; with a shared store (Redis), one instance holds a lease and syncs while
// the others load its snapshot.
import pLimit from "p-limit";
import { dataChanged } from "@/lib/data-changed";
import { PendingWork } from "@/lib/pending-work";
import { settleWithin } from "@/lib/settle-within";
import { causeOf, UpstreamError } from "@/lib/upstream/errors";
import { inBackground } from "@/lib/upstream/priority";
import type { Company, Pagination } from "@/lib/upstream/schemas";
import { type ChangeLog, identity } from "./changes";
import { CompanyIndex } from "./company-index";

/** A new index to serve: pages that showed the one it replaces may now be out of date. */
function servedIndex(rows: readonly Company[]): CompanyIndex {
  dataChanged();
  return new CompanyIndex(rows);
}

export type CompanySet = "default" | "all";

export interface ListSource {
  getCompaniesPage(params: { pageNumber?: number; allCompanies?: boolean }): Promise<{
    pagination: Pagination;
    data: Company[];
  }>;
}

export interface SyncProgress {
  set: CompanySet;
  /** idle: not started; syncing: a sync runs; ready: a complete snapshot is served; unavailable: the plan does not allow it; error: no complete snapshot and the last sync failed. */
  state: "idle" | "syncing" | "ready" | "unavailable" | "error";
  pagesDone: number;
  pagesTotal: number | null;
  rows: number;
  /** Unix ms of the snapshot being served, when complete. */
  syncedAt: number | null;
  /** The last failure, kept while an older snapshot is served. */
  lastError: string | null;
  /** The UpstreamError code of the last failure, when it was one ("upstream_budget": this server's own budget refused it). */
  lastErrorCode?: string | null;
  /** When a failed sync is tried again (Unix ms), once the sync runs on its own (start()). */
  retryAt?: number | null;
  refreshing: boolean;
  /** Another instance runs this first sync (it holds the lease): the pages and rows are its, and the rows arrive with its snapshot. */
  elsewhere?: boolean;
}

/** How far the lease holder's sync has come, as it tells the other instances. */
export interface LeaderProgress {
  pagesDone: number;
  pagesTotal: number | null;
  rows: number;
  /** Its last attempt failed: why, and when it tries again (it keeps the lease until then). */
  failed?: { error: string; code: string | null; retryAt: number | null };
}

/** The lease on syncing a set, held by this instance. */
export interface SyncLease {
  /** Tells the other instances how far the sync has come; also keeps the lease alive. */
  progress(progress: LeaderProgress): void;
  /** Whether the lease was found taken over (it lapsed while this instance held it). */
  readonly lost?: boolean;
  release(): Promise<void>;
}

/** A complete index of one set, as saved after a sync. */
export interface IndexSnapshot {
  set: CompanySet;
  syncedAt: number;
  pages: number;
  rows: readonly Company[];
  /** The plan does not include this set (a 403): remembered so a restart does not ask again. */
  unavailable?: boolean;
}

export interface SnapshotStore {
  /** The latest saved snapshot of a set, or null. Never rejects. */
  load(set: CompanySet): Promise<IndexSnapshot | null>;
  /** Saves a snapshot, keeping the one before it. Never rejects. */
  save(snapshot: IndexSnapshot): Promise<void>;
  /** syncedAt of the latest shared snapshot: null when there is none, undefined when it cannot tell. */
  version?(set: CompanySet): Promise<number | null | undefined>;
  /** The lease on syncing a set: held by this instance, "held" by another, or null (no one to share with). */
  lease?(set: CompanySet): Promise<SyncLease | "held" | null>;
  /** The set's change log (lib/directory/changes.ts), or null. Never rejects. */
  loadChanges?(set: CompanySet): Promise<ChangeLog | null>;
  /** Saves the set's change log, written only by the instance that syncs. Never rejects. */
  saveChanges?(set: CompanySet, log: ChangeLog): Promise<void>;
  /** The lease holder's progress on a set, when one is syncing it. */
  leaderProgress?(set: CompanySet): Promise<LeaderProgress | null>;
  /**
   * What a shared store lost (a Redis restarted empty, a key evicted) of the snapshot this instance
   * serves (its syncedAt): the snapshot itself, or one older than it; and the change log, when this
   * instance wrote the one that goes with it. Undefined when the store cannot tell.
   */
  lost?(set: CompanySet, syncedAt: number): Promise<LostShared | undefined>;
  /**
   * Offers the lost parts again: the snapshot only while the store still lacks it (or holds an older
   * one), the change log only while it has none. "failed": the store did not take it. Never rejects.
   */
  republish?(snapshot: IndexSnapshot, lost: LostShared): Promise<"written" | "present" | "failed">;
  /** Saves one page of a sync under way (with the list's size and page size then). Never rejects. */
  savePage?(set: CompanySet, layout: ListLayout, pageNumber: number, page: FetchedPage): Promise<void>;
  /** The pages a sync stopped part-way saved, or null. Never rejects. */
  loadPages?(set: CompanySet): Promise<PartialSync | null>;
  /** Drops the saved pages (the sync ended). Never rejects. */
  clearPages?(set: CompanySet): Promise<void>;
}

export interface LostShared {
  index: boolean;
  changes: boolean;
}

/** The list's size and page size as a sync found them: pages fetched under another no longer fit. */
export interface ListLayout {
  totalCount: number;
  pageSize: number;
}

/** A page of the list and when it was fetched. */
export interface FetchedPage {
  rows: Company[];
  at: number;
}

/** The pages a sync under way has fetched, as saved page by page: a sync stopped part-way resumes from them. */
export interface PartialSync extends ListLayout {
  pages: Map<number, FetchedPage>;
}

/** After an offer to the shared store failed (a full Redis, a timeout): when to offer again. */
export const REPUBLISH_BACKOFF_MS = 60_000;

export interface SyncOptions {
  concurrency?: number;
  refreshMs?: number;
  now?: () => number;
  /** Rebuild the partial index during a first sync at most this often. */
  partialRebuildMs?: number;
  /** After a failed sync, try again this soon, doubling per failure up to refreshMs (default 15 s). */
  retryMs?: number;
  store?: SnapshotStore | null;
  /** How often a started sync checks whether a set is due, or has a newer shared snapshot. */
  checkMs?: number;
  /**
   * After each sync this instance ran (under the lease when instances share one): the rows
   * served before it (null on the first) and the new rows. Awaited; it must not reject.
   */
  onSynced?: (
    set: CompanySet,
    previous: readonly Company[] | null,
    rows: readonly Company[],
  ) => Promise<void>;
  /** Where a sync's start and end are told (the server's log). */
  log?: (line: string) => void;
  /**
   * How long a set the plan does not include is remembered before it is asked about again
   * (default refreshMs): a key with a daily allowance asks once a day.
   */
  unavailableRecheckMs?: number;
}

interface SetState {
  snapshot: { index: CompanyIndex; rows: readonly Company[]; syncedAt: number } | null;
  progress: SyncProgress;
  running: Promise<void> | null;
  /** A refresh() deciding whether to load or sync. */
  checking: Promise<void> | null;
  /** Whether the store's snapshot has been read once. */
  restored: boolean;
  partialRows: Company[];
  partial: { index: CompanyIndex; rows: number; builtAt: number } | null;
  failures: number;
  retryTimer: ReturnType<typeof setTimeout> | null;
  /**
   * The pages a failed attempt did fetch, each with when, and the list's size and page size then:
   * a retry soon after fetches only the rest (a rate-limited key does not pay for the same pages
   * twice), as long as the list has not changed size under it.
   */
  carried: PartialSync | null;
  /** Whether the store's saved pages (a sync a stop broke off) have been read once. */
  pagesRestored: boolean;
  /** The companies (by identity) the last sync kept though it missed them, the list changing under it. */
  keptMissing: Set<string>;
  /**
   * The lease, kept from a failed attempt to its retry: the other instances wait for that retry
   * (the backoff holds across instances) instead of starting over without the pages carried here.
   */
  lease: SyncLease | null;
  /** No offer to the shared store before this time (after one failed). */
  republishAfter: number;
  /**
   * When the data service last said the plan does not include the set (a 403). It is asked again
   * after the refresh interval: a plan can be upgraded, and a marker kept for good would hide all
   * companies from a team that now pays for them until someone cleared the cache.
   */
  unavailableAt: number;
}

/** The index's own word for a set the plan refused (lib/server/services/notices.ts words single companies). */
const SET_NOT_ON_PLAN = "All companies are not available on this plan.";

/** How long a clean stop waits for the list pages on their way (a shutdown has 5 s for all its work). */
const STOP_FETCH_WAIT_MS = 2_000;

/** Ends a sync under way when its DirectorySync is stopped. */
class SyncStopped extends Error {
  constructor() {
    super("the index sync was stopped");
  }
}

/**
 * How long a page fetched by a failed or stopped attempt may stand in for fetching it again (the
 * resumed sync checks that the list still has the same size, and that the rows add up).
 */
const CARRY_MS = 60 * 60_000;

export class DirectorySync {
  private readonly states: Record<CompanySet, SetState>;
  private readonly concurrency: number;
  private readonly refreshMs: number;
  private readonly now: () => number;
  private readonly partialRebuildMs: number;
  private readonly retryMs: number;
  private readonly store: SnapshotStore | null;
  private readonly checkMs: number;
  private readonly unavailableRecheckMs: number;
  private readonly onSynced: SyncOptions["onSynced"];
  private readonly log: (line: string) => void;
  private readonly started = new Set<CompanySet>();
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The leases this instance holds: syncing under one, or keeping one for a retry. */
  private readonly held = new Set<SyncLease>();
  /** Leases being taken: a clean stop waits for them, then gives them back. */
  private readonly acquiring = new PendingWork();
  /** Snapshot saves, change-log appends and lease releases under way: a clean stop waits for them. */
  private readonly writing = new PendingWork();
  /** List pages being fetched: a clean stop lets them land (and be saved) for a while. */
  private readonly fetching = new PendingWork();
  /** Stopped: no sync starts, a sync under way fetches no further page and writes nothing. */
  private stopped = false;

  constructor(
    private readonly source: ListSource,
    options: SyncOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.refreshMs = options.refreshMs ?? 3_600_000;
    this.now = options.now ?? Date.now;
    this.partialRebuildMs = options.partialRebuildMs ?? 250;
    this.retryMs = options.retryMs ?? 15_000;
    this.store = options.store ?? null;
    this.checkMs = Math.min(this.refreshMs, options.checkMs ?? 5_000);
    this.unavailableRecheckMs = options.unavailableRecheckMs ?? this.refreshMs;
    this.onSynced = options.onSynced;
    this.log = options.log ?? (() => undefined);
    const initial = (set: CompanySet): SetState => ({
      snapshot: null,
      progress: {
        set,
        state: "idle",
        pagesDone: 0,
        pagesTotal: null,
        rows: 0,
        syncedAt: null,
        lastError: null,
        refreshing: false,
      },
      running: null,
      checking: null,
      restored: false,
      partialRows: [],
      partial: null,
      failures: 0,
      retryTimer: null,
      carried: null,
      pagesRestored: false,
      keptMissing: new Set(),
      lease: null,
      republishAfter: 0,
      unavailableAt: 0,
    });
    this.states = { default: initial("default"), all: initial("all") };
  }

  /** Brings up the default set, then all companies, and keeps them up to date. */
  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => {
      for (const set of this.started) void this.refresh(set);
    }, this.checkMs);
    this.timer.unref?.();
    void this.refresh("default").then(() => this.refresh("all"));
  }

  /**
   * Stops refreshing; a sync under way fetches no further page and writes nothing. Resolves once
   * the leases this instance holds are given back (another instance takes over at once instead of
   * after their expiry) and the snapshot saves and change-log appends under way have landed: a
   * clean shutdown waits for it.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const state of Object.values(this.states)) {
      if (state.retryTimer) clearTimeout(state.retryTimer);
      state.retryTimer = null;
      state.lease = null;
    }
    // A lease still being taken is given back by its taker as it arrives (bringUpToDate).
    await this.acquiring.settled();
    await Promise.all([...this.held].map((lease) => this.release(lease)));
    // Pages on their way are saved as they land, so that the sync resumes after them; a page
    // that takes longer is asked for again.
    await settleWithin(this.fetching.settled(), STOP_FETCH_WAIT_MS, () => undefined);
    await this.writing.settled();
  }

  /** Gives a held lease back, once: stop() may have given it back under a sync that ends later. */
  private release(lease: SyncLease): Promise<void> {
    if (!this.held.delete(lease)) return Promise.resolve();
    return this.writing.track(lease.release().catch(() => undefined));
  }

  progress(set: CompanySet): SyncProgress {
    return { ...this.states[set].progress };
  }

  /** The index to read: the complete snapshot, or during a first sync what has arrived so far. */
  index(set: CompanySet): CompanyIndex {
    const state = this.states[set];
    if (state.snapshot) return state.snapshot.index;
    const rows = state.partialRows.length;
    const partial = state.partial;
    if (!partial || (partial.rows !== rows && this.now() - partial.builtAt >= this.partialRebuildMs)) {
      state.partial = { index: servedIndex(state.partialRows.slice()), rows, builtAt: this.now() };
    }
    return (state.partial as { index: CompanyIndex }).index;
  }

  /**
   * Brings a set up to date: adopts a newer saved snapshot (the store's, at start or from
   * another instance), and syncs when the one served is older than the refresh interval, under
   * the lease when instances share one. Concurrent calls share it. Never rejects.
   */
  refresh(set: CompanySet): Promise<void> {
    const state = this.states[set];
    this.started.add(set);
    state.checking ??= this.bringUpToDate(set).finally(() => {
      state.checking = null;
    });
    return state.checking;
  }

  private async bringUpToDate(set: CompanySet): Promise<void> {
    const state = this.states[set];
    if (state.running || this.stopped) return;
    await this.adoptNewer(set);
    if (this.isCurrent(set)) return this.republish(set);
    const retryAt = state.progress.retryAt;
    if (retryAt && this.now() < retryAt) return;
    let lease: SyncLease | "held" | null = state.lease;
    state.lease = null;
    if (lease?.lost) {
      await this.release(lease);
      lease = null;
    }
    lease ??= this.store?.lease ? await this.acquiring.track(this.store.lease(set)) : null;
    if (lease && lease !== "held") {
      this.held.add(lease);
      // Stopped while it was taken: given back at once.
      if (this.stopped) return this.release(lease);
    }
    if (lease === "held") {
      // Another instance syncs, or waits to retry its failed sync; its snapshot arrives through a
      // later check. Until then, its progress, or its failure.
      const leader = await this.store?.leaderProgress?.(set);
      // A set the plan did not include, that the leader now gets pages of (it publishes progress
      // only past the first page, and its progress goes with its lease): on the plan now.
      if (state.progress.state === "unavailable" && (leader?.pagesDone ?? 0) > 0) {
        state.unavailableAt = 0;
        Object.assign(state.progress, { state: state.snapshot ? "ready" : "syncing", lastError: null });
      }
      if (leader?.failed && state.progress.state !== "unavailable") {
        const { error, code, retryAt } = leader.failed;
        Object.assign(state.progress, {
          ...(state.snapshot ? {} : { state: "error", pagesDone: 0, pagesTotal: leader.pagesTotal, rows: 0 }),
          elsewhere: true,
          lastError: error,
          lastErrorCode: code,
          retryAt,
        });
      } else if (!state.snapshot && state.progress.state !== "unavailable") {
        if (!state.progress.elsewhere) this.log(`index: another instance syncs the ${set} set`);
        Object.assign(state.progress, {
          state: "syncing",
          elsewhere: true,
          retryAt: null,
          ...(leader ?? { pagesDone: 0, pagesTotal: null, rows: 0 }),
        });
      }
      return;
    }
    try {
      // It may have finished a sync just before this instance took the lease.
      await this.adoptNewer(set);
      if (!this.isCurrent(set)) await this.sync(set, lease ?? undefined);
    } finally {
      // A failed sync with its retry scheduled keeps the lease for it.
      if (lease && state.progress.retryAt && state.retryTimer && !lease.lost && !this.stopped)
        state.lease = lease;
      else if (lease) await this.release(lease);
    }
  }

  private isCurrent(set: CompanySet): boolean {
    const state = this.states[set];
    if (state.progress.state === "unavailable")
      return this.now() - state.unavailableAt < this.unavailableRecheckMs;
    return state.snapshot !== null && this.now() - state.snapshot.syncedAt < this.refreshMs;
  }

  /** Serves the store's snapshot when it is newer than the one served (read once, then by version). */
  private async adoptNewer(set: CompanySet): Promise<void> {
    const state = this.states[set];
    if (!this.store) return;
    // A "not on this plan" marker counts as what is served: a store's copy of it is not read again.
    const ours = Math.max(state.snapshot?.syncedAt ?? 0, state.unavailableAt) || null;
    if (state.restored) {
      const version = await this.store.version?.(set);
      if (version === null || version === undefined || (ours !== null && version <= ours)) return;
    }
    state.restored = true;
    const snapshot = await this.store.load(set);
    if (!snapshot || (ours !== null && snapshot.syncedAt <= ours) || state.running) return;
    const progress = state.progress;
    if (snapshot.unavailable) {
      state.unavailableAt = snapshot.syncedAt;
      Object.assign(progress, {
        state: "unavailable",
        lastError: SET_NOT_ON_PLAN,
      });
      return;
    }
    state.unavailableAt = 0;
    state.snapshot = {
      index: servedIndex(snapshot.rows),
      rows: snapshot.rows,
      syncedAt: snapshot.syncedAt,
    };
    state.partialRows = [];
    state.partial = null;
    Object.assign(progress, {
      state: "ready",
      elsewhere: false,
      pagesDone: snapshot.pages,
      pagesTotal: snapshot.pages,
      rows: snapshot.rows.length,
      syncedAt: snapshot.syncedAt,
      lastError: null,
      lastErrorCode: null,
      retryAt: null,
    });
  }

  /**
   * The shared store lost what this instance serves, current (a Redis restarted empty, the large
   * snapshot evicted, a save that failed while Redis was down): offered again by one instance (the
   * lease holder), so that an instance starting next loads it instead of syncing the whole list
   * from the data service, and /changes keeps its history. An offer that failed waits a minute.
   */
  private async republish(set: CompanySet): Promise<void> {
    const state = this.states[set];
    const snapshot = state.snapshot;
    if (!this.store?.lost || !this.store.republish || !snapshot || this.now() < state.republishAfter) return;
    const lost = await this.store.lost(set, snapshot.syncedAt);
    if (!lost || (!lost.index && !lost.changes)) return;
    const lease = this.store.lease ? await this.acquiring.track(this.store.lease(set)) : null;
    if (lease === "held") return; // another instance syncs the set, or offers it
    if (lease) this.held.add(lease);
    try {
      if (this.stopped) return;
      const served = {
        set,
        syncedAt: snapshot.syncedAt,
        pages: state.progress.pagesTotal ?? 0,
        rows: snapshot.rows,
      };
      const result = await this.writing.track(this.store.republish(served, lost));
      if (result === "written") {
        const what = [lost.index && "index", lost.changes && "change log"].filter(Boolean).join(" and ");
        this.log(`index: offered the ${set} set's ${what} again (the shared store had lost it)`);
      } else if (result === "failed") {
        state.republishAfter = this.now() + REPUBLISH_BACKOFF_MS;
        this.log(`index: could not offer the ${set} set again; next try in ${REPUBLISH_BACKOFF_MS / 1000} s`);
      }
    } finally {
      if (lease) await this.release(lease);
    }
  }

  /**
   * Runs one sync of a set now; concurrent calls share it. Never rejects. Its upstream calls are
   * background work (so are the retries and refreshes it schedules): pages people wait for go first.
   */
  sync(set: CompanySet, lease?: SyncLease): Promise<void> {
    const state = this.states[set];
    if (state.running) return state.running;
    if (state.progress.state === "unavailable" && this.isCurrent(set)) return Promise.resolve();
    state.running = inBackground(() => this.run(set, lease)).finally(() => {
      state.running = null;
    });
    return state.running;
  }

  private async run(set: CompanySet, lease?: SyncLease): Promise<void> {
    const state = this.states[set];
    const firstSync = state.snapshot === null;
    const progress = state.progress;
    progress.refreshing = !firstSync;
    progress.elsewhere = false;
    // A first sync shows its progress from zero; a refresh keeps serving the snapshot ("ready").
    const begin = () => {
      if (!firstSync) {
        progress.state = "ready";
        return;
      }
      progress.state = "syncing";
      progress.pagesDone = 0;
      progress.pagesTotal = null;
      progress.rows = 0;
      state.partialRows = [];
    };
    // A set the plan did not include, asked again: it stays unavailable until the first page comes.
    let recheck = progress.state === "unavailable";
    if (firstSync && !recheck) begin();
    let pagesTotal: number | null = null;
    let rowsFetched = 0;
    const began = this.now();
    this.log(`index: syncing the ${set} set${lease ? " (this instance holds the lease)" : ""}`);
    const allCompanies = set === "all";
    const pages = new Map<number, FetchedPage>();
    if (!state.pagesRestored) {
      // A sync this instance (or, with a shared store, the lease's last holder) was stopped in: its pages.
      state.pagesRestored = true;
      state.carried ??= (await this.store?.loadPages?.(set)) ?? null;
    }
    const carried = state.carried;
    state.carried = null;
    let layout: ListLayout | null = null;
    let reused = 0;
    /** The pages kept from the attempt before. */
    const kept = new Set<number>();
    // Ends this attempt at its first failure: its other workers then start no further page, and
    // a page still out when the next attempt begins is dropped instead of written into that one.
    const attempt = new AbortController();
    // The list's size as each page reported it: more than one means the list changed while paged.
    const sizes = new Set<number>();
    const fetchPage = async (pageNumber: number) => {
      attempt.signal.throwIfAborted();
      if (this.stopped) throw new SyncStopped();
      const page = await this.fetching.track(this.source.getCompaniesPage({ pageNumber, allCompanies }));
      attempt.signal.throwIfAborted();
      // A page that comes after a stop is still recorded (and saved, for the sync's resumption);
      // the next one is not asked for.
      sizes.add(page.pagination.totalCount);
      return page;
    };
    const record = (pageNumber: number, data: Company[], at = this.now(), fetched = true) => {
      pages.set(pageNumber, { rows: data, at });
      // Saved as it comes: a stop part-way (a restart, a deploy) resumes from the pages saved.
      if (fetched && layout && this.store?.savePage)
        void this.writing.track(this.store.savePage(set, layout, pageNumber, { rows: data, at }));
      rowsFetched += data.length;
      if (firstSync) {
        progress.pagesDone = pages.size;
        state.partialRows.push(...data);
        progress.rows = state.partialRows.length;
      }
      lease?.progress({ pagesDone: pages.size, pagesTotal, rows: rowsFetched });
    };
    try {
      const first = await fetchPage(1);
      if (recheck) {
        this.log(`index: the ${set} set is on this plan now`);
        state.unavailableAt = 0;
        progress.lastError = null;
        begin();
        // From here a failure is a failed sync like any other, not an unanswered question.
        recheck = false;
      }
      let totalPages = Math.max(1, first.pagination.totalPages);
      pagesTotal = totalPages;
      layout = { totalCount: first.pagination.totalCount, pageSize: first.pagination.pageSize };
      record(1, first.data);
      if (firstSync) progress.pagesTotal = totalPages;
      let last = first.pagination;
      // A failed attempt's pages stand in while the list has the same size (page 1, asked again,
      // says so): full pages between the first and the last, fetched less than CARRY_MS ago.
      if (carried && carried.totalCount === layout.totalCount && carried.pageSize === layout.pageSize)
        for (const [pageNumber, page] of carried.pages)
          if (
            pageNumber > 1 &&
            pageNumber < totalPages &&
            page.rows.length === layout.pageSize &&
            this.now() - page.at < CARRY_MS
          ) {
            record(pageNumber, page.rows, page.at, false);
            kept.add(pageNumber);
            reused++;
          }
      if (reused > 0)
        this.log(
          `index: the ${set} set's sync resumes: ${reused} ${reused === 1 ? "page" : "pages"} kept from the attempt before`,
        );
      // Pages 2..totalPages with bounded concurrency.
      const limit = pLimit(this.concurrency);
      await Promise.all(
        Array.from({ length: totalPages - 1 }, (_, i) =>
          limit(async () => {
            const pageNumber = i + 2;
            if (pages.has(pageNumber)) return;
            try {
              const page = await fetchPage(pageNumber);
              record(pageNumber, page.data);
              if (pageNumber === totalPages) last = page.pagination;
            } catch (error) {
              attempt.abort(error);
              throw error;
            }
          }),
        ),
      );
      // The set may have grown while paging: the contract's rule is to page until hasNextPage is false.
      while (last.hasNextPage) {
        const pageNumber = totalPages + 1;
        const page = await fetchPage(pageNumber);
        pagesTotal = pageNumber;
        record(pageNumber, page.data);
        totalPages = pageNumber;
        if (firstSync) progress.pagesTotal = totalPages;
        last = page.pagination;
      }
      // Stopped while the last pages came: they are saved for the next start, which completes the sync.
      if (this.stopped) throw new SyncStopped();
      const rows: Company[] = [];
      const seen = new Set<string>();
      // Each company once: by key, and by identity (its ticker, so its key, changed between the
      // reads of two pages: the later read's row).
      const byIdentity = new Map<string, { at: number; index: number }>();
      let doubled = 0;
      // A key listed twice within one attempt's pages is the list's own double (a resumed sync
      // cannot have caused it): each such row is one row fewer than the list's count.
      const readIn = new Map<string, boolean>();
      let listed = 0;
      for (const pageNumber of [...pages.keys()].sort((a, b) => a - b)) {
        const page = pages.get(pageNumber);
        const before = kept.has(pageNumber);
        for (const row of page?.rows ?? []) {
          const at = page?.at ?? 0;
          const earlier = byIdentity.get(identity(row));
          if (readIn.get(row.companyKey) === before) listed++;
          if (!readIn.has(row.companyKey)) readIn.set(row.companyKey, before);
          if (seen.has(row.companyKey) || earlier) {
            doubled++;
            if (earlier && !seen.has(row.companyKey) && at >= earlier.at) {
              rows[earlier.index] = row;
              earlier.at = at;
            }
            seen.add(row.companyKey);
            continue;
          }
          seen.add(row.companyKey);
          byIdentity.set(identity(row), { at, index: rows.length });
          rows.push(row);
        }
      }
      // Rows that moved between pages since the failed attempt would be lost or doubled: a resumed
      // sync that does not add up to the list's count is done again from the first page.
      if (reused > 0 && rows.length !== last.totalCount - listed) {
        this.log(
          `index: the ${set} set's resumed sync has ${rows.length} of ${last.totalCount} rows: syncing it again in full`,
        );
        return await this.run(set, lease);
      }
      const previous = state.snapshot?.rows ?? null;
      // A list that changed while it was paged (its size moved, a row came twice, the rows do not
      // add up) may have shifted a row across two pages, fetched on either side of the change, so
      // that neither had it. The companies the last snapshot had and this pass missed are kept
      // for one more sync: one that moved is not reported removed (and new again at the next
      // sync); one really gone is reported a sync later, and a company missed twice is gone,
      // even from a list that keeps changing.
      const keptBefore = state.keptMissing;
      state.keptMissing = new Set();
      if (previous && (sizes.size > 1 || doubled > 0 || rows.length !== last.totalCount)) {
        const kept = previous.filter(
          (row) =>
            !byIdentity.has(identity(row)) && !seen.has(row.companyKey) && !keptBefore.has(identity(row)),
        );
        rows.push(...kept);
        state.keptMissing = new Set(kept.map(identity));
        this.log(
          `index: the ${set} set changed while it was paged${
            kept.length > 0
              ? `: ${kept.length} ${kept.length === 1 ? "company" : "companies"} it had and this pass missed kept for one more sync`
              : ""
          }`,
        );
      }
      const syncedAt = this.now();
      state.snapshot = { index: servedIndex(rows), rows, syncedAt };
      state.partialRows = [];
      state.partial = null;
      Object.assign(progress, {
        state: "ready",
        pagesDone: totalPages,
        pagesTotal: totalPages,
        rows: rows.length,
        syncedAt,
        lastError: null,
        lastErrorCode: null,
        retryAt: null,
      });
      state.failures = 0;
      this.log(
        `index: synced the ${set} set: ${totalPages} pages, ${rows.length} rows in ${((this.now() - began) / 1000).toFixed(1)} s`,
      );
      if (this.stopped) return;
      await this.writing.track(
        (async () => {
          await this.store?.save({ set, syncedAt, pages: totalPages, rows });
          await this.store?.clearPages?.(set);
          await this.onSynced?.(set, previous, rows);
        })(),
      );
    } catch (error) {
      if (this.stopped) return;
      const message = error instanceof Error ? error.message : "unknown error";
      if (error instanceof UpstreamError && error.code === "forbidden" && allCompanies) {
        // The plan does not include allCompanies: remembered (here and in the store, for the other
        // instances and a restart) and asked again after the refresh interval, not retried sooner.
        state.unavailableAt = this.now();
        state.failures = 0;
        // A refusal after some pages came (the plan changed under the sync): nothing of them is served.
        state.partialRows = [];
        state.partial = null;
        Object.assign(progress, { state: "unavailable", lastError: SET_NOT_ON_PLAN, retryAt: null });
        if (this.store)
          await this.writing.track(
            this.store
              .save({ set, syncedAt: state.unavailableAt, pages: 0, rows: [], unavailable: true })
              .then(() => this.store?.clearPages?.(set)),
          );
      } else if (recheck) {
        // Asked again whether the plan includes the set, and no answer came: it stays unavailable,
        // and is asked again after the usual backoff.
        this.log(`index: could not ask again whether the ${set} set is on this plan: ${message}`);
        this.scheduleRetry(set);
      } else {
        this.log(`index: the ${set} set's sync failed: ${message}`);
        if (layout) state.carried = { ...layout, pages };
        progress.lastError = message;
        // The budget's refusal told apart from the service's 429, for the notice (notices.ts).
        progress.lastErrorCode = error instanceof UpstreamError ? causeOf(error) : null;
        progress.state = state.snapshot ? "ready" : "error";
        this.scheduleRetry(set);
        lease?.progress({
          pagesDone: pages.size,
          pagesTotal,
          rows: rowsFetched,
          failed: { error: message, code: progress.lastErrorCode, retryAt: progress.retryAt ?? null },
        });
      }
    } finally {
      progress.refreshing = false;
    }
  }

  /** A failed sync is tried again sooner than the next refresh, backing off, while the sync runs. */
  private scheduleRetry(set: CompanySet): void {
    const state = this.states[set];
    state.failures++;
    if (!this.timer || state.retryTimer) return;
    const delay = Math.min(this.refreshMs, this.retryMs * 2 ** (state.failures - 1));
    state.progress.retryAt = this.now() + delay;
    state.retryTimer = setTimeout(() => {
      state.retryTimer = null;
      // Its time has come: a timer may fire a millisecond before the clock reads retryAt, and the
      // check would then find it early and wait for the next periodic check (5 s) instead.
      state.progress.retryAt = null;
      void this.refresh(set);
    }, delay);
    state.retryTimer.unref?.();
  }
}
