import { AddToList } from "@/components/following/add-to-list";
import { FollowButton } from "@/components/following/follow-button";
import { Badge, statusTone } from "@/components/ui/badge";
import { CountryFlag } from "@/components/ui/country-flag";
import { UpstreamText } from "@/components/ui/upstream-text";
import type { ProfileListFacts } from "@/lib/api-types";
import {
  DATA_UPDATED,
  formatMarketCap,
  formatSince,
  formatUsdExact,
  formatUtc,
  plainText,
} from "@/lib/format";
import { otherNames } from "@/lib/profile/names";
import type { Profile } from "@/lib/upstream/schemas";
import { COMPANY_TYPE_LABELS, labelOf, statusPhrase } from "@/lib/upstream/vocabulary";
import { HeaderLogo } from "./header-logo";
import { LiveFieldAge } from "./live-field-age";
import { RememberVisit } from "./remember-visit";

function Country({ code, name }: { code?: string | null; name?: string | null }) {
  if (!code && !name) return <span className="text-slate-500 dark:text-slate-400">Not available</span>;
  return (
    <span>
      <CountryFlag code={code} className="mr-1.5" />
      <UpstreamText>{name ?? code}</UpstreamText>
    </span>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** Identity at a glance: logo, names, primary line, type and status, size, places, freshness. */
export function ProfileHeader({
  profile,
  hasLogo,
  nowMs,
  liveFieldsAgeMs,
  listFacts,
}: {
  profile: Profile;
  hasLogo: boolean;
  nowMs: number;
  liveFieldsAgeMs: number;
  /** What the company lists say of it: whether it is API-enabled, and updatedAt as last synced. */
  listFacts: ProfileListFacts;
}) {
  const name = profile.displayNameEnglish || profile.legalNameEnglish || profile.companyKey;
  const primary = profile.primaryListing;
  const names = otherNames(profile);
  const cap = formatMarketCap(profile.marketCapUsd);
  // The later of the profile's updatedAt and the list's: the overview and the directory show the
  // list's, and a page must not say the company's data is older than another page says.
  const fromProfile = typeof profile.updatedAt === "number";
  const updatedS = Math.max(profile.updatedAt ?? 0, listFacts.updatedAt ?? 0);
  const updatedMs = updatedS > 0 ? updatedS * 1000 : null;
  // The age of the profile's copy says nothing of a value the list's newer sync gave.
  const profileShown = fromProfile && updatedS === profile.updatedAt;
  // Said only when both countries are known: a missing one is no evidence either way.
  const domicileVsHq =
    profile.legalDomicileCountryCode && profile.headquartersCountryCode
      ? profile.legalDomicileCountryCode !== profile.headquartersCountryCode
        ? "Incorporated abroad"
        : "Same as headquarters"
      : null;

  return (
    <header className="flex flex-col gap-6">
      <RememberVisit
        card={{
          companyKey: profile.companyKey,
          displayNameEnglish: name,
          primaryListing: { ticker: primary?.ticker ?? "", exchangeCode: primary?.exchangeCode ?? "" },
          availableDatasets: hasLogo ? ["logos"] : [],
          marketCapUsd: profile.marketCapUsd,
        }}
      />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <HeaderLogo companyKey={profile.companyKey} name={name} hasLogo={hasLogo} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <h1 id="company-name" className="min-w-0 text-2xl font-semibold tracking-tight sm:text-3xl">
              <UpstreamText>{name}</UpstreamText>
            </h1>
            <div className="flex flex-wrap items-start gap-2">
              <FollowButton companyKey={profile.companyKey} name={name} />
              <AddToList
                companies={[profile.companyKey]}
                what={plainText(name) || profile.companyKey}
                align="right"
              />
            </div>
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600 dark:text-slate-300">
            {primary ? (
              <span>
                <span className="font-mono font-semibold text-slate-900 dark:text-white">
                  {primary.ticker}
                </span>
                <span aria-hidden="true"> · </span>
                <span title={plainText(primary.exchangeName) || undefined}>
                  <UpstreamText>{primary.exchangeCode}</UpstreamText>
                </span>
                {primary.exchangeName && (
                  <span className="hidden sm:inline">
                    {" ("}
                    <UpstreamText>{primary.exchangeName}</UpstreamText>)
                  </span>
                )}
              </span>
            ) : (
              <span>No primary listing on file</span>
            )}
            <span className="flex flex-wrap gap-1.5">
              {profile.companyType && (
                <Badge tone="brand">{labelOf(COMPANY_TYPE_LABELS, profile.companyType)}</Badge>
              )}
              {/* Said with their subjects, as /changes says them: "Active" beside "Delisted" read as a
                  contradiction. */}
              {profile.companyStatus && (
                <Badge tone={statusTone(profile.companyStatus)}>
                  {statusPhrase("company", profile.companyStatus)}
                </Badge>
              )}
              {primary?.tradingStatus && primary.tradingStatus !== "active" && (
                <Badge tone={statusTone(primary.tradingStatus)}>
                  {statusPhrase("primary listing", primary.tradingStatus)}
                </Badge>
              )}
              {listFacts.apiEnabled === false && (
                <Badge tone="neutral" title="Not in the API's default list: its datasets are not served">
                  Outside the API-enabled set
                </Badge>
              )}
            </span>
          </p>
          {names.length > 0 && (
            <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              {names.map((n) => (
                <div key={n.label} className="contents">
                  <dt className="text-slate-500 dark:text-slate-400">{n.label}</dt>
                  <dd className="min-w-0">
                    {n.lang || n.rtl ? (
                      <UpstreamText lang={n.lang} dir={n.rtl ? "rtl" : "auto"} className="text-base">
                        {n.value}
                      </UpstreamText>
                    ) : (
                      <UpstreamText>{n.value}</UpstreamText>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-4 dark:bg-slate-900">
        <Fact label="Market cap">
          {cap ? (
            <span>
              <span
                className="text-base font-semibold tabular-nums"
                title={formatUsdExact(profile.marketCapUsd) ?? undefined}
              >
                {cap}
              </span>
              <span className="block text-xs tabular-nums text-slate-500 dark:text-slate-400">
                {formatUsdExact(profile.marketCapUsd)}
              </span>
            </span>
          ) : (
            <span title="The data service could not compute a reliable market cap for this company.">
              <span className="font-semibold">Not available</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">No reliable figure</span>
            </span>
          )}
        </Fact>
        <Fact label="Headquarters">
          <Country code={profile.headquartersCountryCode} name={profile.headquartersCountryName} />
          {profile.headquartersRegion && (
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              <UpstreamText>{profile.headquartersRegion}</UpstreamText>
            </span>
          )}
        </Fact>
        <Fact label="Legal domicile">
          <Country code={profile.legalDomicileCountryCode} name={profile.legalDomicileCountryName} />
          {domicileVsHq && (
            <span className="block text-xs text-slate-500 dark:text-slate-400">{domicileVsHq}</span>
          )}
        </Fact>
        <Fact label={DATA_UPDATED}>
          {updatedMs ? (
            <time dateTime={new Date(updatedMs).toISOString()} title={formatUtc(updatedMs)}>
              {formatSince(updatedMs, nowMs)}
              <span className="block text-xs text-slate-500 dark:text-slate-400">{formatUtc(updatedMs)}</span>
              {profileShown && <LiveFieldAge ageMs={liveFieldsAgeMs} nowMs={nowMs} />}
            </time>
          ) : (
            <span className="text-slate-500 dark:text-slate-400">Not on file</span>
          )}
        </Fact>
      </dl>
    </header>
  );
}
