"use client";

import { useEffect, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";

/** This site's origin, once in the browser (links to share are absolute). */
export function useOrigin(): string {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  return origin;
}

/** A link to give someone: selected on focus, with a copy button. */
export function ShareLink({ link }: { link: string }) {
  return (
    <>
      <label htmlFor="share-link" className="text-sm font-medium">
        Share link
      </label>
      <input
        id="share-link"
        readOnly
        value={link}
        onFocus={(e) => e.currentTarget.select()}
        className="min-w-60 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
      />
      <CopyButton value={link} label="share link" />
    </>
  );
}
