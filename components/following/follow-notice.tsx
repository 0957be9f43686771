"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { dismissFollowNotice, useFollowNotice } from "@/lib/client/following";

const SHOWN_MS = 8000;

/**
 * What the last follow or unfollow did, on every page: a polite status line (heard when the
 * change came from a key press on a table row), with Undo after an unfollow.
 */
export function FollowNotice() {
  const notice = useFollowNotice();
  const onFollowingPage = usePathname() === "/following";
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismissFollowNotice, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4 print:hidden"
    >
      {notice && (
        <p
          key={notice.id}
          className="pointer-events-auto flex max-w-md flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          <span className="min-w-0">{notice.message}</span>
          {notice.undo ? (
            <button
              type="button"
              onClick={() => {
                dismissFollowNotice();
                notice.undo?.();
              }}
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
