import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NamedCompany } from "@/components/ui/named-company";
import { ReloadButton } from "@/components/ui/reload-button";
import { RetryCountdown } from "@/components/ui/retry-countdown";
import { plainText } from "@/lib/format";
import { decodedSegment } from "@/lib/hrefs";
import { type PageStatusCause, readPageStatus } from "@/lib/server/pages/page-status";
import { getServices } from "@/lib/server/services/services";

// The readable page behind a 429, 502, 503 or 504 that proxy.ts answered for another page's URL
// (lib/server/pages/page-status.ts). A direct visit, without the proxy's cause, is a 404.
export const dynamic = "force-dynamic";

/** The pages the proxy can answer this page for, other than a profile. */
const PAGE_NAMES: Record<string, string> = {
  "/": "The overview",
  "/news": "The top-news feed",
  "/compare": "The comparison",
  "/following": "The companies you follow",
  "/changes": "The change log",
  "/companies": "The company directory",
};

/**
 * What the reader asked for: a profile names its company, from the company list this server
 * already holds (no call to the data service, which is what just failed); the key when the list
 * does not know it.
 */
function askedFor(path: string | undefined): { text: string; company?: string; key?: string } | null {
  if (!path) return null;
  const segment = /^\/companies\/([^/]+)$/.exec(path)?.[1];
  if (segment === undefined) return PAGE_NAMES[path] ? { text: PAGE_NAMES[path] } : null;
  const key = decodedSegment(segment);
  const company = getServices().companies.row(key)?.displayNameEnglish;
  return company ? { text: "The profile of", company } : { text: "The profile of", key: key.slice(0, 60) };
}

export async function generateMetadata(): Promise<Metadata> {
  const asked = askedFor(readPageStatus(await headers())?.path);
  const what = asked?.company ?? asked?.key;
  return {
    // Upstream text (or the address's) in a title: bidi controls removed, as in every title.
    title: what ? `${plainText(what)}: temporarily unavailable` : "Temporarily unavailable",
    robots: { index: false },
  };
}

function explain(cause: PageStatusCause): { title: string; text: string } {
  switch (cause.code) {
    case "page_budget":
      return {
        title: "Too many new pages at once",
        text: "This browser has opened many pages in a short time whose data had to be fetched from the data service, and this server shares that service's limit with everyone. Pages already visited keep working.",
      };
    case "rate_limited":
      return {
        title: "The data service is limiting this server",
        text: "This page needs data that is not cached, and the data service is asking this server to wait before its next request. Pages already cached keep working.",
      };
    case "upstream_budget":
      return {
        title: "This server is at its data-service allowance",
        text: "This page needs data that is not cached, and this server is already making, for the moment, all the requests to the data service it is set to make (pages loading at once, or its own work such as building the company directory). Pages already cached keep working.",
      };
    case "daily_allowance":
      return {
        title: "Today's data-service allowance is spent",
        text: "This page needs data that is not cached, and this server has made all the requests to the data service that its key allows today. The allowance resets at 00:00 UTC. Pages already cached keep working, with the age of their data shown.",
      };
    case "circuit_open":
      return {
        title: "The data service is failing",
        text: "Its recent answers were errors, so this server pauses its calls to it for a moment, and this page's data is not cached. Pages already cached keep working.",
      };
    case "timeout":
    case "network":
      return {
        title: "The data service did not answer",
        text: "This page needs data that is not cached, and the data service could not be reached in time. Pages already cached keep working.",
      };
    case "unauthorized":
      return {
        title: "The data service rejected this server",
        text: "It does not accept this server's API key, so this page's data cannot be fetched. The people running this server have to fix its configuration.",
      };
    case "invalid_response":
      return {
        title: "The data service sent an answer this app cannot read",
        text: "This page's data could not be used, and no copy of it is cached. Pages already cached keep working.",
      };
    default:
      return {
        title: "The data service is unavailable",
        text: "This page needs data that is not cached, and the data service is failing. Pages already cached keep working.",
      };
  }
}

export default async function PageStatus() {
  const cause = readPageStatus(await headers());
  if (!cause) notFound();
  const { title, text } = explain(cause);
  const seconds = cause.retryAfterSeconds;
  const asked = askedFor(cause.path);
  return (
    <section aria-labelledby="page-title" className="max-w-2xl space-y-4">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-300">
        Error {cause.status}
        {asked && (
          <>
            {" · "}
            {asked.text}
            {(asked.company || asked.key) && (
              <>
                {" "}
                <NamedCompany name={asked.company} companyKey={asked.key} />
              </>
            )}
          </>
        )}
      </p>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <p className="text-slate-700 dark:text-slate-300">{text}</p>
      {seconds !== undefined && (
        // A rejected key or an unreadable answer (502) does not mend by waiting: no retry by itself.
        <RetryCountdown seconds={seconds} retry={cause.status !== 502} />
      )}
      <div className="flex flex-wrap items-center gap-4">
        <ReloadButton />
        <Link
          href="/companies"
          className="text-sm font-medium text-brand-600 hover:underline dark:text-sky-300"
        >
          Open the company directory
        </Link>
      </div>
    </section>
  );
}
