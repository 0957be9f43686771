"use client";

import { useEffect, useState } from "react";

const wait = (seconds: number) =>
  seconds < 120
    ? `${seconds} ${seconds === 1 ? "second" : "seconds"}`
    : seconds < 5400
      ? `${Math.ceil(seconds / 60)} minutes`
      : `about ${Math.round(seconds / 3600)} hours`;

/** Where this tab counts the pages it asked again by itself, and how many it may in a row. */
const RETRIES_KEY = "fiscal-atlas:auto-retries";
const MAX_AUTO_RETRIES = 5;
/** Within this long of the last one; a later failure starts the count again. */
const RETRIES_WINDOW_MS = 10 * 60_000;

/** Counts one more retry of this address by itself; false once the tab has made its share. */
function takeAutoRetry(): boolean {
  const here = window.location.href;
  let count = 0;
  try {
    const last = JSON.parse(sessionStorage.getItem(RETRIES_KEY) ?? "null") as {
      href: string;
      count: number;
      at: number;
    } | null;
    if (last?.href === here && Date.now() - last.at < RETRIES_WINDOW_MS) count = last.count;
    if (count >= MAX_AUTO_RETRIES) return false;
    sessionStorage.setItem(RETRIES_KEY, JSON.stringify({ href: here, count: count + 1, at: Date.now() }));
  } catch {
    // No storage (a private mode's quota): the count cannot be kept, so no retry by itself.
    return false;
  }
  return true;
}

/**
 * "Try again in N seconds", counting down. With `retry`, the page then asks again by itself once the
 * tab is on screen (a little later for some tabs than others, so that open tabs do not all ask at
 * once), up to five times in a row; the Try again button is there for more. Without JavaScript the
 * text stays as sent.
 */
export function RetryCountdown({ seconds, retry }: { seconds: number; retry: boolean }) {
  const [left, setLeft] = useState(seconds);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const until = Date.now() + seconds * 1000;
    const tick = setInterval(() => {
      const next = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) clearInterval(tick);
    }, 1000);
    return () => clearInterval(tick);
  }, [seconds]);
  useEffect(() => {
    if (left > 0 || !retry) return;
    if (!takeAutoRetry()) {
      setGaveUp(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      if (document.visibilityState !== "visible" || timer) return;
      timer = setTimeout(() => window.location.reload(), Math.random() * 2000);
    };
    ask();
    document.addEventListener("visibilitychange", ask);
    return () => {
      document.removeEventListener("visibilitychange", ask);
      clearTimeout(timer);
    };
  }, [left, retry]);
  return (
    <p className="text-slate-700 dark:text-slate-300">
      {left > 0
        ? `Try again in ${wait(left)}.`
        : retry && !gaveUp
          ? "Trying again…"
          : "You can try again now."}
    </p>
  );
}
