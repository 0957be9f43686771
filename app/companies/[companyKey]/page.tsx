import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound, permanentRedirect } from "next/navigation";
import { Suspense } from "react";
import { ApiView } from "@/components/profile/api-view";
import { Datasets } from "@/components/profile/datasets";
import { History } from "@/components/profile/history";
import { Identifiers } from "@/components/profile/identifiers";
import { ListingsTable } from "@/components/profile/listings-table";
import { NewsSection } from "@/components/profile/news-section";
import { Overview } from "@/components/profile/overview";
import { PeersTable } from "@/components/profile/peers-table";
import { PlanUnavailable } from "@/components/profile/plan-unavailable";
import { ProfileHeader } from "@/components/profile/profile-header";
import { ProfileUnavailable } from "@/components/profile/profile-unavailable";
import { SectionBoundary } from "@/components/profile/section-boundary";
import { ArrivesLater } from "@/components/ui/arrives-later";
import { Section } from "@/components/ui/section";
import { SlowUpstreamNotice } from "@/components/ui/slow-upstream";
import { StaleNotice } from "@/components/ui/stale-notice";
import { UpstreamText } from "@/components/ui/upstream-text";
import { plainText } from "@/lib/format";
import { decodedSegment, profileHref } from "@/lib/hrefs";
import { COMPANY_KEY_PATTERN, IDENTIFIER_PATTERN, isLicensedIdentifier } from "@/lib/identifiers";
import { forLicence } from "@/lib/server/access/licensed";
import { pageViewer } from "@/lib/server/access/page-viewer";
import { getConfig } from "@/lib/server/config";
import { requestOrigin } from "@/lib/server/http/forwarded";
import { getApiRateLimit } from "@/lib/server/http/rate-limit";
import { withinDocument } from "@/lib/server/pages/document-deadline";
import { isLinkPrefetch, upstreamIsSlow } from "@/lib/server/pages/page-gate";
import {
  indexedName,
  indexedTitle,
  type ProfilePageData,
  profileHistory,
  profileListFacts,
  profilePageData,
  profilePeers,
  profileTitle,
} from "@/lib/server/pages/profile-page";
import { dataNow } from "@/lib/server/services/clock";
import { getServices } from "@/lib/server/services/services";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { Profile } from "@/lib/upstream/schemas";

// Every request reads the (cached) profile: never a build-time or full-route-cached page.
export const dynamic = "force-dynamic";

interface PageProps {
  params: Promise<{ companyKey: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const requested = decodedSegment((await params).companyKey).toUpperCase();
  if (!COMPANY_KEY_PATTERN.test(requested)) return { title: "Company" };
  if ((await upstreamIsSlow()) || (await isLinkPrefetch())) {
    // The document must not wait for the upstream, and a link prefetch must not spend a call of
    // it: the index's name, if it knows the company.
    return { title: indexedTitle(requested) ?? "Company" };
  }
  try {
    const { data } = await getServices().profiles.get(requested);
    return {
      title: profileTitle(data),
      description: data.descriptionShort ? plainText(data.descriptionShort.slice(0, 300)) : undefined,
      alternates: { canonical: profileHref(data.companyKey) },
    };
  } catch (error) {
    if (isUpstreamError(error) && error.code === "forbidden")
      return { title: "Not available on your plan", robots: { index: false } };
    if (isUpstreamError(error) && error.code === "not_found") return { title: "Company not found" };
    return { title: "Company" };
  }
}

/** The base URL developers call: the configured API, or this server's sandbox mount. */
async function apiBaseUrl(): Promise<string> {
  const configured = getConfig().upstream.baseUrl;
  if (configured) {
    // Shown to the browser: never a user name, password, query or fragment someone put in it.
    const url = new URL(configured);
    return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
  }
  return `${requestOrigin(await headers(), getApiRateLimit().trustedHops)}/sandbox`;
}

/** Says how the visitor got here when they followed an older or secondary key. */
function FromNotice({ from, profile }: { from: string; profile: Profile }) {
  const upper = from.toUpperCase();
  const secondary = profile.secondaryListings.find(
    (l) => `${l.exchangeCode}_${l.ticker}`.toUpperCase() === upper,
  );
  const what = secondary ? (
    <>
      the key of its secondary listing on{" "}
      <UpstreamText>{secondary.exchangeName ?? secondary.exchangeCode}</UpstreamText>
    </>
  ) : COMPANY_KEY_PATTERN.test(from) ? (
    "a former ticker or earlier key of this company"
  ) : (
    "an identifier of this company"
  );
  return (
    <p
      role="note"
      className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
    >
      Also known as <code className="font-mono font-semibold">{from}</code>: you followed {what}. This page
      lives at its canonical key <code className="font-mono font-semibold">{profile.companyKey}</code>, which
      links and bookmarks should use.
    </p>
  );
}

const SECTIONS = [
  ["overview", "Overview"],
  ["listings", "Listings"],
  ["identifiers", "Identifiers"],
  ["datasets", "Datasets"],
  ["peers", "Peers"],
  ["news", "News"],
  ["history", "History"],
  ["api", "API view"],
] as const;

export default async function CompanyPage({ params, searchParams }: PageProps) {
  const requested = decodedSegment((await params).companyKey);
  if (!(await upstreamIsSlow())) return <ProfileContent requested={requested} searchParams={searchParams} />;
  // The upstream is slow (page-gate.ts): the document now, the profile when it comes.
  return (
    <Suspense fallback={<ProfileLoading requested={requested} name={indexedName(requested)} />}>
      <ProfileContent requested={requested} searchParams={searchParams} streamed />
    </Suspense>
  );
}

/**
 * While a slow upstream's answer is awaited: the company's name when the index knows it. `late`:
 * the document ended before the answer came, and the browser brings the profile in when it has.
 */
function ProfileLoading({
  requested,
  name,
  late = false,
}: {
  requested: string;
  name: string | undefined;
  late?: boolean;
}) {
  return (
    <article aria-labelledby="company-name" className="space-y-8">
      <Breadcrumb name={name || requested} />
      <h1 id="company-name" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {name ? <UpstreamText>{name}</UpstreamText> : <code className="font-mono">{requested}</code>}
      </h1>
      {late ? (
        <ArrivesLater what="This profile" renderedAt={Date.now()} />
      ) : (
        <SlowUpstreamNotice what="This profile" />
      )}
    </article>
  );
}

function Breadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label="Breadcrumb" className="print:hidden text-sm text-slate-600 dark:text-slate-300">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link href="/companies" className="underline-offset-2 hover:underline">
            Companies
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li aria-current="page" className="min-w-0 truncate">
          <UpstreamText>{name}</UpstreamText>
        </li>
      </ol>
    </nav>
  );
}

async function ProfileContent({
  requested,
  searchParams,
  streamed = false,
}: {
  requested: string;
  searchParams: PageProps["searchParams"];
  /** Rendered after the document was sent: failures are shown here, no status can be set. */
  streamed?: boolean;
}) {
  let loaded: ProfilePageData | "late";
  try {
    loaded = streamed ? await withinDocument(profilePageData(requested)) : await profilePageData(requested);
  } catch (error) {
    if (streamed && isUpstreamError(error))
      return <ProfileUnavailable name={indexedName(requested)} companyKey={requested} />;
    throw error;
  }
  if (loaded === "late") return <ProfileLoading requested={requested} name={indexedName(requested)} late />;
  if (loaded.kind === "not-found") notFound();
  if (loaded.kind === "redirect") permanentRedirect(loaded.to);
  if (loaded.kind === "plan") return <PlanUnavailable requested={requested} reason={loaded.reason} />;

  const { served } = loaded;
  const { licensed } = await pageViewer();
  const profile = forLicence(served.data, licensed);
  const fromParam = (await searchParams).from;
  // A licensed identifier is not repeated to a viewer not licensed to see it.
  const from =
    typeof fromParam === "string" &&
    IDENTIFIER_PATTERN.test(fromParam) &&
    fromParam.toUpperCase() !== profile.companyKey &&
    (licensed || !isLicensedIdentifier(fromParam))
      ? fromParam
      : null;
  const name = profile.displayNameEnglish || profile.legalNameEnglish || profile.companyKey;
  const nowMs = dataNow();
  const listingCount = (profile.primaryListing ? 1 : 0) + profile.secondaryListings.length;
  const history = await profileHistory(profile, licensed);

  return (
    <article aria-labelledby="company-name" className="space-y-8">
      <Breadcrumb name={name} />
      {from && <FromNotice from={from} profile={profile} />}
      {served.warning && <StaleNotice>{served.warning}</StaleNotice>}
      <ProfileHeader
        profile={profile}
        hasLogo={profile.availableDatasets.includes("logos")}
        nowMs={nowMs}
        liveFieldsAgeMs={served.liveFieldsAgeMs}
        listFacts={profileListFacts(profile)}
      />
      <nav aria-label="On this page" className="print:hidden -mx-4 overflow-x-auto px-4">
        <ul className="flex gap-1 text-sm">
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="block whitespace-nowrap rounded-md px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Section id="overview" title="Overview">
        <Overview profile={profile} liveFieldsAgeMs={served.liveFieldsAgeMs} nowMs={nowMs} />
      </Section>
      <Section
        id="listings"
        title={`Listings (${listingCount})`}
        description="Lines that share a security identifier are one security traded on several venues. Depositary receipts are separate securities and are listed apart, last."
      >
        <ListingsTable primary={profile.primaryListing} secondaries={profile.secondaryListings} />
      </Section>
      <Section id="identifiers" title="Identifiers">
        <Identifiers profile={profile} licensed={licensed} />
      </Section>
      <Section id="datasets" title="Datasets">
        <Datasets available={profile.availableDatasets} />
      </Section>
      <Section
        id="peers"
        title={`Peers (${profile.peers.length})`}
        description="Closest first, as the data service ranks them, each with the reason it is a peer."
      >
        <SectionBoundary name="peers">
          <PeersTable companyKey={profile.companyKey} companyName={name} peers={profilePeers(profile)} />
        </SectionBoundary>
      </Section>
      <Section
        id="news"
        loadsOnClient
        title="News"
        description="Newest first. Importance runs from 1 (Major Event) to 5 (Routine Event)."
      >
        <SectionBoundary name="news">
          <NewsSection
            companyKey={profile.companyKey}
            companyName={name}
            hasNews={profile.availableDatasets.includes("news")}
            today={new Date(nowMs).toISOString().slice(0, 10)}
          />
        </SectionBoundary>
      </Section>
      <Section
        id="history"
        title="History"
        description="What changed in this company's reference data, and when."
      >
        <History history={history} nowMs={nowMs} />
      </Section>
      <Section
        id="api"
        title="API view: v3 and v2"
        description="For developers: this company from the v3 profile endpoint and the deprecated v2 one, with the contract's v2-to-v3 field mapping."
      >
        <SectionBoundary name="API view">
          <ApiView companyKey={profile.companyKey} apiBaseUrl={await apiBaseUrl()} />
        </SectionBoundary>
      </Section>
    </article>
  );
}
