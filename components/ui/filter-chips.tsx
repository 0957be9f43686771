"use client";

import type { ComponentProps } from "react";
import { plainText } from "@/lib/format";
import { UpstreamText } from "./upstream-text";
import { useRemovalFocus } from "./use-removal-focus";

export interface FilterChip<T> {
  key: string;
  /** What the filter keeps, e.g. "Sector: Industrials" (may hold upstream text: a company's name). */
  label: string;
  /** Why the filter is on but not applied: the label is struck through, the note follows it. */
  note?: string;
  /** The view without this filter. */
  without: T;
}

/**
 * The filters that are on, each a chip that removes it, and "Clear all" where there are two or more:
 * links to the view without them, so they work without JavaScript too; with it, `apply` changes the
 * view in place and the focus stays among the chips (`focusAfterLast` once the last one is gone).
 * The directory and the feed show their filters this way.
 */
export function FilterChips<T>({
  chips,
  withoutAll,
  hrefOf,
  apply,
  focusAfterLast,
  className = "",
}: {
  chips: readonly FilterChip<T>[];
  withoutAll: T;
  hrefOf: (next: T) => string;
  apply: (next: T) => void;
  focusAfterLast: () => HTMLElement | null | undefined;
  className?: string;
}) {
  // Removing keeps the focus among the chips: the next one, else the one before, else focusAfterLast.
  const { group, removing } = useRemovalFocus(focusAfterLast);
  const linkTo = (next: T) => ({
    href: hrefOf(next),
    onRemove: (control: HTMLElement) => {
      removing(control);
      apply(next);
    },
  });
  if (chips.length === 0) return null;
  return (
    <div className={`flex flex-wrap items-center gap-2 ${className}`}>
      <ul ref={group} aria-label="Active filters" className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => {
          const text = plainText(chip.label) + (chip.note ? ` (${chip.note})` : "");
          return (
            <li key={chip.key}>
              <RemoveLink
                {...linkTo(chip.without)}
                data-removes=""
                aria-label={`Remove filter: ${text}`}
                title={text}
                className="inline-flex max-w-80 items-center gap-1.5 rounded-full bg-brand-50 py-1 pl-3 pr-2 text-sm text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100 dark:bg-slate-800 dark:text-brand-100 dark:ring-slate-600"
              >
                <UpstreamText className={`min-w-0 truncate ${chip.note ? "line-through" : ""}`}>
                  {chip.label}
                </UpstreamText>
                {chip.note && (
                  <span className="shrink-0 text-slate-600 dark:text-slate-400">({chip.note})</span>
                )}
                {/* A drawn cross, not a "×" character: the link's spoken name must contain all its text. */}
                <svg aria-hidden="true" viewBox="0 0 10 10" className="size-2.5 shrink-0">
                  <path d="M2 2l6 6M8 2l-6 6" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
                </svg>
              </RemoveLink>
            </li>
          );
        })}
      </ul>
      {chips.length > 1 && (
        <RemoveLink
          {...linkTo(withoutAll)}
          className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
        >
          Clear all
        </RemoveLink>
      )}
    </div>
  );
}

/**
 * A link to the view without a filter: it works without JavaScript too; with it, a plain click
 * changes the view in place (`onRemove`, given the link for the focus to move on from). A modified
 * click (a new tab, a window) is left to the browser.
 */
function RemoveLink({
  href,
  onRemove,
  ...props
}: Omit<ComponentProps<"a">, "onClick"> & { href: string; onRemove: (control: HTMLElement) => void }) {
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onRemove(event.currentTarget);
      }}
    />
  );
}
