"use client";

import { useEffect, useState } from "react";

const wait = (seconds: number) =>
  seconds < 120 ? `${seconds} ${seconds === 1 ? "second" : "seconds"}` : `${Math.ceil(seconds / 60)} minutes`;

/**
 * "Try again in N seconds", counting down, and then the page asks again by itself (once the tab is
 * on screen): the reader need not watch the clock. Without JavaScript the text stays as sent.
 */
export function RetryCountdown({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const until = Date.now() + seconds * 1000;
    const tick = setInterval(() => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000))), 1000);
    return () => clearInterval(tick);
  }, [seconds]);
  useEffect(() => {
    if (left > 0) return;
    const retry = () => {
      if (document.visibilityState === "visible") window.location.reload();
    };
    retry();
    document.addEventListener("visibilitychange", retry);
    return () => document.removeEventListener("visibilitychange", retry);
  }, [left]);
  return (
    <p className="text-slate-700 dark:text-slate-300">
      {left > 0 ? `Try again in ${wait(left)}.` : "Trying again…"}
    </p>
  );
}
