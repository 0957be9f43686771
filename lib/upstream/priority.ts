// Who is waiting for an upstream call: a person (interactive, the default) or nobody
// (background: the index sync and refresh, overview counts, cache revalidation). The priority
// travels with the async context, so every call made inside `inBackground` (and every timer or
// promise started from there) queues behind interactive calls without being passed down by hand.
// Work that nobody awaits is started through `inBackground`: the directory sync and SwrCache's
// revalidation do it themselves, so a new cache or a new sync is background without a thought.
import { AsyncLocalStorage } from "node:async_hooks";
import { processWide } from "@/lib/process-wide";

export type Priority = "interactive" | "background";

// One store per process: a bundle's background context must be seen by the client instance
// another bundle created.
function store(): AsyncLocalStorage<Priority> {
  return processWide("upstream-priority", () => new AsyncLocalStorage<Priority>());
}

/** Runs `work` (and everything it starts) as background work for the upstream budget. */
export function inBackground<T>(work: () => T): T {
  return store().run("background", work);
}

/** The priority of upstream calls made here: interactive unless inside `inBackground`. */
export function currentPriority(): Priority {
  return store().getStore() ?? "interactive";
}
