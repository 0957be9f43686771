"use client";

import { useEffect, useRef } from "react";

/** The longest wait asked for again by itself: past it (a quota's day), the button is the way. */
const MAX_MS = 5 * 60_000;

/**
 * Asks again by itself once the server's Retry-After has passed (the data service's rate limit,
 * this server's budget, a busy moment), and says so: a section that failed for a wait mends
 * without a click, as the page itself and the comparison's news do. `error` is the failure whose
 * wait this is: a new failure waits anew.
 */
export function RetryWhenDue({
  error,
  afterMs,
  onRetry,
}: {
  error: unknown;
  afterMs: number;
  onRetry: () => void;
}) {
  const retry = useRef(onRetry);
  useEffect(() => {
    retry.current = onRetry;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failure (error) is waited out once
  useEffect(() => {
    if (afterMs > MAX_MS) return;
    // Spread by up to a second: the sections a limit turned away do not all come back at once.
    const timer = setTimeout(() => retry.current(), afterMs + Math.round(Math.random() * 1000));
    return () => clearTimeout(timer);
  }, [error, afterMs]);
  if (afterMs > MAX_MS) return null;
  const seconds = Math.max(1, Math.ceil(afterMs / 1000));
  return (
    <>
      {" "}
      It is asked for again by itself in about {seconds} {seconds === 1 ? "second" : "seconds"}.
    </>
  );
}
