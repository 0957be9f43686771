import { formatCount } from "@/lib/format";
import type { SyncProgress } from "./sync";

/**
 * How far a running first sync of the company index has come, and what that means for `what`
 * (plural: "Results", "Matches"): filling in as pages arrive when this server syncs; appearing
 * all at once when another instance does (its rows come with its snapshot), so a list with none
 * yet does not contradict a count of thousands.
 */
export function indexingText(progress: SyncProgress, what: string): string {
  const pages = progress.pagesTotal
    ? `${progress.pagesDone} of ${progress.pagesTotal} pages`
    : `${progress.pagesDone} pages`;
  const sofar = `${pages}, ${formatCount(progress.rows)} companies so far`;
  if (!progress.elsewhere) return `Indexing the company list: ${sofar}. ${what} fill in as pages arrive.`;
  return `Another instance of this server is indexing the company list${
    progress.pagesDone > 0 ? `: ${sofar}` : ""
  }. ${what} appear when it is done.`;
}
