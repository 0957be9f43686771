import Link from "next/link";
import { UpstreamText } from "@/components/ui/upstream-text";
import { plainText } from "@/lib/format";
import { companiesHref } from "@/lib/hrefs";
import type { Profile } from "@/lib/upstream/schemas";
import { labelOf } from "@/lib/upstream/vocabulary";
import { ExpandableText } from "./expandable-text";
import { LiveFieldAge } from "./live-field-age";

const PERIOD_LABELS: Record<string, string> = {
  annual: "Annual",
  quarterly: "Quarterly",
  ltm: "Last twelve months",
  "semi-annual": "Semi-annual",
};

/** Splits a description into paragraphs (blank lines, or single newlines when that is all). */
function paragraphsOf(text: string): string[] {
  const blocks = text.split(/\n\s*\n/);
  const parts = blocks.length > 1 ? blocks : text.split(/\n/);
  return parts.map((p) => p.trim()).filter(Boolean);
}

function Item({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2 last:border-0 dark:border-slate-800">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 text-right font-medium">{value}</dd>
    </div>
  );
}

const missing = <span className="font-normal text-slate-500 dark:text-slate-400">Not available</span>;

/** The directory filtered to one GICS level (the directory reads its facets from the URL). */
function gicsHref(level: "sector" | "industryGroup" | "industry" | "subIndustry", value: string) {
  return companiesHref({ [level]: value });
}

export function Overview({
  profile,
  liveFieldsAgeMs,
  nowMs,
}: {
  profile: Profile;
  liveFieldsAgeMs: number;
  nowMs: number;
}) {
  const long = profile.descriptionLong ? paragraphsOf(profile.descriptionLong) : [];
  const levels = [
    ["sector", "Sector", profile.sector],
    ["industryGroup", "Industry group", profile.industryGroup],
    ["industry", "Industry", profile.industry],
    ["subIndustry", "Sub-industry", profile.subIndustry],
  ] as const;
  const gics = levels.flatMap(([level, label, value]) => (value ? [{ level, label, value }] : []));
  const periods = profile.financialPeriodsAvailable ?? [];

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-4 leading-relaxed">
        {profile.descriptionShort ? (
          <p className="text-base text-slate-800 dark:text-slate-100">
            <UpstreamText>{profile.descriptionShort}</UpstreamText>
          </p>
        ) : (
          <p className="text-slate-500 dark:text-slate-400">No summary is on file for this company.</p>
        )}
        {long.length > 0 && (
          <div className="text-sm text-slate-700 dark:text-slate-300">
            <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Analyst profile</h3>
            {long.join(" ").length > 600 ? (
              <ExpandableText paragraphs={long} />
            ) : (
              <div className="space-y-3">
                {long.map((p) => (
                  <p key={p}>
                    <UpstreamText>{p}</UpstreamText>
                  </p>
                ))}
              </div>
            )}
          </div>
        )}
        {gics.length > 0 && (
          <nav aria-label="GICS classification" className="text-sm">
            <h3 className="mb-2 font-semibold">Classification (GICS)</h3>
            <ol className="flex flex-wrap items-center gap-x-1 gap-y-1">
              {gics.map(({ level, label, value }, i) => (
                <li key={level} className="flex items-center gap-1">
                  {i > 0 && (
                    <span aria-hidden="true" className="text-slate-400">
                      ›
                    </span>
                  )}
                  <Link
                    href={gicsHref(level, value)}
                    title={`${label}: every company in ${plainText(value)}`}
                    className="rounded px-1 py-0.5 text-brand-600 underline-offset-2 hover:underline dark:text-brand-100"
                  >
                    <span className="sr-only">{label}: </span>
                    <UpstreamText>{value}</UpstreamText>
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
        )}
      </div>
      <dl className="text-sm">
        <Item
          label="Chief executive"
          value={
            profile.chiefExecutiveOfficer ? (
              <UpstreamText>{profile.chiefExecutiveOfficer}</UpstreamText>
            ) : (
              missing
            )
          }
        />
        <Item label="Founded" value={profile.foundingYear ?? missing} />
        <Item label="IPO" value={profile.ipoYear ?? missing} />
        <Item
          label="Reporting currency"
          value={
            profile.reportingCurrency ? <UpstreamText>{profile.reportingCurrency}</UpstreamText> : missing
          }
        />
        <Item
          label="Reporting template"
          value={
            profile.reportingTemplate ? <UpstreamText>{profile.reportingTemplate}</UpstreamText> : missing
          }
        />
        <Item
          label="Financial periods"
          value={
            periods.length > 0
              ? periods.map((p) => labelOf(PERIOD_LABELS, p)).join(", ")
              : "None with significant data"
          }
        />
        <Item
          label="Latest earnings filing"
          value={
            profile.earningsFilingDate ? (
              <>
                {profile.earningsFilingDate.slice(0, 10)}
                <LiveFieldAge ageMs={liveFieldsAgeMs} nowMs={nowMs} />
              </>
            ) : (
              missing
            )
          }
        />
      </dl>
    </div>
  );
}
