import type { ReactNode } from "react";

const TONES = {
  neutral:
    "bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600",
  good: "bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800",
  warn: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  bad: "bg-rose-50 text-rose-800 ring-rose-300 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-800",
  info: "bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800",
  brand:
    "bg-brand-50 text-brand-700 ring-brand-100 dark:bg-slate-800 dark:text-brand-100 dark:ring-slate-600",
} as const;
export type Tone = keyof typeof TONES;

export function Badge({
  tone = "neutral",
  title,
  children,
}: {
  tone?: Tone;
  title?: string;
  children: ReactNode;
}) {
  return (
    <span
      title={title}
      className={`inline-block max-w-full truncate whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** The tone of a company or trading status: active is quiet, the rest call for attention. */
export function statusTone(status: string | null | undefined): Tone {
  switch (status) {
    case "active":
      return "good";
    case "pre_ipo":
    case "reorganizing":
    case "dormant":
      return "warn";
    case "suspended":
    case "delisted":
    case "defunct":
    case "shell":
      return "bad";
    default:
      return "neutral";
  }
}
