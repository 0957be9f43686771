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
      <span aria-hidden="true" className="mr-1 inline-flex items-end gap-px">
        {[1, 2, 3, 4, 5].map((bar) => (
          <span
            key={bar}
            className={`inline-block w-0.5 rounded-sm bg-current ${bar <= 6 - level ? "" : "opacity-25"}`}
            style={{ height: 3 + bar * 1.6 }}
          />
        ))}
      </span>
      <span className="sr-only">Importance </span>
      {level} · {importanceLabel(level)}
    </Badge>
  );
}
