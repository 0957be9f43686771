import type { ReactNode } from "react";
import { ApiError } from "@/lib/client/api";
import { RetryWhenDue } from "./retry-when-due";

/** What went wrong, in words a person can act on. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return "Something went wrong while loading this. Try again.";
}

/** A request refused as it stands (400, 403, 404): asking again gives the same answer. */
const isRefusal = (error: unknown) => error instanceof ApiError && [400, 403, 404].includes(error.status);

export function ErrorState({
  title = "Could not load this",
  error,
  onRetry,
}: {
  title?: string;
  error: unknown;
  onRetry?: () => void;
}) {
  // A failure that says when to ask again (a rate limit's pause) is asked again then.
  const due = error instanceof ApiError && !isRefusal(error) ? error.retryAfterMs : undefined;
  return (
    <div
      role="alert"
      className="rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
    >
      <p className="font-semibold wrap-anywhere">{title}</p>
      <p className="mt-1 wrap-anywhere">
        {describeError(error)}
        {onRetry && due !== undefined && <RetryWhenDue error={error} afterMs={due} onRetry={onRetry} />}
      </p>
      {onRetry && !isRefusal(error) && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 rounded-md bg-white px-3 py-1.5 font-medium text-rose-900 ring-1 ring-rose-300 hover:bg-rose-100 dark:bg-rose-900 dark:text-white dark:ring-rose-700"
        >
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
      <p className="font-semibold wrap-anywhere">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-600 dark:text-slate-300">{children}</div>}
    </div>
  );
}
