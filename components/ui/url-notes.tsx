"use client";

import { useState } from "react";

/**
 * What a page did with a link it could not show as it stood (a value it does not read, a range
 * that cannot match): said once, above the results, until dismissed. The directory and the feed.
 */
export function UrlNotes({ notes, lead }: { notes: readonly string[]; lead: string }) {
  const [shown, setShown] = useState(notes);
  if (shown.length === 0) return null;
  return (
    <div
      role="status"
      className="rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
    >
      <p className="font-medium">{lead}</p>
      <ul className="mt-1 list-disc pl-5">
        {shown.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      <button
        type="button"
        data-needs-js=""
        className="mt-2 text-xs font-medium underline"
        onClick={() => setShown([])}
      >
        Dismiss
      </button>
    </div>
  );
}
