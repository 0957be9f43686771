import { formatAgo } from "@/lib/format";
import { liveFieldsStale } from "@/lib/profile/live-fields";

/**
 * Under a live field (last change, latest earnings filing) past its limit: how old the shown
 * value is while the server fetches a newer one. Nothing while the value is within its limit.
 */
export function LiveFieldAge({ ageMs, nowMs }: { ageMs: number; nowMs: number }) {
  if (!liveFieldsStale(ageMs)) return null;
  return (
    <span
      data-live-age=""
      className="block text-xs font-normal text-slate-500 dark:text-slate-400"
      title="A live field: the server fetches it again once it is more than 10 minutes old."
    >
      As of {formatAgo(nowMs - ageMs, nowMs)}; refreshing
    </span>
  );
}
