import "server-only";
// The upstream budget's memory across restarts: the window's grants, the UTC day's counts and any
// pause, in `budget.json` in this deployment's CACHE_DIR folder. Without it a restarted process
// would think its window empty and spend it again (the service then answers 429), and would
// start the day's count from zero. Read once at start; written after each change, at most every
// WRITE_EVERY_MS, whole or not at all (a temp file renamed over it), off the request's path.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BudgetPersistence, SavedBudget } from "@/lib/upstream/budget";
import { writeFileAtomic } from "../cache/cache-tiers";
import { deploymentDir } from "../cache/shared-state";

const WRITE_EVERY_MS = 200;

export class BudgetFile implements BudgetPersistence {
  private pending: SavedBudget | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  load(): SavedBudget | null {
    try {
      const saved = JSON.parse(readFileSync(this.file, "utf8")) as SavedBudget;
      if (saved?.version !== 1 || !Array.isArray(saved.grants) || typeof saved.day?.day !== "number")
        return null;
      return saved;
    } catch {
      // None yet, or unreadable: the budget starts empty, as it did before this file existed.
      return null;
    }
  }

  save(state: SavedBudget): void {
    this.pending = state;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.write();
    }, WRITE_EVERY_MS);
    this.timer.unref?.();
  }

  /** Writes the latest state now (a clean stop), and waits for writes under way. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.write();
  }

  private write(): Promise<void> {
    const state = this.pending;
    this.pending = null;
    if (state)
      this.writing = this.writing
        .then(() => writeFileAtomic(this.file, Buffer.from(JSON.stringify(state))))
        .catch((error: unknown) => {
          console.warn(
            `budget: could not write ${this.file}: ${error instanceof Error ? error.message : error}`,
          );
        });
    return this.writing;
  }
}

/** The budget's file in this deployment's CACHE_DIR folder; null with CACHE_DIR=off. */
export function budgetFile(): BudgetFile | null {
  const dir = deploymentDir();
  return dir ? new BudgetFile(path.join(dir, "budget.json")) : null;
}
