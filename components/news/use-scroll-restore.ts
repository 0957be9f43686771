"use client";

import { useEffect, useLayoutEffect, useRef } from "react";
import { cameBack } from "@/lib/client/traversal";

// Back to the feed from a profile: the loaded pages come back from the query cache at once, and
// this puts the reader where they were. Only for history navigations (back/forward): a fresh
// visit from the header starts at the top.

const PREFIX = "news-scroll:";

export function useScrollRestore(ready: boolean): void {
  const mounted = useRef(true);
  const restored = useRef(false);

  // Remember the position for the current URL (filters included), once per frame at most.
  useEffect(() => {
    let frame = 0;
    const save = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (!mounted.current) return;
        try {
          sessionStorage.setItem(PREFIX + window.location.search, String(Math.round(window.scrollY)));
        } catch {
          // Storage full or blocked: position is simply not kept.
        }
      });
    };
    window.addEventListener("scroll", save, { passive: true });
    return () => {
      window.removeEventListener("scroll", save);
      cancelAnimationFrame(frame);
    };
  }, []);

  // Layout cleanup runs before the page is swapped out, so no late scroll event is recorded.
  useLayoutEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    if (!cameBack()) return;
    let saved: string | null = null;
    try {
      saved = sessionStorage.getItem(PREFIX + window.location.search);
    } catch {
      return;
    }
    const y = Number(saved);
    if (!saved || !Number.isFinite(y)) return;
    requestAnimationFrame(() => window.scrollTo({ top: y, behavior: "instant" }));
  }, [ready]);
}
