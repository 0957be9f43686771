"use client";

import { toggleFollow, useFollowing } from "@/lib/client/following";
import { normalizedKey } from "@/lib/following/list";
import { plainText } from "@/lib/format";

const STAR = "M10 1.8l2.5 5.3 5.7.7-4.2 4 1.1 5.7L10 14.7l-5.1 2.8 1.1-5.7-4.2-4 5.7-.7z";

export function StarIcon({ filled, className = "size-4" }: { filled: boolean; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className}>
      <path
        d={STAR}
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A toggle that follows a company: "Follow" / "Following" (aria-pressed), the company's name for
 * screen readers. `compact` draws the star alone, for rows and table headers.
 */
export function FollowButton({
  companyKey,
  name,
  compact = false,
}: {
  companyKey: string;
  name: string;
  compact?: boolean;
}) {
  const on = useFollowing().keys.has(normalizedKey(companyKey));
  const label = plainText(name);
  return (
    <button
      type="button"
      aria-pressed={on}
      // The followed list lives in the browser's storage: without a script there is nothing to press.
      data-needs-js=""
      data-follow-key={normalizedKey(companyKey)}
      onClick={() => toggleFollow(companyKey, label || null)}
      title={on ? "Following: press to unfollow" : "Follow: keep it on your Following page"}
      className={
        compact
          ? "inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-slate-700 print:hidden ring-1 ring-slate-300 hover:bg-white aria-pressed:text-amber-700 aria-pressed:ring-amber-500 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800 dark:aria-pressed:text-amber-300 dark:aria-pressed:ring-amber-400"
          : "inline-flex shrink-0 items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-brand-600 text-brand-700 hover:bg-brand-50 aria-pressed:bg-brand-600 aria-pressed:text-white aria-pressed:hover:bg-brand-700 dark:text-sky-300 dark:ring-sky-400 dark:hover:bg-slate-800 dark:aria-pressed:bg-sky-400 dark:aria-pressed:text-slate-950"
      }
    >
      <StarIcon filled={on} className={compact ? "size-3.5" : "size-4"} />
      {on ? "Following" : "Follow"}
      <span className="sr-only"> {label}</span>
    </button>
  );
}
