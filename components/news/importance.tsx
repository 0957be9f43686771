import { Badge, type Tone } from "@/components/ui/badge";
import { IMPORTANCE_LABELS, labelOf } from "@/lib/upstream/vocabulary";

/** The badge tone of a level: the material ones stand out, the rest are neutral. */
export const IMPORTANCE_TONES: Record<number, Tone> = { 1: "bad", 2: "warn", 3: "info" };

/** The left accent of an article: a Major Event stands out, routine news stays quiet. */
export const IMPORTANCE_ACCENT: Record<number, string> = {
  1: "border-l-rose-500 bg-rose-50/50 dark:border-l-rose-500 dark:bg-rose-950/30",
  2: "border-l-amber-500 dark:border-l-amber-500",
  3: "border-l-sky-500 dark:border-l-sky-500",
  4: "border-l-slate-300 dark:border-l-slate-600",
  5: "border-l-slate-200 dark:border-l-slate-700",
};

/** The solid chip of a level number (the headlines' column): the same scale, louder. */
const IMPORTANCE_CHIP: Record<number, string> = {
  1: "bg-rose-600 text-white dark:bg-rose-500",
  2: "bg-amber-400 text-slate-950 dark:bg-amber-400",
  3: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  4: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  5: "bg-slate-50 text-slate-600 ring-1 ring-inset ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-700",
};

export function importanceLabel(level: number): string {
  return labelOf(IMPORTANCE_LABELS, String(level));
}

/** "1 · Major Event". */
export function importanceLevelLabel(level: number): string {
  return `${level} · ${importanceLabel(level)}`;
}

/** The level as a coloured number in a square, its label spoken and on hover. */
export function ImportanceLevel({ level }: { level: number }) {
  return (
    <span
      title={`Importance ${level} of 5: ${importanceLabel(level)}`}
      className={`inline-flex h-5 w-5 items-center justify-center rounded font-mono text-xs font-semibold ${IMPORTANCE_CHIP[level] ?? IMPORTANCE_CHIP[5]}`}
    >
      <span className="sr-only">Importance </span>
      {level}
      <span className="sr-only"> ({importanceLabel(level)})</span>
    </span>
  );
}

/** "1 · Major Event": the level and its label, toned by weight; `bars` adds a gauge and a spoken word. */
export function ImportanceBadge({ level, bars = true }: { level: number; bars?: boolean }) {
  const title = `Importance ${level} of 5 (1 is most material)`;
  if (!bars)
    return (
      <Badge tone={IMPORTANCE_TONES[level] ?? "neutral"} title={title}>
        {importanceLevelLabel(level)}
      </Badge>
    );
  return (
    <Badge tone={IMPORTANCE_TONES[level] ?? "neutral"} title={title}>
      {/* Five rising bars, as many lit as the level is material: one element, drawn by CSS. */}
      <span aria-hidden="true" data-gauge={level} />
      <span className="sr-only">Importance </span>
      {level} · {importanceLabel(level)}
    </Badge>
  );
}
