"use client";

import { useCallback, useEffect, useState } from "react";
import { logoSrc } from "@/lib/hrefs";
import type { LogoVariant } from "@/lib/upstream/vocabulary";

/** Two letters from the name, for a company without a logo. */
function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0] ?? "?";
  const letters =
    words.length > 1 ? [...first][0] + ([...(words[1] as string)][0] ?? "") : [...first].slice(0, 2).join("");
  return letters.toUpperCase();
}

/** The media query under which a `<picture>` takes its dark source. */
export const DARK_SCHEME = "(prefers-color-scheme: dark)";

/**
 * When a logo that failed is asked for again, off screen: the server answers one still on its way
 * from the data service "not yet" (503), and the call it started goes on. Any other failure is final.
 * Up to about two minutes in all: on a cold server behind a rate-limited data service, a screen of
 * logos can queue behind the pages' own calls for longer than half a minute.
 */
const LOGO_RETRIES_MS = [3_500, 7_000, 14_000, 28_000, 56_000];

/**
 * Whether an image failed to load, including before hydration attached `onError` (a server-rendered
 * logo whose request failed early would otherwise stay a broken-image icon). While the server says
 * "not yet" (503) `src` is asked for again a few times, more slowly each time, and shown once it
 * comes (from the browser's cache then). `darkSrc`: the source a `<picture>` shows in a dark scheme.
 */
export function useImageFailed(src: string, darkSrc?: string) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const probe = (attempt: number) => {
      const delay = LOGO_RETRIES_MS[attempt];
      if (delay === undefined) return;
      timer = setTimeout(async () => {
        const url = darkSrc && matchMedia(DARK_SCHEME).matches ? darkSrc : src;
        const response = await fetch(url, { signal: controller.signal }).catch(() => null);
        if (response?.ok) setFailed(false);
        else if (response?.status === 503) probe(attempt + 1);
      }, delay);
    };
    probe(0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [failed, src, darkSrc]);
  // A lazy image not yet requested is not `complete` (checked in Chromium), so this only catches
  // one that was requested and failed.
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return { failed, ref, onError: () => setFailed(true) };
}

/**
 * A company's square logo from /api/logo, or its initials on a tinted tile when it has no logo
 * (no request is made unless `availableDatasets` lists logos) or the image fails to load.
 */
export function CompanyLogo({
  companyKey,
  name,
  hasLogo,
  size = 28,
  variant = "icon",
  defer = false,
}: {
  companyKey: string;
  name: string;
  hasLogo: boolean;
  size?: number;
  variant?: LogoVariant;
  /** Hold the request back (say, while a list scrolls fast); the fallback shows meanwhile. */
  defer?: boolean;
}) {
  const src = logoSrc(companyKey, variant);
  const { failed, ref, onError } = useImageFailed(src);
  const style = { width: size, height: size };
  if (!hasLogo || failed || defer) {
    return (
      <span
        aria-hidden="true"
        style={{ ...style, fontSize: Math.max(9, Math.round(size * 0.36)) }}
        className="inline-flex shrink-0 select-none items-center justify-center rounded-md bg-slate-200 font-semibold text-slate-600 dark:bg-slate-700 dark:text-slate-200"
      >
        {initials(name)}
      </span>
    );
  }
  return (
    // biome-ignore lint/performance/noImgElement: a small PNG from our own route; next/image would re-encode it for nothing.
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      ref={ref}
      onError={onError}
      style={style}
      className="shrink-0 rounded-md bg-white object-contain ring-1 ring-slate-200 dark:ring-slate-700"
    />
  );
}
