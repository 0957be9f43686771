"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { dismissFollowNotice, type FollowNotice as Notice, useFollowNotice } from "@/lib/client/following";
import { inTextField } from "@/lib/client/use-focus-shortcut";
import { profileHref } from "@/lib/hrefs";

const SHOWN_MS = 8000;

/**
 * After Undo, the focus goes to the company put back: its row's link where a table shows it (the
 * Following page, the directory), else its Follow button; the Undo button it was on is gone.
 */
function focusCompany(companyKey: string | undefined) {
  if (!companyKey) return;
  requestAnimationFrame(() => {
    const target =
      document.querySelector<HTMLElement>(
        `main [data-index] a[href="${CSS.escape(profileHref(companyKey))}"]`,
      ) ?? document.querySelector<HTMLElement>(`main [data-follow-key="${CSS.escape(companyKey)}"]`);
    target?.focus();
    target?.scrollIntoView({ block: "nearest" });
  });
}

function undo(notice: Notice) {
  dismissFollowNotice();
  notice.undo?.();
  focusCompany(notice.companyKey);
}

/**
 * What the last follow or unfollow did, on every page: a polite status line (heard when the
 * change came from a key press on a table row), with Undo after an unfollow (Ctrl+Z too, from
 * anywhere but a text field). It stays while the pointer or the focus is on it.
 */
export function FollowNotice() {
  const notice = useFollowNotice();
  const onFollowingPage = usePathname() === "/following";
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  useEffect(() => {
    if (!notice || held) return;
    const timer = setTimeout(dismissFollowNotice, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice, held]);
  useEffect(() => {
    if (!notice?.undo) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.defaultPrevented ||
        event.key.toLowerCase() !== "z" ||
        !(event.ctrlKey || event.metaKey) ||
        event.shiftKey ||
        event.altKey
      )
        return;
      if (inTextField(event.target)) return;
      event.preventDefault();
      undo(notice);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [notice]);
  // A notice that goes while held (replaced, undone) must not leave the next one held.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new notice
  useEffect(() => {
    setHovered(false);
    setFocused(false);
  }, [notice?.id]);
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4 print:hidden"
    >
      {notice && (
        <p
          key={notice.id}
          onPointerEnter={() => setHovered(true)}
          onPointerLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="pointer-events-auto flex max-w-md flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          <span className="min-w-0">{notice.message}</span>
          {notice.undo ? (
            <button
              type="button"
              onClick={() => undo(notice)}
              aria-keyshortcuts="Control+Z Meta+Z"
              title="Undo (Ctrl+Z)"
              className="font-semibold text-sky-300 underline-offset-2 hover:underline dark:text-brand-700"
            >
              Undo
            </button>
          ) : (
            !onFollowingPage && (
              <Link
                href="/following"
                className="font-semibold text-sky-300 underline-offset-2 hover:underline dark:text-brand-700"
              >
                Your list
              </Link>
            )
          )}
        </p>
      )}
    </div>
  );
}
