/**
 * Where a page's data will appear once a slow data service answers: says why it is not there
 * yet, so a person waits knowingly instead of looking at a blank tab.
 */
export function SlowUpstreamNotice({ what }: { what: string }) {
  return (
    <div
      role="status"
      aria-busy="true"
      className="flex max-w-3xl items-start gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
    >
      <span
        aria-hidden="true"
        className="mt-0.5 size-4 shrink-0 animate-spin rounded-full border-2 border-sky-300 border-t-sky-700 motion-reduce:animate-none dark:border-sky-800 dark:border-t-sky-200"
      />
      <p>
        <span className="font-semibold">The data service is slow to answer.</span>{" "}
        <span data-needs-js="">
          {what} will appear here as soon as it answers; there is no need to reload.
        </span>
        {/* The answer streams in later in the page, and only a script puts it in place. */}
        <span data-without-js="">Reload this page in a moment to see {what.toLowerCase()}.</span>
      </p>
    </div>
  );
}
