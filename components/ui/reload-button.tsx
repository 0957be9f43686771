"use client";

/** Asks for the page again, through the page gate: the data, or the reason it is still missing. */
export function ReloadButton({ label = "Try again" }: { label?: string }) {
  return (
    <button
      type="button"
      onClick={() => window.location.reload()}
      className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 dark:bg-brand-500"
    >
      {label}
    </button>
  );
}
