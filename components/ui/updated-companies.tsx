// Companies with when their data was last updated (`updatedAt`), in the one wording every page
// uses for it (DATA_UPDATED): the overview's recently updated panel, and /changes before its first
// comparing sync.
import { CompanyLine } from "@/components/ui/company-line";
import { CountryFlag } from "@/components/ui/country-flag";
import type { DirectoryRow } from "@/lib/api-types";
import { formatSince, formatUtc } from "@/lib/format";

export function UpdatedCompanies({ rows, nowMs }: { rows: readonly DirectoryRow[]; nowMs: number }) {
  return (
    <ol className="divide-y divide-slate-200 dark:divide-slate-800">
      {rows.map((row) => {
        const updatedMs = row.updatedAt ? row.updatedAt * 1000 : null;
        return (
          <li key={row.companyKey} className="flex items-center gap-2.5 py-2">
            <CompanyLine company={row} logoSize={24} link>
              {" "}
              <CountryFlag code={row.headquartersCountryCode} />
            </CompanyLine>
            <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
              {updatedMs ? (
                <time dateTime={new Date(updatedMs).toISOString()} title={formatUtc(updatedMs)}>
                  data updated {formatSince(updatedMs, nowMs)}
                </time>
              ) : (
                "update time n/a"
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
