import { flagSrc } from "@/lib/hrefs";

/**
 * A country's flag as a small image served by this app (never an emoji: regional-indicator pairs
 * show as empty boxes on Linux and letter pairs on Windows). Decorative: the country's name or
 * code is always written beside it.
 */
export function CountryFlag({ code, className = "" }: { code?: string | null; className?: string }) {
  const src = flagSrc(code);
  if (!src) return null;
  return (
    // biome-ignore lint/performance/noImgElement: a tiny static SVG; next/image adds nothing to it.
    <img
      src={src}
      alt=""
      width={16}
      height={12}
      decoding="async"
      data-flag={code?.toUpperCase()}
      className={`inline-block h-3 w-4 shrink-0 rounded-[1px] align-[-1px] ring-1 ring-slate-300 dark:ring-slate-600 ${className}`}
    />
  );
}
