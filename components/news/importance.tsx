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

export function importanceLabel(level: number): string {
  return labelOf(IMPORTANCE_LABELS, String(level));
}

/** "1 · Major Event". */
export function importanceLevelLabel(level: number): string {
  return `${level} · ${importanceLabel(level)}`;
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
