// "Something a page may show has changed": cached upstream data, the company index, the change
// log, the circuit breaker, the sandbox's clock or faults. Those layers say so here; the page front
// (lib/server/front/page-front.ts) listens, and renders its kept pages again. Process-wide: the data
// layers, the proxy and the request hook are separate bundles.
import { processWide } from "@/lib/process-wide";

type State = { listener?: () => void; failedSince: boolean };

function state(): State {
  return processWide<State>("data-changed", () => ({ failedSince: false }));
}

/** Data a page may have shown was replaced or aged, or the sources behind it changed state. */
export function dataChanged(): void {
  const s = state();
  s.failedSince = false;
  s.listener?.();
}

/** A load failed: pages rendered since may show the failure, so the next data added counts as a change. */
export function dataFailed(): void {
  dataChanged();
  state().failedSince = true;
}

/**
 * Data no page had yet was added (a first load): no kept page showed it, so none is stale; unless
 * a load failed since the last change, when a kept page may be showing that failure.
 */
export function dataAdded(): void {
  if (state().failedSince) dataChanged();
}

export function onDataChanged(listener: () => void): void {
  state().listener = listener;
}
