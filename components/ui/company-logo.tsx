"use client";

import { useCallback, useState } from "react";
import { type LogoVariant, logoSrc } from "@/lib/hrefs";

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

/**
 * Whether an image failed to load, including before hydration attached `onError` (a server-rendered
 * logo whose request failed early would otherwise stay a broken-image icon).
 */
export function useImageFailed() {
  const [failed, setFailed] = useState(false);
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
  const { failed, ref, onError } = useImageFailed();
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
      src={logoSrc(companyKey, variant)}
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
