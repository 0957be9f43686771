import "server-only";
// The reference-data change log: each sync of the default company list that this instance runs
// is diffed against the rows served before it, and the changes are appended to a bounded log kept
// beside the index snapshots (CACHE_DIR or Redis). Only the instance that syncs (the lease holder)
// writes it; the others re-read the shared copy every few seconds.
import { dataChanged } from "@/lib/data-changed";
import { appendChanges, type ChangeLog, diffCompanies, EMPTY_CHANGE_LOG } from "@/lib/directory/changes";
import type { SnapshotStore } from "@/lib/directory/sync";
import type { Company } from "@/lib/upstream/schemas";

const SHARED_RELOAD_MS = 10_000;

export class ChangeLogService {
  private log: ChangeLog | null = null;
  private loadedAt = 0;
  private loading: Promise<ChangeLog> | null = null;

  constructor(
    private readonly store: SnapshotStore | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** The log as this instance knows it: read once from the store, and again every few seconds when shared. */
  current(): Promise<ChangeLog> {
    const shared = typeof this.store?.version === "function";
    if (this.log && (!shared || this.now() - this.loadedAt < SHARED_RELOAD_MS))
      return Promise.resolve(this.log);
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<ChangeLog> {
    const stored = (await this.store?.loadChanges?.("default")) ?? null;
    this.log = stored ?? this.log ?? EMPTY_CHANGE_LOG;
    this.loadedAt = this.now();
    return this.log;
  }

  /** Records one sync: `previous` is null on the very first one, which only starts the watch. */
  async record(
    previous: readonly Company[] | null,
    rows: readonly Company[],
    detectedAt: number,
  ): Promise<void> {
    try {
      // Read afresh: the lease may have just passed from another instance that wrote the log.
      const log = this.store ? await this.load() : await this.current();
      const changes = previous ? diffCompanies(previous, rows, detectedAt) : [];
      // Appending nothing still ages the log: a quiet month must not keep entries past their limit.
      const next = appendChanges(log, changes, detectedAt, previous !== null);
      if (
        log.watchingSince !== null &&
        next.changes.length === log.changes.length &&
        changes.length === 0 &&
        Boolean(log.compared) === next.compared
      )
        return;
      this.log = next;
      dataChanged();
      this.loadedAt = this.now();
      await this.store?.saveChanges?.("default", this.log);
    } catch (error) {
      console.warn(`changes: could not record a sync's changes: ${(error as Error).message}`);
    }
  }
}
