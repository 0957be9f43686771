// updatedAt and earningsFilingDate are "served live" by the data service: a cached profile
// refreshes them in the background once they are older than this, and shows them meanwhile with
// their age, never "not available".
export const LIVE_FIELDS_TTL_MS = 10 * 60_000;

/** Whether live fields of this age are past their limit (a refresh is under way). */
export function liveFieldsStale(ageMs: number): boolean {
  return ageMs > LIVE_FIELDS_TTL_MS;
}
