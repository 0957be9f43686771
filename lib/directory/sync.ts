// Keeps the directory's company index in sync with /v3/companies-list: pages until
// hasNextPage is false with bounded concurrency, exposes progress, serves what is indexed so
// far during the first sync, refreshes on an interval, and swaps snapshots atomically.
import { UpstreamError } from "@/lib/upstream/errors";
import type { Company, Pagination } from "@/lib/upstream/schemas";
import { CompanyIndex } from "./company-index";

export type CompanySet = "default" | "all";
export const COMPANY_SETS: readonly CompanySet[] = ["default", "all"];

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
  /** The UpstreamError code of the last failure, when it was one. */
  lastErrorCode?: string | null;
  /** When a failed sync is tried again (Unix ms), once the sync runs on its own (start()). */
  retryAt?: number | null;
  refreshing: boolean;
}

export interface SyncOptions {
  concurrency?: number;
  refreshMs?: number;
  now?: () => number;
  /** Rebuild the partial index during a first sync at most this often. */
  partialRebuildMs?: number;
  /** After a failed sync, try again this soon, doubling per failure up to refreshMs (default 15 s). */
  retryMs?: number;
}

interface SetState {
  snapshot: { index: CompanyIndex; syncedAt: number } | null;
  progress: SyncProgress;
  running: Promise<void> | null;
  partialRows: Company[];
  partial: { index: CompanyIndex; rows: number; builtAt: number } | null;
  failures: number;
  retryTimer: ReturnType<typeof setTimeout> | null;
}

export class DirectorySync {
  private readonly states: Record<CompanySet, SetState>;
  private readonly concurrency: number;
  private readonly refreshMs: number;
  private readonly now: () => number;
  private readonly partialRebuildMs: number;
  private readonly retryMs: number;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly source: ListSource,
    options: SyncOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.refreshMs = options.refreshMs ?? 3_600_000;
    this.now = options.now ?? Date.now;
    this.partialRebuildMs = options.partialRebuildMs ?? 250;
    this.retryMs = options.retryMs ?? 15_000;
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
      partialRows: [],
      partial: null,
      failures: 0,
      retryTimer: null,
    });
    this.states = { default: initial("default"), all: initial("all") };
  }

  /** Starts the first sync (default set, then all companies) and the refresh interval. */
  start(): void {
    if (this.timer) return;
    void this.sync("default").then(() => this.sync("all"));
    this.timer = setInterval(() => {
      void this.sync("default").then(() => this.sync("all"));
    }, this.refreshMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const state of Object.values(this.states)) {
      if (state.retryTimer) clearTimeout(state.retryTimer);
      state.retryTimer = null;
    }
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
      state.partial = { index: new CompanyIndex(state.partialRows.slice()), rows, builtAt: this.now() };
    }
    return (state.partial as { index: CompanyIndex }).index;
  }

  /** Runs one sync of a set; concurrent calls share it. Never rejects. */
  sync(set: CompanySet): Promise<void> {
    const state = this.states[set];
    if (state.running) return state.running;
    if (state.progress.state === "unavailable") return Promise.resolve();
    state.running = this.run(set).finally(() => {
      state.running = null;
    });
    return state.running;
  }

  private async run(set: CompanySet): Promise<void> {
    const state = this.states[set];
    const firstSync = state.snapshot === null;
    const progress = state.progress;
    progress.refreshing = !firstSync;
    if (firstSync) {
      progress.state = "syncing";
      progress.pagesDone = 0;
      progress.pagesTotal = null;
      state.partialRows = [];
    }
    const allCompanies = set === "all";
    const pages = new Map<number, Company[]>();
    // Ends this attempt at its first failure: its other workers then start no further page, and
    // a page still out when the next attempt begins is dropped instead of written into that one.
    const attempt = new AbortController();
    const fetchPage = async (pageNumber: number) => {
      attempt.signal.throwIfAborted();
      const page = await this.source.getCompaniesPage({ pageNumber, allCompanies });
      attempt.signal.throwIfAborted();
      return page;
    };
    const record = (pageNumber: number, data: Company[]) => {
      pages.set(pageNumber, data);
      if (firstSync) {
        progress.pagesDone = pages.size;
        state.partialRows.push(...data);
        progress.rows = state.partialRows.length;
      }
    };
    try {
      const first = await fetchPage(1);
      record(1, first.data);
      let totalPages = Math.max(1, first.pagination.totalPages);
      if (firstSync) progress.pagesTotal = totalPages;
      let last = first.pagination;
      // Pages 2..totalPages with bounded concurrency.
      let next = 2;
      const worker = async () => {
        try {
          while (next <= totalPages) {
            const pageNumber = next++;
            const page = await fetchPage(pageNumber);
            record(pageNumber, page.data);
            if (pageNumber === totalPages) last = page.pagination;
          }
        } catch (error) {
          attempt.abort(error);
          throw error;
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.concurrency, totalPages - 1) }, worker));
      // The set may have grown while paging: the contract's rule is to page until hasNextPage is false.
      while (last.hasNextPage) {
        const pageNumber = totalPages + 1;
        const page = await fetchPage(pageNumber);
        record(pageNumber, page.data);
        totalPages = pageNumber;
        if (firstSync) progress.pagesTotal = totalPages;
        last = page.pagination;
      }
      const rows: Company[] = [];
      const seen = new Set<string>();
      for (const pageNumber of [...pages.keys()].sort((a, b) => a - b)) {
        for (const row of pages.get(pageNumber) ?? []) {
          if (seen.has(row.companyKey)) continue;
          seen.add(row.companyKey);
          rows.push(row);
        }
      }
      state.snapshot = { index: new CompanyIndex(rows), syncedAt: this.now() };
      state.partialRows = [];
      state.partial = null;
      Object.assign(progress, {
        state: "ready",
        pagesDone: totalPages,
        pagesTotal: totalPages,
        rows: rows.length,
        syncedAt: state.snapshot.syncedAt,
        lastError: null,
        lastErrorCode: null,
        retryAt: null,
      });
      state.failures = 0;
    } catch (error) {
      const message = error instanceof Error ? error.message : "unknown error";
      if (error instanceof UpstreamError && error.code === "forbidden" && allCompanies) {
        // The plan does not include allCompanies: remember it, do not retry.
        Object.assign(progress, {
          state: "unavailable",
          lastError: "All companies are not available on this plan.",
        });
      } else {
        progress.lastError = message;
        progress.lastErrorCode = error instanceof UpstreamError ? error.code : null;
        progress.state = state.snapshot ? "ready" : "error";
        this.scheduleRetry(set);
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
      void this.sync(set);
    }, delay);
    state.retryTimer.unref?.();
  }
}
