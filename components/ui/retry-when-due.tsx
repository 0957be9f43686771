"use client";

import { useEffect, useRef, useState } from "react";

/** The longest wait asked for again by itself: past it (a quota's day), the button is the way. */
const MAX_MS = 5 * 60_000;
/** The shortest: a Retry-After of 0 or 1 s must not poll the server. */
const MIN_MS = 2_000;
/** Asked again by itself this many times in a row at most; then the button is the way. */
const MAX_TRIES = 3;

/**
 * Asks again by itself once the server's Retry-After has passed (the data service's rate limit,
 * this server's budget, a busy moment), and says so: a section that failed for a wait mends
 * without a click, as the page itself and the comparison's news do. `error` is the failure whose
 * wait this is: a new failure waits anew, twice as long each time, three times at most. A hidden
 * tab asks once it is shown again.
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
  // The failures in a row this section has seen (it stays mounted while it keeps failing): counted
  // as each new one comes, in the render (React's way to keep state in step with a prop).
  const [failures, setFailures] = useState({ error, count: 1 });
  if (failures.error !== error) setFailures({ error, count: failures.count + 1 });
  const waitMs = Math.max(MIN_MS, afterMs) * 2 ** (failures.count - 1);
  const gives = waitMs <= MAX_MS && failures.count <= MAX_TRIES;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failure (error) is waited out once
  useEffect(() => {
    if (!gives) return;
    const ask = () => {
      if (!document.hidden) return retry.current();
      document.addEventListener("visibilitychange", ask, { once: true });
    };
    // Spread by up to a second: the sections a limit turned away do not all come back at once.
    const timer = setTimeout(ask, waitMs + Math.round(Math.random() * 1000));
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", ask);
    };
  }, [error]);
  if (!gives) return null;
  const seconds = Math.ceil(waitMs / 1000);
  return <> It is asked for again by itself in about {seconds} seconds.</>;
}
