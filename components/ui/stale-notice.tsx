import type { ReactNode } from "react";

/**
 * Above data served from the cache because the data service is failing: "Showing data as of
 * 12 minutes ago; the data service is failing." The text comes from the server, which knows the age.
 */
export function StaleNotice({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="status"
      className={`rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100 ${className}`}
    >
      {children}
    </p>
  );
}

/** What a page built on the company index says when that index is stale or missing. */
export function IndexNoticeView({
  notice,
  onRetry,
}: {
  notice: { kind: "stale" | "unavailable"; message: string } | null | undefined;
  onRetry?: () => void;
}) {
  if (!notice) return null;
  if (notice.kind === "stale") return <StaleNotice>{notice.message}</StaleNotice>;
  return (
    <div
      role="alert"
      className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
    >
      {notice.message}
      {onRetry && (
        <button type="button" onClick={onRetry} className="ml-2 font-medium underline">
          Check again
        </button>
      )}
    </div>
  );
}
