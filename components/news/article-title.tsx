import { UpstreamText } from "@/components/ui/upstream-text";

/** A story's headline as text, or a visible placeholder when the data service sent none. */
export function ArticleTitle({ title }: { title: string }) {
  if (!title.trim()) return <span className="italic text-slate-500 dark:text-slate-400">Untitled story</span>;
  return <UpstreamText>{title}</UpstreamText>;
}
