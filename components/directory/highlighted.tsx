import { highlightRanges } from "@/lib/directory/highlight";

/** Text with the parts matching the query marked. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  const ranges = query ? highlightRanges(text, query) : [];
  if (ranges.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-500/40">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
