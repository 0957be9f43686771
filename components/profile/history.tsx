// A profile's History section: what changed in this company's reference data, since the app has
// watched the company list (lib/server/cache/change-log.ts).
import Link from "next/link";
import { ChangeList } from "@/components/changes/change-list";
import type { ProfileHistory } from "@/lib/api-types";
import { formatUtc } from "@/lib/format";

export function History({
  history: { watchingSince, changes },
  nowMs,
}: {
  history: ProfileHistory;
  nowMs: number;
}) {
  if (watchingSince === null)
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Not watching yet: changes are recorded from the first completed sync of the company list on.
      </p>
    );
  const since = formatUtc(watchingSince);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {changes.length === 0
          ? `No changes seen since ${since}, when this app started watching the company list.`
          : `Since ${since}, when this app started watching the company list. Newest first.`}{" "}
        <Link
          href="/changes"
          className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300"
        >
          Every company&apos;s changes
        </Link>
      </p>
      {changes.length > 0 && <ChangeList changes={changes} nowMs={nowMs} showCompany={false} />}
    </div>
  );
}
